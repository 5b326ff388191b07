/**
 * The upstream's answer stream (GET /api/ai/flowQuestion) as typed events. Every SSE event's data is
 * one chunk: `r1:` thinking, `end:` the JSON source list that closes the answer, `err:` a failure
 * after streaming began, anything else answer text. The stream is trusted for nothing: a body that
 * ends without `end:`, breaks off, sends `end:` that is not a list or sends anything after it ends
 * as `failed`, so the subscriber always gets exactly one last event that says how the answer ended.
 * A line or event over the parser's caps (sseParser.ts SSE_LIMITS) is `failed` too.
 */
import { SseLimitExceeded, SseParser } from './sseParser';
import type { RestAISource } from '../upstream/types';
import type { AnswerEvent } from './types';

const THINKING = 'r1:';
const END = 'end:';
const ERROR = 'err:';

/** The longest `err:` sentence passed on to the asker (code points). */
export const UPSTREAM_SENTENCE_MAX_LENGTH = 100;

/**
 * The upstream's `err:` text as the sentence to show the asker, or null when it is not one. The main
 * API is our own signed service and sends fixed sentences (AI 解答超时，请稍后再试, AI 服务暂时不可用，
 * 请稍后再试: upstream/src/ai/answer-texts.ts), never a provider's words; still, only short plain
 * Chinese text goes through: 1..100 code points after trimming, at least one Han character, no
 * control, format (bidi overrides, zero-width), private-use or unassigned characters and no line
 * breaks. Anything else (a stack, English, markup smuggled in) gets the gateway's own sentence.
 */
export function upstreamSentence(text: string): string | null {
  const sentence = text.trim();
  if (sentence === '' || [...sentence].length > UPSTREAM_SENTENCE_MAX_LENGTH) return null;
  if (!/\p{Script=Han}/u.test(sentence)) return null;
  if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u.test(sentence)) return null;
  return sentence;
}

/** One chunk's meaning; `end:` with a source list that cannot be read is a failure. */
export function classifyChunk(chunk: string): AnswerEvent {
  if (chunk.startsWith(THINKING)) return { kind: 'thinking', text: chunk.slice(THINKING.length) };
  if (chunk.startsWith(ERROR)) {
    const text = chunk.slice(ERROR.length);
    const reason = `the upstream reported: ${text.slice(0, 200)}`;
    const message = upstreamSentence(text);
    return message === null ? { kind: 'failed', reason } : { kind: 'failed', reason, message };
  }
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
    let chunks: string[];
    try {
      chunks = parser.push(bytes);
    } catch (error) {
      if (!(error instanceof SseLimitExceeded)) throw error;
      // leaving the loop releases the body; the subscription aborts the request on `failed`
      yield { kind: 'failed', reason: error.message };
      return;
    }
    for (const chunk of chunks) {
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
