/**
 * The AI knowledge base over the store's SQLite connection (migration 0008): the chunks of every
 * course's material, kept current from a queue of changed courses, and retrieval of the passages
 * that answer a question.
 *
 * Retrieval: the question's keywords (question-analysis.ts) → BM25 over the chunk words (any
 * keyword; chunk text weighs most, then the video's name, then the course's) → the best
 * CANDIDATES, plus as many from the asked course when one is asked → when an embedder is given
 * (a provider that offers `embed`), the candidates ranked again by cosine similarity to the
 * question, and both rankings fused by reciprocal rank → relevance scaled by how much of the
 * question a chunk covers, by its kind and by whether it defines a keyword, boosted for the asked
 * video and course → candidates
 * covering too little of the question dropped, then neighbouring transcript chunks of one
 * video, repeated text and a third chunk of one video → the best TOP_K. Every candidate's fate is kept for the thinking text.
 *
 * Keeping current never stalls the main API: a question indexes at most one queued course, and only
 * when the write lock is free at once (another process may hold it for seconds: a rebuild,
 * ai:content); the rest drains in the background, DRAIN_SLICE_MS every DRAIN_INTERVAL_MS, on the
 * same terms. Meanwhile answers come from the knowledge base as it is.
 */
import type { Database as DatabaseType } from 'better-sqlite3';
import { ftsString, indexWords } from '../../search/analyzer';
import { fold } from './fold';
import { statementCache } from '../../store/statements';
import type { Passage } from '../provider';
import { chunkCourse, type ChunkKind, type CourseMaterial } from './chunker';
import { questionKeywords } from './question-analysis';

/** BM25 candidates read per question (and again within the asked course) */
export const CANDIDATES = 40;
/** passages handed to the provider at most */
export const TOP_K = 5;
/** a video gives at most this many passages: answers cite several lectures where they can */
const PER_VIDEO = 2;
/** reciprocal rank fusion's constant (Cormack et al.: 60) */
const RRF_K = 60;
/** a candidate must contain this share of the question's keywords, weighed by how telling each is (keywordWeights) */
const MIN_COVERAGE = 0.5;
const ASKED_VIDEO_BOOST = 1.5;
const ASKED_COURSE_BOOST = 1.25;
/** a quotable moment of a lecture beats a summary of it */
const KIND_WEIGHT: Record<ChunkKind, number> = { transcript: 1, keyframe: 1, abstract: 0.85, course: 0.7 };
/**
 * a chunk that states what a keyword is ("X是…", "X指…") answers most questions about X better than
 * one that only names it: 什么是X, X是谁提出的, X讲的是什么
 */
const DEFINITION_BOOST = 1.3;
const DEFINING_VERBS = ['是', '指', '就是', '意味着', '说明', '揭示', '认为', '强调', '要求', '主张'];
/** BM25 weights of the columns text, video, course */
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

export interface Retrieval {
  keywords: string[];
  /** best first, at most TOP_K */
  passages: Passage[];
  /** the candidates in fused order, kept or not */
  candidates: Candidate[];
  /** true when the embedding ranking took part */
  fused: boolean;
}

