/**
 * The learning stores' contract on both engines (SQLite and PostgreSQL, a schema of its own per
 * run, dropped after): messages, notes and their collections, likes and favourites with the course
 * counters their triggers keep, play records (the upsert's clamping and stay-time rules, pruning to
 * the newest PLAY_LOG_KEEP, a failed report undoing only itself inside a batch's transaction),
 * fragments (the per-video limit, default names, expiry) and scrolling comments (the rate limit).
 * The fixture content is seeded through the store on each engine, so ids are the same on both.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { FRAGMENT_RETENTION_MS, PLAY_LOG_KEEP } from '../../upstream/src/learning-limits';
import { isMissingReference, openStore, type Store } from '../../upstream/src/store';
import { MESSAGE_TYPE } from '../../upstream/src/store/messages';
import { NOTE_TYPE } from '../../upstream/src/store/notes';
import { OPERATE_TYPE } from '../../upstream/src/store/user-operations';
import { dropSchema, ensureSchema, openPostgresStore } from '../../upstream/src/store/postgres';
import { addUser } from './centre-fixture';
import { fixtureContent } from './fixture';

const DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const T0 = Date.parse('2026-11-28T02:00:00.000Z');
const SECOND = 1_000;

interface Engine {
  name: string;
  open(): Promise<{ store: Store; close(): Promise<void> }>;
}

const ENGINES: Engine[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'store-learning-'));
      const store = openStore(dir);
      return {
        store,
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
      const dir = mkdtempSync(path.join(tmpdir(), 'store-learning-pg-'));
      const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      await ensureSchema(DATABASE_URL, schema);
      const store = await openPostgresStore(DATABASE_URL, { schema, poolSize: 4, dataDir: dir });
      return {
        store,
        async close() {
          await store.close();
          await dropSchema(DATABASE_URL, schema);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(ENGINES)('the learning stores on $name', (engine) => {
  let store: Store;
  let close: () => Promise<void>;
  /** two videos of one course, and a video of another course */
  let video: { id: number; courseId: number; durationSeconds: number; catalogueId: number };
  let sibling: number;
  let otherCourseVideo: number;
  let alice: number;
  let bob: number;

  beforeAll(async () => {
    ({ store, close } = await engine.open());
    const content = fixtureContent();
    await seedDemoContent(store, content, store.mediaDir);
    const [first, second] = content.videos.filter((v) => v.courseId === content.videos[0]!.courseId);
    const course = content.courses.find((c) => c.id === first!.courseId)!;
    video = {
      id: first!.id,
      courseId: first!.courseId,
      durationSeconds: first!.durationSeconds,
      catalogueId: course.catalogueId,
    };
    sibling = second!.id;
    otherCourseVideo = content.videos.find((v) => v.courseId !== video.courseId)!.id;
    alice = await addUser(store, 'alice');
    bob = await addUser(store, 'bob');
  }, 60_000);
  afterAll(() => close());

  const course = async () => (await store.courses.get(video.courseId))!;

  describe('messages', () => {
    it('lists a user’s messages newest first with the video’s name, counts them and deletes only the owner’s', async () => {
      const welcome = await store.messages.add({ userId: alice, type: MESSAGE_TYPE.system, message: '欢迎' }, T0);
      const quoted = await store.messages.add(
        { userId: alice, type: MESSAGE_TYPE.noteQuoted, message: '收录', videoId: video.id },
        T0 + 1,
      );
      const sameTime = await store.messages.add(
        { userId: alice, type: MESSAGE_TYPE.security, message: '密码已修改' },
        T0 + 1,
      );
      await store.messages.add({ userId: bob, type: MESSAGE_TYPE.system, message: '欢迎' }, T0);
      const list = await store.messages.listByUser(alice, 10, 0);
      expect(list.map((m) => m.id)).toEqual([sameTime, quoted, welcome]);
      expect(list[1]).toMatchObject({ userId: alice, type: 2, message: '收录', videoId: video.id, createdAt: T0 + 1 });
      expect(list[1]!.videoName.length).toBeGreaterThan(0);
      expect(list[2]).toMatchObject({ videoId: null, videoName: '' });
      expect((await store.messages.listByUser(alice, 1, 1)).map((m) => m.id)).toEqual([quoted]);
      expect(await store.messages.countByUser(alice)).toBe(3);
      expect(await store.messages.countByUserAndType(alice, MESSAGE_TYPE.system)).toBe(1);
      expect(await store.messages.deleteOwn(welcome, bob)).toBe(false);
      expect(await store.messages.deleteOwn(welcome, alice)).toBe(true);
      expect(await store.messages.deleteOwn(welcome, alice)).toBe(false);
      expect(await store.messages.countByUser(alice)).toBe(2);
    });
  });

  describe('notes', () => {
    it('keeps a note’s course from its video, counts public notes on the course, and shows private ones to their author only', async () => {
      const before = (await course()).noteCount;
      const shared = await store.notes.insert(
        {
          userId: alice,
          userName: '爱丽丝',
          videoId: video.id,
          content: '公开笔记',
          vtime: 12,
          type: NOTE_TYPE.public,
        },
        T0,
      );
      const secret = await store.notes.insert(
        {
          userId: alice,
          userName: '爱丽丝',
          videoId: video.id,
          content: '私人笔记',
          vtime: 30,
          type: NOTE_TYPE.private,
          catalogId: 4242,
        },
        T0 + 1,
      );
      expect(
        await store.notes.insert(
          { userId: alice, userName: '爱丽丝', videoId: 999_999, content: 'x', vtime: 0, type: 0 },
          T0,
        ),
      ).toBeNull();
      expect((await course()).noteCount).toBe(before + 1);

      const mine = await store.notes.get(secret!, alice);
      expect(mine).toMatchObject({
        id: secret,
        userId: alice,
        userName: '爱丽丝',
        videoId: video.id,
        courseId: video.courseId,
        catalogId: 4242,
        content: '私人笔记',
        vtime: 30,
        type: 1,
        createdAt: T0 + 1,
        collectedByViewer: false,
      });
      expect((await store.notes.get(shared!, bob))!.catalogId).toBe(video.catalogueId);
      expect(await store.notes.get(secret!, bob)).toBeUndefined();

      expect(
        (await store.notes.listForVideo({ videoId: video.id, viewerId: bob, mineOnly: false }, 10, 0)).map((n) => n.id),
      ).toEqual([shared]);
      expect(
        (await store.notes.listForVideo({ videoId: video.id, viewerId: alice, mineOnly: false }, 10, 0)).map(
          (n) => n.id,
        ),
      ).toEqual([secret, shared]);
      expect(await store.notes.countForVideo({ videoId: video.id, viewerId: bob, mineOnly: true })).toBe(0);
      expect(await store.notes.countForVideo({ videoId: video.id, viewerId: alice, mineOnly: true })).toBe(2);
    });

    it('collects a public note once, never someone else’s private one, lists collections, and deleting a note takes its collections along', async () => {
      const shared = (await store.notes.insert(
        { userId: alice, userName: 'a', videoId: sibling, content: '可收录', vtime: 5, type: 0 },
        T0 + 10,
      ))!;
      const secret = (await store.notes.insert(
        { userId: alice, userName: 'a', videoId: sibling, content: '不可收录', vtime: 6, type: 1 },
        T0 + 11,
      ))!;
      expect(await store.notes.collect(bob, shared, T0 + 20)).toBe(true);
      expect(await store.notes.collect(bob, shared, T0 + 21)).toBe(false);
      expect(await store.notes.collect(bob, secret, T0 + 22)).toBe(false);
      expect(await store.notes.collect(bob, 999_999, T0 + 22)).toBe(false);
      expect(await store.notes.collect(alice, secret, T0 + 23)).toBe(true);
      expect((await store.notes.get(shared, bob))!.collectedByViewer).toBe(true);
      const collected = await store.notes.list({ userId: bob, kind: 'collected' }, 10, 0);
      expect(collected.map((n) => [n.id, n.collectedByViewer])).toEqual([[shared, true]]);
      expect(await store.notes.count({ userId: bob, kind: 'collected', videoId: sibling })).toBe(1);
      expect(await store.notes.count({ userId: bob, kind: 'collected', videoId: video.id })).toBe(0);
      expect(await store.notes.count({ userId: alice, kind: 'own', courseId: video.courseId })).toBe(4);

      const before = (await course()).noteCount;
      expect(await store.notes.deleteOwn(shared, bob)).toBe(false);
      expect(await store.notes.deleteOwn(shared, alice)).toBe(true);
      expect((await course()).noteCount).toBe(before - 1);
      expect(await store.notes.count({ userId: bob, kind: 'collected' })).toBe(0);
      expect(await store.notes.uncollect(alice, secret)).toBe(true);
      expect(await store.notes.uncollect(alice, secret)).toBe(false);
    });
  });

  describe('likes and favourites', () => {
    it('sets each once, keeps the course’s counters, answers a video’s state and lists favourite courses by their newest favourite', async () => {
      const { likeCount, collectCount } = await course();
      expect(
        await store.userOperations.add({ userId: alice, videoId: video.id, operateType: OPERATE_TYPE.like }, T0),
      ).toBe(true);
      expect(
        await store.userOperations.add({ userId: alice, videoId: video.id, operateType: OPERATE_TYPE.like }, T0),
      ).toBe(false);
      expect(
        await store.userOperations.add({ userId: alice, videoId: 999_999, operateType: OPERATE_TYPE.like }, T0),
      ).toBe(false);
      expect(
        await store.userOperations.add({ userId: bob, videoId: video.id, operateType: OPERATE_TYPE.like }, T0),
      ).toBe(true);
      expect(
        await store.userOperations.add(
          { userId: alice, videoId: video.id, operateType: OPERATE_TYPE.favourite },
          T0 + 1,
        ),
      ).toBe(true);
      expect(
        await store.userOperations.add(
          { userId: alice, videoId: sibling, operateType: OPERATE_TYPE.favourite },
          T0 + 5,
        ),
      ).toBe(true);
      expect(
        await store.userOperations.add(
          { userId: alice, videoId: otherCourseVideo, operateType: OPERATE_TYPE.favourite },
          T0 + 3,
        ),
      ).toBe(true);
      expect(await course()).toMatchObject({ likeCount: likeCount + 2, collectCount: collectCount + 2 });

      expect(await store.userOperations.videoState(alice, video.id)).toEqual({
        liked: true,
        favourited: true,
        likeCount: 2,
        favouriteCount: 1,
      });
      expect(await store.userOperations.videoState(bob, video.id)).toEqual({
        liked: true,
        favourited: false,
        likeCount: 2,
        favouriteCount: 1,
      });
      expect(await store.userOperations.videoState(bob, sibling)).toEqual({
        liked: false,
        favourited: false,
        likeCount: 0,
        favouriteCount: 1,
      });
      expect(await store.userOperations.has(alice, sibling, OPERATE_TYPE.favourite)).toBe(true);
      expect(await store.userOperations.has(bob, sibling, OPERATE_TYPE.favourite)).toBe(false);

      const favourites = await store.userOperations.listFavouriteCourses(alice, 10, 0);
      expect(favourites.map((f) => [f.course.id, f.collectTime])).toEqual([
        [video.courseId, T0 + 5],
        [(await store.videos.get(otherCourseVideo))!.courseId, T0 + 3],
      ]);
      expect(favourites[0]!.course).toEqual(await course());
      expect(await store.userOperations.countFavouriteCourses(alice)).toBe(2);
      expect(await store.userOperations.countByUser(alice)).toBe(4);

      expect(await store.userOperations.remove(alice, video.id, OPERATE_TYPE.like)).toBe(true);
      expect(await store.userOperations.remove(alice, video.id, OPERATE_TYPE.like)).toBe(false);
      expect((await course()).likeCount).toBe(likeCount + 1);
    });
  });

  describe('play records', () => {
    const report = (
      userId: number,
      videoId: number,
      fields: Partial<Parameters<Store['playLogs']['record']>[0]> = {},
    ) => ({
      userId,
      videoId,
      lastPlayTime: 0,
      duration: 0,
      stayTime: 0,
      ...fields,
    });

    it('creates one record per user and video, clamps what the player says to the video’s length, and keeps the position on a length-0 report', async () => {
      const id = await store.playLogs.record(
        report(bob, video.id, { userName: '鲍勃', lastPlayTime: 50, duration: 100_000, stayTime: 20 }),
        T0,
      );
      expect(id).toEqual(expect.any(Number));
      let found = (await store.playLogs.find(bob, video.id))!;
      expect(found).toMatchObject({
        id,
        userId: bob,
        videoId: video.id,
        courseId: video.courseId,
        catalogId: video.catalogueId,
        lastPlayTime: 50,
        duration: video.durationSeconds,
        stayTime: 20,
        createdAt: T0,
        updatedAt: T0,
      });
      expect(found.videoName.length).toBeGreaterThan(0);
      expect(
        await store.playLogs.record(
          report(bob, video.id, { lastPlayTime: 70, duration: 0, stayTime: 25 }),
          T0 + 5 * SECOND,
        ),
      ).toBe(id);
      found = (await store.playLogs.find(bob, video.id))!;
      expect(found).toMatchObject({
        lastPlayTime: 50,
        duration: video.durationSeconds,
        stayTime: 25,
        updatedAt: T0 + 5 * SECOND,
        createdAt: T0,
      });
      // an older report (the unload beacon arriving late) never moves the time back
      await store.playLogs.record(
        report(bob, video.id, { lastPlayTime: 60, duration: 100, stayTime: 24 }),
        T0 + 2 * SECOND,
      );
      found = (await store.playLogs.find(bob, video.id))!;
      expect(found).toMatchObject({ lastPlayTime: 60, duration: 100, stayTime: 25, updatedAt: T0 + 5 * SECOND });
      expect(await store.playLogs.record(report(bob, video.id, { courseId: 999_999 }), T0)).toBeNull();
      expect(await store.playLogs.record(report(bob, 999_999), T0)).toBeNull();
    });

    it('adds a new viewing’s stay time to the earlier ones, and caps what a report may add by the time since the previous one', async () => {
      const first = (await store.playLogs.record(
        report(alice, sibling, { duration: 100, lastPlayTime: 10, stayTime: 40, viewingOf: 0, stayCapSeconds: 60 }),
        T0,
      ))!;
      expect((await store.playLogs.find(alice, sibling))!.stayTime).toBe(40);
      // the same viewing, 10 s later, claims 200 s: at most 40 + 10 + 5
      await store.playLogs.record(
        report(alice, sibling, { duration: 100, lastPlayTime: 20, stayTime: 200, viewingOf: first, stayCapSeconds: 5 }),
        T0 + 10 * SECOND,
      );
      expect((await store.playLogs.find(alice, sibling))!.stayTime).toBe(55);
      // a lower running total of the same viewing changes nothing
      await store.playLogs.record(
        report(alice, sibling, { duration: 100, lastPlayTime: 21, stayTime: 30, viewingOf: first }),
        T0 + 11 * SECOND,
      );
      expect((await store.playLogs.find(alice, sibling))!.stayTime).toBe(55);
      // a new viewing starts at most stayCap in, on top of the earlier viewings
      await store.playLogs.record(
        report(alice, sibling, { duration: 100, lastPlayTime: 5, stayTime: 500, viewingOf: 0, stayCapSeconds: 8 }),
        T0 + 60 * SECOND,
      );
      expect((await store.playLogs.find(alice, sibling))!.stayTime).toBe(63);
    });

    it('keeps a user’s newest records only, newest first; clear removes them all', async () => {
      const user = await addUser(store, `many-${engine.name}`);
      const existing = (await store.videos.listByCourse(video.courseId)).length;
      for (let i = 0; i < PLAY_LOG_KEEP + 1 - existing; i++) {
        await store.videos.insert({
          id: 900_000 + i,
          courseId: video.courseId,
          sort: 1000 + i,
          name: `补充视频${i}`,
          properTitle: '',
          code: `extra-${i}`,
          abstract: '',
          durationSeconds: 600,
          publishTime: T0,
          image: '',
          keyframes: [],
          transcript: [],
        });
      }
      const videos = (await store.videos.listByCourse(video.courseId)).map((v) => v.id);
      expect(videos.length).toBe(PLAY_LOG_KEEP + 1);
      for (const [i, id] of videos.entries()) {
        await store.playLogs.record(report(user, id, { duration: 60, lastPlayTime: 1, stayTime: 1 }), T0 + i * SECOND);
      }
      expect(await store.playLogs.countByUser(user)).toBe(PLAY_LOG_KEEP);
      const listed = await store.playLogs.listByUser(user);
      expect(listed.map((r) => r.videoId)).toEqual(videos.slice(1).reverse());
      expect(await store.playLogs.find(user, videos[0]!)).toBeUndefined();
      expect((await store.playLogs.listByUser(user, 3)).map((r) => r.videoId)).toEqual(videos.slice(-3).reverse());
      expect(await store.playLogs.clear(user)).toBe(PLAY_LOG_KEEP);
      expect(await store.playLogs.countByUser(user)).toBe(0);
    });

    it('writes a batch as record() would write its reports one by one, answering each in order', async () => {
      const one = await addUser(store, `one-by-one-${engine.name}`);
      const batch = await addUser(store, `batch-${engine.name}`);
      const reports = (userId: number) => [
        report(userId, video.id, { duration: 100, lastPlayTime: 10, stayTime: 10, viewingOf: 0, stayCapSeconds: 5 }),
        report(userId, sibling, { duration: 0, lastPlayTime: 7, stayTime: 3, viewingOf: 0 }),
        report(987_654, sibling, { duration: 100 }),
        report(userId, 999_999, { duration: 100 }),
        report(userId, otherCourseVideo, { courseId: video.courseId, duration: 100 }),
        // the same video again in the batch: the second report continues the first's viewing
        report(userId, video.id, { duration: 100_000, lastPlayTime: 90, stayTime: 30, stayCapSeconds: 5 }),
      ];
      // records that exist before the batch are updated by it
      await store.playLogs.record(report(one, sibling, { duration: 50, lastPlayTime: 20, stayTime: 4 }), T0);
      await store.playLogs.record(report(batch, sibling, { duration: 50, lastPlayTime: 20, stayTime: 4 }), T0);

      const expected: (number | null | 'unknownUser')[] = [];
      for (const r of reports(one)) {
        try {
          expected.push(await store.playLogs.record(r, T0 + 9 * SECOND));
        } catch (error) {
          if (!isMissingReference(error)) throw error;
          expected.push('unknownUser');
        }
      }
      const outcomes = await store.playLogs.recordMany(reports(batch), T0 + 9 * SECOND);
      expect(outcomes.map((o) => (typeof o === 'number' ? 'id' : o))).toEqual(
        expected.map((o) => (typeof o === 'number' ? 'id' : o)),
      );
      expect(outcomes.slice(2, 5)).toEqual(['unknownUser', null, null]);
      expect(outcomes[5]).toBe(outcomes[0]);
      const strip = ({
        id: _id,
        userId: _user,
        createdAt: _created,
        ...rest
      }: Awaited<ReturnType<Store['playLogs']['find']>> & object) => rest;
      const written = await store.playLogs.listByUser(batch);
      expect(written.map((r) => r.id).sort()).toEqual([outcomes[0], outcomes[1]].sort());
      expect(written.map(strip)).toEqual((await store.playLogs.listByUser(one)).map(strip));
      expect(await store.playLogs.recordMany([], T0)).toEqual([]);
    });

    it('prunes a batch’s users to their newest records once', async () => {
      const user = await addUser(store, `batch-many-${engine.name}`);
      const videos = (await store.videos.listByCourse(video.courseId)).map((v) => v.id);
      const first = await store.playLogs.recordMany(
        videos.slice(0, 60).map((id) => report(user, id, { duration: 60 })),
        T0,
      );
      expect(first.every((id) => typeof id === 'number')).toBe(true);
      await store.playLogs.recordMany(
        videos.slice(60).map((id) => report(user, id, { duration: 60 })),
        T0 + SECOND,
      );
      expect(await store.playLogs.countByUser(user)).toBe(PLAY_LOG_KEEP);
      // the oldest went; ties of time fall to the lower ids
      expect(await store.playLogs.find(user, videos[0]!)).toBeUndefined();
      expect(await store.playLogs.find(user, videos.at(-1)!)).toBeDefined();
    });

    it('inside one transaction, a report for an unknown account fails alone and the others are kept', async () => {
      await store.transaction(async () => {
        await store.playLogs.record(report(bob, sibling, { duration: 100, lastPlayTime: 3 }), T0);
        const failure = await store.playLogs
          .record(report(987_654, sibling, { duration: 100 }), T0)
          .catch((error: unknown) => error);
        expect(isMissingReference(failure)).toBe(true);
        await store.playLogs.record(report(bob, otherCourseVideo, { duration: 100, lastPlayTime: 4 }), T0);
      });
      expect((await store.playLogs.find(bob, sibling))!.lastPlayTime).toBe(3);
      expect((await store.playLogs.find(bob, otherCourseVideo))!.lastPlayTime).toBe(4);
    });
  });

  describe('fragments', () => {
    const reservation = (userId: number, fragmentName: string | null) => ({
      userId,
      videoId: video.id,
      fragmentName,
      defaultName: (n: number) => `视频-片段${n}`,
      perVideo: 2,
      startTime: 10,
      endTime: 40,
      download: 1 as const,
    });

    it('reserves at most perVideo unexpired clips of a video, names them by counter, and finds, lists and deletes them', async () => {
      const first = await store.fragments.reserve(reservation(alice, null), T0);
      expect(first).toMatchObject({
        userId: alice,
        videoId: video.id,
        courseId: video.courseId,
        fragmentName: '视频-片段1',
        startTime: 10,
        endTime: 40,
        download: 1,
        videoAddress: '',
        createdAt: T0,
        expiresAt: T0 + FRAGMENT_RETENTION_MS,
      });
      const second = await store.fragments.reserve(reservation(alice, '我的片段'), T0 + 1);
      expect(second).toMatchObject({ fragmentName: '我的片段' });
      expect(await store.fragments.reserve(reservation(alice, null), T0 + 2)).toBe('limit');
      expect(await store.fragments.reserve({ ...reservation(alice, null), videoId: 999_999 }, T0 + 2)).toBeNull();
      if (first === 'limit' || first === null || second === 'limit' || second === null) throw new Error('not reserved');

      expect(await store.fragments.setVideoAddress(first.id, '/media/fragments/a.mp4')).toBe(true);
      expect((await store.fragments.get(first.id))!.videoAddress).toBe('/media/fragments/a.mp4');
      expect(await store.fragments.countActiveForVideo(alice, video.id, T0 + 3)).toBe(2);
      // the one without a file, reserved before the cut-off, is abandoned
      const abandoned = await store.fragments.deleteAbandoned(alice, video.id, T0 + 5);
      expect(abandoned.map((f) => f.id)).toEqual([second.id]);
      const third = await store.fragments.reserve(reservation(alice, null), T0 + 6);
      expect(third).toMatchObject({ fragmentName: '视频-片段2' });

      expect((await store.fragments.listActive(alice, T0 + 7, 10, 0)).map((f) => f.fragmentName)).toEqual([
        '视频-片段2',
        '视频-片段1',
      ]);
      expect(await store.fragments.countActive(alice, T0 + 7)).toBe(2);
      expect(await store.fragments.countActive(alice, T0 + FRAGMENT_RETENTION_MS + 6)).toBe(0);

      expect(await store.fragments.deleteOwn(first.id, bob)).toBeUndefined();
      const gone = await store.fragments.deleteOwn(first.id, alice);
      expect(gone).toMatchObject({ id: first.id, videoAddress: '/media/fragments/a.mp4', userId: alice });
      expect(await store.fragments.get(first.id)).toBeUndefined();
    });

    it('deletes expired fragments of one user or of everyone, handing back the rows', async () => {
      const bobs = await store.fragments.insert(
        { userId: bob, videoId: sibling, fragmentName: 'b', startTime: 0, endTime: 5, download: 0 },
        T0 - FRAGMENT_RETENTION_MS - 1,
      );
      const alices = await store.fragments.insert(
        { userId: alice, videoId: sibling, fragmentName: 'a', startTime: 0, endTime: 5, download: 0 },
        T0 - FRAGMENT_RETENTION_MS - 1,
      );
      expect((await store.fragments.deleteExpired(T0, bob)).map((f) => f.id)).toEqual([bobs!.id]);
      const rest = await store.fragments.deleteExpired(T0);
      expect(rest.map((f) => f.id)).toEqual([alices!.id]);
      expect(rest[0]).toMatchObject({ fragmentName: 'a', videoId: sibling, userId: alice });
      expect(await store.fragments.deleteExpired(T0)).toEqual([]);
    });
  });

  describe('scrolling comments', () => {
    it('stores comments to a tenth of a second, lists a range in time order, and refuses a sender over the minute’s limit', async () => {
      const one = await store.danmaku.add({ userId: bob, videoId: video.id, vtime: 12.39, content: '第一' }, T0, 3);
      expect(one).toMatchObject({ userId: bob, videoId: video.id, vtime: 12.3, content: '第一', createdAt: T0 });
      await store.danmaku.add({ userId: bob, videoId: video.id, vtime: 5, content: '第二' }, T0 + 1, 3);
      expect(await store.danmaku.add({ userId: bob, videoId: 999_999, vtime: 1, content: 'x' }, T0 + 2, 3)).toBeNull();
      await store.danmaku.add({ userId: bob, videoId: video.id, vtime: 12.3, content: '第三' }, T0 + 3, 3);
      expect(await store.danmaku.add({ userId: bob, videoId: video.id, vtime: 1, content: '第四' }, T0 + 4, 3)).toBe(
        'tooMany',
      );
      expect(
        await store.danmaku.add({ userId: alice, videoId: video.id, vtime: 1, content: '别人' }, T0 + 4, 3),
      ).not.toBe('tooMany');
      // a minute later the sender may send again
      expect(
        await store.danmaku.add({ userId: bob, videoId: video.id, vtime: 100, content: '第五' }, T0 + 60_001, 3),
      ).not.toBe('tooMany');
      const listed = await store.danmaku.listByVideo(video.id, 2, 20, 10);
      expect(listed.map((d) => [d.vtime, d.content])).toEqual([
        [5, '第二'],
        [12.3, '第一'],
        [12.3, '第三'],
      ]);
      expect((await store.danmaku.listByVideo(video.id, 0, 1000, 2)).length).toBe(2);
    });
  });

  describe('course views', () => {
    it('counts a user’s view of a video once a day', async () => {
      const before = (await course()).viewCount;
      const view = { courseId: video.courseId, userId: alice, videoId: video.id, day: 20_000 };
      expect(await store.courses.countView(view)).toBe(true);
      expect(await store.courses.countView(view)).toBe(false);
      expect(await store.courses.countView({ ...view, day: 20_001 })).toBe(true);
      expect((await course()).viewCount).toBe(before + 2);
    });
  });
});
