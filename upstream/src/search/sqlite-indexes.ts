/**
 * The five indexes of the SQLite engine: which FTS5 tables hold them, their columns and BM25
 * weights, and the SQL that reads their documents from the content tables (for indexing, for the
 * exact-phrase test and for popularity). Documents are keyed by the FTS rowid: the entity id, or
 * for knowledge points an encoding of (video, kind, seq) (see migration 0005).
 */
import type { Prepare } from '../store/statements';
import { htmlText } from './analyzer';
import type { SearchIndex } from './engine';
import { KP_MAX_SEQ, KP_TRANSCRIPT_BIT, KP_VIDEO_FACTOR, kpRowid } from './ranking';

/** One row of an index: the original texts of its columns, in column order. */
export interface IndexDocument {
  rowid: number;
  fields: string[];
  /** k<id> of every catalogue above (indexes with a cats column) */
  cats: string;
}

export interface IndexDefinition {
  index: SearchIndex;
  /** FTS tables `${table}_words` and `${table}_chars` */
  table: string;
  /** text columns, in table order; a cats column follows when `hasCats` */
  columns: readonly string[];
  /** BM25 weight of each text column: names over descriptions */
  weights: readonly number[];
  hasCats: boolean;
  /** without a cats column: the rowids within catalogue @catalogueId's subtree */
  catalogueRowids?: string;
  /** ties after relevance and popularity: newest (highest id) first, or lowest first */
  idOrder: 'asc' | 'desc';
  /** entity ids after `afterId`, ascending, for the rebuild (knowledge points: video ids) */
  entityIdsSql: string;
  /** the documents of these entities (knowledge points: of these videos) */
  documents(prepare: Prepare, entityIds: readonly number[]): IndexDocument[];
  /** the documents of these rowids, for the exact-phrase test */
  documentsByRowid(prepare: Prepare, rowids: readonly number[]): IndexDocument[];
  /** rowid → popularity (more first) */
  popularitySql: string;
}

export { KP_MAX_SEQ, KP_TRANSCRIPT_BIT, KP_VIDEO_FACTOR, kpRef, kpRowid } from './ranking';

const json = (values: readonly number[]) => JSON.stringify(values);

/** k<id> tokens of every catalogue above (and including) the catalogue in column `column` */
const catsOf = (column: string) =>
  `(SELECT group_concat('k' || cl.ancestor_id, ' ') FROM catalogue_closure cl WHERE cl.descendant_id = ${column})`;

interface CourseRow {
  rowid: number;
  name: string;
  lecturer: string;
  catalogue: string | null;
  info: string;
  cats: string | null;
}

const COURSE_DOCUMENTS = `
  SELECT c.id AS rowid, c.name, l.name AS lecturer, c.info, ${catsOf('c.catalogue_id')} AS cats,
    (SELECT group_concat(name, char(10)) FROM (
       SELECT a.name FROM catalogue_closure cl JOIN catalogues a ON a.id = cl.ancestor_id
       WHERE cl.descendant_id = c.catalogue_id ORDER BY cl.depth DESC)) AS catalogue
  FROM courses c JOIN lecturers l ON l.id = c.lecturer_id
  WHERE c.id IN (SELECT value FROM json_each(?))`;

const courseDocuments = (prepare: Prepare, ids: readonly number[]): IndexDocument[] =>
  (prepare(COURSE_DOCUMENTS).all(json(ids)) as CourseRow[]).map((row) => ({
    rowid: row.rowid,
    fields: [row.name, row.lecturer, row.catalogue ?? '', row.info],
    cats: row.cats ?? '',
  }));

const courses: IndexDefinition = {
  index: 'courses',
  table: 'search_course',
  columns: ['name', 'lecturer', 'catalogue', 'info'],
  weights: [10, 5, 3, 1],
  hasCats: true,
  idOrder: 'desc',
  entityIdsSql: 'SELECT id FROM courses WHERE id > ? ORDER BY id LIMIT ?',
  documents: courseDocuments,
  documentsByRowid: courseDocuments,
  popularitySql: `SELECT id AS rowid, view_count AS popularity FROM courses WHERE id IN (SELECT value FROM json_each(?))`,
};

