/**
 * The web player's periodic play report on POST /beacon/play-log (telemetry kept off the
 * GraphQL pipeline): the beacon's form fields fetched with `Accept: application/json`, against the
 * real main API and login service. Answered 200 {"id"} carrying the viewing from report to report,
 * refusals as {"code", "message"} with their status, cross-site requests refused as for a beacon; a
 * beacon of the same form (no JSON asked) still gets its empty 204.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playReportAnswer, wantsJson } from '../../gateway/src/http/playLogBeacon';
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

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** What the player's fetch sends: the form urlencoded, JSON asked for, the browser's Sec-Fetch-Site. */
function post(
  fields: Record<string, string | number>,
  headers: Record<string, string>,
  url = gateway.url,
): Promise<Answer> {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: '/beacon/play-log',
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const asPlayer = (cookie: string) => ({ accept: 'application/json', 'sec-fetch-site': 'same-origin', cookie });

const playLogOf = (userId: number, videoId: number) => playLogOfIn(platform, userId, videoId);

const rowCount = () => (platform.db.prepare('SELECT COUNT(*) AS n FROM play_logs').get() as { n: number }).n;

describe("the player's report with Accept: application/json", () => {
  it('answers 200 {"id"}, and a report carrying that id continues the same record', async () => {
    const videoId = course.videoIds[0]!;
    const report = (logId: string, lastPlayTime: number, stayTime: number) =>
      post(
        { logId, videoId, courseId: course.id, catalogueId: course.catalogueId, lastPlayTime, duration: 40, stayTime },
        asPlayer(bob.cookie),
      );

    const first = await report('', 1.2, 1);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-store');
    const { id } = JSON.parse(first.text) as { id: string };
    expect(id).toMatch(/^\d+$/);
    expect(playLogOf(bob.id, videoId)).toMatchObject({ id: Number(id), lastPlayTime: 1, stayTime: 1 });

    const second = await report(id, 3.7, 3);
    expect(second.status).toBe(200);
    expect(JSON.parse(second.text)).toEqual({ id });
    expect(playLogOf(bob.id, videoId)).toMatchObject({ id: Number(id), lastPlayTime: 3, stayTime: 3 });

    // a report without the id is a new viewing: its stay time adds to the record's instead of replacing
    const fresh = await report('', 5, 2);
    expect(fresh.status).toBe(200);
    expect(playLogOf(bob.id, videoId)).toMatchObject({ lastPlayTime: 5, stayTime: 5 });
  });

  it('answers 401 LOGIN_REQUIRED without a utoken cookie or with one the login service refuses, recording nothing', async () => {
    const before = rowCount();
    const fields = { videoId: course.videoIds[1]!, courseId: course.id, lastPlayTime: 1, duration: 40, stayTime: 1 };
    for (const cookie of ['', 'utoken=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const answer = await post(fields, asPlayer(cookie));
      expect(answer.status, cookie).toBe(401);
      expect(JSON.parse(answer.text)).toEqual({ code: 'LOGIN_REQUIRED', message: '请先登录' });
    }
    expect(rowCount()).toBe(before);
  });

  it('answers 503 UNAVAILABLE, not 401, when the login service does not answer: the cookie is not refused, nothing is recorded', async () => {
    // a gateway whose login service is away (nothing listens on its port)
    const cut = await platform.gateway({ LOGIN_URL: 'http://127.0.0.1:1', UPSTREAM_READ_TIMEOUT_MS: '1000' });
    const before = rowCount();
    const fields = { videoId: course.videoIds[1]!, courseId: course.id, lastPlayTime: 1, duration: 40, stayTime: 1 };
    const answer = await post(fields, asPlayer(bob.cookie), cut.url);
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.text)).toEqual({ code: 'UNAVAILABLE', message: '服务暂时不可用，请稍后再试' });
    expect(answer.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringMatching(/^utoken=;/));
    expect(rowCount()).toBe(before);
  });

  it('answers 400 INVALID with the field and a Chinese sentence for fields that are not a report, recording nothing', async () => {
    const videoId = course.videoIds[1]!;
    const before = rowCount();
    const cases: [Record<string, string | number>, string, string][] = [
      [{ videoId: 'abc', courseId: course.id, lastPlayTime: 1, duration: 1, stayTime: 1 }, 'videoId', '视频不存在'],
      [{ videoId, courseId: course.id, lastPlayTime: -5, duration: 1, stayTime: 1 }, 'lastPlayTime', '播放时间无效'],
      [
        { videoId, courseId: course.id, lastPlayTime: 1, duration: 1, stayTime: 1, logId: 'x' },
        'logId',
        '播放记录编号无效',
      ],
      [{ videoId, courseId: course.id }, 'lastPlayTime', '播放时间无效'],
      [{ videoId: 999_999, courseId: course.id, lastPlayTime: 1, duration: 1, stayTime: 1 }, 'videoId', '视频不存在'],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await post(fields, asPlayer(bob.cookie));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ code: 'INVALID', field, message });
    }
    expect(rowCount()).toBe(before);
  });

  it('refuses a cross-site request with 403 in JSON, recording nothing', async () => {
    const videoId = course.videoIds[2]!;
    const fields = { videoId, courseId: course.id, lastPlayTime: 9, duration: 60, stayTime: 9 };
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': '', origin: 'http://evil.example' },
      { 'sec-fetch-site': '' },
    ] as Record<string, string>[]) {
      const answer = await post(fields, { ...asPlayer(bob.cookie), ...headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(answer.text)).toEqual({ code: 'CROSS_SITE', message: '拒绝跨站请求' });
    }
    expect(playLogOf(bob.id, videoId)).toBeUndefined();
  });

  it('answers what is wrong with the request itself in JSON (method, content type)', async () => {
    const wrongType = await post({ videoId: 1 }, { ...asPlayer(bob.cookie), 'content-type': 'application/json' });
    expect(wrongType.status).toBe(415);
    expect(JSON.parse(wrongType.text)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: '请以表单格式提交播放记录',
    });
  });

  it('leaves the unload beacon as it was: the same form without JSON asked for is recorded and answered 204 with no body', async () => {
    const videoId = course.videoIds[2]!;
    const fields = { videoId, courseId: course.id, lastPlayTime: 12, duration: 60, stayTime: 2 };
    const beacon = await post(fields, { accept: '*/*', 'sec-fetch-site': 'same-origin', cookie: bob.cookie });
    expect(beacon.status).toBe(204);
    expect(beacon.text).toBe('');
    expect(playLogOf(bob.id, videoId)).toMatchObject({ lastPlayTime: 12 });
    const visitor = await post(fields, { 'sec-fetch-site': 'same-origin' });
    expect(visitor.status).toBe(204);
    const invalid = await post({ ...fields, stayTime: 'x' }, { 'sec-fetch-site': 'same-origin', cookie: bob.cookie });
    expect(invalid.status).toBe(204);
    expect(invalid.text).toBe('');
    const crossSite = await post(fields, { 'sec-fetch-site': 'cross-site', cookie: bob.cookie });
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).toBe('拒绝跨站请求');
  });
});

