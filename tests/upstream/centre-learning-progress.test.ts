/**
 * 继续学习 over HTTP: GET /api/usercenter/GetLearningProgress reads the user's play records into
 * courses with progress (upstream/API.md). A video is learned when at most 10 s remain after where
 * the user stopped (the player's resume rule); an organisation's network identity has no progress.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, addUser, expectUnknownUserRefused } from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import type { CourseProgressItem } from '../../upstream/src/main-api/contract';

const PATH = '/api/usercenter/GetLearningProgress';
/** the fixture: course c has videos c*10+1 .. c*10+n, each 3800 + n seconds long */
const length = (videoId: number) => 3800 + (videoId % 10);

describe('learning progress (继续学习)', () => {
  let api: TestApi;
  let viewer: number;
  let other: number;
  const base = Date.now() - 3 * DAY_MS;

  beforeAll(async () => {
    api = await startTestApi();
    viewer = await addUser(api.store, 'learner');
    other = await addUser(api.store, 'someone-else');
    const at = (seconds: number) => base + seconds * 1000;
    const play = (userId: number, videoId: number, lastPlayTime: number, when: number, catalogId?: number) =>
      api.store.playLogs.record(
        { userId, videoId, lastPlayTime, duration: length(videoId), stayTime: 60, catalogId },
        at(when),
      );
    // course 1 (3 videos): 11 finished (5 s left), 12 stopped at 600 s (11 s left counts as not finished)
    await play(viewer, 11, length(11) - 5, 1);
    await play(viewer, 12, 600, 3, 100);
    // course 3 (4 videos): 31 at exactly 10 s left (learned), watched before course 1's last record
    await play(viewer, 31, length(31) - 10, 2);
    // course 7, the newest
    await play(viewer, 72, 1900, 4);
    await play(other, 21, 100, 5);
  });
  afterAll(() => api.stop());

  const progress = async (params: Record<string, number>) => {
    const res = await api.client.get<CourseProgressItem[]>(PATH, params);
    expect(res.body.code, res.body.message).toBe(2000);
    return res.body.items;
  };

  it('answers the courses watched, newest first, with learned counts and where to resume', async () => {
    const items = await progress({ userId: viewer });
    expect(items.map((i) => i.courseId)).toEqual([7, 1, 3]);
    const course1 = items[1]!;
    expect(course1).toMatchObject({
      courseId: 1,
      catalogId: 100,
      videoCount: 3,
      learnedCount: 1,
      updateTime: new Date(base + 3000).toISOString(),
      lastVideo: {
        videoId: 12,
        lastPlayTime: 600,
        duration: length(12),
        learned: 0,
        percent: 15,
        videoName: '唯物辩证法的基本规律（2）',
        numberShow: '第2讲',
      },
    });
    expect(course1.course).toMatchObject({
      courseId: 1,
      courseName: '唯物辩证法的基本规律',
      videoCount: 3,
      authorName: '曾国华',
    });
    expect(course1.videos).toEqual([
      { videoId: 11, lastPlayTime: length(11) - 5, duration: length(11), learned: 1, percent: 100 },
      { videoId: 12, lastPlayTime: 600, duration: length(12), learned: 0, percent: 15 },
    ]);
    expect(items[2]).toMatchObject({
      courseId: 3,
      videoCount: 4,
      learnedCount: 1,
      lastVideo: { videoId: 31, learned: 1, percent: 100 },
    });
    expect(items[0]).toMatchObject({
      courseId: 7,
      learnedCount: 0,
      lastVideo: { videoId: 72, lastPlayTime: 1900, percent: 49 },
    });
  });

  it('resumes at the second the user stopped; after a finished video, at the next one of the course', async () => {
    const items = await progress({ userId: viewer });
    // course 1: stopped at 600 s in its 2nd video
    expect(items[1]!.resume).toEqual({
      videoId: 12,
      videoName: '唯物辩证法的基本规律（2）',
      numberShow: '第2讲',
      startAt: 600,
    });
    // course 3: its 1st video finished, nothing of the 2nd watched: the 2nd from the beginning
    expect(items[2]!.resume).toMatchObject({ videoId: 32, numberShow: '第2讲', startAt: 0 });
  });

  it('after a finished video, skips the finished ones that follow; past the last, goes to the first unfinished; all finished, the last again', async () => {
    const learner = await addUser(api.store, 'resumer');
    const at = (seconds: number) => base + seconds * 1000;
    const play = (videoId: number, lastPlayTime: number, when: number) =>
      api.store.playLogs.record(
        { userId: learner, videoId, lastPlayTime, duration: length(videoId), stayTime: 60 },
        at(when),
      );
    const resume = async () => (await progress({ userId: learner, courseId: 1 }))[0]!.resume;
    // 2nd video stopped at 300 s, then the 1st finished: the 2nd, at 300 s
    await play(12, 300, 10);
    await play(11, length(11), 11);
    expect(await resume()).toMatchObject({ videoId: 12, numberShow: '第2讲', startAt: 300 });
    // the 3rd (the course's last) finished: back to the first unfinished one, the 2nd at 300 s
    await play(13, length(13) - 2, 12);
    expect(await resume()).toMatchObject({ videoId: 12, startAt: 300 });
    // the 1st finished again: the 2nd follows it
    await play(11, length(11), 13);
    expect(await resume()).toMatchObject({ videoId: 12, startAt: 300 });
    // the 2nd finished too: every video is, the 2nd (watched last) from the beginning
    await play(12, length(12), 14);
    expect(await resume()).toEqual({
      videoId: 12,
      videoName: '唯物辩证法的基本规律（2）',
      numberShow: '第2讲',
      startAt: 0,
    });
  });

  it('limits the courses, and answers one course by courseId', async () => {
    expect((await progress({ userId: viewer, limit: 2 })).map((i) => i.courseId)).toEqual([7, 1]);
    const one = await progress({ userId: viewer, courseId: 3 });
    expect(one).toHaveLength(1);
    expect(one[0]!.videos.map((v) => v.videoId)).toEqual([31]);
    expect(await progress({ userId: viewer, courseId: 2 })).toEqual([]);
    expect(await progress({ userId: viewer, courseId: 9999 })).toEqual([]);
  });

  it("answers only the caller's records", async () => {
    expect((await progress({ userId: other })).map((i) => i.courseId)).toEqual([2]);
    expect(await progress({ userId: other, courseId: 1 })).toEqual([]);
  });

  it("gives an organisation's network identity no progress (it is a whole network, not a person)", async () => {
    const identity = (
      await api.store.users.insert(
        { userName: 'org9', passwordHash: null, userType: 2, comId: null, orgIdentityOf: null },
        Date.now(),
      )
    ).userId;
    await api.store.playLogs.record(
      { userId: identity, videoId: 11, lastPlayTime: 30, duration: length(11), stayTime: 30 },
      base,
    );
    expect((await progress({ userId: identity })).map((i) => i.courseId)).toEqual([1]);
    const org = await api.store.organisations.insert(
      { gid: 'progress-lib', name: '进度图书馆', comCode: 'progress', enabled: true, ipRanges: [] },
      Date.now(),
    );
    const network = (
      await api.store.users.insert(
        { userName: `org${org.comId}`, passwordHash: null, userType: 2, comId: org.comId, orgIdentityOf: org.comId },
        Date.now(),
      )
    ).userId;
    await api.store.playLogs.record(
      { userId: network, videoId: 11, lastPlayTime: 30, duration: length(11), stayTime: 30 },
      base,
    );
    expect(await progress({ userId: network })).toEqual([]);
    expect(await progress({ userId: network, courseId: 1 })).toEqual([]);
  });

  it('refuses an unknown user and a bad limit', async () => {
    await expectUnknownUserRefused((userId) => api.client.get(PATH, { userId }));
    for (const limit of [0, 21, 'x']) {
      const res = await api.client.get(PATH, { userId: viewer, limit });
      expect(res.body.code).toBe(4000);
      expect(res.body.message).toContain('limit');
    }
  });
});
