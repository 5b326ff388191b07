/**
 * The play page's reads over signed HTTP (upstream/API.md "Main API: play page ..."):
 * GetPlayPageData with media fields, the resume point and the once-a-day view count;
 * GetCourseTags; GetVideoKeyframesList with thumbnails; GetSubtitlesManuscriptUrl; MakePng, a real
 * PNG QR code of the mobile play page.
 */
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadParameter, expectUnsigned } from './centre-fixture';
import { startTestApi, type TestApi } from './harness';
import { addMember, addTestMedia, expectRefused, type TestMedia } from './play-fixture';
import type { KeyframeItem, PlayPageData } from '../../upstream/src/main-api/contract';
import { mediaTokenKey, signedMediaPath } from '../../upstream/src/media/media-tokens';

const DAY_MS = 86_400_000;

describe('play page reads', () => {
  let api: TestApi;
  let viewer: number;
  let media: TestMedia;
  /** the server's clock runs this far ahead of the real one */
  let offset = 0;
  const signed = (sitePath: string) =>
    signedMediaPath(sitePath, viewer, Math.floor(Date.now() / 1000) + 3600, mediaTokenKey(api.config.apiSecret));

  beforeAll(async () => {
    api = await startTestApi({ now: () => Date.now() + offset });
    viewer = await addMember(api.store, 'viewer');
    media = await addTestMedia(api.store, 11, 'V000011', 12);
    await api.store.media.setKeyframeImages(11, [{ seq: 1, image: '/media/videos/V000011/keyframes/1.jpg' }]);
  }, 60_000);
  afterAll(() => api.stop());

  const page = (params: Record<string, string | number>) =>
    api.client.get<PlayPageData>('/api/play/GetPlayPageData', params);

  it('GetPlayPageData: a video with media carries its playlist, renditions, subtitles, poster and real length; one without has none', async () => {
    const res = await page({ courseId: 1, catalogId: 100 });
    expect(res.body.code).toBe(2000);
    const [withMedia, without] = res.body.items.videoList;
    expect(withMedia).toMatchObject({
      videoId: 11,
      duration: 12,
      videoUrl: media.masterPath,
      qualities: [{ name: '108p', height: 108, bandwidth: 200000 }],
      subtitleUrl: media.subtitlePath,
      poster: '/media/videos/V000011/poster.jpg',
    });
    expect(withMedia!.videoKeyframes.map((k) => k.image)).toEqual(['', '/media/videos/V000011/keyframes/1.jpg', '']);
    expect(without).toMatchObject({
      videoId: 12,
      duration: 3802,
      videoUrl: '',
      qualities: [],
      subtitleUrl: '',
      poster: '',
    });
    expect(res.body.items.lastPlay).toBeNull();
    // the playlist is really served under the path the answer gives, through a signed address (private-media.test.ts)
    const playlist = await fetch(`${api.server.url}${signed(withMedia!.videoUrl)}`);
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('108p/index.m3u8');
  });

  it('GetPlayPageData with a userId answers the resume point of the video shown', async () => {
    const reader = await addMember(api.store, 'resumer');
    expect((await page({ courseId: 1, videoId: 12, userId: reader })).body.items.lastPlay).toBeNull();
    const logged = await api.client.postJson<number>('/api/log/AddPlayLog', {
      id: 0,
      userId: reader,
      videoId: 12,
      courseId: 1,
      lastPlayTime: 321.7,
      duration: 3802,
      stayTime: 30,
    });
    expect(logged.body.code).toBe(2001);
    const res = await page({ courseId: 1, videoId: 12, userId: reader });
    expect(res.body.items.lastPlay).toEqual({
      id: logged.body.items,
      videoId: 12,
      lastPlayTime: 321,
      duration: 3802,
      lastWatchTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // another video of the course has no record of its own
    expect((await page({ courseId: 1, videoId: 13, userId: reader })).body.items.lastPlay).toBeNull();
  });

  it('counts the course’s viewCount once per user per video a day, only for a signed-in user', async () => {
    const views = async (params: Record<string, string | number>) =>
      (await page({ courseId: 3, ...params })).body.items.course.viewCount;
    const before = (await api.store.courses.get(3))!.viewCount;
    expect(await views({})).toBe(before);
    expect(await views({ userId: 'guest-7f3a' })).toBe(before); // a visitor's guest id counts nothing
    expect(await views({ userId: viewer, videoId: 31 })).toBe(before + 1);
    expect(await views({ userId: viewer, videoId: 31 })).toBe(before + 1);
    expect(await views({ userId: viewer })).toBe(before + 1); // the first video is 31 again
    expect(await views({ userId: viewer, videoId: 32 })).toBe(before + 2);
    const other = await addMember(api.store, 'second-viewer');
    expect(await views({ userId: other, videoId: 31 })).toBe(before + 3);
    offset += DAY_MS;
    try {
      expect(await views({ userId: viewer, videoId: 31 })).toBe(before + 4);
      expect(await views({ userId: viewer, videoId: 31 })).toBe(before + 4);
    } finally {
      offset -= DAY_MS;
    }
    expect((await api.store.courses.get(3))!.viewCount).toBe(before + 4);
  });

  it('GetPlayPageData refuses a numeric userId without an account (4000) and an unknown video (4004)', async () => {
    expectBadParameter(await page({ courseId: 1, userId: 999_999 }), 'userId');
    const res = await page({ courseId: 1, videoId: 21, userId: viewer });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 4004, message: '视频不存在', items: null });
  });

  it('GetCourseTags: the catalogue trail from the subject down (tagType 1), then the lecturer (tagType 2)', async () => {
    const res = await api.client.get('/api/play/GetCourseTags', { courseId: 1 });
    expect(res.body).toEqual({
      code: 2000,
      message: '成功',
      items: [
        { tagName: '思政', tagType: 1, id: 1 },
        { tagName: '马克思主义基本原理', tagType: 1, id: 10 },
        { tagName: '唯物辩证法', tagType: 1, id: 100 },
        { tagName: '曾国华', tagType: 2, id: 1 },
      ],
    });
    expect((await api.client.get('/api/play/GetCourseTags', { courseId: 999 })).body).toEqual({
      code: 4004,
      message: '课程不存在',
      items: null,
    });
    expectBadParameter(await api.client.get('/api/play/GetCourseTags', {}), 'courseId');
  });

  it('GetVideoKeyframesList: the keyframes in time order with their thumbnails; a video of another course is 4004', async () => {
    const res = await api.client.get<KeyframeItem[]>('/api/play/GetVideoKeyframesList', { videoId: 11, courseId: 1 });
    expect(res.body.code).toBe(2000);
    expect(res.body.items).toEqual([
      {
        keyPoints: '要点1',
        keyPointsShow: '00:00',
        timePoint: 0,
        description: '唯物辩证法的基本规律的第1个要点。',
        image: '',
      },
      {
        keyPoints: '要点2',
        keyPointsShow: '05:12',
        timePoint: 312,
        description: '唯物辩证法的基本规律的第2个要点。',
        image: '/media/videos/V000011/keyframes/1.jpg',
      },
      {
        keyPoints: '要点3',
        keyPointsShow: '1:02:05',
        timePoint: 3725,
        description: '唯物辩证法的基本规律的第3个要点。',
        image: '',
      },
    ]);
    const wrongCourse = await api.client.get('/api/play/GetVideoKeyframesList', { videoId: 11, courseId: 2 });
    expect(wrongCourse.body).toEqual({ code: 4004, message: '视频不存在', items: null });
  });

  it('GetSubtitlesManuscriptUrl: the playlist, the WebVTT path and the manuscript text; none without subtitles', async () => {
    const res = await api.client.get('/api/play/GetSubtitlesManuscriptUrl', { videoCode: 'V000011', userId: viewer });
    expect(res.body).toEqual({
      code: 2000,
      message: '成功',
      items: { url: media.masterPath, vtt: media.subtitlePath, manuscript: media.manuscript },
    });
    const vtt = await fetch(`${api.server.url}${signed(media.subtitlePath)}`);
    expect(await vtt.text()).toMatch(/^WEBVTT/);
    expectRefused(
      await api.client.get('/api/play/GetSubtitlesManuscriptUrl', { videoCode: 'V000012', userId: viewer }),
      '该视频暂无字幕',
    );
    const unknown = await api.client.get('/api/play/GetSubtitlesManuscriptUrl', { videoCode: 'NOPE', userId: viewer });
    expect(unknown.body).toEqual({ code: 4004, message: '视频不存在', items: null });
    expectBadParameter(await api.client.get('/api/play/GetSubtitlesManuscriptUrl', {}), 'videoCode');
  });
});

