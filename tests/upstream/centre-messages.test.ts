/**
 * 消息 over HTTP: GET /api/usercenter/GetMessageList (newest first, typeName per type, videoName,
 * paging, the 1000 page-size maximum) and GET /api/operate/DeleteMessage, where someone else's
 * message answers exactly like an unknown one and stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  addUser,
  expectBadParameter,
  expectPageSizeLimit,
  expectUnknownUserRefused,
  expectUnsigned,
} from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import type { MessageItem, Paged } from '../../upstream/src/main-api/contract';

const LIST = '/api/usercenter/GetMessageList';
const DELETE = '/api/operate/DeleteMessage';

describe('messages', () => {
  let api: TestApi;
  let reader: number;
  let other: number;
  const base = Date.now() - 3 * DAY_MS;
  const ids: number[] = [];
  let othersMessage: number;

  beforeAll(async () => {
    api = await startTestApi();
    reader = await addUser(api.store, 'reader');
    other = await addUser(api.store, 'other');
    // oldest first: 1 系统通知, 2 笔记引用 (with a video), 3 安全提醒, 9 (any other type: 系统消息), another 1
    ids.push(await api.store.messages.add({ userId: reader, type: 1, message: '欢迎加入' }, base + 1000));
    ids.push(
      await api.store.messages.add(
        { userId: reader, type: 2, message: '有人收录了你的笔记', videoId: 31 },
        base + 2000,
      ),
    );
    ids.push(await api.store.messages.add({ userId: reader, type: 3, message: '密码已修改' }, base + 3000));
    ids.push(await api.store.messages.add({ userId: reader, type: 9, message: '平台维护通知' }, base + 4000));
    ids.push(await api.store.messages.add({ userId: reader, type: 1, message: '新课程上线' }, base + 5000));
    othersMessage = await api.store.messages.add({ userId: other, type: 1, message: '别人的消息' }, base + 6000);
  });
  afterAll(() => api.stop());

  const list = async (userId: number, pageIndex = 1, pageSize = 1000) => {
    const res = await api.client.get<Paged<MessageItem>>(LIST, { userId, pageIndex, pageSize });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };

  it('lists the caller’s messages newest first with typeName and videoName', async () => {
    const page = await list(reader);
    expect(page.totalCount).toBe(5);
    expect(page.dataList.map((m) => m.id)).toEqual([...ids].reverse());
    expect(page.dataList.map((m) => [m.type, m.typeName])).toEqual([
      [1, '系统通知'],
      [9, '系统消息'],
      [3, '安全提醒'],
      [2, '笔记引用'],
      [1, '系统通知'],
    ]);
    expect(page.dataList[3]).toEqual({
      id: ids[1],
      type: 2,
      typeName: '笔记引用',
      message: '有人收录了你的笔记',
      createTime: new Date(base + 2000).toISOString(),
      videoId: 31,
      videoName: '社会存在与社会意识（1）',
    });
    expect(page.dataList[0]).toMatchObject({ videoId: null, videoName: '' });
    expect((await list(other)).dataList.map((m) => m.message)).toEqual(['别人的消息']);
  });

  it('pages with a stable total and enforces pageSize 1..1000', async () => {
    const pages = [
      await list(reader, 1, 2),
      await list(reader, 2, 2),
      await list(reader, 3, 2),
      await list(reader, 4, 2),
    ];
    expect(pages.map((p) => p.totalCount)).toEqual([5, 5, 5, 5]);
    expect(pages.map((p) => p.dataList.map((m) => m.id))).toEqual([[ids[4], ids[3]], [ids[2], ids[1]], [ids[0]], []]);
    await expectPageSizeLimit(api.client, LIST, { userId: reader }, 1000);
  });

  it('DeleteMessage: someone else’s message answers like an unknown one and stays', async () => {
    const unknown = await api.client.get(DELETE, { messageId: 999_999, userId: reader });
    expect([unknown.status, unknown.body]).toEqual([200, { code: -1, message: '消息不存在', items: null }]);
    const foreign = await api.client.get(DELETE, { messageId: othersMessage, userId: reader });
    expect([foreign.status, foreign.body]).toEqual([unknown.status, unknown.body]);
    expect((await list(other)).totalCount).toBe(1);
  });

  it('DeleteMessage deletes the caller’s message once', async () => {
    const res = await api.client.get(DELETE, { messageId: ids[1]!, userId: reader });
    expect(res.body).toEqual({ code: 2001, message: '消息已删除', items: null });
    const page = await list(reader);
    expect(page.totalCount).toBe(4);
    expect(page.dataList.map((m) => m.id)).not.toContain(ids[1]);
    const again = await api.client.get(DELETE, { messageId: ids[1]!, userId: reader });
    expect(again.body).toEqual({ code: -1, message: '消息不存在', items: null });
    expect((await list(other)).totalCount).toBe(1);
  });

  it('validates messageId and userId, and needs a signature', async () => {
    expectBadParameter(await api.client.get(DELETE, { messageId: 'x', userId: reader }), 'messageId');
    expectBadParameter(await api.client.get(DELETE, { userId: reader }), 'messageId');
    await expectUnknownUserRefused((userId) => api.client.get(DELETE, { messageId: ids[0]!, userId }));
    await expectUnknownUserRefused((userId) => api.client.get(LIST, { userId, pageIndex: 1, pageSize: 10 }));
    await expectUnsigned(api.server.url, DELETE, { messageId: String(ids[0]), userId: String(reader) });
    await expectUnsigned(api.server.url, LIST, { userId: String(reader), pageIndex: '1', pageSize: '10' });
    expect((await list(reader)).totalCount).toBe(4);
  });
});
