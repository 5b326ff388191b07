/**
 * A multipart/form-data body written as it is sent: the text fields, then each file's bytes streamed
 * from the file itself. Nothing is copied or joined: an 11 MiB avatar goes from the parts yoga's
 * multipart parser received straight to the login service's socket.
 *
 * Why not undici's FormData: it takes only Node's own Blob, and yoga's files are @whatwg-node's
 * PonyfillFile (a list of the received chunks), which it refuses; making a Node Blob of one copies the
 * whole file (and the former arrayBuffer() path copied it twice more). Any Blob-like with `size`,
 * `type` and `stream()` works here, Node's own included. The length is known beforehand (the parts'
 * sizes), so the body goes with a Content-Length; undici fails the call if the stream disagrees.
 */
import { randomBytes } from 'node:crypto';

/** What a file part is read from: a Fetch API Blob or File, Node's or a ponyfill's. */
export interface BlobSource {
  readonly size: number;
  readonly type: string;
  stream(): ReadableStream<Uint8Array>;
}

export interface MultipartFile {
  data: BlobSource;
  filename: string;
}

export interface MultipartBody {
  contentType: string;
  length: number;
  body: AsyncIterable<Uint8Array>;
}

/** As browsers write names and file names in Content-Disposition (WHATWG multipart/form-data encoding). */
const escapeName = (name: string) => name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
const MEDIA_TYPE = /^[\w!#$&^.+-]{1,64}\/[\w!#$&^.+-]{1,64}$/;

export function multipartBody(fields: Record<string, string>, files: Record<string, MultipartFile>): MultipartBody {
  const boundary = `----sizheng${randomBytes(16).toString('hex')}`;
  const parts: (Buffer | BlobSource)[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    const type = MEDIA_TYPE.test(file.data.type) ? file.data.type : 'application/octet-stream';
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"; filename="${escapeName(file.filename)}"\r\nContent-Type: ${type}\r\n\r\n`,
        'utf8',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const length = parts.reduce((sum, part) => sum + (Buffer.isBuffer(part) ? part.byteLength : part.size), 0);
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, body: stream(parts) };
}

async function* stream(parts: (Buffer | BlobSource)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) {
    if (Buffer.isBuffer(part)) {
      yield part;
      continue;
    }
    const reader = part.stream().getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
}

/** The first `count` bytes of a file (fewer when it is shorter), reading only as many chunks as needed. */
export async function firstBytes(file: BlobSource, count: number): Promise<Uint8Array> {
  const reader = file.stream().getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    while (received < count) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const head = new Uint8Array(Math.min(received, count));
  let offset = 0;
  for (const chunk of chunks) {
    if (offset >= head.length) break;
    const part = chunk.subarray(0, head.length - offset);
    head.set(part, offset);
    offset += part.byteLength;
  }
  return head;
}
