/**
 * At the main API: a video's playable files (playlists, segments, subtitles, manuscript) only through
 * a signed address that covers their folder and has not expired (upstream/src/media/media-tokens.ts);
 * images stay public; the manuscript's REST call wants a signed-in viewer. The gateway's side is in
 * tests/gateway/play-http.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, mediaTokenKey, signedMediaPath } from '../../upstream/src/media/media-tokens';
import { startTestApi, type TestApi } from './harness';
import { addMember, addTestMedia, expectRefused, type TestMedia } from './play-fixture';

describe('private media at the main API', () => {
  let api: TestApi;
  let viewer: number;
  let media: TestMedia;
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (sitePath: string, expires = now() + 600) =>
    signedMediaPath(sitePath, viewer, expires, mediaTokenKey(api.config.apiSecret));
  const get = (sitePath: string) => fetch(`${api.server.url}${sitePath}`);

  beforeAll(async () => {
    api = await startTestApi();
    viewer = await addMember(api.store, 'viewer');
    media = await addTestMedia(api.store, 11, 'V000011', 6);
  });

  afterAll(() => api?.stop());

  it('refuses every playable file without a signed address, with 登录后即可观看 and no caching', async () => {
    for (const file of [
      media.masterPath,
      '/media/videos/V000011/108p/index.m3u8',
      '/media/videos/V000011/108p/seg_000.ts',
      media.subtitlePath,
      media.manuscriptPath,
    ]) {
      const response = await get(file);
      expect(response.status, file).toBe(403);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.json()).toEqual({ code: -1, message: MEDIA_MESSAGES.loginRequired, items: null });
    }
  });

  it("serves them through a signed address, privately cached, and the playlist's relative files under it", async () => {
    const master = await get(sign(media.masterPath));
    expect(master.status).toBe(200);
    expect(master.headers.get('cache-control')).toMatch(/^private/);
    const rendition = new URL('108p/index.m3u8', `http://x${sign(media.masterPath)}`).pathname;
    const segments = await get(rendition);
    expect(segments.status).toBe(200);
    const segment = await get(new URL('seg_000.ts', `http://x${rendition}`).pathname);
    expect(Buffer.from(await segment.arrayBuffer())[0]).toBe(0x47);
    expect(await (await get(sign(media.manuscriptPath))).text()).toContain('唯物辩证法');
  });

  it('refuses an expired address with its own message, and a forged or misplaced one as invalid', async () => {
    const expired = await get(sign(media.masterPath, now() - 1));
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toBe(MEDIA_MESSAGES.expired);
    const good = sign(media.masterPath);
    const forged = [
      good.replace(
        /\.([A-Za-z0-9_-]{22})\//,
        (_m, mac: string) => `.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}/`,
      ),
      good.replace('/videos/V000011/', '/videos/V000012/'),
      good.replace(/\/t\/[^/]+\//, '/t/not-a-grant/'),
      good.replace(/\/master\.m3u8$/, ''),
    ];
    for (const address of forged) {
      const response = await get(address);
      expect(response.status, address).toBe(403);
      expect((await response.json()).message).toBe(MEDIA_MESSAGES.invalid);
    }
  });

  it('keeps images public: a poster or keyframe thumbnail needs no grant', async () => {
    const poster = await get('/media/videos/V000011/poster.jpg');
    // the fixture writes no poster: not refused, just not there
    expect(poster.status).toBe(404);
  });

  it('answers GetSubtitlesManuscriptUrl to a signed-in viewer only', async () => {
    expectRefused(
      await api.client.get('/api/play/GetSubtitlesManuscriptUrl', { videoCode: 'V000011' }),
      MEDIA_MESSAGES.loginRequired,
    );
    const res = await api.client.get('/api/play/GetSubtitlesManuscriptUrl', { videoCode: 'V000011', userId: viewer });
    expect(res.body.code).toBe(2000);
  });
});
