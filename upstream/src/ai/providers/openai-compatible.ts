/**
 * `openai-compatible`: any chat-completions API that streams (DeepSeek, Qwen, vLLM, Ollama...).
 * POST {AI_BASE_URL}/chat/completions with stream: true, Bearer AI_API_KEY, the model of the
 * asked mode (AI_CHAT_MODEL for chat, AI_REASONING_MODEL for reasoner). The retrieved passages
 * go in numbered, with a system prompt that allows only them as ground and asks for [n] after
 * each sentence. The answer's server-sent events are read as they come: `delta.reasoning_content`
 * is thinking, `delta.content` answer text.
 *
 * The request is cancelled when the asker goes away (the request's signal) and after
 * ANSWER_TIMEOUT_MS in all (product-spec §7: 85 s). A refusal, a stream that breaks off before
 * its end ([DONE] or a finish_reason), a line longer than MAX_STREAM_LINE or a timeout throws an
 * AnswerError with a Chinese message;
 * nothing the remote said reaches the asker but the answer itself, and the key is never logged.
 *
 * With AI_EMBEDDING_MODEL it also offers `embed` (POST {AI_BASE_URL}/embeddings): the knowledge base
 * then ranks its BM25 candidates again by similarity to the question. An embedding failure of any
 * kind throws, and retrieval answers from BM25 alone; it waits at most EMBED_TIMEOUT_MS.
 */
import { request as httpRequest } from 'undici';
import type { AiConfig } from '../../config';
import { clockText } from '../../text/clock';
import {
  ANSWER_TIMED_OUT,
  AnswerError,
  NOTHING_FOUND,
  NOTHING_FOUND_SUGGESTION,
  PROVIDER_UNAVAILABLE,
} from '../answer-texts';
import type { AnswerPiece, AnswerProvider, AnswerRequest, Passage } from '../provider';

export const ANSWER_TIMEOUT_MS = 85_000;
/**
 * the longest line of the event stream read (characters): an event is a delta of a few words; a
 * remote that sends more without a line break is broken, and is not buffered without end
 */
export const MAX_STREAM_LINE = 64 * 1024;
/** an embedding call holds up the answer's first chunk: a slow one is given up for BM25 alone */
export const EMBED_TIMEOUT_MS = 10_000;
/** the largest embeddings answer read (a question and ~40 candidates of up to 4 096 dimensions fit) */
export const MAX_EMBEDDINGS_BODY = 8 * 1024 * 1024;

export const SYSTEM_PROMPT = [
  '你是“思政云课堂”的课程助教，只能依据下面编号的课程资料回答学生的问题。',
  '要求：',
  '1. 只使用资料里的内容，不要编造资料之外的事实；资料不足以回答时，直接说明知识库中没有相关内容。',
  '2. 每一句用到资料的话后面标注来源编号，格式为 [n]，n 是资料的编号，例如“……是唯物辩证法的核心[2]。”',
  '3. 用简体中文回答，条理清楚，不超过 300 字。',
].join('\n');

const KIND_NAMES: Record<Passage['kind'], string> = {
  transcript: '讲稿',
  keyframe: '知识点',
  abstract: '视频简介',
  course: '课程介绍',
};

/** the user message: the numbered passages, then the question */
export function userPrompt(request: AnswerRequest): string {
  const material = request.passages
    .map(
      (p, i) =>
        `[${i + 1}] 课程《${p.courseName}》（讲师：${p.authorName}），视频《${p.videoName}》，${clockText(p.timePoint)}，${KIND_NAMES[p.kind]}：${p.text}`,
    )
    .join('\n');
  return `课程资料：\n${material}\n\n问题：${request.question}`;
}

interface EmbeddingsAnswer {
  data?: { index?: unknown; embedding?: unknown }[];
}

