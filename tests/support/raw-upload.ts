/**
 * An HTTP/1.1 POST written by hand on a raw socket (node:net), for what no well-behaved client does:
 * a body that stalls or trickles in (a byte a second) after a first part sent at once. The answer is
 * read off the socket as it comes, whether or not the body was ever finished.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** body bytes written to the socket when the answer began to arrive */
  sentWhenAnswered: number;
}

export interface RawUpload {
  /** the answer; rejects when the connection ends without a complete one */
  answer: Promise<RawAnswer>;
  /** body bytes written so far */
  sent(): number;
  /** whether the server closed the connection (or it failed) */
  closed(): boolean;
  /** stops sending and drops the connection */
  close(): void;
}

export interface RawUploadOptions {
  /** the request headers (Host and Content-Length are added) */
  headers: Record<string, string>;
  /** the body's start, sent with the headers */
  start: Buffer;
  /** the declared Content-Length; the rest after `start` is filler (`A`) that may never come */
  total: number;
  /** after `start`: `bytes` more every `everyMs`; absent: nothing more (a stall) */
  trickle?: { bytes: number; everyMs: number };
}

export function rawUpload(baseUrl: string, path: string, options: RawUploadOptions): RawUpload {
  const url = new URL(baseUrl);
  const socket: Socket = connect(Number(url.port), url.hostname);
  let sent = 0;
  let stopped = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const head =
    `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Length: ${options.total}\r\n` +
    Object.entries(options.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';

  const write = (bytes: Buffer) => {
    if (stopped || closed || bytes.length === 0) return;
    socket.write(bytes);
    sent += bytes.length;
  };

  const answer = new Promise<RawAnswer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    let sentWhenAnswered = -1;
    const tryParse = (): RawAnswer | null => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return null;
      const [statusLine, ...lines] = received.toString('latin1', 0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length'] ?? NaN);
      const body = received.subarray(end + 4);
      if (Number.isFinite(length) ? body.length < length : !closed) return null;
      return {
        status: Number(statusLine!.split(' ')[1]),
        headers,
        body: body.subarray(0, Number.isFinite(length) ? length : body.length).toString('utf8'),
        sentWhenAnswered,
      };
    };
    socket.on('data', (chunk: Buffer) => {
      if (sentWhenAnswered === -1) sentWhenAnswered = sent;
      received = Buffer.concat([received, chunk]);
      const parsed = tryParse();
      if (parsed) {
        stopped = true;
        clearInterval(timer);
        resolve(parsed);
      }
    });
    const finish = () => {
      closed = true;
      stopped = true;
      clearInterval(timer);
      const parsed = tryParse();
      if (parsed) resolve(parsed);
      else reject(new Error(`the connection ended without a complete answer (${received.length} bytes received)`));
    };
    socket.on('close', finish);
    socket.on('error', () => undefined);
  });
  answer.catch(() => undefined);

  socket.on('connect', () => {
    socket.write(head);
    write(options.start.subarray(0, options.total));
    const { trickle } = options;
    if (!trickle) return;
    timer = setInterval(() => {
      const left = options.total - sent;
      if (left <= 0) {
        clearInterval(timer);
        return;
      }
      write(Buffer.alloc(Math.min(trickle.bytes, left), 0x41));
    }, trickle.everyMs);
  });

  return {
    answer,
    sent: () => sent,
    closed: () => closed,
    close: () => {
      stopped = true;
      clearInterval(timer);
      socket.destroy();
    },
  };
}