interface KeyframeRow {
  videoId: number;
  seq: number;
  label: string;
  text: string;
}

const knowledgePoints: IndexDefinition = {
  index: 'knowledgePoints',
  table: 'search_kp',
  columns: ['label', 'text', 'video'],
  weights: [5, 2, 1],
  hasCats: true,
  idOrder: 'desc',
  entityIdsSql: 'SELECT id FROM videos WHERE id > ? ORDER BY id LIMIT ?',
  documents(prepare, videoIds) {
    const ids = json(videoIds);
    const videos = prepare(
      `SELECT v.id, v.name, ${catsOf('c.catalogue_id')} AS cats
       FROM videos v JOIN courses c ON c.id = v.course_id WHERE v.id IN (SELECT value FROM json_each(?))`,
    ).all(ids) as { id: number; name: string; cats: string | null }[];
    const byId = new Map(videos.map((v) => [v.id, v]));
    const rows = prepare(
      `SELECT video_id AS videoId, seq, key_points AS label, description AS text, 0 AS transcript
       FROM video_keyframes WHERE video_id IN (SELECT value FROM json_each(@ids)) AND seq BETWEEN 0 AND ${KP_MAX_SEQ}
       UNION ALL
       SELECT video_id, seq, '', text, 1 FROM video_transcripts
       WHERE video_id IN (SELECT value FROM json_each(@ids)) AND seq BETWEEN 0 AND ${KP_MAX_SEQ}`,
    ).all({ ids }) as (KeyframeRow & { transcript: number })[];
    const documents: IndexDocument[] = [];
    for (const row of rows) {
      const video = byId.get(row.videoId);
      if (!video) continue;
      documents.push({
        rowid: kpRowid({ kind: row.transcript ? 'transcript' : 'keyframe', videoId: row.videoId, seq: row.seq }),
        fields: [row.label, row.text, video.name],
        cats: video.cats ?? '',
      });
    }
    return documents;
  },
  documentsByRowid(prepare, rowids) {
    const rows = prepare(
      `SELECT j.value AS rowid, k.key_points AS label, k.description AS text, v.name AS video
       FROM json_each(@rowids) j
       JOIN video_keyframes k ON k.video_id = j.value / ${KP_VIDEO_FACTOR} AND k.seq = j.value % ${KP_TRANSCRIPT_BIT}
       JOIN videos v ON v.id = k.video_id
       WHERE j.value % ${KP_VIDEO_FACTOR} < ${KP_TRANSCRIPT_BIT}
       UNION ALL
       SELECT j.value, '', t.text, v.name
       FROM json_each(@rowids) j
       JOIN video_transcripts t ON t.video_id = j.value / ${KP_VIDEO_FACTOR} AND t.seq = j.value % ${KP_TRANSCRIPT_BIT}
       JOIN videos v ON v.id = t.video_id
       WHERE j.value % ${KP_VIDEO_FACTOR} >= ${KP_TRANSCRIPT_BIT}`,
    ).all({ rowids: json(rowids) }) as { rowid: number; label: string; text: string; video: string }[];
    return rows.map((row) => ({ rowid: row.rowid, fields: [row.label, row.text, row.video], cats: '' }));
  },
  popularitySql: `
    SELECT j.value AS rowid, c.view_count AS popularity
    FROM json_each(?) j JOIN videos v ON v.id = j.value / ${KP_VIDEO_FACTOR} JOIN courses c ON c.id = v.course_id`,
};

const topicDocuments = (prepare: Prepare, ids: readonly number[]): IndexDocument[] =>
  (
    prepare('SELECT id AS rowid, title, info FROM topics WHERE id IN (SELECT value FROM json_each(?))').all(
      json(ids),
    ) as {
      rowid: number;
      title: string;
      info: string;
    }[]
  ).map((row) => ({ rowid: row.rowid, fields: [row.title, row.info], cats: '' }));

