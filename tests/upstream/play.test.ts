/** /api/play/GetPlayPageData: the course, its videos with keyframes, the video to start with. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import type { PlayPageData } from '../../upstream/src/main-api/contract';

describe('play page endpoint', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.stop());

  const play = (params: Record<string, number | string>) =>
    api.client.get<PlayPageData>('/api/play/GetPlayPageData', params);

  it('answers the course, its videos in episode order and the first video', async () => {
    const res = await play({ courseId: 3, catalogId: 101 });
    expect(res.body.code).toBe(2000);
    const data = res.body.items;
    expect(data.courseName).toBe('社会存在与社会意识');
    expect(data.courseImage).toBe('/media/posters/course-3.svg');
    expect(data.course).toMatchObject({ courseId: 3, courseName: '社会存在与社会意识', videoCount: 4 });
    expect(data.videoList.map((v) => v.videoId)).toEqual([31, 32, 33, 34]);
    expect(data.video?.videoId).toBe(31);
    expect(data.videoList[1]).toEqual({
      videoId: 32,
      courseId: 3,
      videoName: '社会存在与社会意识（2）',
      properTile: '社会存在与社会意识第2讲',
      videoImage: '/media/videos/32.svg',
      videoCode: 'V000032',
      numberShow: '第2讲',
      duration: 3802,
      publishTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      videoAbstract: '本讲介绍社会存在与社会意识的第2部分内容。',
      videoKeyframes: [
        {
          keyPoints: '要点1',
          keyPointsShow: '00:00',
          timePoint: 0,
          description: '社会存在与社会意识的第1个要点。',
          image: '',
        },
        {
          keyPoints: '要点2',
          keyPointsShow: '05:12',
          timePoint: 312,
          description: '社会存在与社会意识的第2个要点。',
          image: '',
        },
        {
          keyPoints: '要点3',
          keyPointsShow: '1:02:05',
          timePoint: 3725,
          description: '社会存在与社会意识的第3个要点。',
          image: '',
        },
      ],
      // no media imported for this fixture video
      videoUrl: '',
      qualities: [],
      subtitleUrl: '',
      poster: '',
      mediaState: 'none',
    });
  });

  it('starts with the requested video, and works with only courseId', async () => {
    expect(
      (await play({ courseId: 3, catalogId: 101, videoId: 33, userId: 'guest-1' })).body.items.video?.videoId,
    ).toBe(33);
    expect((await play({ courseId: 3 })).body.items.video?.videoId).toBe(31);
  });

  it('answers a course without videos with an empty list and no video', async () => {
    const res = await play({ courseId: 6 });
    expect(res.body.items.videoList).toEqual([]);
    expect(res.body.items.video).toBeNull();
  });

  it('answers 4004 for an unknown course, a video of another course, an unknown catalogue', async () => {
    const course = await play({ courseId: 1234 });
    expect(course.status).toBe(404);
    expect(course.body).toEqual({ code: 4004, message: '课程不存在', items: null });
    const video = await play({ courseId: 3, videoId: 11 });
    expect(video.body.code).toBe(4004);
    const catalogue = await play({ courseId: 3, catalogId: 5555 });
    expect(catalogue.body.code).toBe(4004);
  });
});
