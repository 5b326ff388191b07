/**
 * The default provider, `retrieval`: needs nothing external. It answers with the lectures' own
 * words: a lead sentence that answers (the best passage's sentence, without its classroom lead-in
 * such as "请大家把这句话记下来："), then the supporting sentences of the other passages, each
 * followed by its citation marker [n]; a comparison answers each side from its own passages, side
 * by side. A sentence is never said twice, nor one that says the same under another lead-in
 * (knowledge/ranking.ts nearDuplicate). When the knowledge base found nothing it says so
 * (answer-texts.ts). The text is streamed in small pieces, paced (AI_RETRIEVAL_PACE_MS between
 * pieces, 20 ms by default: some 600 characters a second, far faster than anyone reads) so that the
 * asker sees the thinking and then the answer come in as a model's would.
 *
 * model=reasoner first streams its reasoning as thinking text: the analysis the knowledge base
 * really used (words dropped, terms and their aliases, unseen words, the sides of a comparison),
 * every candidate passage with why it was kept or dropped, the relevance decision, and the plan of
 * the answer.
 */
import { clockText } from '../../text/clock';
import { fold } from '../knowledge/fold';
import { nearDuplicate } from '../knowledge/ranking';
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
const withoutEnd = (sentence: string): string => sentence.replace(/[。！？!?；;，,、：:\s]+$/u, '');

/** a classroom lead-in before the statement: "按照通行的表述，" "请大家把这句话记下来：" */
const LEAD_IN = /^([^，,：:。！？]{1,14})[，,：:]/u;

/**
 * The sentence as an answer states it: without a lead-in that names none of the question's
 * terms, ended without punctuation (the marker and 。 follow).
 */
export function statement(sentence: string, terms: string[]): string {
  let text = withoutEnd(sentence.trim());
  for (let i = 0; i < 2; i++) {
    const lead = LEAD_IN.exec(text);
    if (!lead) break;
    const rest = text.slice(lead[0].length).trim();
    const folded = fold(lead[1]!);
    if (terms.some((t) => folded.includes(fold(t))) || [...rest].length < 6) break;
    text = rest;
  }
  return text;
}

/** the passage's sentence that answers: the knowledge base's quote, else the one with the most term characters */
function quoteOf(passage: Passage, keywords: string[]): string {
  if (passage.quote) return passage.quote;
  const text = passage.kind === 'keyframe' ? passage.text.replace(/^[^：:]{1,20}[：:]/u, '') : passage.text;
  const sentences = (text.match(SENTENCE) ?? [text]).map((s) => s.trim()).filter(Boolean);
  let best = sentences[0] ?? text;
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

/** a title inside book-title marks: its own marks become 〈〉, as Chinese nests titles (《〈论语〉精读》) */
const titled = (name: string): string => `《${name.replace(/《/g, '〈').replace(/》/g, '〉')}》`;

function lectureNames(passages: Passage[]): string {
  const names: string[] = [];
  for (const p of passages) {
    const name = `${titled(p.courseName)}中的${titled(p.videoName)}`;
    if (!names.includes(name)) names.push(name);
  }
  const shown = names.slice(0, 3);
  return shown.join('、') + (names.length > shown.length ? '等讲' : '');
}

const quoted = (words: string[]): string => words.map((w) => `「${w}」`).join('');

function* thinking(request: AnswerRequest): Generator<string> {
  const { keywords, passages, analysis } = request;
  if (analysis?.dropped.length) yield `问题分析：去掉提问和口语的词${quoted(analysis.dropped)}。\n`;
  yield keywords.length
    ? `检索词：${quoted(keywords)}，在课程知识库的讲稿、知识点、简介和课程介绍中查找。\n`
    : '检索词：问题里没有课程中出现过的关键词。\n';
  for (const [term, forms] of analysis?.aliases ?? [])
    yield `「${term}」也按${quoted(forms)}查找（同一所指的不同叫法）。\n`;
  if (analysis?.unseen.length) yield `${quoted(analysis.unseen)}在课程中没有出现，不计入判断。\n`;
  if (analysis && analysis.parts.length > 1)
    yield `这是一个比较问题，分${analysis.parts.length}方分别检索：${analysis.parts.map((p) => quoted(p)).join('；')}。\n`;
  const candidates = request.candidates ?? passages.map((passage) => ({ passage, kept: true, reason: '保留' }));
  if (candidates.length === 0) {
    yield '候选片段：没有找到说到这些关键词的课程内容。\n';
  } else {
    yield `候选片段：共 ${candidates.length} 段，按相关度排列：\n`;
    for (const [i, c] of candidates.slice(0, THINKING_CANDIDATES).entries()) {
      const p = c.passage;
      const excerpt = [...withoutEnd(p.quote ?? p.text)].slice(0, 24).join('');
      yield `${i + 1}. ${titled(p.videoName)}${clockText(p.timePoint)} ${KIND_NAMES[p.kind]}「${excerpt}…」：${c.kept ? '' : '舍弃，'}${c.reason}。\n`;
    }
  }
  for (const decision of analysis?.decisions ?? []) yield `判断：${decision}。\n`;
  yield passages.length
    ? `结论：先用最相关的一句直接回答，再引用其余讲次佐证，共 ${Math.min(passages.length, MAX_SENTENCES)} 句，每句标出来源，重复的句子只说一次。`
    : '结论：知识库里没有可靠的依据，如实说明，不作猜测。';
}

interface Quote {
  text: string;
  marker: number;
  passage: Passage;
}

/** the passages' sentences as statements, a sentence (or its near-duplicate) once, at most MAX_SENTENCES */
function quotes(request: AnswerRequest): Quote[] {
  const out: Quote[] = [];
  for (const [i, passage] of request.passages.entries()) {
    if (out.length >= MAX_SENTENCES) break;
    const text = statement(quoteOf(passage, request.keywords), [...passage.matchedTerms, ...request.keywords]);
    if (!text || out.some((q) => nearDuplicate(q.text, text))) continue;
    out.push({ text, marker: i + 1, passage });
  }
  return out;
}

function* answer(request: AnswerRequest): Generator<string> {
  const said = quotes(request);
  if (said.length === 0) {
    yield NOTHING_FOUND + NOTHING_FOUND_SUGGESTION;
    return;
  }
  const sides = [...new Set(said.map((q) => q.passage.part ?? 0))].sort((a, b) => a - b);
  if (sides.length > 1) {
    // a comparison: each side stated from its own lectures, then the rest of each
    const names = request.analysis?.sides ?? [];
    yield '分别来看：';
    const first = sides.map((side) => said.find((q) => (q.passage.part ?? 0) === side)!);
    for (const q of first) {
      const name = names[q.passage.part ?? 0] || q.passage.matchedTerms[0] || '';
      yield `${name ? `「${name}」：` : ''}${q.text}[${q.marker}]。`;
    }
    const rest = said.filter((q) => !first.includes(q));
    if (rest.length > 0) {
      yield '课程中的其他讲解：';
      for (const q of rest) yield `${q.text}[${q.marker}]。`;
    }
  } else {
    const [lead, ...rest] = said;
    yield `${lead!.text}[${lead!.marker}]。`;
    if (rest.length > 0) {
      yield '课程中的其他讲解：';
      for (const q of rest) yield `${q.text}[${q.marker}]。`;
    }
  }
  yield `以上内容来自${lectureNames(said.map((q) => q.passage))}，点击下方的来源，可以跳到视频中讲到这里的位置继续学习。`;
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
