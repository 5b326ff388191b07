/**
 * Likes and favourites over signed HTTP: GetUserOperateVideo, POST UserOperate and
 * CancelUserOperate (idempotent both ways), the course counters they keep (startCount,
 * collectCount), 我的课程 following a favourite, and the rule that only userType 1 or 2 may act.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadParameter, expectUnsigned } from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import { addMember, addUserOfType, expectRefused, type CourseCounters } from './play-fixture';
import type { OperateState, Paged } from '../../upstream/src/main-api/contract';

const STATE = '/api/operate/GetUserOperateVideo';
const SET = '/api/operate/UserOperate';
const CANCEL = '/api/operate/CancelUserOperate';
const LIKE = 0;
const FAVOURITE = 1;

describe('likes and favourites', () => {
  let api: TestApi;
  let fan: number;
  let member: number;
  beforeAll(async () => {
    api = await startTestApi();
    fan = await addMember(api.store, 'fan', 1);
    member = await addMember(api.store, 'library-member', 2);
  });
  afterAll(() => api.stop());

  const state = async (userId: number, videoId = 11) => {
    const res = await api.client.get<OperateState>(STATE, {
      productId: 1,
      courseId: 1,
      catalogId: 100,
      userId,
      videoId,
    });
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };
  const counters = async (courseId = 1): Promise<CourseCounters> =>
    (await api.client.get<{ course: CourseCounters }>('/api/play/GetPlayPageData', { courseId })).body.items.course;
  const operate = (path: string, userId: number, operateType: number, videoId = 11) =>
    api.client.postJson<OperateState>(path, { userId, videoId, courseId: 1, operateType, comId: 0, catalogId: 100 });

  it('a like is set once however often it is sent, and the course’s startCount grows by one', async () => {
    const before = await counters();
    expect(await state(fan)).toEqual({ userLike: 0, userCollect: 0, likeCount: 0, collectCount: 0 });
    const first = await operate(SET, fan, LIKE);
    expect(first.body).toEqual({
      code: 2001,
      message: '点赞成功',
      items: { userLike: 1, userCollect: 0, likeCount: 1, collectCount: 0 },
    });
    const again = await operate(SET, fan, LIKE);
    expect(again.body).toEqual(first.body);
    expect(await counters()).toEqual({ ...before, startCount: before.startCount + 1 });
    // someone else sees the count, not the fan's state
    expect(await state(member)).toEqual({ userLike: 0, userCollect: 0, likeCount: 1, collectCount: 0 });
  });

  it('a favourite likewise, growing collectCount, and the course appears in 我的课程', async () => {
    const before = await counters();
    const res = await operate(SET, fan, FAVOURITE);
    expect(res.body).toEqual({
      code: 2001,
      message: '收藏成功',
      items: { userLike: 1, userCollect: 1, likeCount: 1, collectCount: 1 },
    });
    await operate(SET, fan, FAVOURITE);
    expect(await counters()).toEqual({ ...before, collectCount: before.collectCount + 1 });
    const mine = await api.client.get<Paged<{ courseId: number }>>('/api/usercenter/GetCollectList', {
      userId: fan,
      pageIndex: 1,
      pageSize: 10,
    });
    expect(mine.body.items.dataList.map((c) => c.courseId)).toEqual([1]);
  });

  it('an organisation member (userType 2) may like too; counts add up per video', async () => {
    const res = await operate(SET, member, LIKE);
    expect(res.body.items).toEqual({ userLike: 1, userCollect: 0, likeCount: 2, collectCount: 1 });
    // another video of the course has counts of its own
    expect(await state(fan, 12)).toEqual({ userLike: 0, userCollect: 0, likeCount: 0, collectCount: 0 });
  });

  it('cancelling takes it back once; cancelling what is not set answers the unchanged state', async () => {
    const before = await counters();
    const res = await operate(CANCEL, fan, LIKE);
    expect(res.body).toEqual({
      code: 2001,
      message: '已取消点赞',
      items: { userLike: 0, userCollect: 1, likeCount: 1, collectCount: 1 },
    });
    expect((await operate(CANCEL, fan, LIKE)).body).toEqual(res.body);
    const unfavourite = await operate(CANCEL, fan, FAVOURITE);
    expect(unfavourite.body).toEqual({
      code: 2001,
      message: '已取消收藏',
      items: { userLike: 0, userCollect: 0, likeCount: 1, collectCount: 0 },
    });
    expect(await counters()).toEqual({
      ...before,
      startCount: before.startCount - 1,
      collectCount: before.collectCount - 1,
    });
  });

  it('only userType 1 or 2 may like or favourite (-1 当前账号无权进行此操作); reading the state is allowed', async () => {
    const guest = await addUserOfType(api.store, 'type-zero', 0);
    for (const path of [SET, CANCEL]) {
      for (const type of [LIKE, FAVOURITE]) expectRefused(await operate(path, guest, type), '当前账号无权进行此操作');
      // judged before the other parameters
      expectRefused(await operate(path, guest, 2), '当前账号无权进行此操作');
    }
    expect(await state(guest)).toEqual({ userLike: 0, userCollect: 0, likeCount: 1, collectCount: 0 });
  });

  it('refuses a video of another course (4004), a bad operateType or user (4000), unsigned calls (401)', async () => {
    const wrong = await api.client.postJson(SET, { userId: fan, videoId: 21, courseId: 1, operateType: LIKE });
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ code: 4004, message: '视频不存在', items: null });
    expect((await api.client.get(STATE, { userId: fan, videoId: 999, courseId: 0 })).body.code).toBe(4004);
    expectBadParameter(await operate(SET, fan, 2), 'operateType');
    expectBadParameter(await operate(SET, 999_999, LIKE), 'userId');
    expectBadParameter(await api.client.get(STATE, { userId: 999_999, videoId: 11 }), 'userId');
    expectBadParameter(await api.client.get(STATE, { userId: fan, videoId: 11, productId: 2 }), 'productId');
    await expectUnsigned(api.server.url, SET, { userId: String(fan), videoId: '11', operateType: '0' }, 'POST');
    expect(await state(fan)).toEqual({ userLike: 0, userCollect: 0, likeCount: 1, collectCount: 0 });
  });
});