export interface KnowledgeBase {
  /** applies queued course changes for at most maxMs; the rest follows in the background */
  catchUp(maxMs: number): { applied: number; remaining: number };
  /**
   * re-chunks every course, course by course in place (questions meanwhile find the old chunks of
   * the courses not yet done); onProgress after each transaction
   */
  rebuild(options?: { onProgress?: (done: number, total: number) => void }): { courses: number; chunks: number };
  retrieve(query: RetrievalQuery): Promise<Retrieval>;
  stats(): { chunks: number; pending: number };
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

export function createKnowledgeBase(db: DatabaseType): KnowledgeBase {
  const prepare = statementCache(db);

  // ---- writing ---------------------------------------------------------------------------------

  function materialOf(courseId: number): CourseMaterial | null {
    const course = prepare(
      `SELECT c.id, c.name, c.info, l.name AS lecturerName, l.position AS lecturerPosition
       FROM courses c JOIN lecturers l ON l.id = c.lecturer_id WHERE c.id = ?`,
    ).get(courseId) as { id: number; name: string; info: string; lecturerName: string; lecturerPosition: string } | undefined;
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

  /** Replaces a course's chunks with those of its current material; returns how many it wrote. */
  function indexCourse(courseId: number): number {
    const old = prepare('SELECT id FROM ai_chunks WHERE course_id = ?').all(courseId) as { id: number }[];
    for (const { id } of old) prepare('DELETE FROM ai_chunk_words WHERE rowid = ?').run(id);
    prepare('DELETE FROM ai_chunks WHERE course_id = ?').run(courseId);
    const material = materialOf(courseId);
    if (!material) return 0;
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
    }
    return chunks.length;
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

  function bm25Ranking(match: string, courseId: number): ChunkRow[] {
    const scope = courseId > 0 ? 'AND w.rowid IN (SELECT id FROM ai_chunks WHERE course_id = @courseId)' : '';
    return prepare(
      `SELECT ${CHUNK_COLUMNS}
       FROM (SELECT rowid, bm25(ai_chunk_words, ${WEIGHTS}) AS score FROM ai_chunk_words w
             WHERE ai_chunk_words MATCH @match ${scope} ORDER BY score, rowid LIMIT @limit) m
       JOIN ai_chunks ch ON ch.id = m.rowid ${CHUNK_JOINS}
       ORDER BY m.score, m.rowid`,
    ).all({ match, courseId, limit: CANDIDATES }) as ChunkRow[];
  }

  /** the keywords found in the chunk, its video's name or its course's */
  const matchedTerms = (row: ChunkRow, keywords: string[]): string[] => {
    const haystack = fold(`${row.text}\n${row.videoName}\n${row.courseName}`);
    return keywords.filter((k) => haystack.includes(fold(k)));
  };

  const defines = (text: string, terms: string[]): boolean => {
    const folded = fold(text);
    return terms.some((t) => DEFINING_VERBS.some((verb) => folded.includes(fold(t) + verb)));
  };

  /** the second of the chunk's sentence with the most keywords (its start when none has any) */
  function bestSecond(row: ChunkRow, keywords: string[]): number {
    const marks = JSON.parse(row.marks) as [number, number][];
    const chars = [...row.text];
    let best = row.timePoint;
    let bestHits = 0;
    marks.forEach(([offset, second], i) => {
      const sentence = fold(chars.slice(offset, marks[i + 1]?.[0] ?? chars.length).join(''));
      const hits = keywords.reduce((n, k) => n + (sentence.includes(fold(k)) ? [...k].length : 0), 0);
      if (hits > bestHits) {
        bestHits = hits;
        best = second;
      }
    });
    return best;
  }

  /**
   * The chunks' document frequencies come from an fts5vocab view of the index (a B-tree lookup per
   * word) instead of a MATCH count per keyword; it lives in this connection's temp schema, so no
   * migration is needed. A keyword unicode61 would cut into several tokens is counted by MATCH.
   */
  let vocabReady = false;
  function documentFrequency(keyword: string): number {
    const term = keyword.toLowerCase();
    if (/^[\p{L}\p{N}]+$/u.test(term) && term.normalize('NFD') === term) {
      if (!vocabReady) {
        db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.ai_chunk_vocab USING fts5vocab(main, ai_chunk_words, row)');
        vocabReady = true;
      }
      return (prepare('SELECT doc FROM temp.ai_chunk_vocab WHERE term = ?').get(term) as { doc: number } | undefined)?.doc ?? 0;
    }
    return (prepare('SELECT count(*) AS n FROM ai_chunk_words WHERE ai_chunk_words MATCH ?').get(ftsString(keyword)) as { n: number }).n;
  }

  /**
   * How telling each keyword is: its inverse document frequency over the chunks (BM25's). A word
   * the knowledge base never mentions weighs most: a question about it is not answered by
   * passages that only share its generic words (量子计算机的原理 by a course on 计算机 原理).
   */
  function keywordWeights(keywords: string[]): Map<string, number> {
    const total = (prepare('SELECT count(*) AS n FROM ai_chunks').get() as { n: number }).n;
    const weights = new Map<string, number>();
    for (const keyword of keywords) {
      const df = documentFrequency(keyword);
      weights.set(keyword, Math.log(1 + (total - df + 0.5) / (df + 0.5)));
    }
    return weights;
  }

  async function retrieve(query: RetrievalQuery): Promise<Retrieval> {
    catchUpForQuestion(query.courseId ?? 0);
    const keywords = questionKeywords(query.question);
    if (keywords.length === 0) return { keywords, passages: [], candidates: [], fused: false };
    const match = keywords.map(ftsString).join(' OR ');
    const askedCourse = query.courseId ?? 0;
    const askedVideo = query.videoId ?? 0;

    // BM25: the whole knowledge base, then the asked course (its chunks may rank below the cut)
    const bm25 = bm25Ranking(match, 0);
    const seen = new Set(bm25.map((r) => r.id));
    if (askedCourse > 0) for (const row of bm25Ranking(match, askedCourse)) if (!seen.has(row.id)) bm25.push(row);
    const rankings: number[][] = [bm25.map((r) => r.id)];

    let fused = false;
    if (query.embed && bm25.length > 0) {
      try {
        const vectors = await query.embed([query.question, ...bm25.map((r) => r.text)], query.signal);
        const questionVector = vectors[0]!;
        const similarity = new Map(bm25.map((r, i) => [r.id, cosine(questionVector, vectors[i + 1] ?? [])]));
        rankings.push([...bm25].sort((a, b) => similarity.get(b.id)! - similarity.get(a.id)!).map((r) => r.id));
        fused = true;
      } catch (error) {
        if (query.signal?.aborted) throw error;
        // embeddings unavailable: BM25 alone still answers
      }
    }
    const rrf = new Map<number, number>();
    for (const ranking of rankings) ranking.forEach((id, rank) => rrf.set(id, (rrf.get(id) ?? 0) + 1 / (RRF_K + rank + 1)));

    const weights = keywordWeights(keywords);
    const totalWeight = keywords.reduce((n, k) => n + weights.get(k)!, 0);
    const scored = bm25.map((row) => {
      const terms = matchedTerms(row, keywords);
      const coverage = terms.reduce((n, k) => n + weights.get(k)!, 0) / totalWeight;
      let score = rrf.get(row.id)! * (1 + coverage) * KIND_WEIGHT[row.kind];
      if (defines(row.text, terms)) score *= DEFINITION_BOOST;
      if (askedVideo > 0 && row.videoId === askedVideo) score *= ASKED_VIDEO_BOOST;
      else if (askedCourse > 0 && row.courseId === askedCourse) score *= ASKED_COURSE_BOOST;
      const passage: Passage = {
        chunkId: row.id,
        videoId: row.videoId,
        courseId: row.courseId,
        catalogId: row.catalogId,
        videoName: row.videoName,
        courseName: row.courseName,
        authorName: row.authorName,
        timePoint: bestSecond(row, terms),
        kind: row.kind,
        text: row.text,
        score,
        matchedTerms: terms,
      };
      return { passage, coverage, seq: row.seq };
    });
    scored.sort((a, b) => b.passage.score - a.passage.score || a.passage.chunkId - b.passage.chunkId);

    const candidates: Candidate[] = [];
    const kept: typeof scored = [];
    const texts = new Set<string>();
    for (const item of scored) {
      const { passage } = item;
      const folded = fold(passage.text);
      let reason: string | null = null;
      if (item.coverage < MIN_COVERAGE) {
        reason = passage.matchedTerms.length
          ? `只匹配到${passage.matchedTerms.map((t) => `「${t}」`).join('')}，与问题关系不大`
          : '没有匹配到问题的关键词';
      } else if (texts.has(folded)) {
        reason = '与更靠前的片段内容相同';
      } else if (
        // neighbouring transcript chunks continue one another; keyframes are moments of their own
        passage.kind === 'transcript' &&
        kept.some((k) => k.passage.videoId === passage.videoId && k.passage.kind === 'transcript' && Math.abs(k.seq - item.seq) <= 1)
      ) {
        reason = '与已选的相邻片段重复';
      } else if (kept.filter((k) => k.passage.videoId === passage.videoId).length >= PER_VIDEO) {
        reason = `同一讲已选${PER_VIDEO}段`;
      } else if (kept.length >= TOP_K) {
        reason = `已选够${TOP_K}段`;
      }
      if (reason === null) {
        kept.push(item);
        texts.add(folded);
      }
      candidates.push({
        passage,
        kept: reason === null,
        reason: reason ?? `匹配${passage.matchedTerms.map((t) => `「${t}」`).join('')}，保留`,
      });
    }
    return { keywords, passages: kept.map((k) => k.passage), candidates, fused };
  }

  return {
    catchUp,
    rebuild(options = {}) {
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
      db.transaction(() => {
        const orphans = prepare('SELECT id FROM ai_chunks WHERE course_id NOT IN (SELECT id FROM courses)').all() as { id: number }[];
        for (const { id } of orphans) prepare('DELETE FROM ai_chunk_words WHERE rowid = ?').run(id);
        prepare('DELETE FROM ai_chunks WHERE course_id NOT IN (SELECT id FROM courses)').run();
      }).immediate();
      return { courses, chunks: (prepare('SELECT count(*) AS n FROM ai_chunks').get() as { n: number }).n };
    },
    retrieve,
    stats: () => ({
      chunks: (prepare('SELECT count(*) AS n FROM ai_chunks').get() as { n: number }).n,
      pending: (prepare('SELECT count(*) AS n FROM ai_kb_pending').get() as { n: number }).n,
    }),
  };
}
