/**
 * 继续学习 and search-box suggestions through the gateway, against the real main API and login
 * service: Viewer.continueLearning and Course.viewerProgress read the session viewer's own play
 * records (never anyone else's, nothing for a visitor or an organisation's network identity, and the
 * visitors' response cache never holds them); Query.searchSuggestions answers hot keywords, course
 * and lecturer names, with the keyword rules of search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISATION } from '../../upstream/src/demo/accounts';
import { cookieValue, setCookieOf, startPlatform, TEST_PASSWORD, type Platform, type TestGateway } from './harness';

let platform: Platform;
let gateway: TestGateway;
let cached: TestGateway;
let alice: { id: number; cookie: string };
let bob: { id: number; cookie: string };
/** a demo course with at least three videos, in episode order */
let course: { id: number; catalogueId: number; name: string; videos: { id: number; duration: number }[] };

const PROGRESS = `fragment P on CourseProgress {
  course { courseId name } learnedCount videoCount lastWatchTime playPath lastVideoName lastVideoNumberShow
  lastVideo { videoId lastPlayTime duration percent learned }
  videos { videoId lastPlayTime duration percent learned }
}`;
const HOME = `query Home { viewer { isLoggedIn continueLearning { ...P } } } ${PROGRESS}`;
const OUTLINE = `query Outline($courseId: Int!) { course(courseId: $courseId) { courseId viewerProgress { ...P } } } ${PROGRESS}`;

beforeAll(async () => {
  platform = await startPlatform();
  gateway = await platform.gateway();
  cached = await platform.gateway({ RESPONSE_CACHE_TTL_MS: '60000', EXPOSE_UPSTREAM_COUNT: 'true' });
  const row = platform.db
    .prepare(
      `SELECT c.id, c.catalogue_id AS catalogueId, c.name FROM courses c
       WHERE (SELECT COUNT(*) FROM videos v WHERE v.course_id = c.id AND v.duration_seconds > 60) >= 3 ORDER BY c.id LIMIT 1`,
    )
    .get() as { id: number; catalogueId: number; name: string };
  const videos = platform.db
    .prepare('SELECT id, duration_seconds AS duration FROM videos WHERE course_id = ? ORDER BY sort')
    .all(row.id) as { id: number; duration: number }[];
  course = { ...row, videos };
  alice = { id: await platform.addUser('alice'), cookie: '' };
  bob = { id: await platform.addUser('bob'), cookie: '' };
  alice.cookie = `utoken=${(await platform.signIn('alice', TEST_PASSWORD)).token}`;
  bob.cookie = `utoken=${(await platform.signIn('bob', TEST_PASSWORD)).token}`;
  const [first, second] = course.videos;
  const base = Date.now() - 60_000;
  // alice: the first video watched to 3 s before its end (learned), the second stopped at 40 %
  await platform.store.playLogs.record(
    {
      userId: alice.id,
      videoId: first!.id,
      lastPlayTime: first!.duration - 3,
      duration: first!.duration,
      stayTime: 30,
    },
    base,
  );
  await platform.store.playLogs.record(
    {
      userId: alice.id,
      videoId: second!.id,
      lastPlayTime: Math.floor(second!.duration * 0.4),
      duration: second!.duration,
      stayTime: 30,
    },
    base + 1000,
  );
});

afterAll(async () => {
  await platform?.stop();
});

