/**
 * What AI retrieval reads besides the chunk words (ai/knowledge/knowledge-base.ts):
 *
 * - ai_chunk_grams: each chunk's text as character bigrams in order (search/analyzer.ts textGrams),
 *   so a word jieba cuts differently in the question and in the lecture (a name or term it does not
 *   know) is still found, as the phrase of its bigrams.
 * - ai_terms: the platform's own names and terms (lecturers, course and video titles, keyframe
 *   labels, book titles and quoted terms of the material), added to the segmenter's dictionary at
 *   start-up and whenever a course is indexed, so that indexing and questions cut them whole.
 * - ai_aliases: the other names the material itself gives its terms (行政诉讼俗称“民告官”, 昆曲被誉为
 *   “百戏之祖”), looked up with the alias lexicon's.
 * - ai_sentences: every sentence of every chunk with its skeleton (the sentence with the names and
 *   terms of the dictionary masked): a skeleton said in many lectures is boilerplate (openings,
 *   transitions, closings) when it frames many different sentences, and so is a sentence that names
 *   no term and is said word for word in many lectures (a closing piece of advice); never quoted as
 *   an answer. A definition repeated in every lecture about its concept names its term: content.
 *
 * Every course is queued again, so existing knowledge bases are re-indexed in the background.
 */
const FTS = `tokenize = 'unicode61 remove_diacritics 2', content = '', contentless_delete = 1, detail = full`;

export const aiRetrieval = `
CREATE VIRTUAL TABLE ai_chunk_grams USING fts5(grams, ${FTS});

CREATE TABLE ai_terms (
  term TEXT PRIMARY KEY
) WITHOUT ROWID;

CREATE TABLE ai_aliases (
  term  TEXT NOT NULL,                            -- a term or name of the material
  alias TEXT NOT NULL,                            -- another name the material gives it (简称, 俗称, 被誉为…)
  PRIMARY KEY (term, alias)
) WITHOUT ROWID;

CREATE TABLE ai_sentences (
  chunk_id  INTEGER NOT NULL,
  seq       INTEGER NOT NULL,                      -- the sentence's place among the chunk's marks
  video_id  INTEGER NOT NULL,
  skeleton  INTEGER NOT NULL,                      -- 48-bit hash of the masked sentence
  sentence  INTEGER NOT NULL,                      -- 48-bit hash of the sentence itself (its letters and digits)
  named     INTEGER NOT NULL DEFAULT 0,            -- 1 when the sentence names a term (its skeleton has a slot)
  PRIMARY KEY (chunk_id, seq)
) WITHOUT ROWID;
CREATE INDEX ai_sentences_by_skeleton ON ai_sentences (skeleton, sentence);
CREATE INDEX ai_sentences_by_sentence ON ai_sentences (sentence, video_id);

DELETE FROM ai_kb_pending;
INSERT INTO ai_kb_pending (course_id) SELECT id FROM courses ORDER BY id;
`;
