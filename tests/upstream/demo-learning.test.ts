/**
 * The demo learning records of the `student` account (upstream/src/demo/learning.ts): written once
 * the demo accounts and the content both exist, whichever is seeded first; never twice; and what
 * the personal centre then shows over HTTP: favourite courses, own and collected notes, history
 * over today / the last week / earlier, one message of each type, no fragments.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoLearning } from '../../upstream/src/demo/learning';
import { seedDemoAccounts } from '../../upstream/src/demo/accounts';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { fixtureContent } from './fixture';
import { startTestApi, type TestApi } from './harness';
import type {
  FavouriteCourseItem,
  FragmentItem,
  MessageItem,
  NoteItem,
  Paged,
  ViewLogItem,
} from '../../upstream/src/main-api/contract';

const DAY = 86_400_000;
/** the calendar day (UTC+8, the platform's clock) of an instant, written independently of the server's code */
const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

let api: TestApi | undefined;
afterEach(async () => {
  await api?.stop();
  api = undefined;
});

function center(a: TestApi, userId: number) {
  const get = async <T>(path: string, params: Record<string, string | number>) => {
    const res = await a.client.get<T>(path, { userId, ...params });
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };
  return {
    favourites: () =>
      get<Paged<FavouriteCourseItem>>('/api/usercenter/GetCollectList', { pageIndex: 1, pageSize: 10000 }),
    notes: (noteType: 0 | 1) =>
      get<Paged<NoteItem>>('/api/usercenter/GetNoteList', { noteType, pageIndex: 1, pageSize: 1000 }),
    history: () => get<ViewLogItem[]>('/api/usercenter/GetViewLogList', {}),
    messages: () => get<Paged<MessageItem>>('/api/usercenter/GetMessageList', { pageIndex: 1, pageSize: 1000 }),
    fragments: () =>
      get<Paged<FragmentItem>>('/api/usercenter/GetInterceptFragmentsList', {
        productId: 1,
        pageIndex: 1,
        pageSize: 10000,
      }),
  };
}

/** everything of both demo users, to compare before and after a second call */
async function snapshot(a: TestApi) {
  const out: unknown[] = [];
  for (const name of ['student', 'teacher']) {
    const c = center(a, (await a.store.users.getByName(name))!.userId);
    out.push(
      await c.favourites(),
      await c.notes(0),
      await c.notes(1),
      await c.history(),
      await c.messages(),
      await c.fragments(),
    );
  }
  return out;
}

