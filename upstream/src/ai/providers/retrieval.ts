/**
 * The default provider, `retrieval`: needs nothing external. It answers with the lectures' own
 * words: an opening sentence naming the lectures, then the best-matching sentence of each of the
 * best passages (up to MAX_SENTENCES, a sentence said already skipped), each followed by its
 * citation marker [n], and a closing line; when the knowledge base found nothing it says so (answer-texts.ts). The text
 * is streamed in small pieces, paced (AI_RETRIEVAL_PACE_MS between pieces, 20 ms by default: some
 * 600 characters a second, far faster than anyone reads) so that the asker sees the thinking and
 * then the answer come in as a model's would, instead of the whole text painted at once.
 *
 * model=reasoner first streams its reasoning as thinking text: the question's keywords, every
 * candidate passage with why it was kept or dropped, and the plan of the answer.
 */
import { clockText } from '../../main-api/presenters';
import { fold } from '../knowledge/fold';
import { NOTHING_FOUND, NOTHING_FOUND_SUGGESTION } from '../answer-texts';
import type { AnswerPiece, AnswerProvider, AnswerRequest, Passage } from '../provider';

/** sentences quoted at most */
const MAX_SENTENCES = 4;
/** characters per streamed piece */
const PIECE_LENGTH = 12;
/** candidates described in the thinking text at most */
const THINKING_CANDIDATES = 10;

const KIND_NAMES: Record<Passage['kind'], string> = {
  transcript: '讲稿',
  keyframe: '知识点',
  abstract: '简介',
  course: '课程介绍',
};

const SENTENCE = /[^。！？!?；;\n]+[。！？!?；;]*/gu;

/** ends a quoted sentence with 。 before its marker (the marker sits inside the sentence end) */
const withoutEnd = (sentence: string): string => sentence.replace(/[。！？!?；;，,、\s]+$/u, '');

/**
 * The sentence of the passage with the most keyword characters (ties: the earliest): the one the
 * knowledge base points the passage's second at.
 */
function bestSentence(passage: Passage, keywords: string[]): string {
  // a keyframe reads "label：description": the description is the sentence
  const text = passage.kind === 'keyframe' ? passage.text.replace(/^[^：:]{1,20}[：:]/u, '') : passage.text;
  const sentences = (text.match(SENTENCE) ?? [text]).map((s) => withoutEnd(s.trim())).filter(Boolean);
  let best = sentences[0] ?? withoutEnd(text);
  let bestHits = -1;
  for (const sentence of sentences) {
    const folded = fold(sentence);
    const hits = keywords.reduce((n, k) => n + (folded.includes(fold(k)) ? [...k].length : 0), 0);
    if (hits > bestHits) {
      best = sentence;
      bestHits = hits;
    }
  }
  return best;
}

function lectureNames(passages: Passage[]): string {
  const names: string[] = [];
  for (const p of passages) {
    const name = `《${p.courseName}》中的《${p.videoName}》`;
    if (!names.includes(name)) names.push(name);
  }
  const shown = names.slice(0, 3);
  return shown.join('、') + (names.length > shown.length ? '等讲' : '');
}

function* thinking(request: AnswerRequest): Generator<string> {
  const { keywords, passages } = request;
  yield keywords.length
    ? `问题分析：去掉疑问词后，关键词是${keywords.map((k) => `「${k}」`).join('')}，据此在课程知识库中检索讲稿、知识点、简介和课程介绍。\n`
    : '问题分析：问题里没有可以检索的关键词。\n';
  const candidates = request.candidates ?? passages.map((passage) => ({ passage, kept: true, reason: '保留' }));
  if (candidates.length === 0) {
    yield '候选片段：没有找到包含这些关键词的课程内容。\n';
  } else {
    yield `候选片段：共 ${candidates.length} 段，按相关度排列：\n`;
    for (const [i, c] of candidates.slice(0, THINKING_CANDIDATES).entries()) {
      const p = c.passage;
      const excerpt = [...p.text].slice(0, 24).join('');
      yield `${i + 1}. 《${p.videoName}》${clockText(p.timePoint)} ${KIND_NAMES[p.kind]}「${excerpt}…」：${c.kept ? '' : '舍弃，'}${c.reason}。\n`;
    }
  }
  yield passages.length
    ? `结论：用保留的 ${Math.min(passages.length, MAX_SENTENCES)} 段组织回答，每句话标出来源。`
    : '结论：知识库里没有可靠的依据，如实说明，不作猜测。';
}

function* answer(request: AnswerRequest): Generator<string> {
  const { passages, keywords } = request;
  if (passages.length === 0) {
    yield NOTHING_FOUND + NOTHING_FOUND_SUGGESTION;
    return;
  }
  // each passage's best sentence, where its second points; lectures repeat themselves (the same
  // example in several), so a sentence already quoted passes the turn to the next passage
  const said = new Set<string>();
  const quotes: { sentence: string; marker: number; passage: Passage }[] = [];
  for (const [i, passage] of passages.entries()) {
    if (quotes.length >= MAX_SENTENCES) break;
    const sentence = bestSentence(passage, keywords);
    const key = fold(sentence);
    if (!sentence || said.has(key)) continue;
    said.add(key);
    quotes.push({ sentence, marker: i + 1, passage });
  }
  yield `这个问题在${lectureNames(quotes.map((q) => q.passage))}中有讲解。`;
  for (const { sentence, marker } of quotes) yield `${sentence}[${marker}]。`;
  yield '点击下方的来源，可以跳到视频中讲到这里的位置继续学习。';
}

/** cuts text into pieces of PIECE_LENGTH characters (the stream keeps markers whole) */
function* pieces(text: string): Generator<string> {
  const chars = [...text];
  for (let i = 0; i < chars.length; i += PIECE_LENGTH) yield chars.slice(i, i + PIECE_LENGTH).join('');
}

/** lets the event loop run between pieces, so that a stream is a stream and an abort is heard */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** waits ms, or less when the asker goes away */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface RetrievalProviderOptions {
  /** milliseconds between streamed pieces (config.ai.retrievalPaceMs); 0: only a turn of the event loop */
  paceMs?: number;
}

export function createRetrievalProvider(options: RetrievalProviderOptions = {}): AnswerProvider {
  const paceMs = options.paceMs ?? 0;
  return {
    name: 'retrieval',
    async *answer(request): AsyncIterable<AnswerPiece> {
      const parts: AnswerPiece[] = [];
      if (request.model === 'reasoner') for (const text of thinking(request)) parts.push({ kind: 'thinking', text });
      for (const text of answer(request)) parts.push({ kind: 'answer', text });
      for (const part of parts) {
        for (const text of pieces(part.text)) {
          if (request.signal.aborted) return;
          yield { kind: part.kind, text };
          await (paceMs > 0 ? pause(paceMs, request.signal) : nextTurn());
        }
      }
    },
  };
}
