/**
 * The AI knowledge base over the store's SQLite connection (migrations 0008, 0010): the chunks of
 * every course's material, kept current from a queue of changed courses, and retrieval of the
 * passages that answer a question (retrieval.ts; indexing.ts makes a course's rows). This file is
 * SQLite's part: the rows in FTS5 (ai_chunk_words with BM25 weights 4, 2, 1 for text, video and
 * course; ai_chunk_grams), the candidate queries, and the queue.
 *
 * Keeping current never stalls the main API: a question indexes at most one queued course, and only
 * when the write lock is free at once (another process may hold it for seconds: a rebuild,
 * ai:content); the rest drains in the background, DRAIN_SLICE_MS every DRAIN_INTERVAL_MS, on the
 * same terms. Meanwhile answers come from the knowledge base as it is.
 */
import type { Database as DatabaseType } from 'better-sqlite3';
import { ftsString, gramPhrase } from '../../search/analyzer';
import { statementCache } from '../../store/statements';
import type { CourseMaterial } from './chunker';
import { createCorpusDictionary } from './indexing';
import {
  asksGrams,
  CANDIDATES,
  DF_CAP,
  WORD_COLUMN_WEIGHTS,
  createRetriever,
  type ChunkRow,
  type KnowledgeBase,
  type KnowledgeReader,
  type SentenceRow,
} from './retrieval';

export type { Candidate, Embedder, KnowledgeBase, Retrieval, RetrievalAnalysis, RetrievalQuery } from './retrieval';
export { CANDIDATES, TOP_K } from './retrieval';

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