/** POST {baseUrl}/embeddings: one vector per text, in the texts' order, or a throw */
async function fetchEmbeddings(
  config: AiConfig,
  model: string,
  texts: string[],
  signal?: AbortSignal,
): Promise<number[][]> {
  const timeout = AbortSignal.timeout(EMBED_TIMEOUT_MS);
  const response = await httpRequest(`${config.baseUrl}/embeddings`, {
    method: 'POST',
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    headers: {
      'content-type': 'application/json',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({ model, input: texts }),
    headersTimeout: EMBED_TIMEOUT_MS,
    bodyTimeout: EMBED_TIMEOUT_MS,
  });
  if (response.statusCode !== 200) {
    await response.body.dump().catch(() => {});
    throw new Error(`embeddings answered HTTP ${response.statusCode}`);
  }
  let size = 0;
  const parts: Buffer[] = [];
  for await (const bytes of response.body as AsyncIterable<Buffer>) {
    size += bytes.length;
    if (size > MAX_EMBEDDINGS_BODY) {
      response.body.destroy();
      throw new Error('embeddings answer too large');
    }
    parts.push(bytes);
  }
  const answer = JSON.parse(Buffer.concat(parts).toString('utf8')) as EmbeddingsAnswer;
  const data = Array.isArray(answer.data) ? answer.data : [];
  const vectors: number[][] = new Array(texts.length);
  for (const [position, item] of data.entries()) {
    const index = typeof item.index === 'number' ? item.index : position;
    const vector = item.embedding;
    if (
      !Number.isInteger(index) ||
      index < 0 ||
      index >= texts.length ||
      !Array.isArray(vector) ||
      vector.length === 0
    ) {
      throw new Error('embeddings answer malformed');
    }
    if (!vector.every((x) => typeof x === 'number' && Number.isFinite(x)))
      throw new Error('embeddings answer malformed');
    vectors[index] = vector as number[];
  }
  const dimensions = vectors[0]?.length;
  for (let i = 0; i < texts.length; i++) {
    if (!vectors[i] || vectors[i]!.length !== dimensions) throw new Error('embeddings answer incomplete');
  }
  return vectors;
}

interface StreamDelta {
  choices?: { delta?: { content?: string | null; reasoning_content?: string | null }; finish_reason?: string | null }[];
}

export function createOpenAiCompatibleProvider(config: AiConfig, options: { timeoutMs?: number } = {}): AnswerProvider {
  const timeoutMs = options.timeoutMs ?? ANSWER_TIMEOUT_MS;
  if (!config.baseUrl) throw new Error('the openai-compatible provider needs AI_BASE_URL');
  const url = `${config.baseUrl}/chat/completions`;

  const embeddingModel = config.embeddingModel;
  return {
    name: 'openai-compatible',
    ...(embeddingModel
      ? { embed: (texts: string[], signal?: AbortSignal) => fetchEmbeddings(config, embeddingModel, texts, signal) }
      : {}),
    async *answer(request): AsyncIterable<AnswerPiece> {
      // nothing to ground an answer on: the model is not asked to improvise one
      if (request.passages.length === 0) {
        yield { kind: 'answer', text: NOTHING_FOUND + NOTHING_FOUND_SUGGESTION };
        return;
      }
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = AbortSignal.any([request.signal, timeout]);
      const failure = (error?: unknown): unknown => {
        if (request.signal.aborted) return error;
        if (timeout.aborted) return new AnswerError(ANSWER_TIMED_OUT);
        return new AnswerError(PROVIDER_UNAVAILABLE);
      };

      let body: AsyncIterable<Buffer>;
      try {
        const response = await httpRequest(url, {
          method: 'POST',
          signal,
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: request.model === 'reasoner' ? config.reasoningModel : config.chatModel,
            stream: true,
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: userPrompt(request) },
            ],
          }),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        if (response.statusCode !== 200) {
          await response.body.dump().catch(() => {});
          throw new AnswerError(PROVIDER_UNAVAILABLE);
        }
        body = response.body;
      } catch (error) {
        throw error instanceof AnswerError ? error : failure(error);
      }

      const decoder = new TextDecoder();
      let buffer = '';
      let finished = false;
      try {
        for await (const bytes of body) {
          buffer += decoder.decode(bytes, { stream: true });
          let newline: number;
          while ((newline = buffer.search(/\r?\n/)) >= 0) {
            if (newline > MAX_STREAM_LINE) throw new AnswerError(PROVIDER_UNAVAILABLE);
            const line = buffer.slice(0, newline);
            buffer = buffer.slice(buffer[newline] === '\r' ? newline + 2 : newline + 1);
            if (!line.startsWith('data:')) continue; // comments, event names, blank lines
            const data = line.slice(5).trim();
            if (data === '[DONE]') {
              finished = true;
              continue;
            }
            let event: StreamDelta;
            try {
              event = JSON.parse(data) as StreamDelta;
            } catch {
              throw new AnswerError(PROVIDER_UNAVAILABLE);
            }
            for (const choice of event.choices ?? []) {
              const reasoning = choice.delta?.reasoning_content;
              const content = choice.delta?.content;
              if (reasoning) yield { kind: 'thinking', text: reasoning };
              if (content) yield { kind: 'answer', text: content };
              if (choice.finish_reason) finished = true;
            }
          }
          if (buffer.length > MAX_STREAM_LINE) throw new AnswerError(PROVIDER_UNAVAILABLE);
        }
      } catch (error) {
        throw error instanceof AnswerError ? error : failure(error);
      }
      // the connection closed before the answer's end: what came is not the whole answer
      if (!finished) throw failure();
    },
  };
}
