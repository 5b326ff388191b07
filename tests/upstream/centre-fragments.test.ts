/**
 * 截取片段 over HTTP: GET /api/usercenter/GetInterceptFragmentsList lists the caller's fragments not
 * yet expired (kept 30 days), newest first, and deletes expired ones with their cut files as it
 * meets them; GET /api/usercenter/deleteInterceptFragments deletes one and its cut file, while
 * someone else's fragment answers exactly like an unknown one and keeps its file.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
import type { FragmentItem, Paged } from '../../upstream/src/main-api/contract';

const LIST = '/api/usercenter/GetInterceptFragmentsList';
const DELETE = '/api/usercenter/deleteInterceptFragments';

describe('fragments', () => {
  let api: TestApi;
  let clipper: number;
  let other: number;
  const now = Date.now();
  const ids: Record<string, number> = {};

  /** writes a cut file under media/fragments and returns its /media address */
  const cutFile = (name: string) => {
    const file = path.join(api.store.mediaDir, 'fragments', name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'mp4 bytes');
    return { file, address: `/media/fragments/${name}` };
  };
  const fileOf = (name: string) => path.join(api.store.mediaDir, 'fragments', name);

  beforeAll(async () => {
    api = await startTestApi();
    clipper = await addUser(api.store, 'clipper');
    other = await addUser(api.store, 'other');
    const add = async (
      key: string,
      userId: number,
      videoId: number,
      createdAt: number,
      file?: string,
      extra: object = {},
    ) => {
      const row = await api.store.fragments.insert(
        {
          userId,
          videoId,
          fragmentName: `${key}-片段`,
          startTime: 60,
          endTime: 150,
          download: 1,
          videoAddress: file ? cutFile(file).address : '',
          ...extra,
        },
        createdAt,
      );
      ids[key] = row!.id;
    };
    await add('old', clipper, 11, now - 31 * DAY_MS, `${clipper}/old.mp4`); // expired a day ago
    await add('f1', clipper, 12, now - 20 * DAY_MS, `${clipper}/f1.mp4`);
    await add('f2', clipper, 21, now - 2 * DAY_MS, `${clipper}/f2.mp4`, { download: 0, startTime: 0, endTime: 180 });
    await add('f3', clipper, 31, now - 60_000, undefined); // still being cut: no file yet
    await add('theirs', other, 11, now - DAY_MS, `${other}/theirs.mp4`);
    await add('theirsOld', other, 13, now - 40 * DAY_MS, `${other}/theirs-old.mp4`);
  });
  afterAll(() => api.stop());

  const list = async (userId: number, pageIndex = 1, pageSize = 10000) => {
    const res = await api.client.get<Paged<FragmentItem>>(LIST, { userId, productId: 1, pageIndex, pageSize });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };

  it('lists fragments not yet expired, newest first, in the Fragment shape', async () => {
    const page = await list(clipper);
    expect(page.totalCount).toBe(3);
    expect(page.dataList.map((f) => f.id)).toEqual([ids.f3, ids.f2, ids.f1]);
    const created = now - 2 * DAY_MS;
    expect(page.dataList[1]).toEqual({
      id: ids.f2,
      fragmentName: 'f2-片段',
      videoId: 21,
      videoName: '矛盾分析方法（1）',
      courseId: 2,
      startTime: 0,
      endTime: 180,
      duration: 180,
      createTime: new Date(created).toISOString(),
      expireTime: new Date(created + 30 * DAY_MS).toISOString(),
      download: 0,
      videoAddress: `/media/fragments/${clipper}/f2.mp4`,
    });
    expect(page.dataList[2]).toMatchObject({ duration: 90, download: 1 });
    expect(page.dataList[0]!.videoAddress).toBe('');
  });

  it('deletes the expired fragments it meets, cut files included, and only the caller’s', async () => {
    expect(await api.store.fragments.get(ids.old!)).toBeUndefined();
    expect(existsSync(fileOf(`${clipper}/old.mp4`))).toBe(false);
    // the other user's expired fragment is met when they list
    expect(await api.store.fragments.get(ids.theirsOld!)).toBeDefined();
    expect(existsSync(fileOf(`${other}/theirs-old.mp4`))).toBe(true);
    const theirs = await list(other);
    expect(theirs.dataList.map((f) => f.id)).toEqual([ids.theirs]);
    expect(await api.store.fragments.get(ids.theirsOld!)).toBeUndefined();
    expect(existsSync(fileOf(`${other}/theirs-old.mp4`))).toBe(false);
  });

  it('pages with a stable total, enforces pageSize 1..10000 and the productId parameter', async () => {
    const pages = [await list(clipper, 1, 2), await list(clipper, 2, 2), await list(clipper, 3, 2)];
    expect(pages.map((p) => p.totalCount)).toEqual([3, 3, 3]);
    expect(pages.map((p) => p.dataList.map((f) => f.id))).toEqual([[ids.f3, ids.f2], [ids.f1], []]);
    await expectPageSizeLimit(api.client, LIST, { userId: clipper, productId: 1 }, 10000);
    expectBadParameter(
      await api.client.get(LIST, { userId: clipper, productId: 2, pageIndex: 1, pageSize: 10 }),
      'productId',
    );
  });

  it('someone else’s fragment answers like an unknown one; row and file stay', async () => {
    const unknown = await api.client.get(DELETE, { id: 999_999, userId: clipper });
    expect([unknown.status, unknown.body]).toEqual([200, { code: -1, message: '片段不存在', items: null }]);
    const foreign = await api.client.get(DELETE, { id: ids.theirs!, userId: clipper });
    expect([foreign.status, foreign.body]).toEqual([unknown.status, unknown.body]);
    expect(await api.store.fragments.get(ids.theirs!)).toBeDefined();
    expect(existsSync(fileOf(`${other}/theirs.mp4`))).toBe(true);
  });

  it('deletes the caller’s fragment and its cut file', async () => {
    expect(existsSync(fileOf(`${clipper}/f1.mp4`))).toBe(true);
    const res = await api.client.get(DELETE, { id: ids.f1!, userId: clipper });
    expect(res.body).toEqual({ code: 2001, message: '片段已删除', items: null });
    expect(existsSync(fileOf(`${clipper}/f1.mp4`))).toBe(false);
    expect((await list(clipper)).dataList.map((f) => f.id)).toEqual([ids.f3, ids.f2]);
    // one still being cut has no file to remove
    expect((await api.client.get(DELETE, { id: ids.f3!, userId: clipper })).body.code).toBe(2001);
    const again = await api.client.get(DELETE, { id: ids.f1!, userId: clipper });
    expect(again.body).toEqual({ code: -1, message: '片段不存在', items: null });
    expect(existsSync(fileOf(`${other}/theirs.mp4`))).toBe(true);
  });

  it('never removes a file outside media/fragments, whatever the row says', async () => {
    const poster = path.join(api.store.mediaDir, 'videos', '11.svg');
    expect(existsSync(poster)).toBe(true);
    for (const videoAddress of [
      '/media/videos/11.svg',
      '/media/fragments/../videos/11.svg',
      '/media/fragments/%2E%2E/videos/11.svg',
    ]) {
      const row = (await api.store.fragments.insert(
        { userId: clipper, videoId: 11, fragmentName: 'x', startTime: 0, endTime: 10, download: 0, videoAddress },
        Date.now(),
      ))!;
      expect((await api.client.get(DELETE, { id: row.id, userId: clipper })).body.code).toBe(2001);
      expect(existsSync(poster)).toBe(true);
    }
  });

  it('validates id and userId, and needs a signature', async () => {
    expectBadParameter(await api.client.get(DELETE, { id: 'abc', userId: clipper }), 'id');
    await expectUnknownUserRefused((userId) => api.client.get(DELETE, { id: ids.f2!, userId }));
    await expectUnknownUserRefused((userId) =>
      api.client.get(LIST, { userId, productId: 1, pageIndex: 1, pageSize: 10 }),
    );
    await expectUnsigned(api.server.url, DELETE, { id: String(ids.f2), userId: String(clipper) });
    await expectUnsigned(api.server.url, LIST, {
      userId: String(clipper),
      productId: '1',
      pageIndex: '1',
      pageSize: '10',
    });
    expect(await api.store.fragments.get(ids.f2!)).toBeDefined();
  });
});