describe('继续学习', () => {
  it("answers the signed-in viewer's courses with progress and a /Play path at the second they stopped", async () => {
    const response = await gateway.graphql(HOME, undefined, { cookie: alice.cookie });
    expect(response.body.errors).toBeUndefined();
    const [first, second] = course.videos;
    const stoppedAt = Math.floor(second!.duration * 0.4);
    const percent = Math.floor((stoppedAt * 100) / second!.duration);
    expect(response.body.data.viewer.continueLearning).toEqual([
      {
        course: { courseId: course.id, name: course.name },
        learnedCount: 1,
        videoCount: course.videos.length,
        lastWatchTime: expect.any(String),
        playPath: `/Play?courseId=${course.id}&catalogId=${course.catalogueId}&videoId=${second!.id}&vtime=${stoppedAt}`,
        lastVideoName: expect.any(String),
        lastVideoNumberShow: '第2讲',
        lastVideo: {
          videoId: second!.id,
          lastPlayTime: stoppedAt,
          duration: second!.duration,
          percent,
          learned: false,
        },
        videos: [
          {
            videoId: first!.id,
            lastPlayTime: first!.duration - 3,
            duration: first!.duration,
            percent: 100,
            learned: true,
          },
          { videoId: second!.id, lastPlayTime: stoppedAt, duration: second!.duration, percent, learned: false },
        ],
      },
    ]);
  });

  it('opens the next video from its beginning once the one watched last was finished', async () => {
    const carol = await platform.addUser('carol');
    const cookie = `utoken=${(await platform.signIn('carol', TEST_PASSWORD)).token}`;
    const [first, second] = course.videos;
    await platform.store.playLogs.record(
      { userId: carol, videoId: first!.id, lastPlayTime: first!.duration - 2, duration: first!.duration, stayTime: 30 },
      Date.now(),
    );
    const response = await gateway.graphql(
      'query R { viewer { continueLearning { playPath lastVideoNumberShow lastVideo { videoId learned } resumeVideo { videoId videoName numberShow startAt isNext } } } }',
      undefined,
      { cookie },
    );
    expect(response.body.errors).toBeUndefined();
    const [progress] = response.body.data.viewer.continueLearning;
    expect(progress).toEqual({
      playPath: `/Play?courseId=${course.id}&catalogId=${course.catalogueId}&videoId=${second!.id}`,
      lastVideoNumberShow: '第1讲',
      lastVideo: { videoId: first!.id, learned: true },
      resumeVideo: {
        videoId: second!.id,
        videoName: expect.any(String),
        numberShow: '第2讲',
        startAt: 0,
        isNext: true,
      },
    });
    // alice stopped in the second: she resumes there, at that second
    const alices = await gateway.graphql(
      'query R { viewer { continueLearning { resumeVideo { videoId startAt isNext } } } }',
      undefined,
      {
        cookie: alice.cookie,
      },
    );
    expect(alices.body.data.viewer.continueLearning[0].resumeVideo).toEqual({
      videoId: second!.id,
      startAt: Math.floor(second!.duration * 0.4),
      isNext: false,
    });
  });

  it("marks the outline's videos for the viewer, and for nobody else", async () => {
    const mine = await gateway.graphql(OUTLINE, { courseId: course.id }, { cookie: alice.cookie });
    expect(mine.body.data.course.viewerProgress.videos.map((v: { learned: boolean }) => v.learned)).toEqual([
      true,
      false,
    ]);
    const others = await gateway.graphql(OUTLINE, { courseId: course.id }, { cookie: bob.cookie });
    expect(others.body.errors).toBeUndefined();
    expect(others.body.data.course.viewerProgress).toBeNull();
    expect((await gateway.graphql(HOME, undefined, { cookie: bob.cookie })).body.data.viewer.continueLearning).toEqual(
      [],
    );
  });

  it('gives a visitor nothing, without an upstream call for it', async () => {
    const home = await cached.graphql(HOME);
    expect(home.body.data.viewer).toEqual({ isLoggedIn: false, continueLearning: [] });
    expect(home.body.extensions?.upstreamRequests).toBe(0);
    expect((await gateway.graphql(OUTLINE, { courseId: course.id })).body.data.course.viewerProgress).toBeNull();
  });

  it("gives an organisation's network identity (the no-login link) nothing, though it has play records", async () => {
    const login = await gateway.graphql(
      'mutation C($gid: String!) { companyLogin(input: { gid: $gid }) { viewer { isLoggedIn name } } }',
      {
        gid: DEMO_ORGANISATION.gid,
      },
    );
    const cookie = `utoken=${cookieValue(setCookieOf(login.headers, 'utoken'))}`;
    const org = (await platform.store.organisations.getByGid(DEMO_ORGANISATION.gid))!;
    const identity = await platform.userId(`org${org.comId}`);
    await platform.store.playLogs.record(
      {
        userId: identity,
        videoId: course.videos[0]!.id,
        lastPlayTime: 30,
        duration: course.videos[0]!.duration,
        stayTime: 30,
      },
      Date.now(),
    );
    const home = await gateway.graphql(HOME, undefined, { cookie });
    expect(home.body.data.viewer).toEqual({ isLoggedIn: true, continueLearning: [] });
    // not even asked (the main API would answer [] too: tests/upstream/centre-learning-progress.test.ts)
    expect(home.body.extensions?.upstreamRequests).toBe(0);
    expect(
      (await gateway.graphql(OUTLINE, { courseId: course.id }, { cookie })).body.data.course.viewerProgress,
    ).toBeNull();
  });

  it("never serves one viewer's progress from the visitors' response cache", async () => {
    const first = await cached.graphql(OUTLINE, { courseId: course.id }, { cookie: alice.cookie });
    expect(first.body.data.course.viewerProgress.learnedCount).toBe(1);
    // a visitor asking the same operation twice: neither answer cached with progress in it
    const visitor = await cached.graphql(OUTLINE, { courseId: course.id });
    const again = await cached.graphql(OUTLINE, { courseId: course.id });
    expect(visitor.body.data.course.viewerProgress).toBeNull();
    expect(again.body.data.course.viewerProgress).toBeNull();
    expect((again.body.extensions?.responseCache as { hit?: boolean } | undefined)?.hit ?? false).toBe(false);
    const bobs = await cached.graphql(OUTLINE, { courseId: course.id }, { cookie: bob.cookie });
    expect(bobs.body.data.course.viewerProgress).toBeNull();
  });

  it('refuses a first outside 1..20', async () => {
    const response = await gateway.graphql('{ viewer { continueLearning(first: 21) { learnedCount } } }', undefined, {
      cookie: alice.cookie,
    });
    expect(response.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('searchSuggestions', () => {
  const SUGGEST = `query S($keyword: String!, $limit: Int) { searchSuggestions(keyword: $keyword, limit: $limit) {
    keyword hotKeywords { keyword searchCount }
    courses { course { courseId name } name { text hit } }
    authors { author { authorId name } name { text hit } }
  } }`;

  it('suggests course and lecturer names containing the keyword, the keyword marked', async () => {
    const courseWord = [...course.name].slice(0, 2).join('');
    const response = await gateway.graphql(SUGGEST, { keyword: courseWord });
    expect(response.body.errors).toBeUndefined();
    const found = response.body.data.searchSuggestions;
    expect(found.keyword).toBe(courseWord);
    expect(found.courses.length).toBeGreaterThan(0);
    expect(found.courses.length).toBeLessThanOrEqual(5);
    for (const hit of found.courses) {
      expect(hit.course.name).toContain(courseWord);
      expect(
        hit.name.filter((piece: { hit: boolean }) => piece.hit).map((piece: { text: string }) => piece.text),
      ).toContain(courseWord);
    }
    const lecturer = platform.db.prepare('SELECT name FROM lecturers ORDER BY id LIMIT 1').get() as { name: string };
    const surname = [...lecturer.name][0]!;
    const byName = (await gateway.graphql(SUGGEST, { keyword: surname, limit: 10 })).body.data.searchSuggestions;
    expect(byName.authors.map((a: { author: { name: string } }) => a.author.name)).toContain(lecturer.name);
    for (const a of byName.authors) expect(a.author.name).toContain(surname);
  });

  it('takes the keyword rules of search and a limit of 1..10', async () => {
    const empty = await gateway.graphql(SUGGEST, { keyword: '  ' });
    expect(empty.body.errors?.[0]).toMatchObject({
      message: '请输入搜索关键词',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const tooMany = await gateway.graphql(SUGGEST, { keyword: '法', limit: 11 });
    expect(tooMany.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