/** the rowids of `entity` rows having at least one course in the subtree of @catalogueId */
const subtreeCourses = `
  SELECT c.id FROM catalogue_closure cl JOIN courses c ON c.catalogue_id = cl.descendant_id WHERE cl.ancestor_id = @catalogueId`;

const topics: IndexDefinition = {
  index: 'topics',
  table: 'search_topic',
  columns: ['title', 'info'],
  weights: [10, 1],
  hasCats: false,
  catalogueRowids: `SELECT tc.topic_id FROM topic_courses tc WHERE tc.course_id IN (${subtreeCourses})`,
  idOrder: 'desc',
  entityIdsSql: 'SELECT id FROM topics WHERE id > ? ORDER BY id LIMIT ?',
  documents: topicDocuments,
  documentsByRowid: topicDocuments,
  popularitySql: `
    SELECT j.value AS rowid,
      (SELECT COALESCE(SUM(c.view_count), 0) FROM topic_courses tc JOIN courses c ON c.id = tc.course_id
       WHERE tc.topic_id = j.value) AS popularity
    FROM json_each(?) j`,
};

const lecturerDocuments = (prepare: Prepare, ids: readonly number[]): IndexDocument[] =>
  (
    prepare(
      'SELECT id AS rowid, name, position, school, intro_html AS intro FROM lecturers WHERE id IN (SELECT value FROM json_each(?))',
    ).all(json(ids)) as { rowid: number; name: string; position: string; school: string; intro: string }[]
  ).map((row) => ({ rowid: row.rowid, fields: [row.name, row.position, row.school, htmlText(row.intro)], cats: '' }));

const lecturers: IndexDefinition = {
  index: 'lecturers',
  table: 'search_lecturer',
  columns: ['name', 'position', 'school', 'intro'],
  weights: [10, 3, 3, 1],
  hasCats: false,
  catalogueRowids: `
    SELECT c.lecturer_id FROM catalogue_closure cl JOIN courses c ON c.catalogue_id = cl.descendant_id
    WHERE cl.ancestor_id = @catalogueId`,
  idOrder: 'desc',
  entityIdsSql: 'SELECT id FROM lecturers WHERE id > ? ORDER BY id LIMIT ?',
  documents: lecturerDocuments,
  documentsByRowid: lecturerDocuments,
  popularitySql: `
    SELECT j.value AS rowid, (SELECT COALESCE(SUM(c.view_count), 0) FROM courses c WHERE c.lecturer_id = j.value) AS popularity
    FROM json_each(?) j`,
};

const catalogueDocuments = (prepare: Prepare, ids: readonly number[]): IndexDocument[] =>
  (
    prepare('SELECT id AS rowid, name FROM catalogues WHERE id IN (SELECT value FROM json_each(?))').all(json(ids)) as {
      rowid: number;
      name: string;
    }[]
  ).map((row) => ({ rowid: row.rowid, fields: [row.name], cats: '' }));

const catalogues: IndexDefinition = {
  index: 'catalogues',
  table: 'search_catalogue',
  columns: ['name'],
  weights: [1],
  hasCats: false,
  // SearchCatalog suggests catalogue nodes whatever the filter of the page
  idOrder: 'asc',
  entityIdsSql: 'SELECT id FROM catalogues WHERE id > ? ORDER BY id LIMIT ?',
  documents: catalogueDocuments,
  documentsByRowid: catalogueDocuments,
  // subjects before categories before sub-categories
  popularitySql:
    'SELECT id AS rowid, -level AS popularity FROM catalogues WHERE id IN (SELECT value FROM json_each(?))',
};

export const INDEX_DEFINITIONS: Record<SearchIndex, IndexDefinition> = {
  courses,
  knowledgePoints,
  topics,
  lecturers,
  catalogues,
};
