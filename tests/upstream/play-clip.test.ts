/**
 * GET /api/play/ClipVideo over signed HTTP with real media and a real ffmpeg: the MP4 of exactly
 * the asked range under DATA_DIR/media/fragments/<userId>/<id>-<32 random hex>.mp4, the
 * start/end/180 s rules, two unexpired clips per video, default names with a counter, the userType
 * rule judged first, a failed cut leaving nothing behind, the cut not blocking other requests, the
 * limit of cuts at once and one cut at a time per user.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadParameter } from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import { addMember, addTestMedia, addUserOfType, expectRefused, probeSeconds } from './play-fixture';
import type { FragmentItem, Paged } from '../../upstream/src/main-api/contract';

const CLIP = '/api/play/ClipVideo';
const VIDEO_NAME = '唯物辩证法的基本规律（1）';

describe('ClipVideo', () => {
  let api: TestApi;
  let clipper: number;

  beforeAll(async () => {
    api = await startTestApi();
    clipper = await addMember(api.store, 'clipper');
    // 200 s of real media for video 11 (V000011); the store takes its length as the video's duration
    await addTestMedia(api.store, 11, 'V000011', 200);
  }, 120_000);
  afterAll(() => api.stop());

  const clip = (params: Record<string, string | number>) =>
    api.client.get<FragmentItem>(CLIP, {
      videoCode: 'V000011',
      userId: clipper,
      productId: 1,
      startTime: 0,
      endTime: 10,
      ...params,
    });
  const fileOf = (fragment: FragmentItem) =>
    path.join(api.store.mediaDir, ...fragment.videoAddress.split('/').slice(2));
  const removeFragment = (userId: number, id: number) =>
    api.client.get('/api/usercenter/deleteInterceptFragments', { userId, id });

  it('cuts an MP4 of exactly the range and answers the Fragment with a default name', async () => {
    const res = await clip({ startTime: 10, endTime: 25, fragmentName: '' });
    expect(res.body.code).toBe(2001);
    expect(res.body.message).toBe('片段截取成功');
    const fragment = res.body.items;
    expect(fragment).toEqual({
      id: expect.any(Number),
      fragmentName: `${VIDEO_NAME}-片段1`,
      videoId: 11,
      videoName: VIDEO_NAME,
      courseId: 1,
      startTime: 10,
      endTime: 25,
      duration: 15,
      createTime: expect.any(String),
      expireTime: expect.any(String),
      download: 1,
      videoAddress: expect.stringMatching(
        new RegExp(`^/media/fragments/${clipper}/${fragment.id}-[0-9a-f]{32}\\.mp4$`),
      ),
    });
    expect(Date.parse(fragment.expireTime) - Date.parse(fragment.createTime)).toBe(30 * 86_400_000);
    const file = fileOf(fragment);
    expect(existsSync(file)).toBe(true);
    expect(Math.abs((await probeSeconds(file)) - 15)).toBeLessThan(0.3);
    // served where the answer says, as an MP4
    const served = await fetch(`${api.server.url}${fragment.videoAddress}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // and listed in the personal centre
    const listed = await api.client.get<Paged<FragmentItem>>('/api/usercenter/GetInterceptFragmentsList', {
      userId: clipper,
      productId: 1,
      pageIndex: 1,
      pageSize: 10,
    });
    expect(listed.body.items.dataList).toEqual([fragment]);
  }, 60_000);

  it('allows exactly 180 s; two unexpired clips per video; the counter of default names skips names in use', async () => {
    const full = await clip({ startTime: 20, endTime: 200 });
    expect(full.body.code).toBe(2001);
    expect(full.body.items.fragmentName).toBe(`${VIDEO_NAME}-片段2`);
    expect(Math.abs((await probeSeconds(fileOf(full.body.items))) - 180)).toBeLessThan(0.3);

    expectRefused(await clip({ startTime: 0, endTime: 5 }), '每个视频最多截取2个片段');

    // deleting the first makes room again; its name is the next one not in use
    const first = (
      await api.client.get<Paged<FragmentItem>>('/api/usercenter/GetInterceptFragmentsList', {
        userId: clipper,
        pageIndex: 1,
        pageSize: 10,
      })
    ).body.items.dataList.find((f) => f.fragmentName.endsWith('片段1'))!;
    expect((await removeFragment(clipper, first.id)).body.code).toBe(2001);
    expect(existsSync(fileOf(first))).toBe(false);
    const third = await clip({ startTime: 0, endTime: 3, fragmentName: '  我的\u200B片段\uFEFF  ' });
    expect(third.body.items.fragmentName).toBe('我的片段');
    expect((await removeFragment(clipper, third.body.items.id)).body.code).toBe(2001);
    const fourth = await clip({ startTime: 0, endTime: 3 });
    expect(fourth.body.items.fragmentName).toBe(`${VIDEO_NAME}-片段3`);
    // another user has counts of their own
    const other = await addMember(api.store, 'other-clipper');
    expect((await clip({ userId: other, startTime: 1, endTime: 2 })).body.items.fragmentName).toBe(
      `${VIDEO_NAME}-片段1`,
    );
  }, 120_000);

  it('refuses a bad start, an end not after the start, more than 3 minutes and an end past the video', async () => {
    const fresh = await addMember(api.store, 'rules');
    const at = (startTime: number, endTime: number) => clip({ userId: fresh, startTime, endTime });
    expectRefused(await at(-1, 10), '开始时间无效');
    expectRefused(await at(200, 201), '开始时间无效'); // start ≤ duration − 1 = 199
    expectRefused(await at(30, 30), '结束时间必须大于开始时间');
    expectRefused(await at(30, 20), '结束时间必须大于开始时间');
    expectRefused(await at(0, 181), '片段不能超过3分钟');
    expectRefused(await at(150, 201), '结束时间超出视频时长');
    expectRefused(await clip({ userId: fresh, fragmentName: '名'.repeat(51) }), '片段名称不能超过50个字');
    expectRefused(await clip({ userId: fresh, fragmentName: 'gpj.\u202Emp4' }), '片段名称包含非法字符');
    expectRefused(await clip({ userId: fresh, fragmentName: '转义\u001b[0m' }), '片段名称包含非法字符');
    expect(await api.store.fragments.countActive(fresh, Date.now())).toBe(0);
    // a name is one line: a line break in it is a space
    const last = await clip({ userId: fresh, startTime: 199, endTime: 200, fragmentName: '换\r\n行' });
    expect(last.body.code).toBe(2001);
    expect(last.body.items.fragmentName).toBe('换 行');
  }, 60_000);

  it('a reservation without a file from a cut that never finished (10 minutes on) no longer counts; a recent one does', async () => {
    const crashed = await addMember(api.store, 'crashed');
    const reserve = async (createdAt: number) =>
      (await api.store.fragments.insert(
        { userId: crashed, videoId: 11, fragmentName: '中断的片段', startTime: 0, endTime: 5, download: 1 },
        createdAt,
      ))!;
    const stale = [await reserve(Date.now() - 20 * 60_000), await reserve(Date.now() - 11 * 60_000)];
    const res = await clip({ userId: crashed, startTime: 0, endTime: 2 });
    expect(res.body.code).toBe(2001);
    // the only fragment left is the new cut (SQLite may give it one of the freed ids)
    const left = await api.store.fragments.listActive(crashed, Date.now(), 10, 0);
    expect(left).toHaveLength(1);
    expect(left[0]!.createdAt).toBeGreaterThan(stale[1]!.createdAt + 10 * 60_000);
    // a new id's address is new even when SQLite hands out a freed id again
    expect(res.body.items.videoAddress).toMatch(/-[0-9a-f]{32}\.mp4$/);
    // a cut reserved a moment ago (still running) holds its place
    await reserve(Date.now() - 1000);
    expectRefused(await clip({ userId: crashed, startTime: 0, endTime: 2 }), '每个视频最多截取2个片段');
  }, 60_000);

  it('refuses a video without media, an unknown video, accounts of other types and bad parameters', async () => {
    expectRefused(await clip({ videoCode: 'V000012' }), '该视频暂不支持截取');
    expect((await clip({ videoCode: 'NOPE' })).body).toEqual({ code: 4004, message: '视频不存在', items: null });
    const guest = await addUserOfType(api.store, 'clip-guest', 0);
    expectRefused(await clip({ userId: guest }), '当前账号无权进行此操作');
    // the account's type is judged before the product, the video, the times and the name
    const bads: Record<string, string | number>[] = [
      { startTime: 1.5 },
      { endTime: 'soon' },
      { videoCode: '' },
      { productId: 2 },
      { fragmentName: '名'.repeat(51) },
    ];
    for (const bad of bads) expectRefused(await clip({ userId: guest, ...bad }), '当前账号无权进行此操作');
    expectBadParameter(await clip({ userId: 999_999 }), 'userId');
    expectBadParameter(await clip({ productId: 2 }), 'productId');
    expectBadParameter(await clip({ startTime: 1.5 }), 'startTime');
    expectBadParameter(await clip({ videoCode: '' }), 'videoCode');
  });

  it('a cut that fails answers -1 and leaves no fragment behind', async () => {
    // media registered for video 13 whose files are missing
    await api.store.media.upsert({
      videoId: 13,
      folder: '/media/videos/V000013',
      masterPath: '/media/videos/V000013/master.m3u8',
      qualities: [],
      poster: '',
      subtitlePath: '',
      manuscriptPath: '',
      durationMs: 60_000,
      source: 'test',
    });
    expectRefused(await clip({ videoCode: 'V000013', startTime: 0, endTime: 5 }), '片段截取失败，请稍后再试');
    const fragments = await api.store.fragments.listActive(clipper, Date.now(), 100, 0);
    expect(fragments.filter((f) => f.videoId === 13)).toEqual([]);
  }, 60_000);

  it('other requests are answered while a cut runs; at most 2 cuts run at once, a third is refused as busy', async () => {
    const users = await Promise.all(['busy-1', 'busy-2', 'busy-3'].map((name) => addMember(api.store, name)));
    const started = Date.now();
    const cuts = users.map((userId) =>
      clip({ userId, startTime: 0, endTime: 40 }).then((res) => ({ res, at: Date.now() })),
    );
    const tags = await api.client.get('/api/play/GetCourseTags', { courseId: 1 });
    const tagsAt = Date.now();
    expect(tags.body.code).toBe(2000);
    const results = await Promise.all(cuts);
    const done = results.filter((r) => r.res.body.code === 2001);
    const busy = results.filter((r) => r.res.body.code === -1);
    expect(done).toHaveLength(2);
    expect(busy.map((r) => r.res.body.message)).toEqual(['截取任务较多，请稍后再试']);
    // the read came back before the cuts finished, and the busy answer without waiting for them
    expect(tagsAt).toBeLessThan(Math.min(...done.map((r) => r.at)));
    expect(busy[0]!.at).toBeLessThan(Math.min(...done.map((r) => r.at)));
    expect(started).toBeLessThanOrEqual(tagsAt);
    // once they are done, the refused user may cut
    const refusedUser = users[results.indexOf(busy[0]!)]!;
    expect((await clip({ userId: refusedUser, startTime: 0, endTime: 2 })).body.code).toBe(2001);
  }, 120_000);

  it('one cut at a time per user: a second clip while the first is cut is refused at once', async () => {
    const eager = await addMember(api.store, 'eager-clipper');
    const first = clip({ userId: eager, startTime: 0, endTime: 40 });
    // the second starts once the first is being cut (its fragment is reserved, still without a file)
    await expect
      .poll(async () => (await api.store.fragments.listActive(eager, Date.now(), 10, 0)).length, {
        timeout: 10_000,
        interval: 5,
      })
      .toBe(1);
    const second = await clip({ userId: eager, startTime: 50, endTime: 52 });
    expectRefused(second, '上一个片段还在截取中，请稍后再试');
    expect((await first).body.code).toBe(2001);
    // nothing of the refused one was kept; once the first is done the user may cut again
    expect(await api.store.fragments.countActive(eager, Date.now())).toBe(1);
    expect((await clip({ userId: eager, startTime: 50, endTime: 52 })).body.code).toBe(2001);
  }, 120_000);
});
