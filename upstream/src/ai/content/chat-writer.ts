/**
 * The `openai-compatible` content writer: asks the chat model (POST {AI_BASE_URL}/chat/completions,
 * not streamed, JSON output) to write the content from the material, then checks the answer. An
 * answer that is not the asked JSON (unparsable, fields missing or out of range, key points at
 * seconds the material does not reach) is replaced by the extractive writer's content with a
 * warning, so a weak model never leaves a video without content. A provider that cannot be
 * reached, or answers an HTTP error, is an error: the job counts it and a later run tries again.
 * The API key goes only into the Authorization header, never into a log line.
 */
import { request } from 'undici';
import type { Logger } from '../../logger';
import type { ContentMaterial, WrittenContent } from '../provider';
import { MAX_KEY_POINTS, MAX_QUESTIONS, MIN_QUESTIONS, writeExtractive } from './extractive';
import type { ContentWriterWithAttribution } from './writer';

/** the product's request timeout (product-spec §9) */
const CHAT_TIMEOUT_MS = 85_000;
const MAX_TEXT = 1000;
const MAX_QUESTION_LENGTH = 80;
const MAX_POINT_LENGTH = 200;
/** the chat model's answer is read up to this many bytes: more is a broken remote, not content */
export const MAX_CHAT_BODY_BYTES = 2 * 1024 * 1024;

/** the body as text, or an Error (the request cancelled) once it passes MAX_CHAT_BODY_BYTES */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown }): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const bytes of body) {
    size += bytes.length;
    if (size > MAX_CHAT_BODY_BYTES) {
      body.destroy();
      throw new Error(`the chat model answered more than ${MAX_CHAT_BODY_BYTES} bytes`);
    }
    parts.push(bytes);
  }
  return Buffer.concat(parts).toString('utf8');
}

export interface ChatWriterOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  logger?: Logger;
}

const SYSTEM_PROMPT = [
  '你是高校在线课程平台的内容编辑。只根据用户给出的课程材料写作，不得加入材料中没有的事实。',
  '用简体中文，以一个 JSON 对象回答，字段如下：',
  'courseOverview：课程概述，100 到 200 字；',
  'videoAbstract：本讲摘要，80 到 200 字；',
  `keyPoints：本讲要点，按时间先后排列，最多 ${MAX_KEY_POINTS} 条，每条为 {"timePoint": 秒数（整数，取自材料中标注的时间）, "description": 一句话}；`,
  `guessYouAsk：${MIN_QUESTIONS} 到 ${MAX_QUESTIONS} 个学习者可能提出的问题，每个问题都必须能从本讲材料中找到答案。`,
].join('\n');

function userPrompt(m: ContentMaterial): string {
  return [
    `课程：《${m.courseName}》，主讲：${m.authorName}，所属目录：${m.catalogueTrail.join(' / ')}`,
    `课程简介：${m.courseInfo}`,
    `课程各讲：${m.courseVideoNames.map((name, i) => `${i + 1}. ${name}`).join('；')}`,
    `本讲：${m.videoName}`,
    `本讲简介：${m.videoAbstract}`,
    `关键概念：${m.keywords.join('、')}`,
    '关键帧（秒数：标题——说明）：',
    ...m.keyframes.map((k) => `[${k.timePoint}] ${k.keyPoints}——${k.description}`),
    '讲稿（秒数：句子）：',
    ...m.transcript.map((p) => `[${p.timePoint}] ${p.text}`),
  ].join('\n');
}

// control characters other than line breaks have no place in text shown on a page
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;

function text(value: unknown, field: string, max: number): string {
  if (typeof value !== 'string') throw new Error(`${field} is not a string`);
  const clean = value.replace(CONTROL, '').trim();
  if (!clean) throw new Error(`${field} is empty`);
  if ([...clean].length > max) throw new Error(`${field} is longer than ${max} characters`);
  return clean;
}

/** the model's answer as content, or an Error saying what is wrong with it */
export function parseChatContent(answer: string, m: ContentMaterial): WrittenContent {
  let json: unknown;
  try {
    json = JSON.parse(answer.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    throw new Error('the answer is not JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new Error('the answer is not a JSON object');
  const o = json as Record<string, unknown>;
  const lastSecond = Math.max(0, ...m.keyframes.map((k) => k.timePoint), ...m.transcript.map((p) => p.timePoint));
  if (!Array.isArray(o.keyPoints) || o.keyPoints.length === 0 || o.keyPoints.length > MAX_KEY_POINTS) {
    throw new Error(`keyPoints must be a list of 1 to ${MAX_KEY_POINTS}`);
  }
  const keyPoints = o.keyPoints.map((point: unknown, i) => {
    const p = (point ?? {}) as Record<string, unknown>;
    const timePoint = p.timePoint;
    if (typeof timePoint !== 'number' || !Number.isInteger(timePoint) || timePoint < 0 || timePoint > lastSecond) {
      throw new Error(`keyPoints[${i}].timePoint is not a second of the material (0..${lastSecond})`);
    }
    return { timePoint, description: text(p.description, `keyPoints[${i}].description`, MAX_POINT_LENGTH) };
  });
  if (!Array.isArray(o.guessYouAsk) || o.guessYouAsk.length < MIN_QUESTIONS || o.guessYouAsk.length > MAX_QUESTIONS) {
    throw new Error(`guessYouAsk must be a list of ${MIN_QUESTIONS} to ${MAX_QUESTIONS}`);
  }
  return {
    courseOverview: text(o.courseOverview, 'courseOverview', MAX_TEXT),
    videoAbstract: text(o.videoAbstract, 'videoAbstract', MAX_TEXT),
    keyPoints: keyPoints.sort((a, b) => a.timePoint - b.timePoint),
    guessYouAsk: [...new Set(o.guessYouAsk.map((q, i) => text(q, `guessYouAsk[${i}]`, MAX_QUESTION_LENGTH)))],
  };
}

export function createChatWriter(options: ChatWriterOptions): ContentWriterWithAttribution {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function ask(m: ContentMaterial, signal?: AbortSignal): Promise<string> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const timeout = AbortSignal.timeout(CHAT_TIMEOUT_MS);
    const res = await request(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        model: options.model,
        stream: false,
        temperature: 0.3,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: userPrompt(m) },
        ],
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      headersTimeout: CHAT_TIMEOUT_MS,
      bodyTimeout: CHAT_TIMEOUT_MS,
    });
    const raw = await readCapped(res.body);
    if (res.statusCode < 200 || res.statusCode >= 300)
      throw new Error(`the chat model answered HTTP ${res.statusCode}`);
    let completion: { choices?: { message?: { content?: unknown } }[] };
    try {
      completion = JSON.parse(raw) as typeof completion;
    } catch {
      return ''; // judged (and replaced) as invalid content below
    }
    const content = completion.choices?.[0]?.message?.content;
    return typeof content === 'string' ? content : '';
  }

  const write = async (m: ContentMaterial, signal?: AbortSignal) => {
    const answer = await ask(m, signal);
    try {
      return { content: parseChatContent(answer, m), provider: 'openai-compatible' };
    } catch (error) {
      options.logger?.warn(
        `AI content of "${m.videoName}": the chat model's answer is not valid content (${(error as Error).message}); written extractively instead`,
      );
      return { content: writeExtractive(m), provider: 'retrieval' };
    }
  };

  return {
    name: 'openai-compatible',
    write,
    writeContent: async (m, signal) => (await write(m, signal)).content,
  };
}
