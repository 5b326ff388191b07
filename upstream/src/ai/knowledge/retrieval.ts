/**
 * Retrieval over a knowledge base, whatever engine holds it (knowledge-base.ts: SQLite FTS5,
 * postgres-knowledge-base.ts: PostgreSQL). The engine answers a few questions of its store (a
 * KnowledgeReader: frequencies, BM25 candidates, sentences, a video's transcript); everything else
 * is here, so both engines read a question alike.
 *
 * 1. The question's plan (question-plan.ts): its terms with their aliases, split by side for a
 *    comparison. A term no chunk contains, as a word or as the phrase of its character bigrams,
 *    is unseen: it counts neither for nor against. A term jieba cut differently in the lectures is
 *    found by its bigrams.
 * 2. Candidates per side: BM25 over the chunk words (text, video name, course) and over the bigrams,
 *    the best CANDIDATES of the whole knowledge base and as many of the asked course.
 * 3. Each candidate scored by its best sentence: the inverse document frequency of the terms the
 *    sentence says (the video's and course's names add a little), boilerplate sentences (a skeleton
 *    said in many lectures, ai_sentences) never count; a sentence that defines a term weighs more;
 *    the asked video and course are boosted; when the provider offers embeddings, the similarity
 *    ranking is fused in by reciprocal rank.
 * 4. The relevance decision per side (ranking.ts decide): the share of the side's in-corpus
 *    information that the best sentence says, and how many lectures agree on it.
 * 5. A keyframe, abstract or course chunk leads to the transcript sentence of its video that best
 *    matches the question, so every citation points at the second where it is spoken; one passage
 *    per video and side, near-duplicate sentences once, at most TOP_K.
 */
import type { Passage } from '../provider';
import type { ChunkKind } from './chunker';
import { labelTerms } from './corpus-terms';
import { cutWords } from '../../search/analyzer';
import { fold } from './fold';
import { planQuestion, refersBack, termWords, type PlannedTerm, type QuestionPlan } from './question-plan';
import {
  BOILERPLATE_REPEATS,
  BOILERPLATE_SENTENCES,
  DECISION_FLOOR,
  decide,
  type DecisionInput,
  nearDuplicate,
  scoreChunk,
  squeeze,
  type ScoredChunk,
  type WeightedTerm,
} from './ranking';

/** BM25 candidates read per side of a question (and again within the asked course) */
export const CANDIDATES = 40;
/** passages handed to the provider at most */
export const TOP_K = 5;
/** BM25 as FTS5 computes it (k1, b); the word columns text, video, course weigh 4, 2, 1 */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
export const WORD_COLUMN_WEIGHTS = [4, 2, 1] as const;
/** a phrase or bigram frequency is counted up to this many chunks: beyond it a word is common anyway */
export const DF_CAP = 5_000;
/** a term found in more chunks than this idf allows (about 5 % of them) is too common to be a topic */
const TOPIC_MIN_IDF = 3;
/** a word standing for its lecture's topic in part must be rarer: in about 0.7 % of the chunks at most */
const TOPIC_PART_MIN_IDF = 5;
/** the candidates' videos whose transcripts are read together */
const SPOKEN_BATCH = 10;
/** the longest run of a question's characters looked up by its sound */
const SOUND_MAX = 12;
/** how much the BM25 rankings lift a candidate's score: they break near-ties */
const RANK_SHARE = 0.1;
/** with an embedding ranking fused in, the similarity the model sees lifts a candidate this much at most */
const FUSED_RANK_SHARE = 0.5;
/** candidates come from terms in at most this share of the chunks (or CANDIDATE_DF_MIN chunks) */
const CANDIDATE_DF_SHARE = 0.005;
const CANDIDATE_DF_MIN = 1_000;
const CHUNK_COUNT_TTL_MS = 60_000;
/** boilerplate answers kept at most this many (each kind) and this long */
const BOILERPLATE_CACHE = 100_000;
const BOILERPLATE_CACHE_MS = 600_000;
/** a word standing for an unseen term must be rare: in at most this share of the chunks (or PART_DF_MIN) */
const PART_DF_SHARE = 0.002;
const PART_DF_MIN = 20;
/** a name or term of the platform's own weighs this many times its inverse document frequency */
const TOPIC_WEIGHT = 2;
/** reciprocal rank fusion's constant (Cormack et al.: 60) */
const RRF_K = 60;

export type Embedder = (texts: string[], signal?: AbortSignal) => Promise<number[][]>;

export interface RetrievalQuery {
  question: string;
  /** ask about this course / video first (0 = none) */
  courseId?: number;
  videoId?: number;
  embed?: Embedder;
  signal?: AbortSignal;
}

/** a candidate and why it was kept or dropped (for the deep-thinking text) */
export interface Candidate {
  passage: Passage;
  kept: boolean;
  /** Chinese, for the thinking text */
  reason: string;
}

