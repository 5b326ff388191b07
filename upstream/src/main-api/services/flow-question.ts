/**
 * GET /api/ai/flowQuestion's rules and its stream (upstream/API.md "flowQuestion").
 *
 * accept() judges everything that can be judged before streaming and answers a refusal as a plain
 * envelope (it throws an ApiError): the question (cleaned by the text policy, text/user-text:
 * control characters or bidi overrides, empty, longer than 200 code points),
 * the asker (a real user, signed in: product-spec §6 lets no visitor ask), the asked course/video,
 * then the limits (2 answers of one user streaming at once, AI_MAX_CONCURRENT answers of everyone
 * streaming at once: in this process, or across replicas with REDIS_URL (ai/streaming-slots.ts);
 * 10 questions of one user in any 60 s). An accepted question
 * is recorded at once (the 60 s limit counts it) and holds a streaming slot until its stream ends.
 * Questions older than QUESTION_RETENTION_MS are deleted in the background.
 *
 * send() streams the answer as server-sent events, one chunk each: r1: thinking, answer text
 * (citation markers whole and renumbered, citations.ts), then end: with the cited sources, or
 * err: when the provider failed after streaming began. A client that goes away aborts the
 * provider (and its HTTP request); so does STREAM_DEADLINE_MS, which also closes the response of
 * a client that stopped reading. The record says how the answer ended.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_AI_MAX_CONCURRENT } from '../../config';
import { badParameter, notFound, refused } from '../../http/envelope';
import type { Logger } from '../../logger';
import { checkUserText } from '../../text/user-text';
import { clockText, mediaUrl } from '../presenters';
import { requireUser } from './center-user';
import { COURSE_NOT_FOUND } from './course-service';
import { requireVideo } from './videos';
import type { MainApiData } from '../data';
import { ANSWER_FAILED, AnswerError } from '../../ai/answer-texts';
import { createInProcessSlots, type StreamingSlots } from '../../ai/streaming-slots';
import { CitationStream } from '../../ai/citations';
import type { QuestionOutcome } from '../../store/ai-questions';
import type { AiModel, AnswerProvider, Passage } from '../../ai/provider';
import { ANSWER_TIMEOUT_MS } from '../../ai/providers/openai-compatible';
import type { AiSource } from '../contract';

/** product-spec §9: a question of at most 200 characters (code points, after trimming) */
export const QUESTION_MAX_LENGTH = 200;
/** answers of one user streaming at once */
export const MAX_STREAMING_PER_USER = 2;
/** questions of one user within QUESTION_WINDOW_MS */
export const QUESTIONS_PER_WINDOW = 10;
export const QUESTION_WINDOW_MS = 60_000;
/** answers of everyone streaming at once in this process, unless AI_MAX_CONCURRENT says otherwise */
export const DEFAULT_MAX_STREAMING = DEFAULT_AI_MAX_CONCURRENT;
/**
 * a stream still open this long after it began is ended (the provider aborted, the response
 * closed): the answer's own 85 s and a margin, for a client that stopped reading
 */
export const STREAM_DEADLINE_MS = ANSWER_TIMEOUT_MS + 15_000;
/** questions are kept this long (the 60 s limit needs a minute of them; the rest is for looking back) */
export const QUESTION_RETENTION_MS = 30 * 86_400_000;
const QUESTION_SWEEP_INTERVAL_MS = 3_600_000;
const QUESTION_SWEEP_BATCH = 1_000;
/** how long the start of the main API may spend chunking queued course material before it serves */
const START_INDEXING_MS = 5_000;
const EXCERPT_MAX = 120;

export const QUESTION_EMPTY = '请输入内容';
export const QUESTION_TOO_LONG = `输入限${QUESTION_MAX_LENGTH}字以内`;
export const QUESTION_BAD_CHARACTERS = '问题包含无法显示的字符';
export const STILL_ANSWERING = '正在解答中请稍等...';
export const TOO_MANY_QUESTIONS = '提问太频繁，请稍后再试';
export const LOGIN_REQUIRED = '请先登录后再提问';
export const TOO_MANY_ASKERS = '当前提问人数较多，请稍后再试';

