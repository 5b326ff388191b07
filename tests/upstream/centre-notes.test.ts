/**
 * 我的笔记 over HTTP: GET /api/usercenter/GetNoteList (own notes public and private with noteType 0,
 * collected notes with noteType 1, recordStatus for the caller, videoId/courseId filters, paging,
 * the 1000 page-size maximum) and POST /api/operate/DeleteNotes and DeleteCollectionNotes, where a
 * note that is not the caller's answers exactly like an unknown one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParamsInput } from './client';
import {
  DAY_MS,
  addUser,
  expectBadParameter,
  expectPageSizeLimit,
  expectUnknownUserRefused,
  expectUnsigned,
} from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import type { NoteItem, Paged } from '../../upstream/src/main-api/contract';

const HOUR = 3_600_000;
const LIST = '/api/usercenter/GetNoteList';

interface World {
  api: TestApi;
  reader: number;
  author: number;
  stranger: number;
  /** the reader's notes a1..a5 and the author's b1..b3 */
  ids: Record<string, number>;
  base: number;
}

/**
 * reader: a1 (video 11, public), a2 (12, private), a3 (21, public), a4 (31, private), a5 (11, public), one hour apart;
 * author: b1 (11, public), b2 (32, public), b3 (22, private). reader collects b1 and b2; author collects a1.
 */
async function world(): Promise<World> {
  const api = await startTestApi();
  const reader = await addUser(api.store, 'reader');
  const author = await addUser(api.store, 'author');
  const stranger = await addUser(api.store, 'stranger');
  const base = Date.now() - 10 * DAY_MS;
  const note = async (
    userId: number,
    userName: string,
    videoId: number,
    type: number,
    hours: number,
    content: string,
  ) =>
    (await api.store.notes.insert(
      { userId, userName, videoId, content, vtime: hours * 10, type },
      base + hours * HOUR,
    ))!;
  const ids: Record<string, number> = {
    a1: await note(reader, '读者', 11, 0, 1, '第一条笔记'),
    b1: await note(author, '作者', 11, 0, 1.5, '作者的公开笔记'),
    a2: await note(reader, '读者', 12, 1, 2, '私密笔记'),
    a3: await note(reader, '读者', 21, 0, 3, '矛盾分析'),
    a4: await note(reader, '读者', 31, 1, 4, '社会意识，私密'),
    a5: await note(reader, '读者', 11, 0, 5, '再看唯物辩证法'),
    b2: await note(author, '作者', 32, 0, 6, '作者的第二条笔记'),
    b3: await note(author, '作者', 22, 1, 7, '作者的私密笔记'),
  };
  await api.store.notes.collect(reader, ids.b1!, base + 8 * HOUR);
  await api.store.notes.collect(reader, ids.b2!, base + 9 * HOUR);
  await api.store.notes.collect(author, ids.a1!, base + 10 * HOUR);
  return { api, reader, author, stranger, ids, base };
}

async function list(w: World, params: ParamsInput): Promise<Paged<NoteItem>> {
  const res = await w.api.client.get<Paged<NoteItem>>(LIST, { pageIndex: 1, pageSize: 1000, ...params });
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(2000);
  return res.body.items;
}

const idsOf = (w: World, page: Paged<NoteItem>) =>
  page.dataList.map((n) => Object.entries(w.ids).find(([, id]) => id === n.id)?.[0]);