/** how the question was read and judged, for the deep-thinking text */
export interface RetrievalAnalysis {
  /** words dropped as words of asking, of the classroom or of chat */
  dropped: string[];
  /** terms no lecture uses: ignored */
  unseen: string[];
  /** terms found under another name: [term, the forms the lectures use] */
  aliases: [string, string[]][];
  /** the terms of each side (one side unless the question compares) */
  parts: string[][];
  /** each side's name: its most telling term */
  sides: string[];
  /** the relevance decision of each side, in Chinese */
  decisions: string[];
  /** what each side's decision weighed (null: no candidate) */
  signals: (DecisionInput | null)[];
}

export interface Retrieval {
  keywords: string[];
  /** best first, at most TOP_K */
  passages: Passage[];
  /** the candidates in ranked order, kept or not */
  candidates: Candidate[];
  /** true when the embedding ranking took part */
  fused: boolean;
  analysis: RetrievalAnalysis;
}

export interface KnowledgeBase {
  /** applies queued course changes for at most maxMs; the rest follows in the background */
  catchUp(maxMs: number): Promise<{ applied: number; remaining: number }>;
  /**
   * re-chunks every course, course by course in place (questions meanwhile find the old chunks of
   * the courses not yet done); onProgress after each transaction
   */
  rebuild(options?: {
    onProgress?: (done: number, total: number) => void;
  }): Promise<{ courses: number; chunks: number }>;
  retrieve(query: RetrievalQuery): Promise<Retrieval>;
  /**
   * adds the platform's own names and terms (ai_terms; on a first start, every course's) to the
   * segmenter that search and the AI share; also done by the first indexing or question
   */
  loadDictionary(): Promise<void>;
  stats(): Promise<{ chunks: number; pending: number }>;
}

export interface ChunkRow {
  id: number;
  videoId: number;
  seq: number;
  kind: ChunkKind;
  timePoint: number;
  text: string;
  /** JSON [[offset, second]] of each sentence */
  marks: string;
  courseId: number;
  catalogId: number;
  videoName: string;
  courseName: string;
  authorName: string;
}

/** a sentence of a chunk as ai_sentences keeps it */
export interface SentenceRow {
  chunkId: number;
  seq: number;
  skeleton: number;
  sentence: number;
  named: boolean;
}

type Awaitable<T> = T | Promise<T>;

/** where a form is found: chunks holding it as a word or phrase, else as the phrase of its bigrams */
export interface FormFrequency {
  words: number;
  grams: number;
}

/** a form not in the word index is looked for by its bigrams when it has a letter or digit and two characters or more */
export const asksGrams = (form: string): boolean => /[\p{L}\p{N}]/u.test(form) && [...form].length > 1;

/** what retrieval asks of the engine that keeps the knowledge base */
export interface KnowledgeReader {
  /** chunks in the knowledge base */
  chunkCount(): Awaitable<number>;
  /**
   * For each form, in order: the chunks whose words (text, video name, course) hold it as a word or
   * phrase, and where none do and asksGrams(form), the chunks whose text holds its bigrams in a row
   * (up to DF_CAP; else 0). All of a question's forms are asked at once: on PostgreSQL one
   * statement, where a form each cost a round trip.
   */
  formFrequencies(forms: string[]): Awaitable<FormFrequency[]>;
  /** for each form, the chunks whose text holds its bigrams in a row, counted up to DF_CAP */
  gramFrequencies(forms: string[]): Awaitable<number[]>;
  /**
   * the best CANDIDATES chunks, best first (ties: lower id), by BM25 over the word columns for the
   * forms as an OR of phrases (a form listed twice counts twice), within a course when courseId > 0
   */
  wordRanking(forms: string[], courseId: number): Awaitable<ChunkRow[]>;
  /** the same over the bigrams, each form the phrase of its bigrams */
  gramRanking(forms: string[], courseId: number): Awaitable<ChunkRow[]>;
  sentences(chunkIds: number[]): Awaitable<SentenceRow[]>;
  /** for each skeleton, the different sentences it frames, counted up to limit */
  skeletonSentences(skeletons: number[], limit: number): Awaitable<Map<number, number>>;
  /** for each sentence, the videos that say it, counted up to limit */
  sentenceVideos(sentences: number[], limit: number): Awaitable<Map<number, number>>;
  /** each video's transcript chunks in order, in the order of the videos */
  transcripts(videoIds: number[]): Awaitable<ChunkRow[][]>;
  /** the first second past 0 of the video's keyframes and transcript, null when none */
  firstMoment(videoId: number): Awaitable<number | null>;
  /** the texts of the video's abstract and keyframe chunks */
  summaries(videoId: number): Awaitable<string[]>;
  /** the key points of the video's keyframes */
  keyframeLabels(videoId: number): Awaitable<string[]>;
}

