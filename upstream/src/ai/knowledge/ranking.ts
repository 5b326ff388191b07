/**
 * The pure parts of retrieval (knowledge-base.ts does the SQL): a chunk scored by its best
 * sentence, the relevance decision, near-duplicate sentences.
 *
 * A term's weight is its inverse document frequency over the chunks (BM25's), so a word every
 * lecture says weighs little and a name or a glossary term weighs much. A sentence's weight is the
 * weight of the question's terms it says (any form: the term or an alias); the video's and the
 * course's names count for a little, the rest of the chunk for a little more; a sentence that
 * defines a term ("X是…", "X指…") weighs more. Boilerplate sentences count for nothing.
 */
import { fold } from './fold';
import type { ChunkKind } from './chunker';

/** a skeleton framing this many different sentences is boilerplate */
export const BOILERPLATE_SENTENCES = 5;
/**
 * a sentence that names no term and is said word for word in this many lectures is boilerplate (a
 * closing piece of advice in every course); a definition names its term and is content however
 * many lectures repeat it
 */
export const BOILERPLATE_REPEATS = 20;

export interface WeightedTerm {
  text: string;
  /** the term and its aliases, as the lectures write them (lower case) */
  forms: string[];
  part: number;
  /** inverse document frequency; 0 for a term no chunk contains */
  idf: number;
  /** a proper name (question-plan.ts) */
  proper?: boolean;
  /** a person's name (question-plan.ts) */
  person?: boolean;
  /** a telling word standing for a question term the lectures never write whole */
  partial?: boolean;
}

export interface Sentence {
  text: string;
  second: number;
}

/** the sentences of a chunk by its marks ([offset, second] in code points) */
export function sentencesOf(text: string, marks: [number, number][]): Sentence[] {
  const chars = [...text];
  if (marks.length === 0) return [{ text, second: 0 }];
  return marks.map(([offset, second], i) => ({
    text: chars.slice(offset, marks[i + 1]?.[0] ?? chars.length).join(''),
    second,
  }));
}

/** the context of a chunk's sentences counts for this share of a term's weight */
const NAME_SHARE = 0.3;
const CHUNK_SHARE = 0.2;
const DEFINITION_BOOST = 1.2;
const TOPIC_BOOST = 1.1;
const DEFINING = ['是', '指', '就是', '即', '意味着', '揭示', '认为', '强调', '要求', '主张', '出自', '由', '以', '被'];
/** a quotable moment of a lecture beats a summary of it */
const KIND_WEIGHT: Record<ChunkKind, number> = { transcript: 1, keyframe: 0.95, abstract: 0.85, course: 0.6 };

export interface ChunkInput {
  kind: ChunkKind;
  text: string;
  marks: [number, number][];
  videoName: string;
  courseName: string;
  /** indexes of the chunk's boilerplate sentences */
  boilerplate: ReadonlySet<number>;
}

export interface ScoredChunk {
  /** the best sentence (index, text, second); null when no sentence says a term */
  sentence: number;
  quote: string;
  second: number;
  /** the terms the best sentence says (or its video or course names) */
  matched: string[];
  /** weight of the terms the best sentence says, of all terms of its side */
  coverage: number;
  /** the weight said by the sentence itself (names excluded) */
  said: number;
  score: number;
  defines: boolean;
  /** the terms the best sentence states the meaning of (X是…, X指…, or X as the head of the subject: 转基因作物是…) */
  defined: string[];
}

/** text as terms are matched in it: folded, letters and digits only (存天理，灭人欲 says 存天理灭人欲) */
export const squeeze = (text: string): string => fold(text).replace(/[^\p{L}\p{N}]/gu, '');

const says = (squeezed: string, term: WeightedTerm): boolean => term.forms.some((f) => squeezed.includes(squeeze(f)));

/**
 * A sentence states what a term is when the term opens a clause (after the start, a punctuation
 * mark or a lead-in's colon, not inside a title or a longer word: 社会主义本质是… does not define
 * 本质) and a stating verb follows it, directly or after a few characters of the same subject
 * (转基因作物是…). STATING is narrower than DEFINING: 以, 由, 被 begin many other sentences.
 */