describe('GetNoteList', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.api.stop());

  it('noteType 0: the caller’s own notes, public and private, newest first, with the contract’s fields', async () => {
    const own = await list(w, { userId: w.reader, noteType: 0 });
    expect(own.totalCount).toBe(5);
    expect(idsOf(w, own)).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
    expect(own.dataList.map((n) => n.type)).toEqual([0, 1, 0, 1, 0]);
    // nobody collects their own notes: recordStatus is about the calling user
    expect(own.dataList.map((n) => n.recordStatus)).toEqual([0, 0, 0, 0, 0]);
    expect(own.dataList[4]).toEqual({
      id: w.ids.a1,
      videoId: 11,
      courseId: 1,
      catalogId: 100,
      content: '第一条笔记',
      vtime: 10,
      userId: w.reader,
      userName: '读者',
      noteTime: new Date(w.base + HOUR).toISOString(),
      type: 0,
      recordStatus: 0,
      videoName: '唯物辩证法的基本规律（1）',
      videoImage: '/media/videos/11.svg',
      courseName: '唯物辩证法的基本规律',
    });
  });

  it('noteType 1: the notes the caller collected, recordStatus 1, never someone’s private note', async () => {
    const collected = await list(w, { userId: w.reader, noteType: 1 });
    expect(collected.totalCount).toBe(2);
    expect(idsOf(w, collected)).toEqual(['b2', 'b1']);
    expect(collected.dataList.map((n) => [n.userId, n.userName, n.recordStatus])).toEqual([
      [w.author, '作者', 1],
      [w.author, '作者', 1],
    ]);

    const authorOwn = await list(w, { userId: w.author, noteType: 0 });
    expect(idsOf(w, authorOwn)).toEqual(['b3', 'b2', 'b1']);
    expect(authorOwn.dataList.map((n) => n.recordStatus)).toEqual([0, 0, 0]);
    const authorCollected = await list(w, { userId: w.author, noteType: 1 });
    expect(idsOf(w, authorCollected)).toEqual(['a1']);
    expect(authorCollected.dataList[0]!.recordStatus).toBe(1);

    const strangerLists = [
      await list(w, { userId: w.stranger, noteType: 0 }),
      await list(w, { userId: w.stranger, noteType: 1 }),
    ];
    expect(strangerLists).toEqual([
      { totalCount: 0, dataList: [] },
      { totalCount: 0, dataList: [] },
    ]);
  });

  it('filters by videoId and courseId (0 = no filter), totals follow the filter', async () => {
    const byVideo = await list(w, { userId: w.reader, noteType: 0, videoId: 11 });
    expect([byVideo.totalCount, idsOf(w, byVideo)]).toEqual([2, ['a5', 'a1']]);
    const byCourse = await list(w, { userId: w.reader, noteType: 0, courseId: 1 });
    expect([byCourse.totalCount, idsOf(w, byCourse)]).toEqual([3, ['a5', 'a2', 'a1']]);
    const otherCourse = await list(w, { userId: w.reader, noteType: 0, courseId: 2 });
    expect(idsOf(w, otherCourse)).toEqual(['a3']);
    const both = await list(w, { userId: w.reader, noteType: 0, videoId: 11, courseId: 2 });
    expect(both).toEqual({ totalCount: 0, dataList: [] });
    const collectedInCourse = await list(w, { userId: w.reader, noteType: 1, courseId: 3 });
    expect(idsOf(w, collectedInCourse)).toEqual(['b2']);
    const unfiltered = await list(w, { userId: w.reader, noteType: 0, videoId: 0, courseId: '' });
    expect(unfiltered.totalCount).toBe(5);
    expectBadParameter(
      await w.api.client.get(LIST, { userId: w.reader, noteType: 0, pageIndex: 1, pageSize: 10, videoId: 'x' }),
      'videoId',
    );
  });

  it('pages with a stable total', async () => {
    const pages = [];
    for (const pageIndex of [1, 2, 3, 4])
      pages.push(await list(w, { userId: w.reader, noteType: 0, pageSize: 2, pageIndex }));
    expect(pages.map((p) => p.totalCount)).toEqual([5, 5, 5, 5]);
    expect(pages.map((p) => idsOf(w, p))).toEqual([['a5', 'a4'], ['a3', 'a2'], ['a1'], []]);
  });

  it('enforces pageSize 1..1000 and noteType 0|1', async () => {
    await expectPageSizeLimit(w.api.client, LIST, { userId: w.reader, noteType: 0 }, 1000);
    for (const noteType of [2, -1, 'mine', undefined]) {
      expectBadParameter(
        await w.api.client.get(LIST, { userId: w.reader, noteType, pageIndex: 1, pageSize: 10 }),
        'noteType',
      );
    }
  });

  it('refuses a userId without an account (4000) and unsigned calls (401)', async () => {
    await expectUnknownUserRefused((userId) =>
      w.api.client.get(LIST, { userId, noteType: 0, pageIndex: 1, pageSize: 10 }),
    );
    await expectUnsigned(w.api.server.url, LIST, {
      userId: String(w.reader),
      noteType: '0',
      pageIndex: '1',
      pageSize: '10',
    });
  });
});

