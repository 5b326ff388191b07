/**
 * The visitors' response cache (gateway/src/yoga/responseCache.ts, RESPONSE_CACHE_TTL_MS) shared by two
 * gateways over Redis (replicas/responseCache.ts): a visitor's home-page read answered by gateway A is
 * answered by gateway B from the cache, without one upstream request; a signed-in viewer's operations are
 * neither cached nor served a visitor's answer; operations that read the viewer or are not public reads
 * are not cached; a like through B shows at once on A's cached course, and the TTL bounds everything
 * else. RESPONSE_CACHE_TTL_MS=0 turns the cache off.
 * Real Redis (127.0.0.1:6379, REDIS_URL to override); each run on a prefix of its own.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config';
import { createLogger } from '../../gateway/src/logger';
import { createSchema } from '../../gateway/src/schema';
import { uncachedCoordinates, useVisitorResponseCache } from '../../gateway/src/yoga/responseCache';
import { startPlatform, TEST_PASSWORD, type Platform, type TestGateway } from './harness';
import { courseWithVideos, type PlayCourse } from './play-fixture';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const HOME = `query HomeLike {
  subjects { id catalogueId name }
  banners(limit: 5) { id title image }
  recommendedCourses(first: 6) { edges { node { id courseId name viewCount likeCount } } pageInfo { hasNextPage endCursor } }
  featuredTopics(limit: 6) { id title courseCount }
}`;
const COURSE =
  'query CourseCounters($courseId: Int!) { course(courseId: $courseId) { id courseId name likeCount collectCount } }';
const LIKE =
  'mutation Like($input: SetVideoOperationInput!) { setVideoOperation(input: $input) { message errors { code message } } }';

interface Answer {
  body: {
    data?: any;
    errors?: unknown;
    extensions?: { upstreamRequests?: number; responseCache?: { hit: boolean; didCache?: boolean } };
  };
}
const hit = (answer: Answer) => answer.body.extensions?.responseCache?.hit === true;
const upstream = (answer: Answer) => answer.body.extensions?.upstreamRequests;

describe('two gateways sharing the response cache on one Redis', () => {
  const prefix = `test:${randomUUID()}:`;
  let platform: Platform;
  let a: TestGateway;
  let b: TestGateway;
  let course: PlayCourse;
  let cookie: string;
  let admin: Redis;

  beforeAll(async () => {
    platform = await startPlatform();
    const shared = { REDIS_URL, REDIS_PREFIX: prefix, RESPONSE_CACHE_TTL_MS: '60000' };
    [a, b] = await Promise.all([platform.gateway(shared), platform.gateway(shared)]);
    course = courseWithVideos(platform);
    await platform.addUser('cache-reader');
    cookie = `utoken=${(await platform.signIn('cache-reader', TEST_PASSWORD)).token}`;
    admin = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    await platform?.stop();
    if (admin) {
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
      await admin.quit();
    }
  });

  it("answers on B from the cache a visitor's home read that A answered, without an upstream request", async () => {
    const first = await a.graphql(HOME);
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data.recommendedCourses.edges.length).toBeGreaterThan(0);
    expect(hit(first)).toBe(false);
    expect(upstream(first)).toBeGreaterThan(0);

    const second = await b.graphql(HOME);
    expect(second.body.data).toEqual(first.body.data);
    expect(hit(second)).toBe(true);
    expect(upstream(second)).toBe(0);
    // kept under this platform's prefix
    expect((await admin.keys(`${prefix}response-cache:*`)).length).toBeGreaterThan(0);
  });

  it("neither caches a signed-in viewer's read nor serves them a visitor's answer", async () => {
    await a.graphql(HOME);
    for (const gateway of [b, b, a]) {
      const answer = await gateway.graphql(HOME, undefined, { cookie });
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.extensions?.responseCache).toBeUndefined();
      expect(upstream(answer)).toBeGreaterThan(0);
    }
  });

  it('does not cache an operation that reads the viewer, nor one that is not a public read', async () => {
    for (const query of [
      '{ viewer { isLoggedIn } subjects { name } }',
      '{ clientIp subjects { name } }',
      '{ search(keyword: "思政") { overview { courses { course { name } } } } subjects { name } }',
    ]) {
      await a.graphql(query);
      const again = await b.graphql(query);
      expect(again.body.errors).toBeUndefined();
      expect(hit(again)).toBe(false);
      expect(again.body.extensions?.responseCache).toEqual({ hit: false, didCache: false });
    }
    const videoQuery = `query { course(courseId: ${course.id}) { videos { videoUrl } } }`;
    await a.graphql(videoQuery);
    expect(hit(await a.graphql(videoQuery))).toBe(false);
  });

  it("shows on A a like given through B at once, although A's visitors had the course's counters cached", async () => {
    const before = await a.graphql(COURSE, { courseId: course.id });
    const likes = before.body.data.course.likeCount as number;
    expect(hit(await b.graphql(COURSE, { courseId: course.id }))).toBe(true);

    // the payload asks for nothing of the course: the course is dropped by the id in the input
    const liked = await b.graphql(
      LIKE,
      { input: { videoId: course.videoIds[0], courseId: course.id, kind: 'LIKE', on: true } },
      { cookie },
    );
    expect(liked.body.data.setVideoOperation.errors).toEqual([]);

    await expect
      .poll(async () => (await a.graphql(COURSE, { courseId: course.id })).body.data.course.likeCount)
      .toBe(likes + 1);
  });
});

describe('an answer past RESPONSE_CACHE_TTL_MS', () => {
  let platform: Platform;
  let gateway: TestGateway;

  beforeAll(async () => {
    platform = await startPlatform();
    // in process memory: no REDIS_URL
    gateway = await platform.gateway({ RESPONSE_CACHE_TTL_MS: '300' });
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('is asked afresh: a course renamed in the store shows once its cached answer has lived its TTL', async () => {
    const course = courseWithVideos(platform);
    const name = async () => (await gateway.graphql(COURSE, { courseId: course.id })).body.data.course.name as string;
    const before = await name();
    expect(hit(await gateway.graphql(COURSE, { courseId: course.id }))).toBe(true);
    platform.db.prepare('UPDATE courses SET name = ? WHERE id = ?').run(`${before}（修订）`, course.id);
    await expect.poll(name).toBe(`${before}（修订）`);
  });

  it('is never kept with RESPONSE_CACHE_TTL_MS=0: the same read asks the upstream again', async () => {
    const off = await platform.gateway({ RESPONSE_CACHE_TTL_MS: '0' });
    await off.graphql(HOME);
    const again = await off.graphql(HOME);
    expect(again.body.extensions?.responseCache).toBeUndefined();
    expect(upstream(again)).toBeGreaterThan(0);
  });
});

describe('the response cache setting', () => {
  it('defaults to 5 s, and 0 adds no plugin at all', () => {
    expect(loadGatewayConfig({}).responseCacheTtlMs).toBe(5_000);
    expect(loadGatewayConfig({ RESPONSE_CACHE_TTL_MS: '0' }).responseCacheTtlMs).toBe(0);
    expect(() => loadGatewayConfig({ RESPONSE_CACHE_TTL_MS: '-1' })).toThrow(/RESPONSE_CACHE_TTL_MS/);
    const schema = createSchema();
    const logger = createLogger('silent');
    expect(useVisitorResponseCache({ ttlMs: 0, schema, expose: false, logger })).toEqual([]);
    expect(useVisitorResponseCache({ ttlMs: 5_000, schema, expose: false, logger })).toHaveLength(2);
  });

  it('leaves uncached every Query field not listed public, and the fields that read the viewer', () => {
    const ttl = uncachedCoordinates(createSchema());
    for (const field of ['viewer', 'clientIp', 'search', 'playPage', 'node', 'nodes', 'aiSuggestedQuestions'])
      expect(ttl[`Query.${field}`]).toBe(0);
    for (const field of ['subjects', 'recommendedCourses', 'courses', 'course', 'catalogue'])
      expect(ttl[`Query.${field}`]).toBeUndefined();
    expect(ttl['Video.viewerOperations']).toBe(0);
    expect(ttl['Site.loginUrl']).toBe(0);
  });
});
