/**
 * AI content of videos and courses (migration 0009), as the content job writes it and the API
 * answers it. JSON columns are parsed here so that services see plain records.
 */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

export interface AiKeyPoint {
  /** seconds from the start */
  timePoint: number;
  description: string;
}

export interface AiVideoContentRecord {
  videoId: number;
  videoAbstract: string;
  keyPoints: AiKeyPoint[];
  guessYouAsk: string[];
  /** key concepts, most telling first */
  concepts: string[];
  /** codes of upstream/src/ai/majors.ts */
  majors: string[];
  materialHash: string;
  provider: string;
  generatedAt: number;
}

export interface AiCourseContentRecord {
  courseId: number;
  overview: string;
  materialHash: string;
  provider: string;
  generatedAt: number;
}

/** A video the job considers: its course and the hash and time of its stored content, if any. */
export interface AiContentVideoRef {
  videoId: number;
  courseId: number;
  materialHash: string | null;
  generatedAt: number | null;
}

export interface AiContentStore {
  /** every video in course order (course id, then episode order) with its stored hash */
  videoRefs(): AiContentVideoRef[];
  /** the stored hash of each course's overview */
  courseHashes(): Map<number, string>;
  video(videoId: number): AiVideoContentRecord | undefined;
  course(courseId: number): AiCourseContentRecord | undefined;
  /** writes a video's content and, when given, its course's overview, in one transaction */
  save(video: AiVideoContentRecord, course: AiCourseContentRecord | null): void;
  saveCourse(course: AiCourseContentRecord): void;
  /**
   * Suggested questions of a course's videos, taking each video's first question in episode
   * order, then each one's second, and so on (so the first few span the course); each question
   * once, at most `limit`.
   */
  courseQuestions(courseId: number, limit: number): string[];
  /** the first question of each course's first video with content, most played courses first */
  generalQuestions(limit: number): string[];
  /** a value of ai_content_state, null when absent */
  state(key: string): string | null;
  setState(key: string, value: string | null): void;
}

interface VideoRow {
  videoId: number;
  videoAbstract: string;
  keyPoints: string;
  guessYouAsk: string;
  concepts: string;
  majors: string;
  materialHash: string;
  provider: string;
  generatedAt: number;
}

const VIDEO_COLUMNS = `video_id AS videoId, abstract AS videoAbstract, key_points AS keyPoints,
  guess_you_ask AS guessYouAsk, concepts, majors, material_hash AS materialHash, provider, generated_at AS generatedAt`;

export function createAiContentStore(db: Database): AiContentStore {
  const prepare = statementCache(db);

  const saveCourse = (course: AiCourseContentRecord) => {
    prepare(
      `INSERT INTO ai_course_content (course_id, overview, material_hash, provider, generated_at)
       VALUES (@courseId, @overview, @materialHash, @provider, @generatedAt)
       ON CONFLICT (course_id) DO UPDATE SET overview = excluded.overview, material_hash = excluded.material_hash,
         provider = excluded.provider, generated_at = excluded.generated_at`,
    ).run(course);
  };

  const save = db.transaction((video: AiVideoContentRecord, course: AiCourseContentRecord | null) => {
    prepare(
      `INSERT INTO ai_video_content (video_id, abstract, key_points, guess_you_ask, concepts, majors, material_hash, provider, generated_at)
       VALUES (@videoId, @videoAbstract, @keyPoints, @guessYouAsk, @concepts, @majors, @materialHash, @provider, @generatedAt)
       ON CONFLICT (video_id) DO UPDATE SET abstract = excluded.abstract, key_points = excluded.key_points,
         guess_you_ask = excluded.guess_you_ask, concepts = excluded.concepts, majors = excluded.majors,
         material_hash = excluded.material_hash, provider = excluded.provider, generated_at = excluded.generated_at`,
    ).run({
      ...video,
      keyPoints: JSON.stringify(video.keyPoints),
      guessYouAsk: JSON.stringify(video.guessYouAsk),
      concepts: JSON.stringify(video.concepts),
      majors: JSON.stringify(video.majors),
    });
    if (course) saveCourse(course);
  });

  return {
    videoRefs() {
      return prepare(
        `SELECT v.id AS videoId, v.course_id AS courseId, a.material_hash AS materialHash, a.generated_at AS generatedAt
         FROM videos v LEFT JOIN ai_video_content a ON a.video_id = v.id
         ORDER BY v.course_id, v.sort, v.id`,
      ).all() as AiContentVideoRef[];
    },

    courseHashes() {
      const rows = prepare('SELECT course_id AS courseId, material_hash AS hash FROM ai_course_content').all() as {
        courseId: number;
        hash: string;
      }[];
      return new Map(rows.map((row) => [row.courseId, row.hash]));
    },

    video(videoId) {
      const row = prepare(`SELECT ${VIDEO_COLUMNS} FROM ai_video_content WHERE video_id = ?`).get(videoId) as
        VideoRow | undefined;
      if (!row) return undefined;
      return {
        ...row,
        keyPoints: JSON.parse(row.keyPoints) as AiKeyPoint[],
        guessYouAsk: JSON.parse(row.guessYouAsk) as string[],
        concepts: JSON.parse(row.concepts) as string[],
        majors: JSON.parse(row.majors) as string[],
      };
    },

    course(courseId) {
      return prepare(
        `SELECT course_id AS courseId, overview, material_hash AS materialHash, provider, generated_at AS generatedAt
         FROM ai_course_content WHERE course_id = ?`,
      ).get(courseId) as AiCourseContentRecord | undefined;
    },

    save: (video, course) => save(video, course),
    saveCourse,

    courseQuestions(courseId, limit) {
      const rows = prepare(
        `SELECT q.value AS question
         FROM videos v JOIN ai_video_content a ON a.video_id = v.id, json_each(a.guess_you_ask) q
         WHERE v.course_id = ?
         ORDER BY q.key, v.sort, v.id`,
      ).all(courseId) as { question: string }[];
      return [...new Set(rows.map((row) => row.question))].slice(0, limit);
    },

    generalQuestions(limit) {
      const rows = prepare(
        `SELECT question FROM (
           SELECT q.value AS question, c.view_count AS views, c.id AS courseId,
             ROW_NUMBER() OVER (PARTITION BY c.id ORDER BY v.sort, v.id) AS nth
           FROM courses c JOIN videos v ON v.course_id = c.id
             JOIN ai_video_content a ON a.video_id = v.id, json_each(a.guess_you_ask) q
           WHERE q.key = 0
         )
         WHERE nth = 1
         ORDER BY views DESC, courseId
         LIMIT ?`,
      ).all(limit) as { question: string }[];
      return rows.map((row) => row.question);
    },

    state(key) {
      const row = prepare('SELECT value FROM ai_content_state WHERE key = ?').get(key) as { value: string } | undefined;
      return row?.value ?? null;
    },

    setState(key, value) {
      if (value === null) prepare('DELETE FROM ai_content_state WHERE key = ?').run(key);
      else
        prepare(
          'INSERT INTO ai_content_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        ).run(key, value);
    },
  };
}