export interface Retriever {
  retrieve(query: RetrievalQuery): Promise<Retrieval>;
  /** the knowledge base changed: frequencies and boilerplate are read again */
  forget(): void;
}

/**
 * The person a side asks about whom no lecture names (under any of the lexicon's names), if any: a
 * question about them has no answer here. A piece of a longer name that the lectures write
 * otherwise is not one (迪克 of 迪克斯特拉 beside 斯特拉, a name the lectures write in 迪杰斯特拉):
 * jieba cut a variant transliteration into a name it does not find and one it does.
 */
export function strangerOf(looked: readonly WeightedTerm[], part: number, question: string): WeightedTerm | undefined {
  const asked = fold(question.normalize('NFKC')).toLowerCase();
  const joined = (t: WeightedTerm) =>
    looked.some(
      (u) =>
        u.idf > 0 &&
        (u.person === true || u.proper === true) &&
        (asked.includes(t.text + u.text) || asked.includes(u.text + t.text)),
    );
  return looked.find((t) => t.part === part && t.idf === 0 && t.person === true && !joined(t));
}

const cosine = (a: number[], b: number[]): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
};

/**
 * Retrieval over the reader; isCorpusTerm tells a name or term of the platform's own (ai_terms),
 * lower case.
 */
export function createRetriever(
  reader: KnowledgeReader,
  isCorpusTerm: (form: string) => boolean,
  soundsLike: (text: string) => string[] = () => [],
): Retriever {
  /**
   * Chunks in the knowledge base (for inverse document frequencies), counted again after the queue
   * is applied here and at least every CHUNK_COUNT_TTL_MS (another process may rebuild): a count is
   * a scan of a million rows at 100 000 courses, too slow for every question.
   */
  let chunksCounted: { n: number; at: number } | null = null;
  async function chunkCount(): Promise<number> {
    if (!chunksCounted || Date.now() - chunksCounted.at > CHUNK_COUNT_TTL_MS)
      chunksCounted = { n: Math.max(1, await reader.chunkCount()), at: Date.now() };
    return chunksCounted.n;
  }

  interface TermLookup extends WeightedTerm {
    /** chunks that contain it (its most frequent form; capped at DF_CAP) */
    df: number;
    /** forms the word index has */
    wordForms: string[];
    /** forms only the bigram index has (as the phrase of their bigrams) */
    gramForms: string[];
  }

  /**
   * Each planned term with its weight and where it is found: in the word index, else as the phrase
   * of its bigrams (放管服改革 where the lectures write “放管服”改革); unseen terms get weight 0. A
   * name or term of the platform's own weighs TOPIC_WEIGHT times its inverse
   * document frequency: it is what lectures are about, and its frequency is inflated by the
   * summaries that repeat it.
   */

  /** what the reader said of a question's forms so far */
  type Frequencies = Map<string, FormFrequency>;
  /** the forms not known yet, asked of the reader together */
  async function askForms(forms: string[], known: Frequencies): Promise<void> {
    const asked = [...new Set(forms)].filter((form) => !known.has(form));
    if (asked.length === 0) return;
    const found = await reader.formFrequencies(asked);
    asked.forEach((form, i) => known.set(form, found[i]!));
  }

  async function lookUp(plan: QuestionPlan, known: Frequencies): Promise<TermLookup[]> {
    const total = await chunkCount();
    await askForms(
      plan.terms.flatMap((t) => t.forms),
      known,
    );
    const looked = plan.terms.map((term) => lookUpTerm(term, total, known));
    // a word the lectures never write (婉约派, 费尔巴哈论纲, 杂交稻): its telling words stand for it,
    // each weighing its share of the word's characters (all of them asked at once, some perhaps in vain)
    const unseen = (term: TermLookup) => term.idf <= 0 && [...term.text].length >= 3;
    await askForms(
      looked.filter(unseen).flatMap((term) => termWords(term.text)),
      known,
    );
    const out: TermLookup[] = [];
    for (const term of looked) {
      out.push(term);
      if (!unseen(term)) continue;
      for (const word of termWords(term.text)) {
        if (out.some((t) => t.text === word) || looked.some((t) => t.text === word)) continue;
        const part = lookUpTerm({ text: word, forms: [word], part: term.part }, total, known);
        if (part.idf === 0 || part.df > Math.max(PART_DF_MIN, total * PART_DF_SHARE)) continue;
        out.push({ ...part, idf: (part.idf * [...word].length) / [...term.text].length, partial: true });
      }
    }
    return out;
  }

  /**
   * The platform's terms the question writes with a wrong character, a near-homophone or in
   * traditional characters (薛定鄂方程, 量子糾纏, 一國兩制): a run of the question's characters
   * that no lecture writes and that sounds like a term of the platform's own (the same toneless
   * pinyin) stands for that term. Longest runs first; [what the question wrote, the term].
   */
  async function soundAlikes(
    question: string,
    plan: QuestionPlan,
    looked: TermLookup[],
    total: number,
    known: Frequencies,
  ): Promise<[string, TermLookup][]> {
    const out: [string, TermLookup][] = [];
    const has = (term: string) =>
      looked.some((t) => t.idf > 0 && t.forms.includes(term)) || out.some(([, t]) => t.text === term);
    const text = fold(question.normalize('NFKC'));
    // two characters sound like too many other pairs: only a word of the question's own (not 这种用 → 种用 ~ 中庸)
    const words = new Set(cutWords(text));
    const runs: { written: string; alike: string[] }[] = [];
    for (const run of text.match(/\p{Script=Han}{2,}/gu) ?? []) {
      const chars = [...run];
      for (let length = Math.min(SOUND_MAX, chars.length); length >= 2; length--)
        for (let at = 0; at + length <= chars.length; at++) {
          const written = chars.slice(at, at + length).join('');
          if (length === 2 && !words.has(written)) continue;
          const alike = soundsLike(written);
          if (alike.length > 0) runs.push({ written, alike });
        }
    }
    if (runs.length === 0) return out;
    // the runs no lecture writes, then the terms they sound like: each asked at once (some perhaps in vain)
    const writtenIn = await reader.gramFrequencies(runs.map((r) => r.written));
    const unwritten = runs.filter((_, i) => writtenIn[i] === 0);
    await askForms(
      unwritten.flatMap((r) => r.alike),
      known,
    );
    for (const { written, alike } of unwritten) {
      const terms = alike.filter((t) => !has(t));
      if (terms.length === 0 || out.some(([w]) => w.includes(written))) continue;
      const part = plan.terms.find((t) => written.includes(t.text) || t.text.includes(written))?.part ?? 0;
      for (const term of terms) {
        const found = lookUpTerm({ text: term, forms: [term], part }, total, known);
        if (found.idf > 0) out.push([written, found]);
      }
    }
    return out;
  }

  /** a term with its weight and forms, from the frequencies of its forms (asked before) */
  function lookUpTerm(term: PlannedTerm, total: number, known: Frequencies): TermLookup {
    const wordForms: string[] = [];
    const gramForms: string[] = [];
    let df = 0;
    for (const form of term.forms) {
      const { words: inWords, grams: inGrams } = known.get(form)!;
      if (inWords > 0) {
        wordForms.push(form);
        df = Math.max(df, inWords);
        continue;
      }
      if (inGrams > 0) {
        gramForms.push(form);
        df = Math.max(df, inGrams);
      }
    }
    const topic = df > 0 && term.forms.some(isCorpusTerm) ? TOPIC_WEIGHT : 1;
    const idf = df === 0 ? 0 : topic * Math.log(1 + (total - df + 0.5) / (df + 0.5));
    return { ...term, idf, df, wordForms, gramForms };
  }

  /**
   * Which sentences of these chunks are boilerplate: their skeleton frames many different
   * sentences, or they name no term and are said word for word in many lectures. What a skeleton or a sentence is
   * stays so while the content barely changes: the answers are kept (at most BOILERPLATE_CACHE of
   * each) until this process applies the queue or BOILERPLATE_CACHE_MS pass.
   */
  const skeletonCache = new Map<number, boolean>();
  const sentenceCache = new Map<number, boolean>();
  let boilerplateCachedAt = Date.now();
  function forgetBoilerplate(): void {
    skeletonCache.clear();
    sentenceCache.clear();
    boilerplateCachedAt = Date.now();
  }
  async function boilerplateOf(chunkIds: number[]): Promise<Map<number, Set<number>>> {
    const out = new Map<number, Set<number>>();
    if (chunkIds.length === 0) return out;
    if (Date.now() - boilerplateCachedAt > BOILERPLATE_CACHE_MS) forgetBoilerplate();
    const rows = await reader.sentences(chunkIds);
    // what is not cached is asked in one batch of each kind
    const framedNow = new Map<number, boolean>();
    const skeletons = [...new Set(rows.map((r) => r.skeleton).filter((k) => !skeletonCache.has(k)))];
    if (skeletons.length > 0)
      for (const [skeleton, n] of await reader.skeletonSentences(skeletons, BOILERPLATE_SENTENCES))
        framedNow.set(skeleton, n >= BOILERPLATE_SENTENCES);
    const framedOf = (skeleton: number): boolean => framedNow.get(skeleton) ?? skeletonCache.get(skeleton) ?? false;
    // a sentence naming a term is content however often it is repeated (a definition in every lecture about it)
    const repeatedNow = new Map<number, boolean>();
    const sentences = [
      ...new Set(
        rows.filter((r) => !r.named && !framedOf(r.skeleton) && !sentenceCache.has(r.sentence)).map((r) => r.sentence),
      ),
    ];
    if (sentences.length > 0)
      for (const [sentence, n] of await reader.sentenceVideos(sentences, BOILERPLATE_REPEATS))
        repeatedNow.set(sentence, n >= BOILERPLATE_REPEATS);
    for (const row of rows) {
      const framed = framedOf(row.skeleton);
      const repeated = row.named ? false : (repeatedNow.get(row.sentence) ?? sentenceCache.get(row.sentence) ?? false);
      if (!framed && !repeated) continue;
      let set = out.get(row.chunkId);
      if (!set) out.set(row.chunkId, (set = new Set()));
      set.add(row.seq);
    }
    for (const [skeleton, framed] of framedNow) {
      if (skeletonCache.size >= BOILERPLATE_CACHE) skeletonCache.clear();
      skeletonCache.set(skeleton, framed);
    }
    for (const [sentence, repeated] of repeatedNow) {
      if (sentenceCache.size >= BOILERPLATE_CACHE) sentenceCache.clear();
      sentenceCache.set(sentence, repeated);
    }
    return out;
  }

  interface Ranked {
    row: ChunkRow;
    scored: ScoredChunk;
    score: number;
    part: number;
  }

  const marksOf = (row: ChunkRow): [number, number][] => JSON.parse(row.marks) as [number, number][];

  function score(row: ChunkRow, terms: WeightedTerm[], boilerplate: Map<number, Set<number>>): ScoredChunk | null {
    return scoreChunk(
      {
        kind: row.kind,
        text: row.text,
        marks: marksOf(row),
        videoName: row.videoName,
        courseName: row.courseName,
        // a course's description is the platform's own sentence about it (who teaches it, its lectures), never a lecture's filler
        boilerplate: row.kind === 'course' ? new Set() : (boilerplate.get(row.id) ?? new Set()),
      },
      terms,
    );
  }

  /** a video's transcript with the boilerplate sentences of its chunks */
  interface Spoken {
    rows: ChunkRow[];
    boilerplate: Map<number, Set<number>>;
  }
  /**
   * The transcripts of these videos (those not read yet), read together with their boilerplate:
   * a question looks at a dozen candidates' videos or more at 100 000 courses, and each was two
   * or three round trips on PostgreSQL.
   */
  async function readSpoken(videoIds: number[], spoken: Map<number, Spoken>): Promise<void> {
    const asked = [...new Set(videoIds)].filter((id) => !spoken.has(id));
    if (asked.length === 0) return;
    const transcripts = await reader.transcripts(asked);
    const boilerplate = await boilerplateOf(transcripts.flat().map((r) => r.id));
    asked.forEach((id, i) => spoken.set(id, { rows: transcripts[i]!, boilerplate }));
  }

  /**
   * The transcript sentence of the video that best says the side's terms (the keyframe's or
   * abstract's own words break ties), so that a citation points at where it is spoken; null when
   * the video's transcript says none of them.
   */
  function spokenFor(item: Ranked, terms: WeightedTerm[], { rows, boilerplate }: Spoken): Ranked | null {
    let best: Ranked | null = null;
    for (const row of rows) {
      const scored = score(row, terms, boilerplate);
      if (!scored || scored.said === 0) continue;
      const echo = nearDuplicate(scored.quote, item.scored.quote) ? 1.05 : 1;
      const value = scored.score * echo;
      if (!best || value > best.score) best = { row, scored, score: value, part: item.part };
    }
    return best;
  }

  /**
   * An abstract or course description whose words no transcript sentence says: quoted as it is,
   * cited at the first moment of its video past 0 s (its first keyframe, else its first sentence
   * spoken after the start); null when the video has none.
   */
  async function firstSpoken(item: Ranked): Promise<Ranked | null> {
    const second = await reader.firstMoment(item.row.videoId);
    return second === null ? null : { ...item, scored: { ...item.scored, second } };
  }

  /**
   * How much of what the best sentence says its own video's summaries (abstract, keyframes) say
   * too, by weight: a lecture's main point is echoed there, an aside or an example is not.
   */
  async function echoOf(item: Ranked, terms: WeightedTerm[]): Promise<number> {
    const said = terms.filter((t) => item.scored.matched.includes(t.text));
    const weight = said.reduce((n, t) => n + t.idf, 0);
    if (weight === 0) return 0;
    const summaries = (await reader.summaries(item.row.videoId)).map(squeeze).join('\n');
    return (
      said.filter((t) => t.forms.some((f) => summaries.includes(squeeze(f)))).reduce((n, t) => n + t.idf, 0) / weight
    );
  }

  /**
   * Whether the best sentence says what a lecture is about, not only a word in passing: a term it
   * says (not one that every lecture says: TOPIC_MIN_IDF) is itself a name or term of the
   * platform's own (ai_terms: a glossary entry, a title, a lecturer, a catalogue), or one of the
   * terms its video's name or keyframe labels name. A word inside a longer term (本质 in
   * 社会主义本质, 黄河 in 黄河大合唱) is not the term.
   */
  async function isTopic(item: Ranked, terms: WeightedTerm[]): Promise<{ topic: boolean; topicPart: boolean }> {
    const said = terms.filter((t) => item.scored.matched.includes(t.text) && t.idf >= TOPIC_MIN_IDF && !t.partial);
    if (said.length === 0) return { topic: false, topicPart: false };
    const named = new Set(
      (await reader.keyframeLabels(item.row.videoId))
        .flatMap((label) => labelTerms(label))
        .concat(labelTerms(item.row.videoName))
        .map(squeeze),
    );
    const topic = said.some((t) => t.forms.some((f) => named.has(squeeze(f)) || isCorpusTerm(f)));
    // the question names the topic in part: 熵 of 熵增原理 (the name or a key point of the video says it)
    // (a rare word: 国家 of 全民国家安全教育日 is said everywhere)
    const topicPart = said.some(
      (t) => t.idf >= TOPIC_PART_MIN_IDF && t.forms.some((f) => [...named].some((n) => n.includes(squeeze(f)))),
    );
    return { topic, topicPart };
  }

  /**
   * What a lecture is about: the longest of its key points (keyframe labels, as terms) that its
   * name says (走近边际效用递减 → 边际效用递减), else the key point its transcript says most (at
   * least twice); null when none.
   */
  async function topicOf(videoId: number): Promise<string | null> {
    const transcript = (await reader.transcripts([videoId]))[0]!;
    const name = squeeze(transcript[0]?.videoName ?? '');
    const points = [...new Set((await reader.keyframeLabels(videoId)).flatMap((label) => labelTerms(label)))];
    const named = points.filter((term) => name.includes(squeeze(term))).sort((a, b) => [...b].length - [...a].length);
    if (named[0]) return named[0];
    const said = squeeze(transcript.map((row) => row.text).join('\n'));
    const times = (term: string) => said.split(squeeze(term)).length - 1;
    const most = points.map((term) => ({ term, n: times(term) })).sort((a, b) => b.n - a.n)[0];
    return most && most.n >= 2 ? most.term : null;
  }

  /** a side's candidates, best first, with the relevance decision */
  interface Side {
    part: number;
    terms: TermLookup[];
    ranked: Ranked[];
    signals: DecisionInput | null;
    decision: { answerable: boolean; reason: string };
  }

  /** a side's candidates: BM25 over the words and the bigrams, in the whole knowledge base and the asked course, scored by their best sentence */
  async function rankSide(
    part: number,
    terms: TermLookup[],
    query: RetrievalQuery,
  ): Promise<{ ranked: Ranked[]; fused: boolean }> {
    const askedCourse = query.courseId ?? 0;
    const askedVideo = query.videoId ?? 0;
    const rows = new Map<number, ChunkRow>();
    const rankings: number[][] = [];
    // the candidates come from the telling terms: a word in a large share of the chunks would make
    // BM25 rank every chunk that has it (a million at 100 000 courses) and adds little; it still
    // counts when the candidates are scored. The rarest term always finds candidates.
    const cap = Math.max(CANDIDATE_DF_MIN, (await chunkCount()) * CANDIDATE_DF_SHARE);
    const rarest = Math.min(...terms.map((t) => t.df));
    const finding = terms.filter((t) => t.df <= cap || t.df === rarest);
    const wordForms = finding.flatMap((t) => t.wordForms);
    const gramForms = finding.flatMap((t) => t.gramForms);
    // the rankings asked at once (on PostgreSQL each is a round trip of its own), read in this order
    const rank = (ranking: KnowledgeReader['wordRanking'], forms: string[]) =>
      forms.length === 0 ? null : Promise.all([ranking(forms, 0), askedCourse > 0 ? ranking(forms, askedCourse) : []]);
    const asked = await Promise.all([rank(reader.wordRanking, wordForms), rank(reader.gramRanking, gramForms)]);
    for (const ranked of asked) {
      if (!ranked) continue;
      const found = ranked.flat();
      for (const row of found) rows.set(row.id, row);
      rankings.push([...new Set(found.map((r) => r.id))]);
    }
    const all = [...rows.values()];
    let fused = false;
    if (query.embed && all.length > 0) {
      try {
        const vectors = await query.embed([query.question, ...all.map((r) => r.text)], query.signal);
        const questionVector = vectors[0]!;
        const similarity = new Map(all.map((r, i) => [r.id, cosine(questionVector, vectors[i + 1] ?? [])]));
        rankings.push([...all].sort((a, b) => similarity.get(b.id)! - similarity.get(a.id)!).map((r) => r.id));
        fused = true;
      } catch (error) {
        if (query.signal?.aborted) throw error;
        // embeddings unavailable: the lexical rankings still answer
      }
    }
    const rrf = new Map<number, number>();
    for (const ranking of rankings)
      ranking.forEach((id, rank) => rrf.set(id, (rrf.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));
    const maxRrf = Math.max(...rrf.values(), 1e-9);

    const boilerplate = await boilerplateOf(all.map((r) => r.id));
    const ranked: Ranked[] = [];
    for (const row of all) {
      const scored = score(row, terms, boilerplate);
      if (!scored) continue;
      // the rankings only break near-ties (or, with embeddings, lift what the model finds close): the sentence's own evidence decides
      let value = scored.score * (1 + (fused ? FUSED_RANK_SHARE : RANK_SHARE) * (rrf.get(row.id)! / maxRrf));
      if (askedVideo > 0 && row.videoId === askedVideo) value *= 1.5;
      else if (askedCourse > 0 && row.courseId === askedCourse) value *= 1.25;
      ranked.push({ row, scored, score: value, part });
    }
    ranked.sort((a, b) => b.score - a.score || a.row.id - b.row.id);
    return { ranked, fused };
  }

  /** what the decision weighs for a side's best candidate */
  async function signalsOf(ranked: Ranked[], terms: TermLookup[]): Promise<DecisionInput | null> {
    const best = ranked[0];
    if (!best) return null;
    const bestTerms = new Set(best.scored.matched);
    // two reads of the video's own words, asked at once
    const [echo, topic] = await Promise.all([echoOf(best, terms), isTopic(best, terms)]);
    return {
      coverage: best.scored.coverage,
      said: best.scored.said,
      total: terms.reduce((n, t) => n + t.idf, 0),
      echo,
      saidTerms: terms.filter((t) => bestTerms.has(t.text)).length,
      ...topic,
      telling: terms.some((t) => bestTerms.has(t.text) && t.idf >= TOPIC_MIN_IDF && !t.partial),
      properName: terms.some((t) => bestTerms.has(t.text) && t.idf >= TOPIC_MIN_IDF && t.proper === true && !t.partial),
      definesTerm: terms.some((t) => best.scored.defined.includes(t.text) && t.idf >= TOPIC_MIN_IDF),
    };
  }

  async function retrieve(query: RetrievalQuery): Promise<Retrieval> {
    const plan = planQuestion(
      query.question,
      query.videoId && refersBack(query.question) ? await topicOf(query.videoId) : null,
    );
    const frequencies: Frequencies = new Map();
    const looked = await lookUp(plan, frequencies);
    const alike = await soundAlikes(query.question, plan, looked, await chunkCount(), frequencies);
    looked.push(...alike.map(([, term]) => term));
    let known = looked.filter((t) => t.idf > 0);
    let parts = plan.parts;
    // a "comparison" one of whose sides names nothing telling (人和人之间…物和物之间) asks about one thing
    if (
      parts > 1 &&
      Array.from({ length: parts }, (_, p) => known.some((t) => t.part === p && t.idf >= TOPIC_MIN_IDF)).includes(false)
    ) {
      known = known.map((t) => ({ ...t, part: 0 }));
      parts = 1;
    }
    const analysis: RetrievalAnalysis = {
      dropped: plan.dropped,
      unseen: looked.filter((t) => t.idf === 0).map((t) => t.text),
      aliases: known
        .filter((t) => t.forms.length > 1 && (t.wordForms.some((f) => f !== t.text) || t.gramForms.length > 0))
        .map((t) => [t.text, t.wordForms.filter((f) => f !== t.text)] as [string, string[]])
        .filter(([, forms]) => forms.length > 0)
        .concat(alike.map(([written, term]) => [written, [term.text]] as [string, string[]])),
      parts: Array.from({ length: parts }, (_, p) => known.filter((t) => t.part === p).map((t) => t.text)),
      sides: Array.from(
        { length: parts },
        (_, p) => [...known.filter((t) => t.part === p)].sort((a, b) => b.idf - a.idf)[0]?.text ?? '',
      ),
      decisions: [],
      signals: [],
    };
    const keywords = known.map((t) => t.text);
    const empty = { keywords, passages: [], candidates: [], fused: false, analysis };
    if (known.length === 0) {
      analysis.decisions.push('问题里没有课程中出现过的关键词');
      return empty;
    }

    // every side ranked and judged first: a comparison answers a side the lectures name when another side is answered
    const sides: Side[] = [];
    let fused = false;
    for (let part = 0; part < parts; part++) {
      const terms = known.filter((t) => t.part === part);
      if (terms.length === 0) continue;
      const result = await rankSide(part, terms, query);
      fused ||= result.fused;
      const signals = await signalsOf(result.ranked, terms);
      // a side asking about a person no lecture names (under any of the names the lexicon knows) is not answered from another's words
      const stranger = strangerOf(looked, part, query.question);
      const decision = stranger
        ? { answerable: false, reason: `问题问到的人物「${stranger.text}」在课程中没有出现` }
        : signals
          ? decide(signals)
          : { answerable: false, reason: '没有找到说到这些关键词的句子' };
      sides.push({ part, terms, ranked: result.ranked, signals, decision });
    }
    if (sides.length > 1 && sides.some((s) => s.decision.answerable)) {
      for (const side of sides) {
        if (side.decision.answerable || !side.signals?.telling || side.signals.coverage < DECISION_FLOOR) continue;
        side.decision = { answerable: true, reason: '比较的另一方可以回答，这一方的专名在课程中有讲解' };
      }
    }

    for (const side of sides) {
      analysis.signals.push(side.signals);
      const label = sides.length > 1 ? `「${analysis.sides[side.part]}」一方：` : '';
      analysis.decisions.push(`${label}${side.decision.answerable ? '可以回答' : '不作回答'}，${side.decision.reason}`);
    }

    // the sides take turns: each side's best lecture first, then the next of each; one passage per
    // video, each where it is spoken, a sentence said once; a course's description only when nothing
    // else of its side is said
    const picked: Ranked[] = [];
    const candidates: Candidate[] = [];
    const perSide = sides.length > 1 ? Math.max(2, Math.floor(TOP_K / sides.length)) : TOP_K;
    const cursors = sides.map(() => 0);
    const spoken = new Map<number, Spoken>();
    const kept = sides.map(() => 0);
    const judge = async (side: Side, index: number, item: Ranked): Promise<boolean> => {
      const best = side.ranked[0]!;
      let reason: string | null = null;
      let chosen: Ranked | null = item;
      if (!side.decision.answerable) reason = '问题在课程中没有可靠的依据';
      else if (item.scored.coverage < Math.min(DECISION_FLOOR, best.scored.coverage)) reason = '与问题关系不大';
      else if (picked.some((p) => p.row.videoId === item.row.videoId)) reason = '同一讲已选一段';
      else if (kept[index]! >= perSide || picked.length >= TOP_K) reason = `已选够${picked.length}段`;
      else if (item.row.kind === 'course' && kept[index]! > 0) reason = '课程介绍不是讲解，已有讲解';
      if (reason === null && item.row.kind !== 'transcript') {
        // this candidate's video and those of the side's next ones that may need theirs, read at once
        const next = side.ranked
          .slice(cursors[index]! - 1)
          .filter((r) => r.row.kind !== 'transcript' && !picked.some((p) => p.row.videoId === r.row.videoId))
          .map((r) => r.row.videoId)
          .filter((id) => !spoken.has(id));
        await readSpoken([...new Set(next)].slice(0, SPOKEN_BATCH), spoken);
        chosen =
          spokenFor(item, side.terms, spoken.get(item.row.videoId)!) ??
          (item.row.kind === 'keyframe' ? item : await firstSpoken(item));
        if (!chosen) reason = '简介没有对应的讲解时刻';
      }
      if (reason === null && chosen && picked.some((p) => nearDuplicate(p.scored.quote, chosen!.scored.quote)))
        reason = '与已选的句子重复';
      if (reason === null && chosen) {
        picked.push(chosen);
        kept[index]!++;
      }
      candidates.push({
        passage: passageOf(chosen ?? item),
        kept: reason === null,
        reason: reason ?? `说到${(chosen ?? item).scored.matched.map((t) => `「${t}」`).join('')}，保留`,
      });
      return reason === null;
    };
    for (let progress = true; progress;) {
      progress = false;
      for (const [index, side] of sides.entries()) {
        while (cursors[index]! < side.ranked.length) {
          const item = side.ranked[cursors[index]!++]!;
          if (await judge(side, index, item)) {
            progress = true;
            break;
          }
        }
      }
    }
    if (picked.length === 0) return { ...empty, candidates, fused };
    // a comparison's sides take turns, so each is answered near the top
    const order =
      sides.length > 1
        ? picked
            .map((p, i) => ({ p, turn: picked.filter((q, j) => j < i && q.part === p.part).length }))
            .sort((a, b) => a.turn - b.turn || a.p.part - b.p.part)
            .map((x) => x.p)
        : picked;
    return { keywords, passages: order.map(passageOf), candidates, fused, analysis };
  }

  function passageOf(item: Ranked): Passage {
    const { row, scored } = item;
    return {
      chunkId: row.id,
      videoId: row.videoId,
      courseId: row.courseId,
      catalogId: row.catalogId,
      videoName: row.videoName,
      courseName: row.courseName,
      authorName: row.authorName,
      timePoint: scored.second,
      kind: row.kind,
      text: row.text,
      quote: scored.quote,
      part: item.part,
      score: item.score,
      matchedTerms: scored.matched,
    };
  }

  // the interface answers promises (PostgreSQL's must); here each call does its work at once, synchronously
  return {
    retrieve,
    forget() {
      chunksCounted = null;
      forgetBoilerplate();
    },
  };
}