/** a question may run over lines (Shift+Enter in the drawer); the rest of the text policy is text/user-text's */
const QUESTION_FIELD = { multiline: true, maxLength: QUESTION_MAX_LENGTH };

/** product-spec §6: userType -1 and 0 are visitors (not signed in) */
const isVisitor = (userType: number): boolean => userType <= 0;

export interface QuestionInput {
  /** as sent (cleaned here by the text policy) */
  question: string;
  userId: number;
  clientId: string;
  model: AiModel;
  courseId: number;
  videoId: number;
}

export interface AcceptedQuestion {
  /** the ai_questions row */
  readonly id: number;
  send(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export interface FlowQuestionService {
  readonly provider: AnswerProvider;
  accept(input: QuestionInput): Promise<AcceptedQuestion>;
}

export interface FlowQuestionOptions {
  provider: AnswerProvider;
  now?: () => number;
  logger?: Logger;
  /** answers of everyone streaming at once (config.ai.maxConcurrent, AI_MAX_CONCURRENT); default DEFAULT_MAX_STREAMING */
  maxStreaming?: number;
  /** default STREAM_DEADLINE_MS */
  streamDeadlineMs?: number;
  /** where answers streaming at once are counted (default: this process; replicas share Redis's) */
  slots?: StreamingSlots;
}

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** one chunk as one event: its lines as data: lines (SSE joins them with \n), then a blank line */
export function sseEvent(chunk: string): string {
  return (
    chunk
      .replace(/\r\n?/g, '\n')
      .split('\n')
      .map((line) => `data: ${line}`)
      .join('\n') + '\n\n'
  );
}

function excerptOf(text: string): string {
  const chars = [...text];
  return chars.length <= EXCERPT_MAX ? text : chars.slice(0, EXCERPT_MAX - 1).join('') + '…';
}

export function createFlowQuestionService(store: MainApiData, options: FlowQuestionOptions): FlowQuestionService {
  const { provider, logger } = options;
  const now = options.now ?? Date.now;
  const maxStreaming = options.maxStreaming ?? DEFAULT_MAX_STREAMING;
  const streamDeadlineMs = options.streamDeadlineMs ?? STREAM_DEADLINE_MS;
  // material seeded or changed while no main API ran is queued: chunk it before serving (the rest
  // drains in the background, and a question indexes at most one queued course first)
  void store.knowledge.catchUp(START_INDEXING_MS).catch(() => undefined);
  const slots = options.slots ?? createInProcessSlots({ perUser: MAX_STREAMING_PER_USER, everyone: maxStreaming });

  // the question log keeps QUESTION_RETENTION_MS: older rows go in the background, in batches
  // that give requests a turn, at most once per QUESTION_SWEEP_INTERVAL_MS (checked as questions come)
  let lastSweep = -Infinity;
  function sweepQuestions(): void {
    const at = now();
    if (at - lastSweep < QUESTION_SWEEP_INTERVAL_MS) return;
    lastSweep = at;
    const batch = async () => {
      try {
        const pruned = await store.withoutWaiting(() =>
          store.aiQuestions.prune(at - QUESTION_RETENTION_MS, QUESTION_SWEEP_BATCH),
        );
        if (pruned === QUESTION_SWEEP_BATCH) {
          setImmediate(() => void batch());
        }
      } catch (error) {
        // a closed store (the server is stopping) or a busy one: the next sweep tries again
        logger?.warn(`pruning old AI questions failed: ${(error as Error).message}`);
      }
    };
    setTimeout(() => void batch(), 0).unref();
  }
  sweepQuestions();

  async function sourceOf(passage: Passage, index: number): Promise<AiSource> {
    const video = await store.videos.get(passage.videoId);
    return {
      index,
      videoId: passage.videoId,
      courseId: passage.courseId,
      catalogId: passage.catalogId,
      videoName: passage.videoName,
      courseName: passage.courseName,
      timePoint: passage.timePoint,
      keyPointsShow: clockText(passage.timePoint),
      excerpt: excerptOf(passage.text),
      videoImage: video ? mediaUrl(video.image) : '',
    };
  }

  return {
    provider,

    async accept(input) {
      const verdict = checkUserText(input.question, QUESTION_FIELD);
      if (!verdict.ok) throw badParameter(verdict.problem === 'tooLong' ? QUESTION_TOO_LONG : QUESTION_BAD_CHARACTERS);
      const question = verdict.text;
      if (question === '') throw badParameter(QUESTION_EMPTY);
      if (isVisitor((await requireUser(store, input.userId)).userType)) throw refused(LOGIN_REQUIRED);
      if (input.courseId > 0 && !(await store.courses.get(input.courseId))) throw notFound(COURSE_NOT_FOUND);
      if (input.videoId > 0) await requireVideo(store, input.videoId, input.courseId);

      const slot = await slots.take(input.userId);
      if (!slot.ok) throw refused(slot.full === 'user' ? STILL_ANSWERING : TOO_MANY_ASKERS);
      const release = slot.release;
      const askedAt = now();
      let id: number;
      try {
        id = await store.immediateTransaction(async () => {
          if (
            (await store.aiQuestions.countSince(input.userId, askedAt - QUESTION_WINDOW_MS + 1)) >= QUESTIONS_PER_WINDOW
          ) {
            throw refused(TOO_MANY_QUESTIONS);
          }
          return store.aiQuestions.add({ ...input, question, provider: provider.name }, askedAt);
        });
      } catch (error) {
        release();
        throw error;
      }
      sweepQuestions();

      return {
        id,
        async send(_req, res) {
          const controller = new AbortController();
          const { signal } = controller;
          const onClose = () => {
            if (!res.writableFinished) controller.abort();
          };
          res.on('close', onClose);
          // a client that stops reading (or a provider that never ends) holds the slot no longer than this
          const deadline = setTimeout(() => {
            controller.abort();
            res.destroy();
          }, streamDeadlineMs);
          let chunks = 0;
          let sources: AiSource[] = [];
          let outcome: QuestionOutcome = 'aborted';

          const write = async (chunk: string): Promise<void> => {
            if (signal.aborted || res.destroyed) return;
            chunks += 1;
            if (res.write(sseEvent(chunk))) return;
            // a slow reader: wait for it rather than buffer the whole answer, until it reads, goes
            // away or the deadline ends the stream
            await new Promise<void>((resolve) => {
              const done = () => {
                res.off('drain', done);
                res.off('close', done);
                signal.removeEventListener('abort', done);
                resolve();
              };
              res.on('drain', done);
              res.on('close', done);
              signal.addEventListener('abort', done);
            });
          };

          try {
            res.writeHead(200, SSE_HEADERS);
            res.flushHeaders();
            const retrieval = await store.knowledge.retrieve({
              question,
              courseId: input.courseId,
              videoId: input.videoId,
              embed: provider.embed?.bind(provider),
              signal,
            });
            const { passages } = retrieval;
            const citations = new CitationStream(passages.length);
            let answering = false;
            const pieces = provider.answer({
              question,
              model: input.model,
              passages,
              keywords: retrieval.keywords,
              candidates: retrieval.candidates,
              analysis: retrieval.analysis,
              signal,
            });
            for await (const piece of pieces) {
              if (signal.aborted) break;
              if (piece.kind === 'thinking') {
                // thinking all comes first: a late piece of it is not shown inside the answer
                if (!answering && piece.text) await write(`r1:${piece.text}`);
                continue;
              }
              answering = true;
              for (const chunk of citations.push(piece.text)) await write(chunk);
            }
            if (!signal.aborted) {
              for (const chunk of citations.flush()) await write(chunk);
              // only what the answer cites: an answer citing nothing has no sources
              sources = await Promise.all(citations.cited.map((i, n) => sourceOf(passages[i]!, n + 1)));
              await write(`end:${JSON.stringify(sources)}`);
              outcome = 'end';
            }
          } catch (error) {
            if (!signal.aborted) {
              if (!(error instanceof AnswerError)) logger?.error('AI answer failed', error);
              await write(`err:${error instanceof AnswerError ? error.message : ANSWER_FAILED}`);
              outcome = 'err';
            }
          } finally {
            clearTimeout(deadline);
            release();
            res.off('close', onClose);
            if (!res.writableEnded && !res.destroyed) res.end();
            try {
              await store.aiQuestions.finish(id, { chunks, sources, outcome }, now());
            } catch (error) {
              logger?.error('AI question record failed', error);
            }
          }
        },
      };
    },
  };
}