describe('DeleteNotes', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.api.stop());

  it('someone else’s note answers exactly like an unknown one and stays', async () => {
    const unknown = await w.api.client.postJson('/api/operate/DeleteNotes', { noteId: 999_999, userId: w.reader });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ code: -1, message: '笔记不存在', items: null });
    // the stranger, and the author who collected a1: neither wrote it
    for (const userId of [w.stranger, w.author]) {
      const foreign = await w.api.client.postJson('/api/operate/DeleteNotes', { noteId: w.ids.a1!, userId });
      expect([foreign.status, foreign.body]).toEqual([unknown.status, unknown.body]);
    }
    expect(await w.api.store.notes.get(w.ids.a1!, w.reader)).toBeDefined();
    expect((await list(w, { userId: w.author, noteType: 1 })).totalCount).toBe(1);
  });

  it('the author deletes their note (JSON or form); its collections go with it', async () => {
    const res = await w.api.client.postJson('/api/operate/DeleteNotes', { noteId: w.ids.a1!, userId: w.reader });
    expect(res.body).toEqual({ code: 2001, message: '笔记已删除', items: null });
    expect(await w.api.store.notes.get(w.ids.a1!, w.reader)).toBeUndefined();
    expect(idsOf(w, await list(w, { userId: w.reader, noteType: 0 }))).toEqual(['a5', 'a4', 'a3', 'a2']);
    expect(await list(w, { userId: w.author, noteType: 1 })).toEqual({ totalCount: 0, dataList: [] });

    const again = await w.api.client.postJson('/api/operate/DeleteNotes', { noteId: w.ids.a1!, userId: w.reader });
    expect(again.body).toEqual({ code: -1, message: '笔记不存在', items: null });

    const form = await w.api.client.postForm('/api/operate/DeleteNotes', { noteId: w.ids.a2!, userId: w.reader });
    expect(form.body).toEqual({ code: 2001, message: '笔记已删除', items: null });
    expect((await list(w, { userId: w.reader, noteType: 0 })).totalCount).toBe(3);
    // the author's notes were never touched
    expect((await list(w, { userId: w.author, noteType: 0 })).totalCount).toBe(3);
  });

  it('validates noteId and userId, and needs a signature', async () => {
    expectBadParameter(
      await w.api.client.postJson('/api/operate/DeleteNotes', { noteId: 'abc', userId: w.reader }),
      'noteId',
    );
    expectBadParameter(await w.api.client.postJson('/api/operate/DeleteNotes', { userId: w.reader }), 'noteId');
    await expectUnknownUserRefused((userId) =>
      w.api.client.postJson('/api/operate/DeleteNotes', { noteId: w.ids.a3!, userId }),
    );
    await expectUnsigned(
      w.api.server.url,
      '/api/operate/DeleteNotes',
      { noteId: String(w.ids.a3), userId: String(w.reader) },
      'POST',
    );
    expect(await w.api.store.notes.get(w.ids.a3!, w.reader)).toBeDefined();
  });
});

describe('DeleteCollectionNotes', () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w.api.stop());

  it('removes the caller’s collection only; the note itself stays', async () => {
    const res = await w.api.client.postJson('/api/operate/DeleteCollectionNotes', {
      noteId: w.ids.b1!,
      userId: w.reader,
    });
    expect(res.body).toEqual({ code: 2001, message: '已取消收录', items: null });
    expect(idsOf(w, await list(w, { userId: w.reader, noteType: 1 }))).toEqual(['b2']);
    expect(idsOf(w, await list(w, { userId: w.author, noteType: 0 }))).toEqual(['b3', 'b2', 'b1']);
  });

  it('answers 未收录该笔记 for a note not collected by the caller, whoever collected it', async () => {
    const notCollected = { code: -1, message: '未收录该笔记', items: null };
    const cases = [
      { noteId: w.ids.b1!, userId: w.reader }, // already removed
      { noteId: w.ids.b2!, userId: w.stranger }, // collected by someone else
      { noteId: w.ids.a3!, userId: w.reader }, // the caller's own note
      { noteId: 999_999, userId: w.reader }, // unknown
    ];
    for (const body of cases) {
      const res = await w.api.client.postForm('/api/operate/DeleteCollectionNotes', body);
      expect([res.status, res.body]).toEqual([200, notCollected]);
    }
    expect(idsOf(w, await list(w, { userId: w.reader, noteType: 1 }))).toEqual(['b2']);
    expect(idsOf(w, await list(w, { userId: w.author, noteType: 1 }))).toEqual(['a1']);
  });

  it('validates its parameters and needs a signature', async () => {
    expectBadParameter(
      await w.api.client.postJson('/api/operate/DeleteCollectionNotes', { noteId: -1, userId: w.reader }),
      'noteId',
    );
    await expectUnknownUserRefused((userId) =>
      w.api.client.postJson('/api/operate/DeleteCollectionNotes', { noteId: w.ids.b2!, userId }),
    );
    await expectUnsigned(
      w.api.server.url,
      '/api/operate/DeleteCollectionNotes',
      { noteId: String(w.ids.b2), userId: String(w.reader) },
      'POST',
    );
    expect((await list(w, { userId: w.reader, noteType: 1 })).totalCount).toBe(1);
  });
});
