/**
 * A local stand-in for an OpenAI-compatible chat-completions server (DeepSeek, Qwen, vLLM...), the
 * one service the AI tests cannot reach. It records each request and answers with what the test
 * scripts: streamed deltas of reasoning_content and content as server-sent events, pauses until
 * the test releases them, a finish, or a connection cut off mid-answer. POST /v1/embeddings answers
 * one vector per input (embedText, by default a bag of the text's characters hashed into 64
 * dimensions), in reverse order with their indexes as a server may, or embeddingStatus when not 200.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInStep =
  | { reasoning: string }
  | { content: string }
  /** waits until the test calls release() */
  | { hold: true }
  /** finish_reason stop, then data: [DONE] */
  | { finish: true }
  /** destroys the connection without ending the stream */
  | { breakOff: true }
  /** answers this HTTP status with a JSON error instead of a stream */
  | { status: number };

export interface StandInRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
  };
  /** true when the caller closed the connection before the answer ended */
  closedEarly: boolean;
  /** resolves when the exchange is over (answered or closed) */
  over: Promise<void>;
}

export interface StandInEmbeddingRequest {
  headers: IncomingMessage['headers'];
  body: { model: string; input: string[] };
}

/** a deterministic stand-in for an embedding: characters hashed into 64 dimensions */
export function characterBagVector(text: string): number[] {
  const vector = new Array<number>(64).fill(0);
  for (const char of text) vector[(char.codePointAt(0)! * 2654435761) % 64]! += 1;
  return vector;
}

export interface OpenAiStandIn {
  /** POST /v1/embeddings calls */
  embeddingRequests: StandInEmbeddingRequest[];
  /** HTTP status of the embeddings answers (200: vectors) */
  embeddingStatus: number;
  embedText: (text: string) => number[];
  /** base URL as AI_BASE_URL takes it (…/v1) */
  baseUrl: string;
  requests: StandInRequest[];
  /** the script of the next answers (each request takes the current one) */
  script: StandInStep[];
  /** lets every held answer go on */
  release(): void;
  close(): Promise<void>;
}

export async function startOpenAiStandIn(): Promise<OpenAiStandIn> {
  const requests: StandInRequest[] = [];
  let releaseHeld: (() => void)[] = [];
  const embeddingRequests: StandInEmbeddingRequest[] = [];
  const standIn: Partial<OpenAiStandIn> = {
    requests,
    script: [],
    embeddingRequests,
    embeddingStatus: 200,
    embedText: characterBagVector,
  };

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (req.url === '/v1/embeddings' && req.method === 'POST') {
      const body = JSON.parse(raw) as StandInEmbeddingRequest['body'];
      embeddingRequests.push({ headers: req.headers, body });
      if (standIn.embeddingStatus !== 200) {
        res
          .writeHead(standIn.embeddingStatus!, { 'content-type': 'application/json' })
          .end('{"error":{"message":"stand-in refusal"}}');
        return;
      }
      const data = body.input
        .map((text, index) => ({ object: 'embedding', index, embedding: standIn.embedText!(text) }))
        .reverse();
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data, model: body.model }));
      return;
    }
    let finished!: () => void;
    const record: StandInRequest = {
      headers: req.headers,
      body: JSON.parse(raw) as StandInRequest['body'],
      closedEarly: false,
      over: new Promise<void>((resolve) => (finished = resolve)),
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.closedEarly = true;
      finished();
    });
    if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const script = standIn.script!;
    const first = script[0];
    if (first && 'status' in first) {
      res
        .writeHead(first.status, { 'content-type': 'application/json' })
        .end('{"error":{"message":"stand-in refusal"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (delta: Record<string, string>, finishReason: string | null = null) =>
      `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
    // each event handed to the socket before the next step, so a break-off comes after them
    const write = (text: string) => new Promise<void>((resolve) => res.write(text, () => resolve()));
    for (const step of script) {
      if (res.destroyed) return;
      if ('reasoning' in step) await write(event({ reasoning_content: step.reasoning }));
      else if ('content' in step) await write(event({ content: step.content }));
      else if ('hold' in step) await new Promise<void>((resolve) => releaseHeld.push(resolve));
      else if ('breakOff' in step) {
        res.socket?.destroy();
        return;
      } else if ('finish' in step) {
        res.write(event({}, 'stop'));
        res.write('data: [DONE]\n\n');
      }
    }
    res.end();
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.baseUrl = `http://127.0.0.1:${port}/v1`;
  standIn.release = () => {
    const waiting = releaseHeld;
    releaseHeld = [];
    for (const resolve of waiting) resolve();
  };
  standIn.close = () =>
    new Promise<void>((resolve) => {
      standIn.release!();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn as OpenAiStandIn;
}