describe('the JSON answer of an outcome', () => {
  it('takes JSON only when the Accept header names application/json', () => {
    const req = (accept?: string) =>
      ({ headers: accept === undefined ? {} : { accept } }) as Parameters<typeof wantsJson>[0];
    expect(wantsJson(req('application/json'))).toBe(true);
    expect(wantsJson(req('text/html, application/json;q=0.9'))).toBe(true);
    expect(wantsJson(req('*/*'))).toBe(false);
    expect(wantsJson(req('application/jsonp'))).toBe(false);
    expect(wantsJson(req())).toBe(false);
  });

  it("gives the main API's refusals their status and sentence: 4004 is 404, -1 is 422; an unreachable service 503", () => {
    expect(playReportAnswer({ logId: '17', errors: [] })).toEqual({ status: 200, body: { id: '17' } });
    expect(
      playReportAnswer({
        logId: null,
        errors: [{ code: 'REFUSED', message: '视频不存在', field: null }],
        upstreamCode: 4004,
      }),
    ).toEqual({
      status: 404,
      body: { code: 'REFUSED', message: '视频不存在' },
    });
    expect(
      playReportAnswer({
        logId: null,
        errors: [{ code: 'REFUSED', message: '播放记录失败', field: null }],
        upstreamCode: -1,
      }),
    ).toEqual({
      status: 422,
      body: { code: 'REFUSED', message: '播放记录失败' },
    });
    expect(
      playReportAnswer({
        logId: null,
        errors: [{ code: 'INVALID', message: '用户不存在', field: null }],
        upstreamCode: 4000,
      }),
    ).toEqual({
      status: 400,
      body: { code: 'INVALID', message: '用户不存在' },
    });
    expect(
      playReportAnswer({
        logId: null,
        errors: [{ code: 'UNAVAILABLE', message: '服务暂时不可用，请稍后再试', field: null }],
      }),
    ).toEqual({
      status: 503,
      body: { code: 'UNAVAILABLE', message: '服务暂时不可用，请稍后再试' },
    });
  });
});
