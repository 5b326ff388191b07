/**
 * The AI knowledge base on PostgreSQL (DATABASE_URL): the same chunks, queue and retrieval as
 * SQLite's (knowledge-base.ts), with retrieval.ts and indexing.ts shared; only the storage and the
 * candidate queries differ (tables: postgres-migrations.ts).
 *
 * BM25 is computed here as FTS5's bm25() computes it (k1 1.2, b 0.75, idf log((N − n + 0.5) /
 * (n + 0.5)) floored at 1e-6, the word columns weighing 4, 2, 1, a row's length its tokens in all
 * columns), not with ts_rank, which is no BM25 and would rank the candidates otherwise than SQLite:
 * - words: a postings table (word, chunk) with the weighted frequency and the chunk's length in
 *   its B-tree, so a word's candidates, their scores and its document frequency are each one range
 *   of one index, summed in SQL. The words are jieba's (search/analyzer.ts indexWords), cut into
 *   tokens as FTS5's unicode61 cuts them. A form of several tokens (rare: 卡尔·马克思) counts the
 *   chunks that have every token, where FTS5 asks for them in a row. Such forms do occur (aliases:
 *   碳达峰、碳中和, h-o理论, crispr-cas9, 0.05), but over both evaluation sets (384 questions,
 *   2026-11-28) no answer differed for it: the postings keep no positions, and honouring the order
 *   would need the chunks' token sequences stored as well.
 * - bigrams: a tsvector of the text's bigrams with their positions, GIN-indexed; a form not in the
 *   word index is the phrase of its bigrams ('ab' <-> 'bc'), exactly FTS5's phrase, and its
 *   frequency in a chunk is how often its letters occur in the chunk's letters.
 * Measured on the demo (10 116 chunks, 2026-11-28, a busy 2-core machine): a question's retrieval
 * p50 14–17 ms, p95 60–107 ms here against SQLite's 2–5 / 5–15 ms (most of it round trips: the
 * boilerplate checks go in one batch each, and so do a question's word frequencies, countForms); indexing every course 13–16 s against 5 s. A 'simple'
 * tsvector of the words with GIN would find the candidates as fast, but BM25 then has to unnest
 * every candidate's vector for its term frequencies, and a document frequency is a bitmap count.
 *
 * Several replicas may drain the queue at once: each takes a queued course with FOR UPDATE SKIP
 * LOCKED and indexes it in its own transaction (one course a transaction, the platform's terms
 * written in sorted order, so two replicas never wait on each other in a circle).
 */
import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { stripMarks } from '../../search/analyzer';
import type { PostgresConnection } from '../../store/postgres/connection';
import { migratePostgres } from '../../store/postgres/migrations';
import type { CourseMaterial } from './chunker';
import { fold } from './fold';
import { createCorpusDictionary } from './indexing';
import { AI_KNOWLEDGE_MIGRATIONS } from './postgres-migrations';
import {
  asksGrams,
  BM25_B,
  BM25_K1,
  CANDIDATES,
  DF_CAP,
  WORD_COLUMN_WEIGHTS,
  createRetriever,
  type ChunkRow,
  type FormFrequency,
  type KnowledgeBase,
  type KnowledgeReader,
  type SentenceRow,
} from './retrieval';

/** the background drain: a slice every DRAIN_INTERVAL_MS, as on SQLite */
const DRAIN_SLICE_MS = 20;
const DRAIN_INTERVAL_MS = 200;
/** after a failed drain (the database away), try again after this; give up after DRAIN_FAILURES in a row */
const DRAIN_RETRY_MS = 1_000;
const DRAIN_FAILURES = 5;
/** collection statistics (chunks, average lengths) are read again after this */
const STATS_TTL_MS = 60_000;
/**
 * The planner's statistics of the knowledge base's tables are taken again (ANALYZE) once this
 * process has written as many chunks as they were taken on (at least ANALYZE_MIN_CHUNKS): a build
 * from scratch is analysed at 1 000, 2 000, 4 000… chunks, not left to autovacuum. A question's
 * statements join the postings by word through unnest and LATERAL; planned on a table that has never
 * been analysed they scan the postings, and the first answer chunk at 10 000 courses took 2.3 s
 * instead of 0.34 s (p50, tests/bench ai-scale) until autovacuum came round.
 */
