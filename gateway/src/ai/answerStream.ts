/**
 * The upstream's answer stream (GET /api/ai/flowQuestion) as typed events. Every SSE event's data is
 * one chunk: `r1:` thinking, `end:` the JSON source list that closes the answer, `err:` a failure
 * after streaming began, anything else answer text. The stream is trusted for nothing: a body that
 * ends without `end:`, breaks off, sends `end:` that is not a list or sends anything after it ends
 * as `failed`, so the subscriber always gets exactly one last event that says how the answer ended.
 */
import { SseParser } from './sseParser';
import type { AnswerEvent, RestAISource } from './types';

const THINKING = 'r1:';
const END = 'end:';
const ERROR = 'err:';

/** One chunk's meaning; `end:` with a source list that cannot be read is a failure. */
export function classifyChunk(chunk: string): AnswerEvent {
  if (chunk.startsWith(THINKING)) return { kind: 'thinking', text: chunk.slice(THINKING.length) };
  if (chunk.startsWith(ERROR)) return { kind: 'failed', reason: `the upstream reported: ${chunk.slice(ERROR.length).slice(0, 200)}` };
  if (chunk.startsWith(END)) {
    const sources = parseSources(chunk.slice(END.length));
    return sources ? { kind: 'done', sources } : { kind: 'failed', reason: 'the end chunk is not a JSON source list' };
  }
  return { kind: 'answer', text: chunk };
}

function parseSources(json: string): RestAISource[] | null {
  let parsed: unknown;
  try {
    // an empty end: means an empty list (nothing relevant was found)
    parsed = json.trim() === '' ? [] : JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  return parsed.filter((source): source is RestAISource => typeof source === 'object' && source !== null);
}

/**
 * The events of a response body. Stops reading at the first `done` or `failed`; the body's own
 * failure (a reset, the abort of `signal`'s owner, a timeout) propagates as a rejection for the
 * caller to judge: a cancelled answer is not a failed one.
 *
 * Chunks of one kind that arrived in the same read are given as one event: when the subscriber
 * keeps up, every read holds one chunk and nothing changes; when it falls behind (a busy gateway,
 * a slow client), the chunks waiting in the socket go out as one GraphQL result instead of one each,
 * so the backlog shrinks instead of growing. Whole chunks are joined, so a citation marker the
 * upstream kept whole stays whole, and thinking is never joined to answer text.
 */
export async function* answerEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<AnswerEvent, void, undefined> {
  const parser = new SseParser();
  for await (const bytes of body) {
    let pending: Extract<AnswerEvent, { kind: 'thinking' | 'answer' }> | null = null;
    for (const chunk of parser.push(bytes)) {
      const event = classifyChunk(chunk);
      if (event.kind === 'answer' && event.text === '') continue;
      if (event.kind === 'thinking' || event.kind === 'answer') {
        if (pending && pending.kind === event.kind) pending = { kind: event.kind, text: pending.text + event.text };
        else {
          if (pending) yield pending;
          pending = event;
        }
        continue;
      }
      if (pending) yield pending;
      pending = null;
      yield event;
      return;
    }
    if (pending) yield pending;
  }
  // an event cut off by the end of the body was never delivered (SseParser.end)
  yield { kind: 'failed', reason: 'the stream ended without an end chunk' };
}
