/**
 * What the AI tests share: Subscription.askAI asked over real SSE with graphql-sse's own client (the
 * web app's), a question drawn from the demo lectures' words, and a local stand-in of an
 * OpenAI-compatible model server whose answers the test steers (it streams a little, then waits,
 * breaks off or finishes as told), so a stream can be caught mid-answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Database from 'better-sqlite3';
import { createClient, type ExecutionResult } from 'graphql-sse';
import type { AISource } from '../../gateway/src/graphql/resolverTypes';

export const ASK_AI = `subscription AskAI($input: AskAIInput!) {
  askAI(input: $input) {
    __typename
    ... on AIThinkingDelta { text }
    ... on AIAnswerDelta { text }
    ... on AIAnswerDone {
      sources { index videoId courseId catalogueId videoName courseName timePoint timeLabel excerpt image playPath }
    }
  }
}`;

export type AskAIResult = ExecutionResult<
  { askAI: { __typename: string; text?: string; sources?: AISourceResult[] } },
  Record<string, unknown>
>;

/** An AISource as the client reads it (schema.graphql's type, generated). */
export type AISourceResult = Omit<AISource, '__typename'>;

/** Both SSE endpoints of the gateway: yoga's own (the web app's) and the graphql-sse plugin's. */
export const SSE_ENDPOINTS = ['/graphql', '/graphql/stream'] as const;

export interface Asking {
  /** every result received, in order */
  results: AskAIResult[];
  /** resolves when the server completes the stream; rejects on a transport error */
  finished: Promise<void>;
  /** resolves at the first result */
  first: Promise<AskAIResult>;
  /** closes the subscription (the client goes away) */
  close(): void;
}

/** Subscribes with graphql-sse's client (distinct connections, as the web app does). */
export function ask(gatewayUrl: string, endpoint: string, input: Record<string, unknown>, token?: string): Asking {
  const client = createClient({
    url: `${gatewayUrl}${endpoint}`,
    headers: { 'x-graphql-yoga-csrf': '1', ...(token ? { cookie: `utoken=${token}` } : {}) },
    retryAttempts: 0,
  });
  const results: AskAIResult[] = [];
  let onFirst!: (result: AskAIResult) => void;
  const first = new Promise<AskAIResult>((resolve) => (onFirst = resolve));
  let dispose = () => {};
  const finished = new Promise<void>((resolve, reject) => {
    dispose = client.subscribe<AskAIResult['data']>(
      { query: ASK_AI, variables: { input } },
      {
        next: (result) => {
          results.push(result as AskAIResult);
          if (results.length === 1) onFirst(result as AskAIResult);
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => resolve(),
      },
    );
  });
  finished.finally(() => client.dispose()).catch(() => {});
  return {
    results,
    finished,
    first,
    close: () => {
      dispose();
      client.dispose();
    },
  };
}

/** Asks and waits for the end of the stream. */
export async function askToEnd(
  gatewayUrl: string,
  endpoint: string,
  input: Record<string, unknown>,
  token?: string,
): Promise<AskAIResult[]> {
  const asking = ask(gatewayUrl, endpoint, input, token);
  await asking.finished;
  return asking.results;
}

/** The typename of each event result (errors as "error:<code>"). */
export function shapeOf(results: AskAIResult[]): string[] {
  return results.map((result) =>
    result.errors?.length
      ? `error:${String(result.errors[0]!.extensions?.code)}`
      : (result.data?.askAI.__typename ?? 'empty'),
  );
}

/**
 * A question the knowledge base must answer from the demo lectures: the label of a keyframe of a
 * video that has a transcript, asked as 什么是…？, with the video it comes from.
 */
export function demoQuestion(
  db: Database.Database,
  offset = 0,
): { question: string; videoId: number; keyPoints: string } {
  const row = db
    .prepare(
      `SELECT k.video_id AS videoId, k.key_points AS keyPoints FROM video_keyframes k
       WHERE length(k.key_points) BETWEEN 2 AND 12 AND EXISTS (SELECT 1 FROM video_transcripts t WHERE t.video_id = k.video_id)
       ORDER BY k.video_id, k.seq LIMIT 1 OFFSET ?`,
    )
    .get(offset) as { videoId: number; keyPoints: string } | undefined;
  if (!row) throw new Error('the demo content has no keyframes to ask about');
  return { question: `什么是${row.keyPoints}？`, videoId: row.videoId, keyPoints: row.keyPoints };
}

// ---- a stand-in OpenAI-compatible model server --------------------------------------------------

export type StandInBehaviour =
  /** thinking, one answer piece citing [1], then nothing until the request goes away */
  | 'hang'
  /** one answer piece, then the connection is destroyed */
  | 'break'
  /** thinking, the answer in pieces with a citation split across them, [DONE] */
  | 'finish';

export interface StandInModel {
  url: string;
  /** how the next requests are answered */
  behaviour: StandInBehaviour;
  /** requests received */
  requests: number;
  /** held requests ('hang') their caller has closed so far */
  closed(): number;
  /** resolves when `count` held requests have been closed by their caller (their sockets went away) */
  closedRequests(count: number): Promise<void>;
  stop(): Promise<void>;
}

function delta(fields: Record<string, string>): string {
  return `data: ${JSON.stringify({ choices: [{ delta: fields, finish_reason: null }] })}\n\n`;
}

export async function startStandInModel(): Promise<StandInModel> {
  let closed = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const noteClosed = () => {
    closed += 1;
    for (const waiter of [...waiting]) {
      if (closed >= waiter.count) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const model: StandInModel = {
    url: '',
    behaviour: 'finish',
    requests: 0,
    closed: () => closed,
    closedRequests: (count) =>
      closed >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      model.requests += 1;
      const behaviour = model.behaviour;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (behaviour === 'hang') {
        res.on('close', noteClosed);
        res.write(delta({ reasoning_content: '先找资料。' }));
        res.write(delta({ content: '资料中有说明[1]' }));
        return;
      }
      if (behaviour === 'break') {
        res.write(delta({ content: '回答到一半' }), () => setImmediate(() => res.socket?.destroy()));
        return;
      }
      res.write(delta({ reasoning_content: '分析问题。' }));
      res.write(delta({ content: '答案在第一讲[' }));
      res.write(delta({ content: '1]。' }));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  model.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return model;
}
