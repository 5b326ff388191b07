/**
 * The store's contract for content, on both engines (as store-engines.test.ts does for accounts):
 * the catalogue tree and its counts, lecturers with their totals, filters and orders, banners and
 * the visit log, courses and topics, videos with their keyframes, transcripts and knowledge points,
 * the search log behind the hot keywords, the AI's question log and its content, and the media of
 * videos with the media pipeline's jobs and lookups.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../upstream/src/store';
import { connectPostgres, dropSchema, ensureSchema } from '../../upstream/src/store/postgres';
import {
  createPostgresBannerStore,
  createPostgresCatalogueStore,
  createPostgresLecturerStore,
  createPostgresVisitLogStore,
} from '../../upstream/src/store/postgres/content';
import { createPostgresCourseStore, createPostgresTopicStore } from '../../upstream/src/store/postgres/courses';
import { createPostgresAiContentStore } from '../../upstream/src/store/postgres/ai-content';
import { createPostgresQuestionLog } from '../../upstream/src/store/postgres/ai-questions';
import { createPostgresMediaStore } from '../../upstream/src/store/postgres/media';
import { createPostgresSearchLogStore } from '../../upstream/src/store/postgres/search-log';
import { createPostgresVideoStore } from '../../upstream/src/store/postgres/videos';
import { MAX_KEYWORDS_PER_SEARCHER_DAY } from '../../upstream/src/store/search-logs';
import { migratePostgres } from '../../upstream/src/store/postgres/migrations';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

type ContentStore = Pick<
  Store,
  | 'catalogues'
  | 'lecturers'
  | 'banners'
  | 'visitLogs'
  | 'courses'
  | 'topics'
  | 'videos'
  | 'searchLogs'
  | 'aiQuestions'
  | 'aiContent'
  | 'media'
>;
interface Course {
  id: number;
  catalogueId: number;
  lecturerId: number;
  updateTime: number;
  viewCount: number;
  videos: number;
  name?: string;
  recommendPosition?: number;
  selectPosition?: number;
  noteCount?: number;
}
const newCourse = (c: Course) => ({
  id: c.id,
  catalogueId: c.catalogueId,
  lecturerId: c.lecturerId,
  name: c.name ?? `课程${c.id}`,
  info: '简介',
  exclusive: c.id === 2,
  viewCount: c.viewCount,
  collectCount: c.id,
  likeCount: 0,
  noteCount: c.noteCount ?? 0,
  publishTime: 0,
  updateTime: c.updateTime,
  recommendPosition: c.recommendPosition ?? null,
  selectPosition: c.selectPosition ?? null,
  image: `/media/posters/${c.id}.svg`,
});
interface Opened {
  store: ContentStore;
  /** a course with its videos, written as rows */
  addCourse(course: Course): Promise<void>;
  close(): Promise<void>;
}

const ENGINES: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'store-content-'));
      const store = openStore(dir);
      return {
        store,
        async addCourse(c) {
          await store.courses.insert(newCourse(c));
          for (let i = 0; i < c.videos; i++) await store.videos.insert(newVideo(c.id, i));
        },
        async close() {
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'postgres',
    async open() {
      const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      await ensureSchema(DATABASE_URL, schema);
      const connection = connectPostgres(DATABASE_URL, { schema, poolSize: 4 });
      await migratePostgres(connection);
      return {
        store: {
          catalogues: createPostgresCatalogueStore(connection),
          lecturers: createPostgresLecturerStore(connection),
          banners: createPostgresBannerStore(connection),
          visitLogs: createPostgresVisitLogStore(connection),
          courses: createPostgresCourseStore(connection),
          topics: createPostgresTopicStore(connection),
          videos: createPostgresVideoStore(connection),
          searchLogs: createPostgresSearchLogStore(connection),
          aiQuestions: createPostgresQuestionLog(connection),
          aiContent: createPostgresAiContentStore(connection),
          media: createPostgresMediaStore(connection),
        },
        async addCourse(c) {
          await createPostgresCourseStore(connection).insert(newCourse(c));
          for (let i = 0; i < c.videos; i++) await createPostgresVideoStore(connection).insert(newVideo(c.id, i));
        },
        async close() {
          await connection.close();
          await dropSchema(DATABASE_URL, schema);
        },
      };
    },
  },
];

