/**
 * The play page's plain HTTP routes on the gateway, against the real main API and login service
 *: the unload beacon POST /beacon/play-log (form data, the utoken cookie's viewer, same-origin
 * only, always 204 for what it takes), the QR code GET /qr/play.png (the upstream's MakePng PNG,
 * publicly cacheable) and the HLS media of a demo lecture through /media with HTTP Range.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from '../../gateway/src/upstream/client';
import { createLogger } from '../../gateway/src/logger';
import { startPlatform, type Platform, type TestGateway } from './harness';
import { courseWithVideos, giveDemoMedia, playLogOf as playLogOfIn, type PlayCourse } from './play-fixture';

let platform: Platform;
let gateway: TestGateway;
let bob: { id: number; cookie: string };
let course: PlayCourse;

beforeAll(async () => {
  platform = await startPlatform();
  await giveDemoMedia(platform);
  gateway = await platform.gateway();
  const bobId = await platform.addUser('bob');
  bob = { id: bobId, cookie: `utoken=${(await platform.signIn('bob', 'Passw0rd2026')).token}` };
  course = courseWithVideos(platform);
});

afterAll(async () => {
  await platform?.stop();
});

/** A raw request (fetch will not send every header a browser does, nor keep a body it was not given). */
function raw(
  method: string,
  pathAndQuery: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const target = new URL(gateway.url);
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: pathAndQuery, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const playLogOf = (userId: number, videoId: number) => playLogOfIn(platform, userId, videoId);

describe('POST /beacon/play-log', () => {
  const origin = () => gateway.url;
  const form = (fields: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  const beacon = (body: string | Buffer, headers: Record<string, string>) =>
    raw(
      'POST',
      '/beacon/play-log',
      {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(Buffer.byteLength(body)),
        ...headers,
      },
      body,
    );

  it("records the report of a same-origin form for the cookie's viewer, and answers 204", async () => {
    const videoId = course.videoIds[0]!;
    const response = await beacon(
      form({
        logId: '',
        videoId,
        courseId: course.id,
        catalogueId: course.catalogueId,
        lastPlayTime: 20.9,
        duration: 40,
        stayTime: 8,
      }),
      {
        origin: origin(),
        cookie: bob.cookie,
      },
    );
    expect(response.status).toBe(204);
    expect(response.body.length).toBe(0);
    expect(playLogOf(bob.id, videoId)).toMatchObject({ lastPlayTime: 20, stayTime: 8 });
  });

  it("takes a FormData (multipart) beacon marked Sec-Fetch-Site: same-origin, with a player's many decimals, continuing the viewing of its logId", async () => {
    const videoId = course.videoIds[1]!;
    const started = await gateway.graphql(
      `mutation M($input: ReportPlayInput!) { reportPlay(input: $input) { logId errors { message } } }`,
      { input: { videoId, courseId: course.id, lastPlayTime: 5, duration: 40, stayTime: 5 } },
      { cookie: bob.cookie },
    );
    const logId = started.body.data.reportPlay.logId as string;
    const data = new FormData();
    for (const [key, value] of Object.entries({
      logId,
      videoId,
      courseId: course.id,
      catalogueId: 0,
      lastPlayTime: 21.23456789012345,
      duration: 40,
      stayTime: 12.00000000001,
    })) {
      data.append(key, String(value));
    }
    const encoded = new Request('http://x/', { method: 'POST', body: data });
    const body = Buffer.from(await encoded.arrayBuffer());
    const response = await raw(
      'POST',
      '/beacon/play-log',
      {
        'content-type': encoded.headers.get('content-type')!,
        'content-length': String(body.length),
        'sec-fetch-site': 'same-origin',
        cookie: bob.cookie,
      },
      body,
    );
    expect(response.status).toBe(204);
    // the main API keeps whole seconds (and no more stay time than the time since the last report allows)
    expect(playLogOf(bob.id, videoId)).toMatchObject({ id: Number(logId), lastPlayTime: 21, stayTime: 12 });
  });

  it('reads a text/plain beacon (a string of the same fields)', async () => {
    const videoId = course.videoIds[2]!;
    const response = await raw(
      'POST',
      '/beacon/play-log',
      { 'content-type': 'text/plain;charset=UTF-8', origin: origin(), cookie: bob.cookie },
      form({ videoId, courseId: course.id, lastPlayTime: 9, duration: 60, stayTime: 9 }),
    );
    expect(response.status).toBe(204);
    expect(playLogOf(bob.id, videoId)).toMatchObject({ lastPlayTime: 9 });
  });

  it('refuses a cross-origin beacon with 403 and records nothing', async () => {
    const videoId = course.videoIds[0]!;
    const before = playLogOf(bob.id, videoId);
    const body = form({ videoId, courseId: course.id, lastPlayTime: 99, duration: 120, stayTime: 99 });
    for (const headers of [
      { origin: 'http://evil.example' },
      { origin: origin().replace('http:', 'https:') },
      { origin: 'null' },
      { origin: origin(), 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      {},
    ] as Record<string, string>[]) {
      const response = await beacon(body, { ...headers, cookie: bob.cookie });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body.toString('utf8')).toBe('拒绝跨站请求');
    }
    expect(playLogOf(bob.id, videoId)).toEqual(before);
  });

  it('takes a same-origin beacon behind a TLS proxy that rewrote Host: by Sec-Fetch-Site, or by Origin when PUBLIC_BASE_URL names it', async () => {
    const videoId = course.videoIds[0]!;
    const publicOrigin = 'https://ke.example.cn';
    const proxied = { host: 'gateway.internal:4000', 'x-forwarded-proto': 'https', cookie: bob.cookie };
    const report = (lastPlayTime: number) =>
      form({ videoId, courseId: course.id, lastPlayTime, duration: 120, stayTime: 1 });

    const bySecFetchSite = await beacon(report(31), {
      ...proxied,
      origin: publicOrigin,
      'sec-fetch-site': 'same-origin',
    });
    expect(bySecFetchSite.status).toBe(204);
    expect(playLogOf(bob.id, videoId)).toMatchObject({ lastPlayTime: 31 });

    // an older browser, Origin only: the gateway without PUBLIC_BASE_URL cannot tell, the one with it can
    const withoutSetting = await beacon(report(32), { ...proxied, origin: publicOrigin });
    expect(withoutSetting.status).toBe(403);
    const configured = await platform.gateway({ PUBLIC_BASE_URL: `${publicOrigin}/` });
    const viaConfigured = (lastPlayTime: number, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const target = new URL(configured.url);
        const body = report(lastPlayTime);
        const req = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            path: '/beacon/play-log',
            method: 'POST',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': String(Buffer.byteLength(body)),
              ...proxied,
              ...headers,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    expect(await viaConfigured(33, { origin: publicOrigin })).toBe(204);
    expect(playLogOf(bob.id, videoId)).toMatchObject({ lastPlayTime: 33 });
    // cross-site stays refused, whatever the Origin says
    expect(await viaConfigured(34, { origin: publicOrigin, 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await viaConfigured(34, { origin: 'https://evil.example' })).toBe(403);
    expect(await viaConfigured(34, {})).toBe(403);
    expect(playLogOf(bob.id, videoId)).toMatchObject({ lastPlayTime: 33 });
  });

  it('ignores a beacon without a utoken cookie, or with one the login service refuses: 204, nothing recorded', async () => {
    const videoId = course.videoIds[0]!;
    const rows = () => (platform.db.prepare('SELECT COUNT(*) AS n FROM play_logs').get() as { n: number }).n;
    const before = rows();
    const body = form({ videoId, courseId: course.id, lastPlayTime: 1, duration: 120, stayTime: 1 });
    expect((await beacon(body, { origin: origin() })).status).toBe(204);
    expect(
      (await beacon(body, { origin: origin(), cookie: 'utoken=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).status,
    ).toBe(204);
    expect(rows()).toBe(before);
  });

  it('answers 204 and records nothing for fields that are not a report; never a stack', async () => {
    const videoId = course.videoIds[0]!;
    const before = playLogOf(bob.id, videoId);
    for (const fields of <Record<string, string | number>[]>[
      { videoId: 'abc', courseId: course.id, lastPlayTime: 1, duration: 1, stayTime: 1 },
      { videoId, courseId: course.id, lastPlayTime: -5, duration: 1, stayTime: 1 },
      { videoId, courseId: course.id, lastPlayTime: 1, duration: 1, stayTime: 1, logId: 'x' },
      { videoId, courseId: course.id },
    ]) {
      const response = await beacon(form(fields), { origin: origin(), cookie: bob.cookie });
      expect(response.status).toBe(204);
    }
    expect(playLogOf(bob.id, videoId)).toEqual(before);
  });

  it('answers what is wrong with the request itself: method, content type, size', async () => {
    expect((await raw('GET', '/beacon/play-log', { origin: origin() })).status).toBe(405);
    const json = await raw(
      'POST',
      '/beacon/play-log',
      { 'content-type': 'application/json', origin: origin(), cookie: bob.cookie },
      '{"videoId":1}',
    );
    expect(json.status).toBe(415);
    const huge = await beacon(`stayTime=${'1'.repeat(9000)}`, { origin: origin(), cookie: bob.cookie });
    expect(huge.status).toBe(413);
    expect(huge.body.toString('utf8')).not.toMatch(/at .+\.ts/);
  });
});

describe('GET /qr/play.png', () => {
  const pngSide = (png: Buffer) => png.readUInt32BE(16);

  it("is the main API's MakePng PNG of the video's mobile page, publicly cacheable", async () => {
    const videoId = course.videoIds[0]!;
    const response = await fetch(
      `${gateway.url}/qr/play.png?catalogId=${course.catalogueId}&courseId=${course.id}&videoId=${videoId}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    const png = Buffer.from(await response.arrayBuffer());
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(pngSide(png)).toBe(200);
    // exactly what the upstream makes for the same ids, signed as the gateway signs it
    const { config } = platform.upstream;
    const client = new UpstreamClient({
      baseUrl: platform.upstream.server.url,
      secret: config.apiSecret,
      algorithm: config.signAlgorithm,
      productId: 1,
      timeoutMs: 10_000,
      logger: createLogger('silent'),
    });
    const direct = await client.media(
      `/api/play/MakePng?catalogId=${course.catalogueId}&cid=${course.id}&uid=0&vid=${videoId}&width=200&high=200`,
      { method: 'GET', headers: {}, clientAddress: null },
    );
    expect(Buffer.from(await direct.body.arrayBuffer()).equals(png)).toBe(true);
    await client.close();
  });

  it('draws the size asked for, within 64..1024', async () => {
    const response = await fetch(`${gateway.url}/qr/play.png?courseId=${course.id}&size=320`);
    expect(response.status).toBe(200);
    expect(pngSide(Buffer.from(await response.arrayBuffer()))).toBe(320);
  });

  it('refuses missing or malformed parameters (400), an unknown course (404), another method (405)', async () => {
    for (const query of [
      '',
      `?courseId=abc`,
      `?courseId=${course.id}&size=10`,
      `?courseId=${course.id}&size=5000`,
      `?courseId=${course.id}&videoId=-1`,
    ]) {
      const response = await fetch(`${gateway.url}/qr/play.png${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.text()).toMatch(/^二维码参数无效/);
    }
    expect((await fetch(`${gateway.url}/qr/play.png?courseId=999999`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/qr/play.png?courseId=${course.id}`, { method: 'POST' })).status).toBe(405);
  });
});

describe('the HLS media of a demo lecture through /media', () => {
  let master: string;
  let segment: string;
  let segmentBytes: Buffer;

  beforeAll(async () => {
    const page = await gateway.graphql(
      `query Q($courseId: Int!) { playPage(courseId: $courseId) { video { videoUrl subtitleUrl } } }`,
      { courseId: course.id },
      { cookie: bob.cookie },
    );
    master = page.body.data.playPage.video.videoUrl;
    const playlist = await (await fetch(`${gateway.url}${master}`)).text();
    const rendition = playlist
      .split('\n')
      .find((line) => line.trim() !== '' && !line.startsWith('#'))!
      .trim();
    const renditionUrl = new URL(rendition, `http://x${master}`).pathname;
    const segments = await (await fetch(`${gateway.url}${renditionUrl}`)).text();
    const first = segments
      .split('\n')
      .find((line) => line.trim().endsWith('.ts'))!
      .trim();
    segment = new URL(first, `http://x${renditionUrl}`).pathname;
    segmentBytes = Buffer.from(await (await fetch(`${platform.upstream.server.url}${segment}`)).arrayBuffer());
  });

  it('serves the playlists and segments with their HLS content types', async () => {
    const playlist = await fetch(`${gateway.url}${master}`);
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const ts = await fetch(`${gateway.url}${segment}`);
    expect(ts.status).toBe(200);
    expect(ts.headers.get('content-type')).toBe('video/mp2t');
    expect(ts.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await ts.arrayBuffer()).equals(segmentBytes)).toBe(true);
    // MPEG-TS packets start with the sync byte 0x47
    expect(segmentBytes[0]).toBe(0x47);
  });

  it('answers a Range with 206 and exactly those bytes, an open-ended and a suffix range too', async () => {
    const size = segmentBytes.length;
    const cases: [string, number, number][] = [
      ['bytes=188-375', 188, 375],
      [`bytes=${size - 100}-`, size - 100, size - 1],
      ['bytes=-50', size - 50, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await fetch(`${gateway.url}${segment}`, { headers: { range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer()).equals(segmentBytes.subarray(start, end + 1))).toBe(true);
    }
    const beyond = await fetch(`${gateway.url}${segment}`, { headers: { range: `bytes=${size + 1}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
  });

  it('honours If-Range: the range for the current ETag, the whole file for a stale one', async () => {
    const etag = (await fetch(`${gateway.url}${segment}`, { method: 'HEAD' })).headers.get('etag')!;
    expect(etag).toBeTruthy();
    const current = await fetch(`${gateway.url}${segment}`, { headers: { range: 'bytes=0-9', 'if-range': etag } });
    expect(current.status).toBe(206);
    expect((await current.arrayBuffer()).byteLength).toBe(10);
    const stale = await fetch(`${gateway.url}${segment}`, { headers: { range: 'bytes=0-9', 'if-range': '"stale-0"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(segmentBytes.length);
    const revalidated = await fetch(`${gateway.url}${segment}`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
  });

  it('streams: the first bytes of a segment arrive while the client has not read the rest', async () => {
    const response = await fetch(`${gateway.url}${segment}`);
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(value!.length).toBeGreaterThan(0);
    expect(value![0]).toBe(0x47);
    await reader.cancel();
    // the gateway keeps answering after a client gave up half-way
    expect((await fetch(`${gateway.url}${segment}`, { headers: { range: 'bytes=0-0' } })).status).toBe(206);
  });
});

describe("a lecture's playable media is the signed-in viewer's (playing needs login, §6)", () => {
  const VIDEO_QUERY = `query Q($courseId: Int!) { playPage(courseId: $courseId) { video { videoUrl subtitleUrl manuscript image } } }`;
  let signed: { videoUrl: string; subtitleUrl: string };
  /** the unsigned site path of a signed address */
  const unsigned = (address: string) => address.replace(/^\/media\/t\/[^/]+\//, '/media/');
  const lines = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));

  beforeAll(async () => {
    signed = (await gateway.graphql(VIDEO_QUERY, { courseId: course.id }, { cookie: bob.cookie })).body.data.playPage
      .video;
  });

  it('gives a visitor no signed address and no manuscript; the poster stays public', async () => {
    // the course around the player is public; nothing in it plays
    const visitor = (await gateway.graphql(VIDEO_QUERY, { courseId: course.id })).body.data.playPage.video;
    expect(visitor.videoUrl).not.toBe('');
    expect(visitor.videoUrl.startsWith('/media/t/')).toBe(false);
    expect(visitor.manuscript).toBeNull();
    expect(signed.videoUrl).toMatch(/^\/media\/t\/[^/]+\/videos\//);
    const poster = await fetch(`${gateway.url}${unsigned(signed.videoUrl).replace(/[^/]+$/, 'poster.jpg')}`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('cache-control')).toMatch(/^public/);
  });

  it('refuses the playlists, segments, subtitles and manuscript without a signed address, through the gateway and at the main API', async () => {
    const master = unsigned(signed.videoUrl);
    const rendition = new URL(
      lines(await (await fetch(`${gateway.url}${signed.videoUrl}`)).text())[0]!,
      `http://x${master}`,
    ).pathname;
    const segmentPath = new URL(
      lines(
        await (
          await fetch(
            `${gateway.url}${signed.videoUrl.replace(/master\.m3u8$/, '')}${rendition.split('/').slice(-2).join('/')}`,
          )
        ).text(),
      )[0]!,
      `http://x${rendition}`,
    ).pathname;
    const folder = master.replace(/master\.m3u8$/, '');
    const paths = [master, rendition, segmentPath, unsigned(signed.subtitleUrl), `${folder}manuscript.txt`];
    for (const base of [gateway.url, platform.upstream.server.url]) {
      for (const file of paths) {
        const response = await fetch(`${base}${file}`, { headers: { cookie: bob.cookie } });
        expect(response.status, `${base}${file}`).toBe(403);
        expect((await response.json()).message).toBe('登录后即可观看');
      }
    }
  });

  it('plays, seeks and switches quality with one signed address: every rendition and its segments', async () => {
    const master = await fetch(`${gateway.url}${signed.videoUrl}`);
    expect(master.status).toBe(200);
    expect(master.headers.get('cache-control')).toMatch(/^private/);
    const renditions = lines(await master.text());
    expect(renditions.length).toBeGreaterThanOrEqual(2);
    for (const rendition of renditions) {
      const renditionUrl = new URL(rendition, `http://x${signed.videoUrl}`).pathname;
      const playlist = await fetch(`${gateway.url}${renditionUrl}`);
      expect(playlist.status, renditionUrl).toBe(200);
      const segments = lines(await playlist.text());
      const last = new URL(segments.at(-1)!, `http://x${renditionUrl}`).pathname;
      const seek = await fetch(`${gateway.url}${last}`, { headers: { range: 'bytes=0-187' } });
      expect(seek.status, last).toBe(206);
      expect(Buffer.from(await seek.arrayBuffer())[0]).toBe(0x47);
    }
    const vtt = await fetch(`${gateway.url}${signed.subtitleUrl}`);
    expect(await vtt.text()).toMatch(/^WEBVTT/);
  });

  it('refuses a changed, borrowed or stretched address: another folder, a forged grant, a step outside', async () => {
    const token = /^\/media\/t\/([^/]+)\//.exec(signed.videoUrl)![1]!;
    const [expires, userId, depth, mac] = token.split('.');
    const otherFolder = platform.db
      .prepare('SELECT master_path AS master FROM video_media WHERE master_path NOT LIKE ? LIMIT 1')
      .get(`${unsigned(signed.videoUrl).replace(/master\.m3u8$/, '')}%`) as { master: string } | undefined;
    const forged = [
      otherFolder ? `/media/t/${token}/${otherFolder.master.slice('/media/'.length)}` : null,
      `/media/t/${Number(expires) + 3600}.${userId}.${depth}.${mac}/${unsigned(signed.videoUrl).slice('/media/'.length)}`,
      `/media/t/${expires}.${Number(userId) + 1}.${depth}.${mac}/${unsigned(signed.videoUrl).slice('/media/'.length)}`,
      `/media/t/${expires}.${userId}.1.${mac}/${unsigned(signed.videoUrl).slice('/media/'.length)}`,
      `${signed.videoUrl.replace(/[^/]+$/, '')}..%2F..%2Fusers.json`,
    ].filter((p): p is string => p !== null);
    expect(forged.length).toBeGreaterThanOrEqual(4);
    for (const address of forged) {
      const response = await fetch(`${gateway.url}${address}`);
      expect([400, 403], address).toContain(response.status);
    }
  });
});

describe("a fragment's cut file under /media/fragments/<userId>/", () => {
  let alice: { id: number; cookie: string };
  let address: string;
  const bytes = Buffer.from('not really an mp4, but bytes only alice may read');

  beforeAll(async () => {
    const aliceId = await platform.addUser('alice');
    alice = { id: aliceId, cookie: `utoken=${(await platform.signIn('alice', 'Passw0rd2026')).token}` };
    // where ClipVideo writes its cuts (upstream/src/media/fragment-files.ts)
    const folder = path.join(platform.store.mediaDir, 'fragments', String(aliceId));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'clip-test.mp4'), bytes);
    address = `/media/fragments/${aliceId}/clip-test.mp4`;
  });

  it('goes to its owner, privately cached', async () => {
    const response = await fetch(`${gateway.url}${address}`, { headers: { cookie: alice.cookie } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(response.headers.get('cache-control')).toMatch(/^private\b/);
    const ranged = await fetch(`${gateway.url}${address}`, { headers: { cookie: alice.cookie, range: 'bytes=0-2' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('cache-control')).toMatch(/^private\b/);
  });

  it('is a file that does not exist for anyone else: another viewer, a visitor, a refused token', async () => {
    const unknown = await fetch(`${gateway.url}/media/fragments/${alice.id}/no-such-clip.mp4`, {
      headers: { cookie: alice.cookie },
    });
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.text();
    for (const headers of [{ cookie: bob.cookie }, {}, { cookie: 'utoken=not-a-token' }] as Record<string, string>[]) {
      const response = await fetch(`${gateway.url}${address}`, { headers });
      expect(response.status, JSON.stringify(headers)).toBe(404);
      expect(await response.text()).toBe(unknownBody);
    }
    // the path written otherwise resolves to the same file: refused all the same
    for (const variant of [
      `/media//fragments/${alice.id}/clip-test.mp4`,
      `/media/fragments//${alice.id}/clip-test.mp4`,
      `/media/%66ragments/${alice.id}/clip-test.mp4`,
    ]) {
      const response = await raw('GET', variant, { cookie: bob.cookie });
      expect(response.status, variant).not.toBe(200);
      expect(response.body.equals(bytes), variant).toBe(false);
    }
  });
});
