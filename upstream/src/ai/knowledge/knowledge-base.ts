/**
 * The AI knowledge base over the store's SQLite connection (migrations 0008, 0010): the chunks of
 * every course's material, kept current from a queue of changed courses, and retrieval of the
 * passages that answer a question.
 *
 * Retrieval (ranking.ts holds the pure parts):
 * 1. The question's plan (question-plan.ts): its terms with their aliases, split by side for a
 *    comparison. A term no chunk contains, as a word or as the phrase of its character bigrams,
 *    is unseen: it counts neither for nor against. A term jieba cut differently in the lectures is
 *    found by its bigrams (ai_chunk_grams).
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
 *
 * Keeping current never stalls the main API: a question indexes at most one queued course, and only
 * when the write lock is free at once (another process may hold it for seconds: a rebuild,
 * ai:content); the rest drains in the background, DRAIN_SLICE_MS every DRAIN_INTERVAL_MS, on the
 * same terms. Meanwhile answers come from the knowledge base as it is.
 */
import { createHash } from 'node:crypto';
import type { Database as DatabaseType } from 'better-sqlite3';
import { addUserWords, ftsString, gramPhrase, indexWords, isUserWord, textGrams } from '../../search/analyzer';
import { statementCache } from '../../store/statements';
import type { Passage } from '../provider';
import { chunkCourse, type ChunkKind, type CourseMaterial } from './chunker';
import { courseAliases, courseTerms, labelTerms, skeletonOf } from './corpus-terms';
import { addAliases, aliases, planQuestion, termWords, type PlannedTerm, type QuestionPlan } from './question-plan';
import {
  BOILERPLATE_REPEATS,
  BOILERPLATE_SENTENCES,
  DECISION_FLOOR,
  decide,
  type DecisionInput,
  nearDuplicate,
  scoreChunk,
  sentencesOf,
  squeeze,
  type ScoredChunk,
  type WeightedTerm,
} from './ranking';

/** BM25 candidates read per side of a question (and again within the asked course) */
export const CANDIDATES = 40;
/** passages handed to the provider at most */
export const TOP_K = 5;
/** a term found in more chunks than this idf allows (about 5 % of them) is too common to be a topic */
const TOPIC_MIN_IDF = 3;
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
/** BM25 weights of the word columns text, video, course */
const WEIGHTS = '4.0, 2.0, 1.0';
/** courses indexed per transaction when applying the queue */
const PENDING_BATCH = 20;
/**
 * The queue drains in the background in slices of at most DRAIN_SLICE_MS (a course is never cut:
 * a slice is at least one course) every DRAIN_INTERVAL_MS, so requests keep most of the event loop.
 */
export const DRAIN_SLICE_MS = 20;
export const DRAIN_INTERVAL_MS = 200;
/** a drain that found the write lock taken (a rebuild, ai:content) tries again after this */
const DRAIN_BUSY_RETRY_MS = 1_000;

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
  rebuild(options?: { onProgress?: (done: number, total: number) => void }): Promise<{ courses: number; chunks: number }>;
  retrieve(query: RetrievalQuery): Promise<Retrieval>;
  /**
   * adds the platform's own names and terms (ai_terms; on a first start, every course's) to the
   * segmenter that search and the AI share; also done by the first indexing or question
   */
  loadDictionary(): Promise<void>;
  stats(): Promise<{ chunks: number; pending: number }>;
}