const ANALYZE_MIN_CHUNKS = 1_000;
/** document frequencies kept (a word or a character run each; a question asks 10–30) */
const FREQUENCY_CACHE_SIZE = 20_000;

/** FTS5's unicode61 (remove_diacritics 2): letters, digits and private-use characters make tokens */
const SEPARATORS = /[^\p{L}\p{N}\p{Co}]+/u;
const tokensOf = (text: string): string[] =>
  fold(text)
    .split(SEPARATORS)
    .filter((t) => t.length > 0);

/** the letters and digits of a text, lower case: what its bigrams spell */
const lettersOf = (text: string): string =>
  fold(
    stripMarks(text)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, ''),
  ).replace(/[^\p{L}\p{N}]/gu, '');
const bigramsOf = (letters: string): string[] => {
  const chars = [...letters];
  if (chars.length <= 1) return chars;
  return chars.slice(1).map((c, i) => chars[i]! + c);
};
/** a tsvector literal of the bigrams with their positions (letters and digits need no escaping) */
const gramVector = (letters: string): string =>
  bigramsOf(letters)
    .map((g, i) => `'${g}':${Math.min(i + 1, 16_383)}`)
    .join(' ');
/** the tsquery of a form's bigrams in a row */
const gramQuery = (letters: string): string =>
  bigramsOf(letters)
    .map((g) => `'${g}'`)
    .join(' <-> ');

/**
 * A form as the word index is asked for it (as SQLite's fts5vocab and MATCH count it): a plain word
 * as written, its whole range counted; anything else as its tokens, counted up to DF_CAP.
 */
const wordQueryOf = (form: string): { tokens: string[]; cap: number } =>
  /^[\p{L}\p{N}]+$/u.test(form) && form.normalize('NFD') === form
    ? { tokens: [form], cap: Number.MAX_SAFE_INTEGER }
    : { tokens: tokensOf(form), cap: DF_CAP };

/** what countForms counts: chunks with every token (up to cap), else chunks spelling the letters */
interface FormCount {
  tokens: string[];
  cap: number;
  letters: string;
}

const idfOf = (chunks: number, hits: number): number => {
  const idf = Math.log((chunks - hits + 0.5) / (hits + 0.5));
  return idf <= 0 ? 1e-6 : idf;
};

