/**
 * Scrolling comments over signed HTTP: POST /api/danmaku/Send (trimmed, 1..30 characters, one
 * line, any signed-in account, at most 10 a minute per user) and GET /api/danmaku/GetList (time
 * order within [from, to], the caller's own marked, nobody else's user id shown).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadParameter, expectUnsigned } from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import { addMember, addUserOfType, expectRefused } from './play-fixture';
import type { DanmakuItem } from '../../upstream/src/main-api/contract';

const SEND = '/api/danmaku/Send';
const LIST = '/api/danmaku/GetList';

describe('danmaku', () => {
  let api: TestApi;
  let alice: number;
  let bob: number;
  let offset = 0;
  beforeAll(async () => {
    api = await startTestApi({ now: () => Date.now() + offset });
    alice = await addMember(api.store, 'alice');
    bob = await addMember(api.store, 'bob', 2);
  });
  afterAll(() => api.stop());

  const send = (userId: number, vtime: number | string, content: string, videoId = 11) =>
    api.client.postJson<DanmakuItem>(SEND, { userId, videoId, vtime, content });
  const list = async (params: Record<string, string | number>) => {
    const res = await api.client.get<DanmakuItem[]>(LIST, { videoId: 11, ...params });
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };

  it('Send answers the comment: trimmed, its time to a tenth of a second, marked as the sender’s', async () => {
    const res = await send(alice, 12.37, '  讲得真好  ');
    expect(res.body).toEqual({
      code: 2001,
      message: '发送成功',
      items: {
        id: expect.any(Number),
        vtime: 12.3,
        content: '讲得真好',
        userId: alice,
        mine: 1,
        createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    // a line break becomes a space: a comment is one line
    expect((await send(bob, 3, '第一行\n第二行')).body.items.content).toBe('第一行 第二行');
    expect((await send(bob, '40', '四十秒')).body.items.vtime).toBe(40);
  });

  it('refuses empty content, more than 30 characters and control characters with -1, bad numbers with 4000', async () => {
    expectRefused(await send(alice, 1, ''), '请输入弹幕内容');
    expectRefused(await send(alice, 1, ' \n '), '请输入弹幕内容');
    expectRefused(await send(alice, 1, '弹'.repeat(31)), '弹幕不能超过30个字');
    expect((await send(alice, 1, `  ${'𠀀'.repeat(30)}  `)).body.code).toBe(2001);
    expectRefused(await send(alice, 1, '响铃\u0007'), '弹幕包含无法显示的字符');
    expectBadParameter(await send(alice, -1, '负的时间'), 'vtime');
    expectBadParameter(await send(alice, 'soon', '时间'), 'vtime');
    expectBadParameter(await send(999_999, 1, '无人'), 'userId');
    const unknown = await send(alice, 1, '没有这个视频', 999);
    expect(unknown.body).toEqual({ code: 4004, message: '视频不存在', items: null });
    await expectUnsigned(
      api.server.url,
      SEND,
      { userId: String(alice), videoId: '11', vtime: '1', content: 'x' },
      'POST',
    );
  });

  it('any signed-in account may send, whatever its type', async () => {
    const other = await addUserOfType(api.store, 'danmaku-guest', 0);
    expect((await send(other, 2, '我也来一条')).body.code).toBe(2001);
  });

  it('GetList: time order, within from..to, the caller’s marked mine and nobody else’s id shown', async () => {
    const forAlice = await list({ userId: alice });
    const times = forAlice.map((d) => d.vtime);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(forAlice.find((d) => d.content === '讲得真好')).toMatchObject({ vtime: 12.3, userId: alice, mine: 1 });
    expect(forAlice.find((d) => d.content === '四十秒')).toMatchObject({ vtime: 40, userId: 0, mine: 0 });
    for (const d of forAlice) {
      expect(d.mine === 1).toBe(d.userId === alice);
      expect([0, alice]).toContain(d.userId);
    }
    const mineCount = forAlice.filter((d) => d.mine === 1).length;
    expect(mineCount).toBe(2);
    // a visitor (no userId) sees every comment, none as theirs
    const anonymous = await list({});
    expect(anonymous).toHaveLength(forAlice.length);
    expect(anonymous.every((d) => d.mine === 0 && d.userId === 0)).toBe(true);

    expect((await list({ from: 3, to: 12.3 })).map((d) => d.vtime)).toEqual([3, 12.3]);
    expect((await list({ from: 12.4 })).map((d) => d.vtime)).toEqual([40]);
    expect(await list({ videoId: 12 })).toEqual([]);
    expectBadParameter(await api.client.get(LIST, { videoId: 11, from: 5, to: 4 }), 'to');
    expectBadParameter(await api.client.get(LIST, { videoId: 11, from: -1 }), 'from');
    expect((await api.client.get(LIST, { videoId: 999 })).body.code).toBe(4004);
  });

  it('at most 10 comments a minute per user (-1 发送太频繁，请稍后再试); others are not held back', async () => {
    const eager = await addMember(api.store, 'eager');
    for (let i = 1; i <= 10; i += 1) expect((await send(eager, i, `第${i}条`)).body.code).toBe(2001);
    expectRefused(await send(eager, 11, '第11条'), '发送太频繁，请稍后再试');
    expect((await send(bob, 11, '我还能发')).body.code).toBe(2001);
    offset += 61_000;
    expect((await send(eager, 12, '一分钟后')).body.code).toBe(2001);
  });

  it('refuses bidi overrides and isolates; removes zero-width characters, then judges emptiness and length', async () => {
    const writer = await addMember(api.store, 'invisible-danmaku');
    for (const hidden of ['\u202E好评如潮\u202C', '\u202A左\u202C', '开\u2066始\u2069', '\u2067x\u2069'])
      expectRefused(await send(writer, 1, hidden), '弹幕包含无法显示的字符');
    const stripped = await send(writer, 1, '讲\u200B得\u200D好\uFEFF\u200E');
    expect(stripped.body.items.content).toBe('讲得好');
    expectRefused(await send(writer, 1, ' \u200B\u200C\uFEFF '), '请输入弹幕内容');
    // zero-width characters do not count towards the 30
    expect((await send(writer, 1, `${'弹\u200B'.repeat(30)}`)).body.items.content).toBe('弹'.repeat(30));
  });
});