/** video i of a course: ids course*100+i; the first of each course has two keyframes (out of time order) and a transcript */
const newVideo = (courseId: number, i: number) => ({
  id: courseId * 100 + i,
  courseId,
  sort: 10 - i,
  name: `第${i + 1}讲`,
  properTitle: '',
  code: `V${courseId * 100 + i}`,
  abstract: '摘要',
  durationSeconds: 600,
  publishTime: 0,
  image: `/media/videos/${courseId * 100 + i}.svg`,
  keyframes:
    i === 0
      ? [
          { timePoint: 300, keyPoints: '矛盾', description: '对立统一' },
          { timePoint: 30, keyPoints: '导入', description: '本讲概要' },
        ]
      : [],
  transcript:
    i === 0
      ? [
          { text: '同学们好。', startMs: 0, endMs: 2_500 },
          { text: '矛盾是事物发展的动力。', startMs: 125_700, endMs: 130_000 },
        ]
      : [],
});

const lecturer = (
  id: number,
  name: string,
  catalogueId: number | null,
  extra: { recommended?: boolean; sort?: number } = {},
) => ({
  id,
  name,
  position: '教授',
  school: '示范大学',
  introHtml: '<p>简介</p>',
  catalogueId,
  recommended: extra.recommended ?? false,
  sort: extra.sort ?? 0,
  image: `/media/lecturers/${id}.svg`,
});