describe('MakePng', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: { PUBLIC_BASE_URL: 'https://ke.example.edu.cn/' } });
  });
  afterAll(() => api.stop());

  /** signed GET answering raw bytes */
  async function png(given: Record<string, string | number>) {
    const { signParams, withNonce } = await import('./client');
    const params = withNonce(given);
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const timespan = String(Math.floor(Date.now() / 1000));
    const sign = signParams(
      Object.entries(params).map(([k, v]) => [k, String(v)]),
      timespan,
      api.config.apiSecret,
    );
    const res = await fetch(`${api.server.url}/api/play/MakePng?${query}`, {
      headers: { timespan, sign, productId: '1' },
    });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  }

  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const size = (body: Buffer) => ({ width: body.readUInt32BE(16), height: body.readUInt32BE(20) });

  /**
   * Reads the QR code's modules from the image (the centre of each, the code centred in the image
   * with a 2-module quiet zone) and compares them with the code of the expected URL.
   */
  async function expectQrOf(body: Buffer, url: string) {
    const { data, info } = await sharp(body).greyscale().raw().toBuffer({ resolveWithObject: true });
    const modules = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    const n = modules.size;
    const side = Math.min(info.width, info.height);
    const scale = side / (n + 4);
    const left = (info.width - side) / 2;
    const top = (info.height - side) / 2;
    let mismatches = 0;
    for (let r = 0; r < n; r += 1) {
      for (let c = 0; c < n; c += 1) {
        const x = Math.floor(left + (2 + c + 0.5) * scale);
        const y = Math.floor(top + (2 + r + 0.5) * scale);
        const dark = data[y * info.width + x]! < 128;
        if (dark !== Boolean(modules.get(r, c))) mismatches += 1;
      }
    }
    expect(mismatches).toBe(0);
    // the quiet zone around it is white
    expect(data[Math.floor(top + scale) * info.width + Math.floor(left + scale)]).toBeGreaterThan(200);
  }

  it('answers image/png (not an envelope): a QR code of PUBLIC_BASE_URL/m/play, 200 px square by default', async () => {
    const { res, body } = await png({ catalogId: 100, cid: 1, uid: 0, vid: 12 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(body.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(size(body)).toEqual({ width: 200, height: 200 });
    await expectQrOf(body, 'https://ke.example.edu.cn/m/play?catalogId=100&courseId=1&videoId=12');
  });

  it('takes width and high (64..1024; high defaults to width), the code centred in a wider image', async () => {
    const wide = await png({ catalogId: 100, cid: 1, uid: 5, vid: 11, width: 300, high: 200 });
    expect(size(wide.body)).toEqual({ width: 300, height: 200 });
    await expectQrOf(wide.body, 'https://ke.example.edu.cn/m/play?catalogId=100&courseId=1&videoId=11');
    const small = await png({ catalogId: 100, cid: 1, uid: 0, vid: 11, width: 64 });
    expect(size(small.body)).toEqual({ width: 64, height: 64 });
    const big = await png({ catalogId: 100, cid: 1, uid: 0, vid: 11, width: 1024, high: 1024 });
    expect(size(big.body)).toEqual({ width: 1024, height: 1024 });
    await expectQrOf(big.body, 'https://ke.example.edu.cn/m/play?catalogId=100&courseId=1&videoId=11');
  });

  it('refuses sizes out of range (4000) and an unknown course or video (4004) with an envelope', async () => {
    const bads: Record<string, string | number>[] = [
      { width: 63 },
      { width: 1025 },
      { width: 200, high: 20 },
      { width: 'big' },
    ];
    for (const bad of bads) {
      const { res, body } = await png({ catalogId: 100, cid: 1, vid: 11, ...bad });
      expect(res.status).toBe(400);
      expect(JSON.parse(body.toString()).code).toBe(4000);
    }
    const course = await png({ catalogId: 100, cid: 999, vid: 11 });
    expect(course.res.status).toBe(404);
    expect(JSON.parse(course.body.toString())).toEqual({ code: 4004, message: '课程不存在', items: null });
    const video = await png({ catalogId: 100, cid: 1, vid: 21 });
    expect(JSON.parse(video.body.toString())).toEqual({ code: 4004, message: '视频不存在', items: null });
    await expectUnsigned(api.server.url, '/api/play/MakePng', { cid: '1', vid: '11' });
  });
});