export function createKnowledgeBase(db: DatabaseType): KnowledgeBase {
  const prepare = statementCache(db);
  const dictionary = createCorpusDictionary();

  // ---- writing ---------------------------------------------------------------------------------

  function materialOf(courseId: number): CourseMaterial | null {
    const course = prepare(
      `SELECT c.id, c.name, c.info, l.name AS lecturerName, l.position AS lecturerPosition, cat.name AS catalogueName
       FROM courses c JOIN lecturers l ON l.id = c.lecturer_id LEFT JOIN catalogues cat ON cat.id = c.catalogue_id WHERE c.id = ?`,
    ).get(courseId) as
      | {
          id: number;
          name: string;
          info: string;
          lecturerName: string;
          lecturerPosition: string;
          catalogueName: string | null;
        }
      | undefined;
    if (!course) return null;
    const videos = prepare('SELECT id, name, abstract FROM videos WHERE course_id = ? ORDER BY sort, id').all(
      courseId,
    ) as {
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
    const old = prepare(`SELECT id FROM ai_chunks WHERE ${where}`).all(...(arg === undefined ? [] : [arg])) as {
      id: number;
    }[];
    for (const { id } of old) {
      prepare('DELETE FROM ai_chunk_words WHERE rowid = ?').run(id);
      prepare('DELETE FROM ai_chunk_grams WHERE rowid = ?').run(id);
      prepare('DELETE FROM ai_sentences WHERE chunk_id = ?').run(id);
    }
    prepare(`DELETE FROM ai_chunks WHERE ${where}`).run(...(arg === undefined ? [] : [arg]));
  }

  let termsLoaded = false;
  function loadTerms(): void {
    if (termsLoaded) return;
    termsLoaded = true;
    const stored = (prepare('SELECT term FROM ai_terms').all() as { term: string }[]).map((r) => r.term);
    const storedAliases = (
      prepare('SELECT term, alias FROM ai_aliases').all() as { term: string; alias: string }[]
    ).map((r) => [r.term, r.alias] as [string, string]);
    if (dictionary.useStored(stored, storedAliases)) return;
    const ids = (prepare('SELECT id FROM courses ORDER BY id').all() as { id: number }[]).map((r) => r.id);
    const names = (prepare('SELECT DISTINCT name FROM catalogues').all() as { name: string }[]).map((r) => r.name);
    dictionary.useCourses(
      names,
      ids.map(materialOf).filter((m): m is CourseMaterial => m !== null),
    );
  }

  /** Replaces a course's chunks with those of its current material; returns how many it wrote. */
  function indexCourse(courseId: number): number {
    loadTerms();
    dropChunks('course_id = ?', courseId);
    const material = materialOf(courseId);
    if (!material) return 0;
    const indexed = dictionary.index(material);
    for (const [term, alias] of indexed.aliases)
      prepare('INSERT OR IGNORE INTO ai_aliases (term, alias) VALUES (?, ?)').run(term, alias);
    for (const term of indexed.terms) prepare('INSERT OR IGNORE INTO ai_terms (term) VALUES (?)').run(term);
    for (const { chunk, words, videoWords, courseWords, grams, sentences } of indexed.chunks) {
      const { lastInsertRowid } = prepare(
        `INSERT INTO ai_chunks (course_id, video_id, seq, kind, time_point, text, marks) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(courseId, chunk.videoId, chunk.seq, chunk.kind, chunk.timePoint, chunk.text, JSON.stringify(chunk.marks));
      prepare('INSERT INTO ai_chunk_words (rowid, text, video, course) VALUES (?, ?, ?, ?)').run(
        lastInsertRowid,
        words,
        videoWords,
        courseWords,
      );
      prepare('INSERT INTO ai_chunk_grams (rowid, grams) VALUES (?, ?)').run(lastInsertRowid, grams);
      for (const sentence of sentences)
        prepare(
          'INSERT INTO ai_sentences (chunk_id, seq, video_id, skeleton, sentence, named) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(
          lastInsertRowid,
          sentence.seq,
          chunk.videoId,
          sentence.skeleton,
          sentence.sentence,
          sentence.named ? 1 : 0,
        );
    }
    return indexed.chunks.length;
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
            ).all(options.first ?? 0, Math.min(PENDING_BATCH, maxCourses - applied)) as {
              id: number;
              courseId: number;
            }[];
            const handled: number[] = [];
            for (const row of rows) {
              indexCourse(row.courseId);
              handled.push(row.id);
              if (Date.now() >= deadline) break;
            }
            prepare('DELETE FROM ai_kb_pending WHERE id IN (SELECT value FROM json_each(?))').run(
              JSON.stringify(handled),
            );
            return handled.length;
          })
          .immediate(),
      );
      applied += done;
      if (done > 0) retriever.forget();
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

  const anyPending = (): boolean =>
    (prepare('SELECT EXISTS (SELECT 1 FROM ai_kb_pending) AS any').get() as { any: number }).any === 1;

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

  /** the best CANDIDATES chunks for an FTS5 expression over the words or the bigrams, best first */
  function bm25Ranking(table: 'ai_chunk_words' | 'ai_chunk_grams', match: string, courseId: number): ChunkRow[] {
    const scope = courseId > 0 ? 'AND w.rowid IN (SELECT id FROM ai_chunks WHERE course_id = @courseId)' : '';
    const rank =
      table === 'ai_chunk_words' ? `bm25(ai_chunk_words, ${WORD_COLUMN_WEIGHTS.join(', ')})` : 'bm25(ai_chunk_grams)';
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
  function wordFrequency(form: string): number {
    if (/^[\p{L}\p{N}]+$/u.test(form) && form.normalize('NFD') === form) {
      if (!vocabReady) {
        db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.ai_chunk_vocab USING fts5vocab(main, ai_chunk_words, row)');
        vocabReady = true;
      }
      return (
        (prepare('SELECT doc FROM temp.ai_chunk_vocab WHERE term = ?').get(form) as { doc: number } | undefined)?.doc ??
        0
      );
    }
    return matchCount('ai_chunk_words', ftsString(form));
  }
  const matchCount = (table: 'ai_chunk_words' | 'ai_chunk_grams', match: string): number =>
    (
      prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT ${DF_CAP})`).get(
        match,
      ) as { n: number }
    ).n;

  const gramFrequency = (form: string): number => {
    const phrase = gramPhrase(form);
    return phrase ? matchCount('ai_chunk_grams', phrase) : 0;
  };

  const reader: KnowledgeReader = {
    chunkCount: () => (prepare('SELECT count(*) AS n FROM ai_chunks').get() as { n: number }).n,
    formFrequencies: (forms) =>
      forms.map((form) => {
        const words = wordFrequency(form);
        return { words, grams: words === 0 && asksGrams(form) ? gramFrequency(form) : 0 };
      }),
    gramFrequencies: (forms) => forms.map(gramFrequency),
    wordRanking: (forms, courseId) => bm25Ranking('ai_chunk_words', forms.map(ftsString).join(' OR '), courseId),
    gramRanking: (forms, courseId) =>
      bm25Ranking(
        'ai_chunk_grams',
        forms
          .map(gramPhrase)
          .filter((p): p is string => p !== null)
          .join(' OR '),
        courseId,
      ),
    sentences: (chunkIds) =>
      (
        prepare(
          'SELECT chunk_id AS chunkId, seq, skeleton, sentence, named FROM ai_sentences WHERE chunk_id IN (SELECT value FROM json_each(?))',
        ).all(JSON.stringify(chunkIds)) as (Omit<SentenceRow, 'named'> & { named: number })[]
      ).map((r) => ({ ...r, named: r.named === 1 })),
    skeletonSentences: (skeletons, limit) =>
      new Map(
        skeletons.map((skeleton) => [
          skeleton,
          (
            prepare(
              'SELECT count(*) AS n FROM (SELECT DISTINCT sentence FROM ai_sentences WHERE skeleton = ? LIMIT ?)',
            ).get(skeleton, limit) as { n: number }
          ).n,
        ]),
      ),
    sentenceVideos: (sentences, limit) =>
      new Map(
        sentences.map((sentence) => [
          sentence,
          (
            prepare(
              'SELECT count(*) AS n FROM (SELECT DISTINCT video_id FROM ai_sentences WHERE sentence = ? LIMIT ?)',
            ).get(sentence, limit) as { n: number }
          ).n,
        ]),
      ),
    transcripts: (videoIds) =>
      videoIds.map(
        (videoId) =>
          prepare(
            `SELECT ${CHUNK_COLUMNS} FROM ai_chunks ch ${CHUNK_JOINS} WHERE ch.video_id = ? AND ch.kind = 'transcript' ORDER BY ch.seq`,
          ).all(videoId) as ChunkRow[],
      ),
    firstMoment: (videoId) =>
      (
        prepare(
          `SELECT min(time_point) AS second FROM ai_chunks WHERE video_id = ? AND kind IN ('keyframe', 'transcript') AND time_point > 0`,
        ).get(videoId) as { second: number | null }
      ).second,
    summaries: (videoId) =>
      (
        prepare(`SELECT text FROM ai_chunks WHERE video_id = ? AND kind IN ('abstract', 'keyframe')`).all(videoId) as {
          text: string;
        }[]
      ).map((r) => r.text),
    keyframeLabels: (videoId) =>
      (
        prepare('SELECT key_points AS label FROM video_keyframes WHERE video_id = ?').all(videoId) as {
          label: string;
        }[]
      ).map((r) => r.label),
  };
  const retriever = createRetriever(reader, dictionary.isCorpusTerm, dictionary.soundsLike);

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
    async retrieve(query) {
      catchUpForQuestion(query.courseId ?? 0);
      loadTerms();
      return retriever.retrieve(query);
    },
    loadDictionary: async () => loadTerms(),
    stats: async () => ({
      chunks: (prepare('SELECT count(*) AS n FROM ai_chunks').get() as { n: number }).n,
      pending: (prepare('SELECT count(*) AS n FROM ai_kb_pending').get() as { n: number }).n,
    }),
  };
}