describe('demo learning records', () => {
  it('content first, then the accounts: the account seeding writes them, and the centre is full', async () => {
    api = await startTestApi();
    const seeded = await seedDemoAccounts(api.store);
    expect(seeded).toContain('demo learning records of student');
    const student = (await api.store.users.getByName('student'))!;
    const teacher = (await api.store.users.getByName('teacher'))!;
    const c = center(api, student.userId);

    const favourites = await c.favourites();
    expect(favourites.totalCount).toBe(4);

    const own = await c.notes(0);
    expect(own.totalCount).toBe(6);
    expect(new Set(own.dataList.map((n) => n.videoId)).size).toBe(6);
    expect(own.dataList.filter((n) => n.type === 1).length).toBeGreaterThanOrEqual(2);
    expect(own.dataList.filter((n) => n.type === 0).length).toBeGreaterThanOrEqual(2);
    expect(own.dataList.every((n) => n.userId === student.userId)).toBe(true);

    const collected = await c.notes(1);
    expect(collected.totalCount).toBe(2);
    expect(collected.dataList.map((n) => [n.userId, n.type, n.recordStatus])).toEqual([
      [teacher.userId, 0, 1],
      [teacher.userId, 0, 1],
    ]);

    const messages = await c.messages();
    expect(messages.dataList.map((m) => m.type).sort()).toEqual([1, 2, 3]);
    const quoted = messages.dataList.find((m) => m.type === 2)!;
    expect(quoted.videoName).not.toBe('');
    // the teacher was told about each collection (笔记引用)
    const teacherMessages = await center(api, teacher.userId).messages();
    const teacherQuoted = teacherMessages.dataList.filter((m) => m.type === 2);
    expect(teacherQuoted.map((m) => m.videoId).sort()).toEqual(collected.dataList.map((n) => n.videoId).sort());

    expect(await c.fragments()).toEqual({ totalCount: 0, dataList: [] });

    const history = await c.history();
    expect(history).toHaveLength(12);
    const times = history.map((v) => Date.parse(v.updateTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t) => t <= Date.now())).toBe(true);
  });

  it('places the history over today, the last week and earlier (relative to now, UTC+8 days)', async () => {
    // 10:00 in China, 00:30 (just after midnight) and 23:50
    for (const now of [
      Date.parse('2026-03-10T02:00:00Z'),
      Date.parse('2026-03-10T16:30:00Z'),
      Date.parse('2026-03-10T15:50:00Z'),
    ]) {
      const a = await startTestApi();
      try {
        const student = await a.store.users.insert(
          { userName: 'student', passwordHash: null, userType: 1, comId: null },
          now,
        );
        await a.store.users.insert({ userName: 'teacher', passwordHash: null, userType: 1, comId: null }, now);
        expect(await seedDemoLearning(a.store, now)).not.toBeNull();
        const groups = { today: 0, week: 0, earlier: 0 };
        for (const item of await center(a, student.userId).history()) {
          const t = Date.parse(item.updateTime);
          expect(t).toBeLessThanOrEqual(now);
          if (chinaDay(t) === chinaDay(now)) groups.today += 1;
          else if (now - t < 7 * DAY) groups.week += 1;
          else groups.earlier += 1;
        }
        expect(groups).toEqual({ today: 3, week: 5, earlier: 4 });
      } finally {
        await a.stop();
      }
    }
  });

  it('is idempotent: a second call (or the other process seeding after it) adds nothing', async () => {
    api = await startTestApi();
    await seedDemoAccounts(api.store);
    const before = await snapshot(api);
    expect(await seedDemoLearning(api.store)).toBeNull();
    expect(await seedDemoLearning(api.store, Date.now() + DAY)).toBeNull();
    expect(await seedDemoAccounts(api.store)).toEqual([]);
    expect(await snapshot(api)).toEqual(before);
  });

  it('accounts first, then the content: the content seeding writes them', async () => {
    api = await startTestApi({ content: null });
    const seeded = await seedDemoAccounts(api.store);
    expect(seeded).not.toContain('demo learning records of student');
    expect(await seedDemoLearning(api.store)).toBeNull();
    await seedDemoContent(api.store, fixtureContent());
    const summary = await seedDemoLearning(api.store);
    expect(summary).toMatchObject({ favouriteCourses: 4, likes: 2, notes: 6, collectedNotes: 2, playRecords: 12 });
    const student = (await api.store.users.getByName('student'))!;
    const c = center(api, student.userId);
    expect(await c.history()).toHaveLength(12);
    // one message of each type, the welcome included whether or not the account's creation wrote one
    expect((await c.messages()).dataList.map((m) => m.type).sort()).toEqual([1, 2, 3]);
  });

  it('does nothing without the demo accounts, and nothing once the student has a record of their own', async () => {
    api = await startTestApi();
    expect(await seedDemoLearning(api.store)).toBeNull();
    const student = await api.store.users.insert(
      { userName: 'student', passwordHash: null, userType: 1, comId: null },
      Date.now(),
    );
    expect(await seedDemoLearning(api.store)).toBeNull(); // no teacher yet
    await api.store.users.insert({ userName: 'teacher', passwordHash: null, userType: 1, comId: null }, Date.now());
    await api.store.playLogs.record(
      { userId: student.userId, videoId: 11, lastPlayTime: 5, duration: 3801, stayTime: 5 },
      Date.now(),
    );
    expect(await seedDemoLearning(api.store)).toBeNull();
    expect(await api.store.playLogs.countByUser(student.userId)).toBe(1);
    expect(await api.store.messages.countByUser(student.userId)).toBe(0);
  });
});
