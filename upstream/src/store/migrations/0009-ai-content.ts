/**
 * AI content (upstream/API.md "AI content is generated ahead..."): what the play page's
 * AI block shows, written ahead by a content writer (upstream/src/ai/content) and kept here.
 *
 * - ai_video_content: one row per video: its abstract, key points (JSON [{timePoint, description}]
 *   in time order), suggested questions (JSON [string]), key concepts (JSON [string]) and related
 *   majors (JSON [code] of upstream/src/ai/majors.ts). material_hash is the SHA-256 of the material
 *   it was written from (the video and its course without the other videos' names): a different
 *   hash of today's material means the row is stale.
 * - ai_course_content: the course overview, with the hash of the course's material (its name,
 *   info, lecturer, catalogue trail and the names of its videos in order).
 * - ai_content_state: a running `npm run ai:content --all` ('all-run' → JSON {startedAt}), so a run
 *   stopped midway resumes where it stopped instead of starting over.
 *
 * The catalogue trail and the lecturer of coreContent are not stored: they are read fresh when the
 * content is answered. Times are unix ms.
 */
export const aiContent = `
CREATE TABLE ai_video_content (
  video_id      INTEGER PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
  abstract      TEXT    NOT NULL,
  key_points    TEXT    NOT NULL,
  guess_you_ask TEXT    NOT NULL,
  concepts      TEXT    NOT NULL,
  majors        TEXT    NOT NULL,
  material_hash TEXT    NOT NULL,
  provider      TEXT    NOT NULL,                   -- retrieval | openai-compatible: who wrote it
  generated_at  INTEGER NOT NULL
);

CREATE TABLE ai_course_content (
  course_id     INTEGER PRIMARY KEY REFERENCES courses (id) ON DELETE CASCADE,
  overview      TEXT    NOT NULL,
  material_hash TEXT    NOT NULL,
  provider      TEXT    NOT NULL,
  generated_at  INTEGER NOT NULL
);

CREATE TABLE ai_content_state (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
`;
