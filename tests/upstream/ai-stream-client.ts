/**
 * Reads flowQuestion's event stream over signed HTTP, as the gateway does: each SSE event's
 * data: lines joined with \n are one chunk. Written from the contract (upstream/API.md), not from
 * the server's code.
 */
import { signParams, withNonce, type Envelope, type ParamsInput, type UpstreamClient } from './client';
import type { AiSource as SourceItem } from '../../upstream/src/main-api/contract';

export interface StreamResult {
  status: number;
  headers: Headers;
  /** the chunks in order (empty when the answer was an envelope) */
  chunks: string[];
  /** the envelope of a refusal */
  envelope?: Envelope;
}

function signedRequest(client: UpstreamClient, params: ParamsInput): { url: string; headers: Record<string, string> } {
  const pairs = Object.entries(withNonce(params, {}, client.audience))
    .filter((e): e is [string, string | number | boolean] => e[1] !== undefined)
    .map(([k, v]) => [k, String(v)] as [string, string]);
  const timespan = String(Math.floor(Date.now() / 1000));
  const query = new URLSearchParams(pairs).toString();
  return {
    url: `${client.baseUrl}/api/ai/flowQuestion${query ? `?${query}` : ''}`,
    headers: { timespan, sign: signParams(pairs, timespan, client.secret, client.algorithm), productId: '1' },
  };
}

/** splits SSE text into complete events' chunks; returns the unfinished rest */
export function parseEvents(text: string): { chunks: string[]; rest: string } {
  const chunks: string[] = [];
  const normalized = text.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length > 0) chunks.push(data.join('\n'));
  }
  return { chunks, rest };
}

/**
 * Asks and reads the whole answer. `onChunk` sees each chunk as it arrives; returning true from
 * it stops reading and cancels the request (the client goes away).
 */
export async function ask(
  client: UpstreamClient,
  params: ParamsInput,
  onChunk?: (chunk: string, index: number) => boolean | void,
): Promise<StreamResult> {
  const { url, headers } = signedRequest(client, params);
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    return { status: res.status, headers: res.headers, chunks: [], envelope: (await res.json()) as Envelope };
  }
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const parsed = parseEvents(buffer);
      buffer = parsed.rest;
      for (const chunk of parsed.chunks) {
        chunks.push(chunk);
        if (onChunk?.(chunk, chunks.length - 1) === true) {
          controller.abort();
          return { status: res.status, headers: res.headers, chunks };
        }
      }
    }
  } catch (error) {
    if (!controller.signal.aborted) throw error;
  }
  return { status: res.status, headers: res.headers, chunks };
}

/** the parts of a finished answer */
export function answerParts(chunks: string[]) {
  const thinking = chunks.filter((c) => c.startsWith('r1:')).map((c) => c.slice(3));
  const answer = chunks.filter((c) => !/^(r1:|end:|err:)/.test(c));
  const last = chunks[chunks.length - 1] ?? '';
  const sources = last.startsWith('end:') ? (JSON.parse(last.slice(4)) as SourceItem[]) : null;
  const error = last.startsWith('err:') ? last.slice(4) : null;
  return { thinking: thinking.join(''), answer: answer.join(''), answerChunks: answer, sources, error };
}