describe.each(ENGINES)('content in the store on $name', (engine) => {
  let opened: Opened;
  let store: ContentStore;
  beforeAll(async () => {
    opened = await engine.open();
    store = opened.store;
    // 1 哲学 > 10 马克思主义哲学 > 100 辩证唯物主义; 1 > 11 中国哲学; 2 法学 (sort before 1)
    for (const c of [
      { id: 1, parentId: 0, level: 1, name: '哲学', sort: 2 },
      { id: 2, parentId: 0, level: 1, name: '法学', sort: 1 },
      { id: 10, parentId: 1, level: 2, name: '马克思主义哲学', sort: 0 },
      { id: 11, parentId: 1, level: 2, name: '中国哲学', sort: 1 },
      { id: 100, parentId: 10, level: 3, name: '辩证唯物主义', sort: 0 },
    ]) {
      await store.catalogues.insert(c);
    }
    await store.lecturers.insert(lecturer(1, '张三', 100, { recommended: true, sort: 2 }));
    await store.lecturers.insert(lecturer(2, '李四', 11, { recommended: true, sort: 1 }));
    await store.lecturers.insert(lecturer(3, '王五', 2));
    await store.lecturers.insert(lecturer(4, '曾国藩', null));
    const Y2024 = Date.UTC(2024, 5, 1);
    const Y2025 = Date.UTC(2025, 5, 1);
    await opened.addCourse({
      id: 1,
      catalogueId: 100,
      lecturerId: 1,
      updateTime: Y2024,
      viewCount: 10,
      videos: 3,
      name: 'Marx 导读',
      recommendPosition: 2,
      noteCount: 7,
    });
    await opened.addCourse({
      id: 2,
      catalogueId: 100,
      lecturerId: 1,
      updateTime: Y2025,
      viewCount: 5,
      videos: 1,
      recommendPosition: 1,
      selectPosition: 1,
    });
    await opened.addCourse({
      id: 3,
      catalogueId: 11,
      lecturerId: 2,
      updateTime: Y2025,
      viewCount: 100,
      videos: 2,
      name: '先秦 MARX 比较',
      noteCount: 9,
    });
    await opened.addCourse({ id: 4, catalogueId: 2, lecturerId: 3, updateTime: Y2024, viewCount: 0, videos: 0 });
    await store.topics.insert({
      id: 1,
      title: '马哲专题',
      info: '',
      sort: 2,
      publishTime: 100,
      image: '',
      courseIds: [2, 1],
    });
    await store.topics.insert({
      id: 2,
      title: '中哲专题',
      info: '',
      sort: 1,
      publishTime: 300,
      image: '',
      courseIds: [3],
    });
    await store.topics.insert({
      id: 3,
      title: '法学专题',
      info: '',
      sort: 0,
      publishTime: 200,
      image: '',
      courseIds: [4, 1],
    });
  });
  afterAll(() => opened.close());

  it('keeps the tree: every node, parents before children and siblings in order; children with course counts of their subtree', async () => {
    expect((await store.catalogues.all()).map((c) => c.id)).toEqual([2, 1, 10, 11, 100]);
    expect(await store.catalogues.get(10)).toEqual({ id: 10, parentId: 1, level: 2, name: '马克思主义哲学', sort: 0 });
    expect(await store.catalogues.get(999)).toBeUndefined();
    expect((await store.catalogues.childrenWithCourseCounts(0, null)).map((c) => [c.id, c.count])).toEqual([
      [2, 1],
      [1, 3],
    ]);
    const in2025 = { from: Date.UTC(2025, 0, 1), to: Date.UTC(2026, 0, 1) };
    expect((await store.catalogues.childrenWithCourseCounts(1, in2025)).map((c) => [c.id, c.count])).toEqual([
      [10, 1],
      [11, 1],
    ]);
    expect(await store.catalogues.courseCountsBySubtree(null)).toEqual(
      new Map([
        [1, 3],
        [2, 1],
        [10, 2],
        [11, 1],
        [100, 2],
      ]),
    );
    expect(await store.catalogues.courseCountsBySubtree(in2025)).toEqual(
      new Map([
        [1, 2],
        [10, 1],
        [11, 1],
        [100, 1],
      ]),
    );
    expect(await store.catalogues.lecturerCountsBySubtree()).toEqual(
      new Map([
        [1, 2],
        [2, 1],
        [10, 1],
        [11, 1],
        [100, 1],
      ]),
    );
  });

  it('answers a lecturer with the totals of their courses, videos and plays, and the pinyin initial of the surname', async () => {
    expect(await store.lecturers.get(1)).toEqual({
      ...lecturer(1, '张三', 100, { recommended: true, sort: 2 }),
      namePinyin: expect.any(String),
      firstWord: 'Z',
      courseCount: 2,
      videoCount: 4,
      viewCount: 15,
    });
    expect(await store.lecturers.get(4)).toMatchObject({
      firstWord: 'Z',
      courseCount: 0,
      videoCount: 0,
      viewCount: 0,
      recommended: false,
    });
    expect(await store.lecturers.get(99)).toBeUndefined();
  });

  it('filters lecturers by subtree, initial and recommendation, in each order, a page at a time', async () => {
    const ids = async (...args: Parameters<ContentStore['lecturers']['list']>) =>
      (await store.lecturers.list(...args)).map((l) => l.id);
    expect(await ids({}, 'recommendation', 10, 0)).toEqual([2, 1, 3, 4]);
    expect(await ids({}, 'mostCourses', 10, 0)).toEqual([1, 2, 3, 4]);
    expect(await ids({}, 'mostViewed', 10, 0)).toEqual([2, 1, 3, 4]);
    // 李四 L, 王五 W, 张三 Z(hang), 曾国藩 Z(eng): zeng before zhang
    expect(await ids({}, 'name', 10, 0)).toEqual([2, 3, 4, 1]);
    expect(await ids({}, 'name', 2, 1)).toEqual([3, 4]);
    expect(await ids({ catalogueId: 1 }, 'recommendation', 10, 0)).toEqual([2, 1]);
    expect(await ids({ firstWord: 'Z' }, 'recommendation', 10, 0)).toEqual([1, 4]);
    expect(await ids({ recommendedOnly: true }, 'recommendation', 10, 0)).toEqual([2, 1]);
    expect(await store.lecturers.count({})).toBe(4);
    expect(await store.lecturers.count({ catalogueId: 10 })).toBe(1);
    expect(await store.lecturers.count({ firstWord: 'Z', recommendedOnly: true })).toBe(1);
  });

  it('answers a course joined to its lecturer, catalogue name, catalogue trail and video count', async () => {
    expect(await store.courses.get(1)).toEqual({
      ...(({ recommendPosition, selectPosition, ...rest }) => rest)(
        newCourse({
          id: 1,
          catalogueId: 100,
          lecturerId: 1,
          updateTime: Date.UTC(2024, 5, 1),
          viewCount: 10,
          videos: 3,
          name: 'Marx 导读',
          noteCount: 7,
        }),
      ),
      videoCount: 3,
      lecturerName: '张三',
      lecturerPosition: '教授',
      catalogueName: '辩证唯物主义',
      catalogueTrail: [
        { id: 1, name: '哲学', level: 1 },
        { id: 10, name: '马克思主义哲学', level: 2 },
        { id: 100, name: '辩证唯物主义', level: 3 },
      ],
    });
    expect((await store.courses.get(2))!.exclusive).toBe(true);
    expect(await store.courses.get(99)).toBeUndefined();
  });

  it('filters courses by subtree, lecturer, year and name (A-Z in any case), in each order, and counts them with their videos', async () => {
    const ids = async (...args: Parameters<ContentStore['courses']['list']>) =>
      (await store.courses.list(...args)).map((c) => c.id);
    expect(await ids({}, 'latest', 10, 0)).toEqual([3, 2, 4, 1]);
    expect(await ids({}, 'mostViewed', 10, 0)).toEqual([3, 1, 2, 4]);
    expect(await ids({}, 'mostNotes', 10, 0)).toEqual([3, 1, 4, 2]);
    expect(await ids({}, 'mostCollected', 2, 1)).toEqual([3, 2]);
    expect(await ids({ catalogueId: 10 }, 'latest', 10, 0)).toEqual([2, 1]);
    expect(await ids({ lecturerId: 1, excludeCourseId: 2 }, 'latest', 10, 0)).toEqual([1]);
    const in2024 = { from: Date.UTC(2024, 0, 1), to: Date.UTC(2025, 0, 1) };
    expect(await ids({ updated: in2024 }, 'latest', 10, 0)).toEqual([4, 1]);
    expect(await ids({ nameContains: 'marx' }, 'latest', 10, 0)).toEqual([3, 1]);
    expect(await ids({ nameContains: '先秦' }, 'latest', 10, 0)).toEqual([3]);
    expect(await store.courses.count({ catalogueId: 1 })).toBe(3);
    expect(await store.courses.countWithVideos({ catalogueId: 1 })).toEqual({ courseCount: 3, videoCount: 6 });
    expect(await store.courses.countWithVideos({ nameContains: 'nothing' })).toEqual({ courseCount: 0, videoCount: 0 });
  });

  it('counts courses and videos by video publication, lists the recommended, the selected and the relevant', async () => {
    expect(await store.courses.countByVideoPublication(0, null)).toEqual({ courseCount: 4, videoCount: 6 });
    expect(await store.courses.countByVideoPublication(10, null)).toEqual({ courseCount: 2, videoCount: 4 });
    // the videos were published at 0 (1970)
    expect(await store.courses.countByVideoPublication(0, { from: 0, to: 1 })).toEqual({
      courseCount: 3,
      videoCount: 6,
    });
    expect(await store.courses.countByVideoPublication(1, { from: 1, to: 2 })).toEqual({
      courseCount: 0,
      videoCount: 0,
    });
    expect((await store.courses.recommended(10, 0)).map((c) => c.id)).toEqual([2, 1]);
    expect((await store.courses.selected(10, 0)).map((c) => c.id)).toEqual([2]);
    // same catalogue first, then most played
    expect((await store.courses.relevant(2, 100, 1, 10, 0)).map((c) => c.id)).toEqual([1, 3]);
    expect(await store.courses.countRelevant(2, 1)).toBe(2);
  });

  it('answers topics newest first or in their order, related by shared catalogues, with their courses in order', async () => {
    expect(await store.topics.get(1)).toEqual({
      id: 1,
      title: '马哲专题',
      info: '',
      sort: 2,
      publishTime: 100,
      image: '',
      courseCount: 2,
    });
    expect(await store.topics.get(9)).toBeUndefined();
    expect((await store.topics.listNewest(10, 0)).map((t) => t.id)).toEqual([2, 3, 1]);
    expect((await store.topics.listNewest(1, 1)).map((t) => t.id)).toEqual([3]);
    expect(await store.topics.count()).toBe(3);
    expect((await store.topics.listBySort(3, 10)).map((t) => t.id)).toEqual([2, 1]);
    // topic 3 shares course 1's catalogues (哲学 > 马哲 > 辩证唯物主义) with topic 1; topic 2 shares 哲学 only
    expect((await store.topics.listRelated(1, 10)).map((t) => t.id)).toEqual([3, 2]);
    const courses = await store.topics.coursesOf([1, 3, 9], 1);
    expect([...courses.entries()].map(([id, list]) => [id, list.map((c) => c.id)])).toEqual([
      [1, [2]],
      [3, [4]],
      [9, []],
    ]);
    expect((await store.topics.coursesOf([1], null)).get(1)!.map((c) => [c.id, c.catalogueTrail.length])).toEqual([
      [2, 3],
      [1, 3],
    ]);
    expect(await store.topics.coursesOf([], null)).toEqual(new Map());
  });

  it('answers videos in episode order with their keyframes in time order, by id and by code, and their transcripts', async () => {
    const videos = await store.videos.listByCourse(1);
    // sort 10 - i: the last written plays first
    expect(videos.map((v) => v.id)).toEqual([102, 101, 100]);
    expect(videos[2]!.keyframes).toEqual([
      { seq: 1, timePoint: 30, keyPoints: '导入', description: '本讲概要', image: '' },
      { seq: 0, timePoint: 300, keyPoints: '矛盾', description: '对立统一', image: '' },
    ]);
    expect(videos[0]!.keyframes).toEqual([]);
    const { keyframes, transcript, ...summary } = newVideo(1, 0);
    expect(await store.videos.get(100)).toEqual(summary);
    expect(await store.videos.getByCode('V100')).toEqual(summary);
    expect(await store.videos.get(999)).toBeUndefined();
    expect((await store.videos.keyframes(100)).map((k) => k.seq)).toEqual([1, 0]);
    expect(await store.videos.transcript(100)).toEqual(transcript);
    expect(await store.videos.transcript(101)).toEqual([]);
    expect(await store.videos.listByCourse(99)).toEqual([]);
  });

  it('answers knowledge points in the order asked, with their video and course, leaving out those that do not exist', async () => {
    const points = await store.videos.knowledgePoints([
      { kind: 'transcript', videoId: 100, seq: 1 },
      { kind: 'keyframe', videoId: 300, seq: 0 },
      { kind: 'keyframe', videoId: 100, seq: 9 },
      { kind: 'keyframe', videoId: 100, seq: 1 },
    ]);
    expect(points).toEqual([
      {
        kind: 'transcript',
        videoId: 100,
        seq: 1,
        timePoint: 125,
        keyPoints: '',
        description: '矛盾是事物发展的动力。',
        videoName: '第1讲',
        videoImage: '/media/videos/100.svg',
        courseId: 1,
        catalogueId: 100,
        courseName: 'Marx 导读',
        lecturerName: '张三',
      },
      {
        kind: 'keyframe',
        videoId: 300,
        seq: 0,
        timePoint: 300,
        keyPoints: '矛盾',
        description: '对立统一',
        videoName: '第1讲',
        videoImage: '/media/videos/300.svg',
        courseId: 3,
        catalogueId: 11,
        courseName: '先秦 MARX 比较',
        lecturerName: '李四',
      },
      {
        kind: 'keyframe',
        videoId: 100,
        seq: 1,
        timePoint: 30,
        keyPoints: '导入',
        description: '本讲概要',
        videoName: '第1讲',
        videoImage: '/media/videos/100.svg',
        courseId: 1,
        catalogueId: 100,
        courseName: 'Marx 导读',
        lecturerName: '张三',
      },
    ]);
    expect(await store.videos.knowledgePoints([])).toEqual([]);
  });

  it('counts a keyword once per searcher and day, normalised, caps new keywords per searcher and day, and ranks the hot ones', async () => {
    const DAY = 86_400_000;
    const now = Date.UTC(2026, 10, 28, 4);
    expect(await store.searchLogs.record('  Marx  主义 ', 'u:1', now - 1_000)).toBe(true);
    expect(await store.searchLogs.record('marx 主义', 'u:1', now)).toBe(true);
    expect(await store.searchLogs.record('marx 主义', 'u:2', now - DAY)).toBe(true);
    expect(await store.searchLogs.record('矛盾', 'u:2', now - 500)).toBe(true);
    expect(await store.searchLogs.record('!!!', 'u:2', now)).toBe(false);
    expect(await store.searchLogs.record('唯物', 'u:3', now - 40 * DAY)).toBe(true);
    expect(await store.searchLogs.hot(10, now, 30)).toEqual([
      { keyword: 'marx 主义', count: 2, lastSearchedAt: now },
      { keyword: '矛盾', count: 1, lastSearchedAt: now - 500 },
    ]);
    expect((await store.searchLogs.hot(10, now, 60)).map((h) => h.keyword)).toEqual(['marx 主义', '矛盾', '唯物']);
    expect(await store.searchLogs.hot(1, now, 30)).toHaveLength(1);
    // a script looping over a dictionary: the day's new keywords stop at the cap, known ones still move
    for (let i = 0; i < MAX_KEYWORDS_PER_SEARCHER_DAY + 5; i++)
      await store.searchLogs.record(`词${i}`, 'ip:203.0.113.5', now);
    expect(await store.searchLogs.record('another', 'ip:203.0.113.5', now)).toBe(false);
    expect(await store.searchLogs.record('词0', 'ip:203.0.113.5', now + 1)).toBe(true);
    const hot = await store.searchLogs.hot(100, now + 1, 1);
    expect(hot.filter((h) => h.keyword.startsWith('词'))).toHaveLength(MAX_KEYWORDS_PER_SEARCHER_DAY);
  });

  it("logs the AI's questions: counted per user since a moment, closed with how they ended, pruned oldest first", async () => {
    const asked = {
      userId: 7,
      clientId: 'tab-1',
      model: 'chat',
      provider: 'retrieval',
      question: '什么是矛盾？',
      courseId: 1,
      videoId: 100,
    };
    const first = await store.aiQuestions.add(asked, 1_000);
    const second = await store.aiQuestions.add({ ...asked, question: '再问' }, 2_000);
    await store.aiQuestions.add({ ...asked, userId: 8 }, 3_000);
    expect(await store.aiQuestions.get(first)).toEqual({
      ...asked,
      id: first,
      askedAt: 1_000,
      chunks: 0,
      sources: '[]',
      outcome: 'streaming',
    });
    expect(await store.aiQuestions.countSince(7, 1_000)).toBe(2);
    expect(await store.aiQuestions.countSince(7, 1_001)).toBe(1);
    await store.aiQuestions.finish(second, { chunks: 12, sources: [{ videoId: 100 }], outcome: 'end' }, 2_500);
    expect(await store.aiQuestions.latest(7)).toMatchObject({
      id: second,
      chunks: 12,
      sources: '[{"videoId":100}]',
      outcome: 'end',
    });
    expect(await store.aiQuestions.latest(99)).toBeUndefined();
    // of the two oldest, only the one asked before 1 500 goes
    expect(await store.aiQuestions.prune(1_500, 2)).toBe(1);
    expect(await store.aiQuestions.get(first)).toBeUndefined();
    expect(await store.aiQuestions.prune(10_000, 1)).toBe(1);
    expect(await store.aiQuestions.countSince(7, 0)).toBe(0);
    expect(await store.aiQuestions.countSince(8, 0)).toBe(1);
  });

  it('keeps AI content: videos to consider with their hashes, content written and replaced, suggested questions, state', async () => {
    const content = (videoId: number, questions: string[], hash = `h${videoId}`) => ({
      videoId,
      videoAbstract: `摘要${videoId}`,
      keyPoints: [{ timePoint: 30, description: '导入' }],
      guessYouAsk: questions,
      concepts: ['矛盾'],
      majors: ['010101'],
      materialHash: hash,
      provider: 'retrieval',
      generatedAt: 5_000,
    });
    const overview = (courseId: number, hash: string) => ({
      courseId,
      overview: `概述${courseId}`,
      materialHash: hash,
      provider: 'retrieval',
      generatedAt: 6_000,
    });
    await store.aiContent.save(content(100, ['甲一', '甲二']), overview(1, 'c1'));
    await store.aiContent.save(content(101, ['乙一', '甲二', '乙三']), null);
    await store.aiContent.save(content(300, []), null);
    await store.aiContent.save(content(301, ['丙一']), null);
    await store.aiContent.saveCourse(overview(3, 'c3'));
    await store.aiContent.saveCourse(overview(3, 'c3b'));
    expect(await store.aiContent.video(100)).toEqual(content(100, ['甲一', '甲二']));
    expect(await store.aiContent.video(102)).toBeUndefined();
    expect(await store.aiContent.course(3)).toEqual(overview(3, 'c3b'));
    expect(await store.aiContent.course(2)).toBeUndefined();
    expect(await store.aiContent.courseHashes()).toEqual(
      new Map([
        [1, 'c1'],
        [3, 'c3b'],
      ]),
    );
    const refs = await store.aiContent.videoRefs();
    expect(refs.filter((r) => r.courseId === 1)).toEqual([
      { videoId: 102, courseId: 1, materialHash: null, generatedAt: null },
      { videoId: 101, courseId: 1, materialHash: 'h101', generatedAt: 5_000 },
      { videoId: 100, courseId: 1, materialHash: 'h100', generatedAt: 5_000 },
    ]);
    // the first question of each video in episode order (101 plays before 100), then the second ...
    expect(await store.aiContent.courseQuestions(1, 10)).toEqual(['乙一', '甲一', '甲二', '乙三']);
    expect(await store.aiContent.courseQuestions(1, 2)).toEqual(['乙一', '甲一']);
    // most played course first; course 3's first video (300) has no question, so 301's first
    expect(await store.aiContent.generalQuestions(10)).toEqual(['丙一', '乙一']);
    await store.aiContent.save(content(100, ['新问题'], 'h100b'), null);
    expect((await store.aiContent.video(100))!.guessYouAsk).toEqual(['新问题']);
    expect(await store.aiContent.state('all-run')).toBeNull();
    await store.aiContent.setState('all-run', '{"startedAt":1}');
    await store.aiContent.setState('all-run', '{"startedAt":2}');
    expect(await store.aiContent.state('all-run')).toBe('{"startedAt":2}');
    await store.aiContent.setState('all-run', null);
    expect(await store.aiContent.state('all-run')).toBeNull();
  });

  it('lists banners in their order and keeps a visit log entry', async () => {
    await store.banners.insert({ id: 1, title: '第二', image: '/b1.svg', gotoUrl: '/a', sort: 2 });
    await store.banners.insert({ id: 2, title: '第一', image: '/b2.svg', gotoUrl: '/b', sort: 1 });
    await store.banners.insert({ id: 3, title: '第三', image: '/b3.svg', gotoUrl: '/c', sort: 2 });
    expect((await store.banners.list(10)).map((b) => b.id)).toEqual([2, 1, 3]);
    expect(await store.banners.list(1)).toEqual([{ id: 2, title: '第一', image: '/b2.svg', gotoUrl: '/b', sort: 1 }]);

    const log = {
      actId: 'a1',
      customerCode: '',
      customerId: '',
      customerName: '',
      moduleName: '首页',
      pageUrl: '/home',
      previousPageUrl: '/search',
      productIds: '1',
      sourceType: 'pc',
      userId: '7',
      userName: 'student',
      clientIp: '198.51.100.9',
    };
    const id = await store.visitLogs.insert(log, 1_234);
    expect(await store.visitLogs.get(id)).toEqual({ ...log, id, createdAt: 1_234 });
    expect(await store.visitLogs.insert(log, 1_235)).toBeGreaterThan(id);
    expect(await store.visitLogs.get(id + 999)).toBeUndefined();
  });
  it("keeps a video's media (and sets the video's length from it), keyframe thumbnails, a new transcript", async () => {
    const media = {
      videoId: 200,
      folder: '/media/videos/V200',
      masterPath: '/media/videos/V200/master.m3u8',
      qualities: [
        { name: '720p', height: 720, bandwidth: 2_500_000 },
        { name: '360p', height: 360, bandwidth: 800_000 },
      ],
      poster: '/media/videos/V200/poster.jpg',
      subtitlePath: '',
      manuscriptPath: '',
      durationMs: 95_400.6,
      source: 'demo-lecture:test',
    };
    await store.media.upsert(media);
    expect(await store.media.get(200)).toEqual({ ...media, durationMs: 95_401 });
    expect((await store.videos.get(200))!.durationSeconds).toBe(95);
    await store.media.upsert({ ...media, durationMs: 61_000, subtitlePath: '/media/videos/V200/subtitles.vtt' });
    expect(await store.media.get(200)).toMatchObject({
      durationMs: 61_000,
      subtitlePath: '/media/videos/V200/subtitles.vtt',
    });
    expect((await store.videos.get(200))!.durationSeconds).toBe(61);
    expect(await store.media.get(100)).toBeNull();
    expect([...(await store.media.getMany([100, 200])).keys()]).toEqual([200]);
    expect(await store.media.getMany([])).toEqual(new Map());
    await store.media.remove(200);
    expect(await store.media.get(200)).toBeNull();

    await store.media.setKeyframeImages(300, [
      { seq: 0, image: '/k0.jpg' },
      { seq: 1, image: '/k1.jpg', timePoint: 44.6 },
      { seq: 9, image: '/x.jpg' },
    ]);
    expect(await store.media.keyframeImages([300, 301])).toEqual(
      new Map([
        [
          300,
          new Map([
            [0, '/k0.jpg'],
            [1, '/k1.jpg'],
          ]),
        ],
      ]),
    );
    expect((await store.videos.keyframes(300)).map((k) => [k.seq, k.timePoint])).toEqual([
      [1, 45],
      [0, 300],
    ]);
    await store.media.replaceTranscript(300, [{ text: '新的第一句。', startMs: -5, endMs: 1_999.6 }]);
    expect(await store.videos.transcript(300)).toEqual([{ text: '新的第一句。', startMs: 0, endMs: 2_000 }]);
  });

  it('keeps resumable media jobs: steps recorded and read back, finished, failed, started again, removed', async () => {
    const job = await store.media.jobs.start('import:V1:abc', 'import');
    expect(job).toEqual({
      id: expect.any(Number),
      key: 'import:V1:abc',
      kind: 'import',
      status: 'running',
      error: '',
      steps: new Map(),
    });
    await store.media.jobs.finishStep(job.id, 'probe', { durationMs: 1_000 });
    await store.media.jobs.finishStep(job.id, 'probe', { durationMs: 2_000 });
    await store.media.jobs.finishStep(job.id, 'poster', null);
    await store.media.jobs.fail(job.id, 'x'.repeat(3_000));
    const failed = (await store.media.jobs.get('import:V1:abc'))!;
    expect(failed.status).toBe('failed');
    expect(failed.error).toHaveLength(2_000);
    expect(failed.steps).toEqual(
      new Map<string, unknown>([
        ['probe', { durationMs: 2_000 }],
        ['poster', null],
      ]),
    );
    const again = await store.media.jobs.start('import:V1:abc', 'import');
    expect([again.id, again.status, again.error, again.steps.size]).toEqual([job.id, 'running', '', 2]);
    await store.media.jobs.finish(job.id);
    expect((await store.media.jobs.get('import:V1:abc'))!.status).toBe('done');
    await store.media.jobs.remove('import:V1:abc');
    expect(await store.media.jobs.get('import:V1:abc')).toBeNull();
  });

  it("answers the media import's lookups and writes its keyframes and the course's update time", async () => {
    const imports = store.media.imports;
    expect(await imports.lecturerByName('李四')).toBe(2);
    expect(await imports.lecturerByName('无名')).toBeNull();
    expect(await imports.courseByName('Marx 导读', 1)).toBe(1);
    expect(await imports.courseByName('Marx 导读', 2)).toBeNull();
    expect(await imports.videoByCode('V300')).toEqual({ id: 300, courseId: 3 });
    expect(await imports.videoByCode('V999')).toBeNull();
    expect(await imports.videoByName(1, '第2讲')).toEqual({ id: 101, code: 'V101' });
    expect(await imports.videoByName(1, '第9讲')).toBeNull();
    expect(await imports.nextIds()).toEqual({ lecturer: 5, course: 5, video: 302 });
    expect(await imports.nextVideoSort(1)).toBe(11);
    expect(await imports.nextVideoSort(4)).toBe(1);
    await imports.replaceKeyframes(301, [{ timePoint: 12.4, keyPoints: '新', description: '新的关键帧' }]);
    expect(await store.videos.keyframes(301)).toEqual([
      { seq: 0, timePoint: 12, keyPoints: '新', description: '新的关键帧', image: '' },
    ]);
    const before = (await store.courses.get(4))!.updateTime;
    await imports.touchCourse(4, before - 1);
    expect((await store.courses.get(4))!.updateTime).toBe(before);
    await imports.touchCourse(4, before + 1);
    expect((await store.courses.get(4))!.updateTime).toBe(before + 1);
  });
});