export async function createPostgresKnowledgeBase(connection: PostgresConnection): Promise<KnowledgeBase> {
  await migratePostgres(connection, AI_KNOWLEDGE_MIGRATIONS);
  const db = () => connection.db();
  const dictionary = createCorpusDictionary();

  // ---- writing ---------------------------------------------------------------------------------

  async function materialOf(courseId: number): Promise<CourseMaterial | null> {
    const course = (
      await sql<{
        name: string;
        info: string;
        lecturerName: string;
        lecturerPosition: string;
        catalogueName: string | null;
      }>`
        SELECT c.name, c.info, l.name AS "lecturerName", l.position AS "lecturerPosition", cat.name AS "catalogueName"
        FROM courses c JOIN lecturers l ON l.id = c.lecturer_id LEFT JOIN catalogues cat ON cat.id = c.catalogue_id
        WHERE c.id = ${courseId}`.execute(db())
    ).rows[0];
    if (!course) return null;
    const videos = (
      await sql<{ id: number; name: string; abstract: string }>`
        SELECT id, name, abstract FROM videos WHERE course_id = ${courseId} ORDER BY sort, id`.execute(db())
    ).rows;
    const ids = videos.map((v) => v.id);
    const keyframes = (
      await sql<{ videoId: number; timePoint: number; keyPoints: string; description: string }>`
        SELECT video_id AS "videoId", time_point AS "timePoint", key_points AS "keyPoints", description
        FROM video_keyframes WHERE video_id = ANY(${ids}::int[]) ORDER BY video_id, seq`.execute(db())
    ).rows;
    const transcripts = (
      await sql<{ videoId: number; text: string; startMs: number; endMs: number }>`
        SELECT video_id AS "videoId", text, start_ms AS "startMs", end_ms AS "endMs"
        FROM video_transcripts WHERE video_id = ANY(${ids}::int[]) ORDER BY video_id, seq`.execute(db())
    ).rows;
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
        keyframes: keyframes
          .filter((k) => k.videoId === v.id)
          .map(({ timePoint, keyPoints, description }) => ({ timePoint, keyPoints, description })),
        transcript: transcripts
          .filter((t) => t.videoId === v.id)
          .map(({ text, startMs, endMs }) => ({ text, startMs, endMs })),
      })),
    };
  }

  let termsLoading: Promise<void> | null = null;
  function loadTerms(): Promise<void> {
    termsLoading ??= (async () => {
      const stored = (await sql<{ term: string }>`SELECT term FROM ai_terms`.execute(db())).rows.map((r) => r.term);
      const storedAliases = (
        await sql<{ term: string; alias: string }>`SELECT term, alias FROM ai_aliases`.execute(db())
      ).rows.map((r) => [r.term, r.alias] as [string, string]);
      if (dictionary.useStored(stored, storedAliases)) return;
      const ids = (await sql<{ id: number }>`SELECT id FROM courses ORDER BY id`.execute(db())).rows.map((r) => r.id);
      const names = (await sql<{ name: string }>`SELECT DISTINCT name FROM catalogues`.execute(db())).rows.map(
        (r) => r.name,
      );
      const materials: CourseMaterial[] = [];
      for (const id of ids) {
        const material = await materialOf(id);
        if (material) materials.push(material);
      }
      dictionary.useCourses(names, materials);
    })().catch((error: unknown) => {
      termsLoading = null;
      throw error;
    });
    return termsLoading;
  }

  /** Replaces a course's chunks with those of its current material (inside a transaction); returns how many it wrote. */
  async function indexCourse(courseId: number): Promise<number> {
    await loadTerms();
    // words and sentences go with their chunks (the trigger of migration 201)
    await sql`DELETE FROM ai_chunks WHERE course_id = ${courseId}`.execute(db());
    const material = await materialOf(courseId);
    if (!material) return 0;
    const indexed = dictionary.index(material);
    // sorted: two replicas adding the same new terms take their locks in one order
    const aliases = [...indexed.aliases].sort(([a, b], [c, d]) =>
      a < c ? -1 : a > c ? 1 : b < d ? -1 : b > d ? 1 : 0,
    );
    if (aliases.length > 0)
      await sql`INSERT INTO ai_aliases (term, alias)
        SELECT * FROM unnest(${aliases.map((a) => a[0])}::text[], ${aliases.map((a) => a[1])}::text[]) ORDER BY 1, 2
        ON CONFLICT DO NOTHING`.execute(db());
    const terms = [...new Set(indexed.terms)].sort();
    if (terms.length > 0)
      await sql`INSERT INTO ai_terms (term) SELECT * FROM unnest(${terms}::text[]) ORDER BY 1 ON CONFLICT DO NOTHING`.execute(
        db(),
      );
    const n = indexed.chunks.length;
    if (n === 0) return 0;
    const ids = (
      await sql<{
        id: number;
      }>`SELECT nextval(pg_get_serial_sequence('ai_chunks', 'id')) AS id FROM generate_series(1, ${n})`.execute(db())
    ).rows
      .map((r) => r.id)
      .sort((a, b) => a - b);

    const postings: { word: string[]; chunk: number[]; weight: number[]; length: number[] } = {
      word: [],
      chunk: [],
      weight: [],
      length: [],
    };
    const sentences: {
      chunk: number[];
      seq: number[];
      video: number[];
      skeleton: number[];
      sentence: number[];
      named: boolean[];
    } = {
      chunk: [],
      seq: [],
      video: [],
      skeleton: [],
      sentence: [],
      named: [],
    };
    const wordCounts: number[] = [];
    const letters: string[] = [];
    indexed.chunks.forEach(({ chunk, words, videoWords, courseWords, sentences: said }, i) => {
      const id = ids[i]!;
      const weights = new Map<string, number>();
      let length = 0;
      [words, videoWords, courseWords].forEach((column, c) => {
        for (const token of tokensOf(column)) {
          weights.set(token, (weights.get(token) ?? 0) + WORD_COLUMN_WEIGHTS[c]!);
          length++;
        }
      });
      wordCounts.push(length);
      for (const [word, weight] of weights) {
        postings.word.push(word);
        postings.chunk.push(id);
        postings.weight.push(weight);
        postings.length.push(length);
      }
      letters.push(lettersOf(chunk.text));
      for (const s of said) {
        sentences.chunk.push(id);
        sentences.seq.push(s.seq);
        sentences.video.push(chunk.videoId);
        sentences.skeleton.push(s.skeleton);
        sentences.sentence.push(s.sentence);
        sentences.named.push(s.named);
      }
    });
    const chunks = indexed.chunks.map((c) => c.chunk);
    await sql`INSERT INTO ai_chunks (id, course_id, video_id, seq, kind, time_point, text, marks, word_count, letters, grams)
      SELECT id, ${courseId}, video_id, seq, kind, time_point, text, marks, word_count, letters, grams::tsvector
      FROM unnest(${ids}::bigint[], ${chunks.map((c) => c.videoId)}::int[], ${chunks.map((c) => c.seq)}::int[],
                  ${chunks.map((c) => c.kind)}::text[], ${chunks.map((c) => c.timePoint)}::int[], ${chunks.map((c) => c.text)}::text[],
                  ${chunks.map((c) => JSON.stringify(c.marks))}::text[], ${wordCounts}::int[], ${letters}::text[],
                  ${letters.map(gramVector)}::text[])
        AS t (id, video_id, seq, kind, time_point, text, marks, word_count, letters, grams)`.execute(db());
    if (postings.word.length > 0)
      await sql`INSERT INTO ai_chunk_words (word, chunk_id, weight, length)
        SELECT * FROM unnest(${postings.word}::text[], ${postings.chunk}::bigint[], ${postings.weight}::real[], ${postings.length}::int[])`.execute(
        db(),
      );
    if (sentences.chunk.length > 0)
      await sql`INSERT INTO ai_sentences (chunk_id, seq, video_id, skeleton, sentence, named)
        SELECT * FROM unnest(${sentences.chunk}::bigint[], ${sentences.seq}::int[], ${sentences.video}::int[],
                             ${sentences.skeleton}::bigint[], ${sentences.sentence}::bigint[], ${sentences.named}::boolean[])`.execute(
        db(),
      );
    return n;
  }

  const pendingCount = async (): Promise<number> =>
    (await sql<{ n: number }>`SELECT count(*) AS n FROM ai_kb_pending`.execute(db())).rows[0]!.n;

  /**
   * Indexes queued courses, one a transaction, for at most maxMs (at least one course): the asked
   * course first when it is queued; a course another replica is indexing is skipped.
   */
  async function applyPending(
    maxMs: number,
    options: { first?: number; maxCourses?: number } = {},
  ): Promise<{ applied: number; remaining: number }> {
    const deadline = Date.now() + maxMs;
    const maxCourses = options.maxCourses ?? Number.MAX_SAFE_INTEGER;
    let applied = 0;
    for (;;) {
      const done = await connection.transaction(async () => {
        // the knowledge base is made from the content again whenever needed: a crash that loses
        // this commit loses the removal of the course from the queue with it, so it is indexed
        // again, and the commit need not wait for the disk (3 ms a course here)
        await sql`SET LOCAL synchronous_commit = off`.execute(db());
        const row = (
          await sql<{ id: number; courseId: number }>`
            SELECT id, course_id AS "courseId" FROM ai_kb_pending ORDER BY course_id = ${options.first ?? 0} DESC, id
            LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(db())
        ).rows[0];
        if (!row) return 0;
        chunksSinceAnalyze += await indexCourse(row.courseId);
        await sql`DELETE FROM ai_kb_pending WHERE id = ${row.id}`.execute(db());
        return 1;
      });
      applied += done;
      if (done > 0) forget();
      if (done === 0 || applied >= maxCourses || Date.now() >= deadline) break;
    }
    if (applied > 0) await keepStatistics();
    return { applied, remaining: await pendingCount() };
  }

  /** chunks on which the planner's statistics were last taken (null: not read yet), chunks written since */
  let analyzedChunks: number | null = null;
  let chunksSinceAnalyze = 0;
  /** ANALYZE the knowledge base's tables when this process has written as many chunks again (ANALYZE_MIN_CHUNKS) */
  async function keepStatistics(): Promise<void> {
    analyzedChunks ??= Number(
      (
        await sql<{
          n: number;
        }>`SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'ai_chunks'::regclass`.execute(db())
      ).rows[0]?.n ?? 0,
    );
    if (chunksSinceAnalyze < Math.max(ANALYZE_MIN_CHUNKS, analyzedChunks)) return;
    const written = chunksSinceAnalyze;
    chunksSinceAnalyze = 0;
    await sql`ANALYZE ai_chunks, ai_chunk_words, ai_sentences, ai_terms`.execute(db());
    analyzedChunks += written;
  }

  let drainTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  /** the queue's rest, a slice at a time between requests */
  function scheduleDrain(delayMs = DRAIN_INTERVAL_MS): void {
    if (drainTimer) return;
    drainTimer = setTimeout(() => {
      drainTimer = null;
      applyPending(DRAIN_SLICE_MS).then(
        ({ remaining }) => {
          failures = 0;
          if (remaining > 0) scheduleDrain();
        },
        () => {
          // the database is away (or the connection closed): try again a little later, not forever
          if (++failures < DRAIN_FAILURES) scheduleDrain(DRAIN_RETRY_MS);
        },
      );
    }, delayMs);
    drainTimer.unref();
  }

  const anyPending = async (): Promise<boolean> =>
    (await sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM ai_kb_pending) AS any`.execute(db())).rows[0]!.any;

  async function catchUp(maxMs: number): Promise<{ applied: number; remaining: number }> {
    if (!(await anyPending())) return { applied: 0, remaining: 0 };
    try {
      const result = await applyPending(maxMs);
      if (result.remaining > 0) scheduleDrain();
      return result;
    } catch {
      scheduleDrain();
      return { applied: 0, remaining: -1 };
    }
  }

  /** a question's share of the queue: one course at most, the asked one first; the rest drains in the background */
  async function catchUpForQuestion(courseId: number): Promise<void> {
    if (!(await anyPending())) return;
    try {
      if ((await applyPending(0, { first: courseId, maxCourses: 1 })).remaining === 0) return;
    } catch {
      // answer from the knowledge base as it is
    }
    scheduleDrain();
  }

  // ---- retrieval -------------------------------------------------------------------------------

  /** the collection's size and average lengths (BM25's N and avgdl) */
  let statsRead: { chunks: number; wordLength: number; gramLength: number; at: number } | null = null;
  async function collection(): Promise<{ chunks: number; wordLength: number; gramLength: number }> {
    if (!statsRead || Date.now() - statsRead.at > STATS_TTL_MS) {
      const row = (
        await sql<{ n: number; words: number | null; grams: number | null }>`
          SELECT count(*) AS n, sum(word_count) AS words,
                 sum(greatest(char_length(letters) - 1, least(char_length(letters), 1))) AS grams
          FROM ai_chunks`.execute(db())
      ).rows[0]!;
      const n = Math.max(1, row.n);
      statsRead = {
        chunks: row.n,
        wordLength: Math.max(1e-9, Number(row.words ?? 0) / n),
        gramLength: Math.max(1e-9, Number(row.grams ?? 0) / n),
        at: Date.now(),
      };
    }
    return statsRead;
  }

  const CHUNK_COLUMNS = sql`ch.id, ch.video_id AS "videoId", ch.seq, ch.kind, ch.time_point AS "timePoint", ch.text, ch.marks,
    ch.course_id AS "courseId", c.catalogue_id AS "catalogId", v.name AS "videoName", c.name AS "courseName", l.name AS "authorName"`;
  const CHUNK_JOINS = sql`JOIN videos v ON v.id = ch.video_id JOIN courses c ON c.id = ch.course_id JOIN lecturers l ON l.id = c.lecturer_id`;

  /**
   * Document frequencies asked before, kept as the collection's size is (STATS_TTL_MS; dropped at
   * once when this process changes the knowledge base): questions share most of their words (区别,
   * 意思, the platform's terms).
   */
  const frequencies = new LRUCache<string, number>({ max: FREQUENCY_CACHE_SIZE, ttl: STATS_TTL_MS });
  const wordKey = ({ tokens, cap }: FormCount) => `w${cap}\u0000${tokens.join('\u0000')}`;
  const gramKey = (letters: string) => `g\u0000${letters}`;

  /**
   * For each entry, the chunks holding every one of its tokens (up to cap; 0 when it has none) and,
   * where that is 0, the chunks whose bigrams spell its letters (up to DF_CAP; 0 when it has none):
   * what is not cached yet in one statement however many entries there are (a question's words
   * took a round trip each before, 7 of its 16 statements on the demo).
   */
  async function countForms(entries: FormCount[]): Promise<FormFrequency[]> {
    const words = entries.map((e) => (e.tokens.length === 0 ? 0 : frequencies.get(wordKey(e))));
    const grams = entries.map((e) => (e.letters ? frequencies.get(gramKey(e.letters)) : 0));
    const asked = entries.flatMap((entry, i) =>
      words[i] === undefined || (words[i] === 0 && grams[i] === undefined) ? [{ entry, i }] : [],
    );
    if (asked.length > 0) {
      // a token is letters, digits or private-use characters (tokensOf): a space joins them safely
      const rows = (
        await sql<{ words: number; grams: number | null }>`
          SELECT w.words, CASE WHEN w.words = 0 AND q.gram IS NOT NULL THEN (SELECT count(*) FROM (
              SELECT 1 FROM ai_chunks WHERE grams @@ q.gram::tsquery LIMIT ${DF_CAP}) x) END AS grams
          FROM unnest(${asked.map(({ entry }) => entry.tokens.join(' '))}::text[], ${asked.map(({ entry }) => entry.cap)}::int8[],
                      ${asked.map(({ entry }) => new Set(entry.tokens).size)}::int[], ${asked.map(({ i }) => words[i] ?? null)}::int8[],
                      ${asked.map(({ entry, i }) => (grams[i] === undefined ? gramQuery(entry.letters) : null))}::text[])
            WITH ORDINALITY AS q (tokens, cap, kinds, known, gram, i)
          CROSS JOIN LATERAL (SELECT CASE
            WHEN q.known IS NOT NULL THEN q.known
            WHEN q.kinds = 1 THEN (SELECT count(*) FROM (
              SELECT 1 FROM ai_chunk_words WHERE word = split_part(q.tokens, ' ', 1) LIMIT q.cap) x)
            ELSE (SELECT count(*) FROM (
              SELECT chunk_id FROM ai_chunk_words WHERE word = ANY(string_to_array(q.tokens, ' '))
              GROUP BY chunk_id HAVING count(DISTINCT word) = q.kinds LIMIT q.cap) x)
            END AS words) w
          ORDER BY q.i`.execute(db())
      ).rows;
      asked.forEach(({ entry, i }, row) => {
        const found = rows[row]!;
        if (words[i] === undefined) frequencies.set(wordKey(entry), (words[i] = found.words));
        if (found.grams !== null) frequencies.set(gramKey(entry.letters), (grams[i] = found.grams));
      });
    }
    return entries.map((_, i) => ({ words: words[i]!, grams: words[i] === 0 ? (grams[i] ?? 0) : 0 }));
  }

  /** the ranked rows of a CTE "ranked" (chunk_id, score), best first, ties by id */
  const rankedChunks = async (ranked: ReturnType<typeof sql>): Promise<ChunkRow[]> =>
    (
      await sql<ChunkRow>`WITH ranked AS (${ranked})
        SELECT ${CHUNK_COLUMNS} FROM ranked m JOIN ai_chunks ch ON ch.id = m.chunk_id ${CHUNK_JOINS}
        ORDER BY m.score DESC, m.chunk_id`.execute(db())
    ).rows;

  const k1 = BM25_K1;
  const b = BM25_B;

  const reader: KnowledgeReader = {
    chunkCount: async () => (await sql<{ n: number }>`SELECT count(*) AS n FROM ai_chunks`.execute(db())).rows[0]!.n,
    formFrequencies: (forms) =>
      countForms(forms.map((form) => ({ ...wordQueryOf(form), letters: asksGrams(form) ? lettersOf(form) : '' }))),
    gramFrequencies: async (forms) =>
      (await countForms(forms.map((form) => ({ tokens: [], cap: 0, letters: lettersOf(form) })))).map((f) => f.grams),
    async wordRanking(forms, courseId) {
      const { chunks, wordLength } = await collection();
      const phrases = forms.map(tokensOf).filter((t) => t.length > 0);
      if (phrases.length === 0) return [];
      const hits = (
        await countForms(phrases.map((tokens) => ({ tokens, cap: Number.MAX_SAFE_INTEGER, letters: '' })))
      ).map((f) => f.words);
      const idfs = hits.map((n) => idfOf(chunks, n));
      const single = phrases.map((t, i) => ({ word: t[0]!, idf: idfs[i]! })).filter((_, i) => phrases[i]!.length === 1);
      const scope =
        courseId > 0 ? sql`AND p.chunk_id IN (SELECT id FROM ai_chunks WHERE course_id = ${courseId})` : sql``;
      const arms = [
        sql`SELECT p.chunk_id, p.weight, p.length, q.idf
            FROM unnest(${single.map((s) => s.word)}::text[], ${single.map((s) => s.idf)}::float8[]) AS q (word, idf)
            JOIN ai_chunk_words p ON p.word = q.word
            WHERE p.word = ANY(${single.map((s) => s.word)}::text[]) ${scope}`,
        ...phrases
          .map((tokens, i) => ({ tokens, idf: idfs[i]! }))
          .filter(({ tokens }) => tokens.length > 1)
          .map(
            ({
              tokens,
              idf,
            }) => sql`SELECT p.chunk_id, min(p.weight) AS weight, min(p.length) AS length, ${idf}::float8 AS idf
              FROM ai_chunk_words p WHERE p.word = ANY(${tokens}::text[]) ${scope}
              GROUP BY p.chunk_id HAVING count(DISTINCT p.word) = ${new Set(tokens).size}`,
          ),
      ];
      return rankedChunks(sql`
        SELECT chunk_id, sum(idf * weight * ${k1 + 1}::float8 / (weight + ${k1}::float8 * (${1 - b}::float8 + ${b}::float8 * length / ${wordLength}::float8))) AS score
        FROM (${sql.join(arms, sql` UNION ALL `)}) hits
        GROUP BY chunk_id ORDER BY score DESC, chunk_id LIMIT ${CANDIDATES}`);
    },
    async gramRanking(forms, courseId) {
      const { chunks, gramLength } = await collection();
      const letters = forms.map(lettersOf).filter((l) => l.length > 0);
      if (letters.length === 0) return [];
      const queries = letters.map(gramQuery);
      const hits = (
        await sql<{ n: number }>`SELECT (SELECT count(*) FROM ai_chunks WHERE grams @@ q.query::tsquery) AS n
          FROM unnest(${queries}::text[]) WITH ORDINALITY AS q (query, i) ORDER BY q.i`.execute(db())
      ).rows.map((r) => r.n);
      const idfs = hits.map((n) => idfOf(chunks, n));
      const scope = courseId > 0 ? sql`AND ch.course_id = ${courseId}` : sql``;
      return rankedChunks(sql`
        SELECT chunk_id, sum(idf * tf * ${k1 + 1}::float8 / (tf + ${k1}::float8 * (${1 - b}::float8 + ${b}::float8 * length / ${gramLength}::float8))) AS score
        FROM (
          SELECT ch.id AS chunk_id, q.idf,
                 greatest(1, (char_length(ch.letters) - char_length(replace(ch.letters, q.letters, '')))::float8 / char_length(q.letters)) AS tf,
                 greatest(char_length(ch.letters) - 1, least(char_length(ch.letters), 1)) AS length
          FROM unnest(${queries}::text[], ${letters}::text[], ${idfs}::float8[]) AS q (query, letters, idf)
          JOIN ai_chunks ch ON ch.grams @@ q.query::tsquery ${scope}
        ) hits
        GROUP BY chunk_id ORDER BY score DESC, chunk_id LIMIT ${CANDIDATES}`);
    },
    sentences: async (chunkIds) =>
      (
        await sql<SentenceRow>`SELECT chunk_id AS "chunkId", seq, skeleton, sentence, named
          FROM ai_sentences WHERE chunk_id = ANY(${chunkIds}::bigint[])`.execute(db())
      ).rows,
    skeletonSentences: async (skeletons, limit) =>
      new Map(
        (
          await sql<{ key: number; n: number }>`SELECT k.key, (SELECT count(*) FROM (
              SELECT DISTINCT sentence FROM ai_sentences WHERE skeleton = k.key LIMIT ${limit}) x) AS n
            FROM unnest(${skeletons}::bigint[]) AS k (key)`.execute(db())
        ).rows.map((r) => [r.key, r.n]),
      ),
    sentenceVideos: async (sentences, limit) =>
      new Map(
        (
          await sql<{ key: number; n: number }>`SELECT k.key, (SELECT count(*) FROM (
              SELECT DISTINCT video_id FROM ai_sentences WHERE sentence = k.key LIMIT ${limit}) x) AS n
            FROM unnest(${sentences}::bigint[]) AS k (key)`.execute(db())
        ).rows.map((r) => [r.key, r.n]),
      ),
    async transcripts(videoIds) {
      const rows = (
        await sql<ChunkRow>`SELECT ${CHUNK_COLUMNS} FROM ai_chunks ch ${CHUNK_JOINS}
          WHERE ch.video_id = ANY(${videoIds}::int[]) AND ch.kind = 'transcript' ORDER BY ch.video_id, ch.seq`.execute(
          db(),
        )
      ).rows;
      return videoIds.map((id) => rows.filter((r) => r.videoId === id));
    },
    firstMoment: async (videoId) =>
      (
        await sql<{ second: number | null }>`SELECT min(time_point) AS second FROM ai_chunks
          WHERE video_id = ${videoId} AND kind IN ('keyframe', 'transcript') AND time_point > 0`.execute(db())
      ).rows[0]!.second,
    summaries: async (videoId) =>
      (
        await sql<{
          text: string;
        }>`SELECT text FROM ai_chunks WHERE video_id = ${videoId} AND kind IN ('abstract', 'keyframe')
          ORDER BY seq`.execute(db())
      ).rows.map((r) => r.text),
    keyframeLabels: async (videoId) =>
      (
        await sql<{
          label: string;
        }>`SELECT key_points AS label FROM video_keyframes WHERE video_id = ${videoId}`.execute(db())
      ).rows.map((r) => r.label),
  };
  const retriever = createRetriever(reader, dictionary.isCorpusTerm, dictionary.soundsLike);
  function forget(): void {
    statsRead = null;
    frequencies.clear();
    retriever.forget();
  }

  return {
    catchUp,
    async rebuild(options = {}) {
      // course by course in place: questions meanwhile find the old chunks of the courses not yet done
      const courses = await connection.transaction(async () => {
        await sql`DELETE FROM ai_kb_pending`.execute(db());
        await sql`SELECT ai_kb_queue(ARRAY(SELECT id FROM courses ORDER BY id))`.execute(db());
        return pendingCount();
      });
      let done = 0;
      for (;;) {
        const { applied } = await applyPending(0, { maxCourses: 1 });
        if (applied === 0) break;
        done += applied;
        options.onProgress?.(done, courses);
      }
      // chunks of courses that no longer exist (a course deleted while nothing followed the queue)
      await sql`DELETE FROM ai_chunks WHERE course_id NOT IN (SELECT id FROM courses)`.execute(db());
      forget();
      return { courses, chunks: await reader.chunkCount() };
    },
    async retrieve(query) {
      await catchUpForQuestion(query.courseId ?? 0);
      await loadTerms();
      return retriever.retrieve(query);
    },
    loadDictionary: loadTerms,
    async stats() {
      return { chunks: await reader.chunkCount(), pending: await pendingCount() };
    },
  };
}