const STATES_WHAT = /^[\p{L}\p{N}]{0,4}?(?:是|指|即|意味着)/u;
const OPENS_CLAUSE = (before: string | undefined): boolean =>
  before === undefined || !/[\p{L}\p{N}《〈“"]/u.test(before);

/** the terms whose meaning the sentence states */
function definedTerms(text: string, terms: WeightedTerm[]): string[] {
  const folded = fold(text);
  return terms
    .filter((t) =>
      t.forms.some((form) => {
        const f = fold(form);
        for (let at = folded.indexOf(f); at >= 0; at = folded.indexOf(f, at + 1))
          if (OPENS_CLAUSE(folded[at - 1]) && STATES_WHAT.test(folded.slice(at + f.length))) return true;
        return false;
      }),
    )
    .map((t) => t.text);
}

/** true when the text states what one of the terms is */
function defines(squeezed: string, terms: WeightedTerm[]): boolean {
  return terms.some((t) => t.forms.map(squeeze).some((f) => DEFINING.some((verb) => squeezed.includes(f + verb))));
}

/**
 * Scores a chunk for the terms of one side: its best sentence that is not boilerplate. Null when
 * no such sentence says a term.
 */
export function scoreChunk(chunk: ChunkInput, terms: WeightedTerm[]): ScoredChunk | null {
  const total = terms.reduce((n, t) => n + t.idf, 0);
  if (total === 0) return null;
  const names = `${squeeze(chunk.videoName)}\n${squeeze(chunk.courseName)}`;
  const sentences = sentencesOf(chunk.text, chunk.marks);
  const foldedSentences = sentences.map((s) => squeeze(s.text));
  const inChunk = terms.filter((t) => foldedSentences.some((f, i) => !chunk.boilerplate.has(i) && says(f, t)));
  let best: ScoredChunk | null = null;
  sentences.forEach((sentence, i) => {
    if (chunk.boilerplate.has(i)) return;
    const folded = foldedSentences[i]!;
    const inSentence = terms.filter((t) => says(folded, t));
    if (inSentence.length === 0) return;
    const said = inSentence.reduce((n, t) => n + t.idf, 0);
    const fromNames = terms.filter((t) => !inSentence.includes(t) && says(names, t));
    const nearby = inChunk.filter((t) => !inSentence.includes(t) && !fromNames.includes(t));
    const definition = defines(folded, inSentence);
    const weight =
      said +
      NAME_SHARE * fromNames.reduce((n, t) => n + t.idf, 0) +
      CHUNK_SHARE * nearby.reduce((n, t) => n + t.idf, 0);
    // the lecture about the term (its name says it) before one that mentions it in passing
    const topic = inSentence.some((t) => says(names, t)) ? TOPIC_BOOST : 1;
    const score = weight * (definition ? DEFINITION_BOOST : 1) * topic * KIND_WEIGHT[chunk.kind];
    if (!best || score > best.score) {
      best = {
        sentence: i,
        quote: sentence.text,
        second: sentence.second,
        matched: [...inSentence, ...fromNames].map((t) => t.text),
        coverage: (said + NAME_SHARE * fromNames.reduce((n, t) => n + t.idf, 0)) / total,
        said,
        score,
        defines: definition,
        defined: definedTerms(sentence.text, inSentence),
      };
    }
  });
  return best;
}

/** what the relevance decision weighs for one side */
export interface DecisionInput {
  /** the best candidate's coverage of the side's in-corpus information */
  coverage: number;
  /** its sentence's own weight */
  said: number;
  /** the side's in-corpus information (sum of its terms' weights) */
  total: number;
  /** the share of the best sentence's weight that its video's abstract and keyframes say too */
  echo: number;
  /** how many of the side's terms the best sentence says */
  saidTerms: number;
  /** whether one of them is a name or term of the platform's own (a glossary entry, a title, a lecturer) */
  topic: boolean;
  /** whether one of them is telling and part of a longer term its video's name or key points name (熵 of 熵增原理) */
  topicPart?: boolean;
  /** whether one of them is telling (not a word most lectures say) */
  telling: boolean;
  /** whether one of them is a telling proper name (a person, a place, an organisation) */
  properName: boolean;
  /** whether the sentence states the meaning of a telling term of the side (意境是…) */
  definesTerm: boolean;
}

/**
 * Whether a side is answerable from the lectures, from the evidence of its best sentence. Words
 * no lecture uses are not in it at all (they count neither for nor against). The best sentence
 * must say what a lecture is about (a term of the platform's own, a video's name or keyframe
 * label), or say several of the side's terms together; and either way a fair share of the side's
 * in-corpus information. A sentence saying one ordinary word of the question is a coincidence,
 * not an answer (手机 in an example, 天气 in an aside). Calibrated on the development set
 * (tests/ai-eval: npm run eval:ai counts wrongly refused and wrongly answered questions).
 */
export const DECISION = {
  /** coverage a sentence saying a topic term needs */
  topicCover: 0.25,
  /** coverage a sentence saying several terms, none a topic, needs */
  jointCover: 0.3,
  /** terms said together that make a sentence evidence without a topic term */
  jointTerms: 2,
  /** coverage a sentence saying a telling proper name (a person, a place) alone needs */
  properCover: 0.6,
  /** and the share of it that its lecture's abstract and keyframes say too (the lecture is about it) */
  properEcho: 0.5,
  /**
   * coverage a sentence saying a telling word that is part of its lecture's topic (熵 of 熵增原理,
   * the lecture's name or a key point) needs: the question names the topic in part
   */
  topicPartCover: 0.6,
  /** coverage a sentence stating what a telling term of the side is needs (the term carries most of the side) */
  definedCover: 0.5,
};

/** a passage beside the best must cover at least this much of its side (or as much as the best) */
export const DECISION_FLOOR = 0.5;

export function decide(input: DecisionInput): { answerable: boolean; reason: string } {
  const share = `覆盖问题信息的 ${Math.round(input.coverage * 100)}%`;
  if (input.total === 0) return { answerable: false, reason: '问题里没有课程中出现过的关键词' };
  if (input.topic && input.coverage >= DECISION.topicCover)
    return { answerable: true, reason: `最相关的句子说到了讲次的主题词，${share}` };
  if (input.properName && input.coverage >= DECISION.properCover && input.echo >= DECISION.properEcho)
    return { answerable: true, reason: `最相关的句子说到问题里的专名，讲次的简介和知识点也讲到它，${share}` };
  if (input.topicPart && input.coverage >= DECISION.topicPartCover)
    return { answerable: true, reason: `最相关的句子说到讲次主题词的一部分（问题只写了它的一部分），${share}` };
  if (input.definesTerm && input.coverage >= DECISION.definedCover)
    return { answerable: true, reason: `最相关的句子讲明了问题里的概念是什么，${share}` };
  if (input.saidTerms >= DECISION.jointTerms && input.coverage >= DECISION.jointCover)
    return { answerable: true, reason: `最相关的句子同时说到问题的 ${input.saidTerms} 个关键词，${share}` };
  if (input.saidTerms < DECISION.jointTerms && !input.topic)
    return { answerable: false, reason: '最相关的句子只是顺带提到问题里的一个普通词，不是讲次讲解的内容' };
  return { answerable: false, reason: `最相关的句子只${share}` };
}

function bigramSet(text: string): Set<string> {
  const chars = [...fold(text).replace(/[^\p{L}\p{N}]/gu, '')];
  const grams = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i]! + chars[i + 1]!);
  if (chars.length === 1) grams.add(chars[0]!);
  return grams;
}

/**
 * Two sentences say the same when most of the shorter one's character bigrams are in the other
 * (≥ 0.8): the same sentence under another lead-in ("请大家记下来：X是…" and "X是…").
 */
export function nearDuplicate(a: string, b: string): boolean {
  const x = bigramSet(a);
  const y = bigramSet(b);
  if (x.size === 0 || y.size === 0) return false;
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  return shared / Math.min(x.size, y.size) >= 0.8;
}