interface ChunkRow {
  id: number;
  videoId: number;
  seq: number;
  kind: ChunkKind;
  timePoint: number;
  text: string;
  marks: string;
  courseId: number;
  catalogId: number;
  videoName: string;
  courseName: string;
  authorName: string;
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

/** 48 bits of a text's SHA-1, a safe integer */
const hash48 = (text: string): number => createHash('sha1').update(text).digest().readUIntBE(0, 6);

export function createKnowledgeBase(db: DatabaseType): KnowledgeBase {
  const prepare = statementCache(db);

  // ---- writing ---------------------------------------------------------------------------------

  function materialOf(courseId: number): CourseMaterial | null {
    const course = prepare(
      `SELECT c.id, c.name, c.info, l.name AS lecturerName, l.position AS lecturerPosition, cat.name AS catalogueName
       FROM courses c JOIN lecturers l ON l.id = c.lecturer_id LEFT JOIN catalogues cat ON cat.id = c.catalogue_id WHERE c.id = ?`,
    ).get(courseId) as
      | { id: number; name: string; info: string; lecturerName: string; lecturerPosition: string; catalogueName: string | null }
      | undefined;
    if (!course) return null;
    const videos = prepare('SELECT id, name, abstract FROM videos WHERE course_id = ? ORDER BY sort, id').all(courseId) as {
      id: number;
      name: string;
      abstract: string;
    }[];
    return {
      courseId,
      courseName: course.name,
      courseInfo: course.info,
      lecturerName: course.lecturerName,
      lecturerPosition: course.lecturerPosition,
      catalogueName: course.catalogueName ?? '',
      videos: videos.map((v) => ({
        videoId: v.id,
        videoName: v.name,
        abstract: v.abstract,
        keyframes: prepare(
          'SELECT time_point AS timePoint, key_points AS keyPoints, description FROM video_keyframes WHERE video_id = ? ORDER BY seq',
        ).all(v.id) as { timePoint: number; keyPoints: string; description: string }[],
        transcript: prepare(
          'SELECT text, start_ms AS startMs, end_ms AS endMs FROM video_transcripts WHERE video_id = ? ORDER BY seq',
        ).all(v.id) as { text: string; startMs: number; endMs: number }[],
      })),
    };
  }

  /** the course's chunks out of every index */
  function dropChunks(where: string, arg?: number): void {
    const old = prepare(`SELECT id FROM ai_chunks WHERE ${where}`).all(...(arg === undefined ? [] : [arg])) as { id: number }[];
    for (const { id } of old) {
      prepare('DELETE FROM ai_chunk_words WHERE rowid = ?').run(id);
      prepare('DELETE FROM ai_chunk_grams WHERE rowid = ?').run(id);
      prepare('DELETE FROM ai_sentences WHERE chunk_id = ?').run(id);
    }
    prepare(`DELETE FROM ai_chunks WHERE ${where}`).run(...(arg === undefined ? [] : [arg]));
  }

  /** the dictionary's terms (ai_terms) and the segmenter's user words, as a lookup */
  const isDictionaryTerm = (word: string): boolean => isUserWord(word);

  /**
   * The platform's terms into the segmenter before anything is cut: those stored, and on the first
   * start (none stored) every course's, so that the first course indexed already masks and keeps
   * whole the terms of the last.
   */
  /** the platform's terms, lower-cased (loadTerms, indexCourse): a lookup per question term without a query */
  const corpusTerms = new Set<string>();
  const isCorpusTerm = (form: string): boolean => corpusTerms.has(form.toLowerCase());

  let termsLoaded = false;
  function loadTerms(): void {
    if (termsLoaded) return;
    termsLoaded = true;
    // the alias lexicon's names too, so that search and the AI cut them alike from the start
    aliases();
    const stored = (prepare('SELECT term FROM ai_terms').all() as { term: string }[]).map((r) => r.term);
    for (const term of stored) corpusTerms.add(term.toLowerCase());
    if (stored.length > 0) {
      addUserWords(stored);
      addAliases((prepare('SELECT term, alias FROM ai_aliases').all() as { term: string; alias: string }[]).map((r) => [r.term, r.alias] as const));
      return;
    }
    const ids = (prepare('SELECT id FROM courses ORDER BY id').all() as { id: number }[]).map((r) => r.id);
    const all = new Set<string>(catalogueTerms());
    for (const id of ids) {
      const material = materialOf(id);
      if (material) for (const term of courseTerms(material)) all.add(term);
    }
    addUserWords(all);
  }

  /** the catalogue's names (subjects and their categories) as terms */
  const catalogueTerms = (): string[] =>
    (prepare('SELECT DISTINCT name FROM catalogues').all() as { name: string }[]).flatMap((r) => labelTerms(r.name));

  /** Replaces a course's chunks with those of its current material; returns how many it wrote. */
  function indexCourse(courseId: number): number {
    loadTerms();
    dropChunks('course_id = ?', courseId);
    const material = materialOf(courseId);
    if (!material) return 0;
    const terms = courseTerms(material);
    if (material.catalogueName) for (const term of labelTerms(material.catalogueName)) terms.add(term);
    addUserWords(terms);
    const others = courseAliases(material);
    for (const [term, alias] of others) prepare('INSERT OR IGNORE INTO ai_aliases (term, alias) VALUES (?, ?)').run(term, alias);
    addAliases(others);
    for (const term of terms) {
      prepare('INSERT OR IGNORE INTO ai_terms (term) VALUES (?)').run(term);
      corpusTerms.add(term.toLowerCase());
    }
    const courseWords = indexWords(`${material.courseName} ${material.lecturerName}`);
    const names = new Map(material.videos.map((v) => [v.videoId, indexWords(v.videoName)]));
    const chunks = chunkCourse(material);
    for (const chunk of chunks) {
      const { lastInsertRowid } = prepare(
        `INSERT INTO ai_chunks (course_id, video_id, seq, kind, time_point, text, marks) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(courseId, chunk.videoId, chunk.seq, chunk.kind, chunk.timePoint, chunk.text, JSON.stringify(chunk.marks));
      prepare('INSERT INTO ai_chunk_words (rowid, text, video, course) VALUES (?, ?, ?, ?)').run(
        lastInsertRowid,
        indexWords(chunk.text),
        names.get(chunk.videoId) ?? '',
        courseWords,
      );
      prepare('INSERT INTO ai_chunk_grams (rowid, grams) VALUES (?, ?)').run(lastInsertRowid, textGrams(chunk.text));
      sentencesOf(chunk.text, chunk.marks).forEach((sentence, seq) => {
        const skeleton = skeletonOf(sentence.text, isDictionaryTerm);
        if (skeleton === '') return;
        prepare('INSERT INTO ai_sentences (chunk_id, seq, video_id, skeleton, sentence, named) VALUES (?, ?, ?, ?, ?, ?)').run(
          lastInsertRowid,
          seq,
          chunk.videoId,
          hash48(skeleton),
          hash48(sentence.text.replace(/[^\p{L}\p{N}]/gu, '')),
          skeleton.includes('□') ? 1 : 0,
        );
      });
    }
    return chunks.length;
  }

  /**
   * Chunks in the knowledge base (for inverse document frequencies), counted again after this
   * process applies the queue and at least every CHUNK_COUNT_TTL_MS (another process may rebuild):
   * a count is a scan of a million rows at 100 000 courses, too slow for every question.
   */
  let chunksCounted: { n: number; at: number } | null = null;
  function chunkCount(): number {
    if (!chunksCounted || Date.now() - chunksCounted.at > CHUNK_COUNT_TTL_MS)
      chunksCounted = { n: Math.max(1, (prepare('SELECT count(*) AS n FROM ai_chunks').get() as { n: number }).n), at: Date.now() };
    return chunksCounted.n;
  }

  interface ApplyOptions {
    /** index this course first when it is queued */
    first?: number;
    /** courses at most (default: as many as maxMs allows) */
    maxCourses?: number;
    /**
     * wait at most this long for another process's write lock instead of the connection's
     * busy_timeout (5 s): 0 = try once. Throws SQLITE_BUSY when the lock stays taken.
     */
    busyTimeoutMs?: number;
  }

  function applyPending(maxMs: number, options: ApplyOptions = {}): { applied: number; remaining: number } {
    const deadline = Date.now() + maxMs;
    const maxCourses = options.maxCourses ?? Number.MAX_SAFE_INTEGER;
    let applied = 0;
    for (;;) {
      const done = withBusyTimeout(options.busyTimeoutMs, () =>
        db
          .transaction(() => {
            const rows = prepare(
              'SELECT id, course_id AS courseId FROM ai_kb_pending ORDER BY course_id = ? DESC, id LIMIT ?',
            ).all(options.first ?? 0, Math.min(PENDING_BATCH, maxCourses - applied)) as { id: number; courseId: number }[];
            const handled: number[] = [];
            for (const row of rows) {
              indexCourse(row.courseId);
              handled.push(row.id);
              if (Date.now() >= deadline) break;
            }
            prepare('DELETE FROM ai_kb_pending WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify(handled));
            return handled.length;
          })
          .immediate(),
      );
      applied += done;
      if (done > 0) {
        chunksCounted = null;
        forgetBoilerplate();
      }
      if (done === 0 || applied >= maxCourses || Date.now() >= deadline) break;
    }
    const remaining = (prepare('SELECT count(*) AS n FROM ai_kb_pending').get() as { n: number }).n;
    return { applied, remaining };
  }

  /** fn with the connection's busy_timeout set to ms (unchanged when undefined), restored after */
  function withBusyTimeout<T>(ms: number | undefined, fn: () => T): T {
    // inside a transaction the lock is held already: nothing to wait for
    if (ms === undefined || db.inTransaction) return fn();
    const usual = db.pragma('busy_timeout', { simple: true }) as number;
    db.pragma(`busy_timeout = ${ms}`);
    try {
      return fn();
    } finally {
      db.pragma(`busy_timeout = ${usual}`);
    }
  }

  let drainTimer: NodeJS.Timeout | null = null;
  /** the queue's rest, a slice at a time between requests, never waiting for another process's lock */
  function scheduleDrain(delayMs = DRAIN_INTERVAL_MS): void {
    if (drainTimer) return;
    drainTimer = setTimeout(() => {
      drainTimer = null;
      if (!db.open) return;
      try {
        if (applyPending(DRAIN_SLICE_MS, { busyTimeoutMs: 0 }).remaining > 0) scheduleDrain();
      } catch {
        // the write lock is held elsewhere (a rebuild, ai:content): try again a little later
        if (db.open) scheduleDrain(DRAIN_BUSY_RETRY_MS);
      }
    }, delayMs);
    drainTimer.unref();
  }

  const anyPending = (): boolean => (prepare('SELECT EXISTS (SELECT 1 FROM ai_kb_pending) AS any').get() as { any: number }).any === 1;

  function catchUp(maxMs: number): { applied: number; remaining: number } {
    if (!anyPending()) return { applied: 0, remaining: 0 };
    try {
      const result = applyPending(maxMs);
      if (result.remaining > 0) scheduleDrain();
      return result;
    } catch {
      // busy: answer from the knowledge base as it is, and try again between requests
      scheduleDrain();
      return { applied: 0, remaining: -1 };
    }
  }

  /**
   * A question's share of the queue: one course at most (the asked course when it is queued, else
   * the oldest), and only when the write lock is free at once; the rest drains in the background.
   */
  function catchUpForQuestion(courseId: number): void {
    if (!anyPending()) return;
    try {
      if (applyPending(0, { first: courseId, maxCourses: 1, busyTimeoutMs: 0 }).remaining === 0) return;
    } catch {
      // the lock is taken: answer from the knowledge base as it is
    }
    scheduleDrain();
  }

  // ---- retrieval -------------------------------------------------------------------------------

  const CHUNK_COLUMNS = `ch.id, ch.video_id AS videoId, ch.seq, ch.kind, ch.time_point AS timePoint, ch.text, ch.marks,
    ch.course_id AS courseId, c.catalogue_id AS catalogId, v.name AS videoName, c.name AS courseName, l.name AS authorName`;
  const CHUNK_JOINS = `JOIN videos v ON v.id = ch.video_id JOIN courses c ON c.id = ch.course_id JOIN lecturers l ON l.id = c.lecturer_id`;

  /** the best `limit` chunks for an FTS5 expression over the words or the bigrams, best first */
  function bm25Ranking(table: 'ai_chunk_words' | 'ai_chunk_grams', match: string, courseId: number): ChunkRow[] {
    const scope = courseId > 0 ? 'AND w.rowid IN (SELECT id FROM ai_chunks WHERE course_id = @courseId)' : '';
    const rank = table === 'ai_chunk_words' ? `bm25(ai_chunk_words, ${WEIGHTS})` : 'bm25(ai_chunk_grams)';
    return prepare(
      `SELECT ${CHUNK_COLUMNS}
       FROM (SELECT rowid, ${rank} AS score FROM ${table} w
             WHERE ${table} MATCH @match ${scope} ORDER BY score, rowid LIMIT @limit) m
       JOIN ai_chunks ch ON ch.id = m.rowid ${CHUNK_JOINS}
       ORDER BY m.score, m.rowid`,
    ).all({ match, courseId, limit: CANDIDATES }) as ChunkRow[];
  }

  /**
   * Document frequencies from fts5vocab views of the indexes (a B-tree lookup per word), in this
   * connection's temp schema, so no migration is needed. A form unicode61 would cut into several
   * tokens, or a bigram phrase, is counted by MATCH (capped: beyond it a word is common anyway).
   */
  let vocabReady = false;
  const DF_CAP = 5_000;
  function wordFrequency(form: string): number {
    if (/^[\p{L}\p{N}]+$/u.test(form) && form.normalize('NFD') === form) {
      if (!vocabReady) {
        db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.ai_chunk_vocab USING fts5vocab(main, ai_chunk_words, row)');
        vocabReady = true;
      }
      return (prepare('SELECT doc FROM temp.ai_chunk_vocab WHERE term = ?').get(form) as { doc: number } | undefined)?.doc ?? 0;
    }
    return matchCount('ai_chunk_words', ftsString(form));
  }
  const matchCount = (table: 'ai_chunk_words' | 'ai_chunk_grams', match: string): number =>
    (prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT ${DF_CAP})`).get(match) as { n: number }).n;

  interface TermLookup extends WeightedTerm {
    /** chunks that contain it (its most frequent form; capped at DF_CAP) */
    df: number;
    /** forms the word index has */
    wordForms: string[];
    /** bigram phrases of forms only the bigram index has */
    gramPhrases: string[];
  }


  /**
   * Each planned term with its weight and where it is found: in the word index, else as the phrase
   * of its bigrams (放管服改革 where the lectures write “放管服”改革); unseen terms get weight 0. A
   * name or term of the platform's own weighs TOPIC_WEIGHT times its inverse
   * document frequency: it is what lectures are about, and its frequency is inflated by the
   * summaries that repeat it.
   */

  function lookUp(plan: QuestionPlan): TermLookup[] {
    const total = chunkCount();
    const looked = plan.terms.map((term) => lookUpTerm(term, total));
    const out: TermLookup[] = [];
    for (const term of looked) {
      out.push(term);
      if (term.idf > 0 || [...term.text].length < 3) continue;
      // a word the lectures never write (婉约派, 费尔巴哈论纲, 杂交稻): its telling words stand for it,
      // each weighing its share of the word's characters
      for (const word of termWords(term.text)) {
        if (out.some((t) => t.text === word) || looked.some((t) => t.text === word)) continue;
        const part = lookUpTerm({ text: word, forms: [word], part: term.part }, total);
        if (part.idf === 0 || part.df > Math.max(PART_DF_MIN, total * PART_DF_SHARE)) continue;
        out.push({ ...part, idf: (part.idf * [...word].length) / [...term.text].length, partial: true });
      }
    }
    return out;
  }

  function lookUpTerm(term: PlannedTerm, total: number): TermLookup {
    const wordForms: string[] = [];
    const gramPhrases: string[] = [];
    let df = 0;
    for (const form of term.forms) {
      const inWords = wordFrequency(form);
      if (inWords > 0) {
        wordForms.push(form);
        df = Math.max(df, inWords);
        continue;
      }
      const phrase = gramPhrase(form);
      const inGrams = phrase && [...form].length > 1 ? matchCount('ai_chunk_grams', phrase) : 0;
      if (phrase && inGrams > 0) {
        gramPhrases.push(phrase);
        df = Math.max(df, inGrams);
      }
    }
    const topic = df > 0 && term.forms.some(isCorpusTerm) ? TOPIC_WEIGHT : 1;
    const idf = df === 0 ? 0 : topic * Math.log(1 + (total - df + 0.5) / (df + 0.5));
    return { ...term, idf, df, wordForms, gramPhrases };
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
  function boilerplateOf(chunkIds: number[]): Map<number, Set<number>> {
    const out = new Map<number, Set<number>>();
    if (chunkIds.length === 0) return out;
    if (Date.now() - boilerplateCachedAt > BOILERPLATE_CACHE_MS) forgetBoilerplate();
    const rows = prepare(
      'SELECT chunk_id AS chunkId, seq, skeleton, sentence, named FROM ai_sentences WHERE chunk_id IN (SELECT value FROM json_each(?))',
    ).all(JSON.stringify(chunkIds)) as { chunkId: number; seq: number; skeleton: number; sentence: number; named: number }[];
    for (const row of rows) {
      let framed = skeletonCache.get(row.skeleton);
      if (framed === undefined) {
        framed =
          (prepare(`SELECT count(*) AS n FROM (SELECT DISTINCT sentence FROM ai_sentences WHERE skeleton = ? LIMIT ${BOILERPLATE_SENTENCES})`).get(row.skeleton) as { n: number })
            .n >= BOILERPLATE_SENTENCES;
        if (skeletonCache.size >= BOILERPLATE_CACHE) skeletonCache.clear();
        skeletonCache.set(row.skeleton, framed);
      }
      // a sentence naming a term is content however often it is repeated (a definition in every lecture about it)
      let repeated = row.named === 1 ? false : sentenceCache.get(row.sentence);
      if (repeated === undefined && !framed) {
        repeated =
          (prepare(`SELECT count(*) AS n FROM (SELECT DISTINCT video_id FROM ai_sentences WHERE sentence = ? LIMIT ${BOILERPLATE_REPEATS})`).get(row.sentence) as { n: number })
            .n >= BOILERPLATE_REPEATS;
        if (sentenceCache.size >= BOILERPLATE_CACHE) sentenceCache.clear();
        sentenceCache.set(row.sentence, repeated);
      }
      if (!framed && !repeated) continue;
      let set = out.get(row.chunkId);
      if (!set) out.set(row.chunkId, (set = new Set()));
      set.add(row.seq);
    }
    return out;
  }

  const transcriptOfVideo = (videoId: number): ChunkRow[] =>
    prepare(`SELECT ${CHUNK_COLUMNS} FROM ai_chunks ch ${CHUNK_JOINS} WHERE ch.video_id = ? AND ch.kind = 'transcript' ORDER BY ch.seq`).all(
      videoId,
    ) as ChunkRow[];

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

  /**
   * The transcript sentence of the video that best says the side's terms (the keyframe's or
   * abstract's own words break ties), so that a citation points at where it is spoken; null when
   * the video's transcript says none of them.
   */
  function spokenFor(item: Ranked, terms: WeightedTerm[]): Ranked | null {
    const rows = transcriptOfVideo(item.row.videoId);
    const boilerplate = boilerplateOf(rows.map((r) => r.id));
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
  function firstSpoken(item: Ranked): Ranked | null {
    const moment = prepare(
      `SELECT min(time_point) AS second FROM ai_chunks WHERE video_id = ? AND kind IN ('keyframe', 'transcript') AND time_point > 0`,
    ).get(item.row.videoId) as { second: number | null };
    return moment.second === null ? null : { ...item, scored: { ...item.scored, second: moment.second } };
  }

  /**
   * How much of what the best sentence says its own video's summaries (abstract, keyframes) say
   * too, by weight: a lecture's main point is echoed there, an aside or an example is not.
   */
  function echoOf(item: Ranked, terms: WeightedTerm[]): number {
    const said = terms.filter((t) => item.scored.matched.includes(t.text));
    const weight = said.reduce((n, t) => n + t.idf, 0);
    if (weight === 0) return 0;
    const summaries = (
      prepare(`SELECT text FROM ai_chunks WHERE video_id = ? AND kind IN ('abstract', 'keyframe')`).all(item.row.videoId) as { text: string }[]
    )
      .map((r) => squeeze(r.text))
      .join('\n');
    return said.filter((t) => t.forms.some((f) => summaries.includes(squeeze(f)))).reduce((n, t) => n + t.idf, 0) / weight;
  }

  /**
   * Whether the best sentence says what a lecture is about, not only a word in passing: a term it
   * says (not one that every lecture says: TOPIC_MIN_IDF) is itself a name or term of the
   * platform's own (ai_terms: a glossary entry, a title, a lecturer, a catalogue), or one of the
   * terms its video's name or keyframe labels name. A word inside a longer term (本质 in
   * 社会主义本质, 黄河 in 黄河大合唱) is not the term.
   */
  function isTopic(item: Ranked, terms: WeightedTerm[]): boolean {
    const said = terms.filter((t) => item.scored.matched.includes(t.text) && t.idf >= TOPIC_MIN_IDF && !t.partial);
    if (said.length === 0) return false;
    const named = new Set(
      (prepare(`SELECT key_points AS label FROM video_keyframes WHERE video_id = ?`).all(item.row.videoId) as { label: string }[])
        .flatMap((r) => labelTerms(r.label))
        .concat(labelTerms(item.row.videoName))
        .map(squeeze),
    );
    return said.some((t) =>
      t.forms.some((f) => named.has(squeeze(f)) || isCorpusTerm(f)),
    );
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
  async function rankSide(part: number, terms: TermLookup[], query: RetrievalQuery): Promise<{ ranked: Ranked[]; fused: boolean }> {
    const askedCourse = query.courseId ?? 0;
    const askedVideo = query.videoId ?? 0;
    const rows = new Map<number, ChunkRow>();
    const rankings: number[][] = [];
    // the candidates come from the telling terms: a word in a large share of the chunks would make
    // BM25 rank every chunk that has it (a million at 100 000 courses) and adds little; it still
    // counts when the candidates are scored. The rarest term always finds candidates.
    const cap = Math.max(CANDIDATE_DF_MIN, chunkCount() * CANDIDATE_DF_SHARE);
    const rarest = Math.min(...terms.map((t) => t.df));
    const finding = terms.filter((t) => t.df <= cap || t.df === rarest);
    const wordMatch = finding.flatMap((t) => t.wordForms.map(ftsString)).join(' OR ');
    const gramMatch = finding.flatMap((t) => t.gramPhrases).join(' OR ');
    for (const [table, match] of [
      ['ai_chunk_words', wordMatch],
      ['ai_chunk_grams', gramMatch],
    ] as const) {
      if (!match) continue;
      const found = bm25Ranking(table, match, 0);
      if (askedCourse > 0) found.push(...bm25Ranking(table, match, askedCourse));
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
    for (const ranking of rankings) ranking.forEach((id, rank) => rrf.set(id, (rrf.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));
    const maxRrf = Math.max(...rrf.values(), 1e-9);

    const boilerplate = boilerplateOf(all.map((r) => r.id));
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
  function signalsOf(ranked: Ranked[], terms: TermLookup[]): DecisionInput | null {
    const best = ranked[0];
    if (!best) return null;
    const bestTerms = new Set(best.scored.matched);
    return {
      coverage: best.scored.coverage,
      said: best.scored.said,
      total: terms.reduce((n, t) => n + t.idf, 0),
      echo: echoOf(best, terms),
      saidTerms: terms.filter((t) => bestTerms.has(t.text)).length,
      topic: isTopic(best, terms),
      telling: terms.some((t) => bestTerms.has(t.text) && t.idf >= TOPIC_MIN_IDF && !t.partial),
      properName: terms.some((t) => bestTerms.has(t.text) && t.idf >= TOPIC_MIN_IDF && t.proper === true && !t.partial),
      definesTerm: terms.some((t) => best.scored.defined.includes(t.text) && t.idf >= TOPIC_MIN_IDF),
    };
  }

  async function retrieve(query: RetrievalQuery): Promise<Retrieval> {
    catchUpForQuestion(query.courseId ?? 0);
    loadTerms();
    const plan = planQuestion(query.question);
    const looked = lookUp(plan);
    let known = looked.filter((t) => t.idf > 0);
    let parts = plan.parts;
    // a "comparison" one of whose sides names nothing telling (人和人之间…物和物之间) asks about one thing
    if (parts > 1 && Array.from({ length: parts }, (_, p) => known.some((t) => t.part === p && t.idf >= TOPIC_MIN_IDF)).includes(false)) {
      known = known.map((t) => ({ ...t, part: 0 }));
      parts = 1;
    }
    const analysis: RetrievalAnalysis = {
      dropped: plan.dropped,
      unseen: looked.filter((t) => t.idf === 0).map((t) => t.text),
      aliases: known
        .filter((t) => t.forms.length > 1 && (t.wordForms.some((f) => f !== t.text) || t.gramPhrases.length > 0))
        .map((t) => [t.text, t.wordForms.filter((f) => f !== t.text)] as [string, string[]])
        .filter(([, forms]) => forms.length > 0),
      parts: Array.from({ length: parts }, (_, p) => known.filter((t) => t.part === p).map((t) => t.text)),
      sides: Array.from({ length: parts }, (_, p) => [...known.filter((t) => t.part === p)].sort((a, b) => b.idf - a.idf)[0]?.text ?? ''),
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
      const signals = signalsOf(result.ranked, terms);
      // a side asking about a person no lecture names (under any of the names the lexicon knows) is not answered from another's words
      const stranger = looked.find((t) => t.part === part && t.idf === 0 && t.person === true);
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
    const kept = sides.map(() => 0);
    const judge = (side: Side, index: number, item: Ranked): boolean => {
      const best = side.ranked[0]!;
      let reason: string | null = null;
      let chosen: Ranked | null = item;
      if (!side.decision.answerable) reason = '问题在课程中没有可靠的依据';
      else if (item.scored.coverage < Math.min(DECISION_FLOOR, best.scored.coverage)) reason = '与问题关系不大';
      else if (picked.some((p) => p.row.videoId === item.row.videoId)) reason = '同一讲已选一段';
      else if (kept[index]! >= perSide || picked.length >= TOP_K) reason = `已选够${picked.length}段`;
      else if (item.row.kind === 'course' && kept[index]! > 0) reason = '课程介绍不是讲解，已有讲解';
      if (reason === null && item.row.kind !== 'transcript') {
        chosen = spokenFor(item, side.terms) ?? (item.row.kind === 'keyframe' ? item : firstSpoken(item));
        if (!chosen) reason = '简介没有对应的讲解时刻';
      }
      if (reason === null && chosen && picked.some((p) => nearDuplicate(p.scored.quote, chosen!.scored.quote))) reason = '与已选的句子重复';
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
    for (let progress = true; progress; ) {
      progress = false;
      sides.forEach((side, index) => {
        while (cursors[index]! < side.ranked.length) {
          const item = side.ranked[cursors[index]!++]!;
          if (judge(side, index, item)) {
            progress = true;
            break;
          }
        }
      });
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
    catchUp: async (maxMs) => catchUp(maxMs),
    rebuild: async (options = {}) => {
      // course by course in place: each course's chunks are replaced in one transaction, so
      // questions meanwhile find the old chunks of the courses not yet done
      const courses = db
        .transaction(() => {
          prepare('DELETE FROM ai_kb_pending').run();
          return prepare('INSERT INTO ai_kb_pending (course_id) SELECT id FROM courses ORDER BY id').run().changes;
        })
        .immediate();
      let done = 0;
      for (;;) {
        const { applied } = applyPending(0, { maxCourses: 1 });
        if (applied === 0) break;
        done += applied;
        options.onProgress?.(done, courses);
      }
      // chunks of courses that no longer exist (a course deleted while nothing followed the queue)
      db.transaction(() => dropChunks('course_id NOT IN (SELECT id FROM courses)')).immediate();
      return { courses, chunks: (prepare('SELECT count(*) AS n FROM ai_chunks').get() as { n: number }).n };
    },
    retrieve,
    loadDictionary: async () => loadTerms(),
    stats: async () => ({
      chunks: (prepare('SELECT count(*) AS n FROM ai_chunks').get() as { n: number }).n,
      pending: (prepare('SELECT count(*) AS n FROM ai_kb_pending').get() as { n: number }).n,
    }),
  };
}
