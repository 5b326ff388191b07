/**
 * Notes of the play page over signed HTTP: POST AddNote (trimmed, 1..500 characters, public or
 * private, vtime), GET /api/play/GetNoteList (全部笔记: public notes and the caller's private ones;
 * 我的笔记: the caller's), POST CollectionNotes (someone else's public note only, once, with a
 * 笔记引用 message to the author), the course's noteCount, and the userType rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadParameter } from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import { addMember, addUserOfType, expectRefused } from './play-fixture';
import type { MessageItem, NoteItem, Paged } from '../../upstream/src/main-api/contract';

const ADD = '/api/operate/AddNote';
const LIST = '/api/play/GetNoteList';
const COLLECT = '/api/operate/CollectionNotes';

describe('notes on the play page', () => {
  let api: TestApi;
  let reader: number;
  let author: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startTestApi();
    reader = await addMember(api.store, 'reader', 1, '李读者');
    author = await addMember(api.store, 'author', 2);
  });
  afterAll(() => api.stop());

  const noteCount = async () => (await api.store.courses.get(1))!.noteCount;
  const add = (params: Record<string, string | number>) =>
    api.client.postJson<NoteItem>(ADD, {
      userName: '',
      comId: 0,
      videoId: 11,
      courseId: 1,
      catalogId: 100,
      type: 0,
      vtime: 10,
      ...params,
    });
  const list = async (userId: number, noteType: number, extra: Record<string, number> = {}) => {
    const res = await api.client.get<Paged<NoteItem>>(LIST, {
      videoId: 11,
      userId,
      noteType,
      pageIndex: 1,
      pageSize: 100,
      ...extra,
    });
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };

  it('AddNote answers the Note, content trimmed, the account’s name when userName is empty, vtime in whole seconds', async () => {
    const before = await noteCount();
    const res = await add({ userId: reader, content: '  矛盾是事物发展的动力。 \n', vtime: 65.8 });
    expect(res.body.code).toBe(2001);
    expect(res.body.message).toBe('笔记记录成功');
    expect(res.body.items).toEqual({
      id: expect.any(Number),
      videoId: 11,
      courseId: 1,
      catalogId: 100,
      content: '矛盾是事物发展的动力。',
      vtime: 65,
      userId: reader,
      userName: '李读者',
      noteTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      type: 0,
      recordStatus: 0,
      videoName: '唯物辩证法的基本规律（1）',
      videoImage: '/media/videos/11.svg',
      courseName: '唯物辩证法的基本规律',
    });
    ids.readerPublic = res.body.items.id;
    expect(await noteCount()).toBe(before + 1);
  });

  it('accepts the text as `note` too, a private note (type 1) leaves noteCount alone, userName as sent', async () => {
    const before = await noteCount();
    const res = await add({ userId: reader, note: '只给自己看', type: 1, userName: '读者甲' });
    expect(res.body.items).toMatchObject({ content: '只给自己看', type: 1, userName: '读者甲' });
    ids.readerPrivate = res.body.items.id;
    ids.authorPublic = (await add({ userId: author, content: '作者的公开笔记' })).body.items.id;
    ids.authorPrivate = (await add({ userId: author, content: '作者的私密笔记', type: 1 })).body.items.id;
    expect(await noteCount()).toBe(before + 1);
  });

  it('refuses empty or whitespace content and more than 500 characters (code points) with -1', async () => {
    expectRefused(await add({ userId: reader, content: '' }), '请输入笔记内容');
    expectRefused(await add({ userId: reader, content: ' \n\t ' }), '请输入笔记内容');
    expectRefused(await add({ userId: reader, content: '字'.repeat(501) }), '笔记内容不能超过500字');
    // 500 characters outside the BMP are 1000 UTF-16 units: still 500 characters
    const wide = await add({ userId: reader, content: '𠀀'.repeat(500), type: 1 });
    expect(wide.body.code).toBe(2001);
    await api.client.postJson('/api/operate/DeleteNotes', { userId: reader, noteId: wide.body.items.id });
    expect((await add({ userId: reader, content: `  ${'字'.repeat(500)}  `, type: 1 })).body.code).toBe(2001);
  });

  it('refuses bad parameters (4000), a video of another course (4004) and accounts of other types (-1)', async () => {
    expectBadParameter(await add({ userId: reader, content: 'x', type: 2 }), 'type');
    expectBadParameter(await add({ userId: reader, content: 'x', vtime: -1 }), 'vtime');
    expectBadParameter(await add({ userId: 999_999, content: 'x' }), 'userId');
    const wrong = await add({ userId: reader, content: 'x', videoId: 21 });
    expect(wrong.body).toEqual({ code: 4004, message: '视频不存在', items: null });
    const guest = await addUserOfType(api.store, 'note-guest', 0);
    expectRefused(await add({ userId: guest, content: '我也想记笔记' }), '当前账号无权进行此操作');
    // the account's type is judged before the video, the time and the text
    expectRefused(await add({ userId: guest, content: 'x', vtime: -1 }), '当前账号无权进行此操作');
    expectRefused(await add({ userId: guest, content: 'x', type: 2, comId: 'x' }), '当前账号无权进行此操作');
    expectRefused(await add({ userId: guest, content: 'x'.repeat(20_001), videoId: 'x' }), '当前账号无权进行此操作');
    expectRefused(await api.client.postJson(COLLECT, { userId: guest }), '当前账号无权进行此操作');
  });

  it('refuses bidi overrides and isolates (-1 笔记包含无法显示的字符); removes zero-width characters before the checks', async () => {
    for (const hidden of ['\u202E好评如潮\u202C', '第一段\n\u2066第二段\u2069'])
      expectRefused(await add({ userId: reader, content: hidden, type: 1 }), '笔记包含无法显示的字符');
    const stripped = await add({ userId: reader, content: ' 重\u200B点\uFEFF\u200F ', type: 1 });
    expect(stripped.body.items.content).toBe('重点');
    expectRefused(await add({ userId: reader, content: '\u200B\u200C\u200D\uFEFF' }), '请输入笔记内容');
    // only zero-width content counts as empty: the text sent as `note` is taken instead
    const fallback = await add({ userId: reader, content: '\u200B', note: '另一个名字', type: 1 });
    expect(fallback.body.items.content).toBe('另一个名字');
    // out of the way of the list tests below
    for (const id of [stripped.body.items.id, fallback.body.items.id])
      expect((await api.client.postJson('/api/operate/DeleteNotes', { userId: reader, noteId: id })).body.code).toBe(
        2001,
      );
  });

  it('GetNoteList 全部笔记: the video’s public notes and the caller’s own private ones, newest first; 我的笔记: only the caller’s', async () => {
    const all = await list(reader, 0);
    const allIds = all.dataList.map((n) => n.id);
    expect(allIds).toContain(ids.readerPublic);
    expect(allIds).toContain(ids.readerPrivate);
    expect(allIds).toContain(ids.authorPublic);
    expect(allIds).not.toContain(ids.authorPrivate);
    expect(all.totalCount).toBe(all.dataList.length);
    const times = all.dataList.map((n) => `${n.noteTime}#${String(n.id).padStart(8, '0')}`);
    expect(times).toEqual([...times].sort().reverse());

    const authorsView = (await list(author, 0)).dataList.map((n) => n.id);
    expect(authorsView).toContain(ids.authorPrivate);
    expect(authorsView).not.toContain(ids.readerPrivate);

    const mine = await list(reader, 1);
    expect(mine.dataList.every((n) => n.userId === reader)).toBe(true);
    expect(mine.dataList.map((n) => n.id)).toContain(ids.readerPrivate);
    expect(mine.dataList.map((n) => n.id)).not.toContain(ids.authorPublic);

    // paging
    const first = await list(reader, 0, { pageSize: 1 });
    expect(first.totalCount).toBe(all.totalCount);
    expect(first.dataList.map((n) => n.id)).toEqual([allIds[0]]);
    const second = await list(reader, 0, { pageSize: 1, pageIndex: 2 });
    expect(second.dataList.map((n) => n.id)).toEqual([allIds[1]]);
    // another video has its own notes
    expect((await list(reader, 0, { videoId: 12 })).totalCount).toBe(0);
  });

  it('GetNoteList refuses pageSize over 100, a bad noteType, an unknown user (4000) and an unknown video (4004)', async () => {
    expectBadParameter(
      await api.client.get(LIST, { videoId: 11, userId: reader, noteType: 0, pageIndex: 1, pageSize: 101 }),
      'pageSize',
    );
    expectBadParameter(
      await api.client.get(LIST, { videoId: 11, userId: reader, noteType: 2, pageIndex: 1, pageSize: 10 }),
      'noteType',
    );
    expectBadParameter(
      await api.client.get(LIST, { videoId: 11, userId: 999_999, noteType: 0, pageIndex: 1, pageSize: 10 }),
      'userId',
    );
    const unknown = await api.client.get(LIST, {
      videoId: 999,
      userId: reader,
      noteType: 0,
      pageIndex: 1,
      pageSize: 10,
    });
    expect(unknown.body).toEqual({ code: 4004, message: '视频不存在', items: null });
  });

  it('CollectionNotes: someone else’s public note once (2001 收录成功 again without a second message); the author is told', async () => {
    const messages = async () =>
      (
        await api.client.get<Paged<MessageItem>>('/api/usercenter/GetMessageList', {
          userId: author,
          pageIndex: 1,
          pageSize: 100,
        })
      ).body.items.dataList.filter((m) => m.type === 2);
    const before = (await messages()).length;
    const res = await api.client.postJson(COLLECT, {
      userId: reader,
      noteId: ids.authorPublic!,
      videoTitle: '唯物辩证法',
      userName: '李读者',
    });
    expect(res.body).toEqual({ code: 2001, message: '收录成功', items: null });
    expect((await api.client.postJson(COLLECT, { userId: reader, noteId: ids.authorPublic! })).body).toEqual(res.body);
    const told = await messages();
    expect(told).toHaveLength(before + 1);
    expect(told[0]).toMatchObject({
      type: 2,
      typeName: '笔记引用',
      message: '李读者 收录了你在《唯物辩证法的基本规律（1）》中的笔记。',
      videoId: 11,
      videoName: '唯物辩证法的基本规律（1）',
    });
    // the reader now sees it as collected, the author does not
    expect((await list(reader, 0)).dataList.find((n) => n.id === ids.authorPublic)?.recordStatus).toBe(1);
    expect((await list(author, 0)).dataList.find((n) => n.id === ids.authorPublic)?.recordStatus).toBe(0);
    // and it is in the reader's collected notes of the personal centre
    const collected = await api.client.get<Paged<NoteItem>>('/api/usercenter/GetNoteList', {
      userId: reader,
      noteType: 1,
      pageIndex: 1,
      pageSize: 10,
    });
    expect(collected.body.items.dataList.map((n) => n.id)).toEqual([ids.authorPublic]);
  });

  it('CollectionNotes refuses one’s own note, a private or unknown note, and accounts of other types', async () => {
    expectRefused(
      await api.client.postJson(COLLECT, { userId: reader, noteId: ids.readerPublic! }),
      '不能收录自己的笔记',
    );
    expectRefused(await api.client.postJson(COLLECT, { userId: reader, noteId: ids.authorPrivate! }), '笔记不存在');
    expectRefused(await api.client.postJson(COLLECT, { userId: reader, noteId: 987_654 }), '笔记不存在');
    const guest = await addUserOfType(api.store, 'collect-guest', 0);
    expectRefused(
      await api.client.postJson(COLLECT, { userId: guest, noteId: ids.authorPublic! }),
      '当前账号无权进行此操作',
    );
    expectBadParameter(await api.client.postJson(COLLECT, { userId: reader }), 'noteId');
  });

  it('deleting a public note takes it off noteCount; only the author deletes', async () => {
    const before = await noteCount();
    const notMine = await api.client.postJson('/api/operate/DeleteNotes', {
      userId: reader,
      noteId: ids.authorPublic!,
    });
    expectRefused(notMine, '笔记不存在');
    const res = await api.client.postJson('/api/operate/DeleteNotes', { userId: author, noteId: ids.authorPublic! });
    expect(res.body).toEqual({ code: 2001, message: '笔记已删除', items: null });
    expect(await noteCount()).toBe(before - 1);
    expect((await list(reader, 0)).dataList.map((n) => n.id)).not.toContain(ids.authorPublic);
  });
});
