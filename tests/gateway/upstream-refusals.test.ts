/**
 * The main API's refusals of a read (4000 a parameter it does not accept, 4004 nothing by that id)
 * on their way to the client. The transport (gateway/src/upstream) throws its own UpstreamRefusal and
 * knows nothing of GraphQL; graphql/errors.ts refusalError makes the client's error of it: NOT_FOUND
 * or BAD_USER_INPUT with the upstream's sentence, at the field's path, for a root field as for a
 * secondary field that answers empty. A stand-in in front of the real upstream refuses the paths a
 * test names and forwards everything else.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../gateway/src/logger';
import { UpstreamClient, type RequestScope } from '../../gateway/src/upstream/client';
import { UpstreamError, UpstreamRefusal } from '../../gateway/src/upstream/errors';
import { MainApi } from '../../gateway/src/upstream/mainApi';
import { startPlatform, type Platform, type TestGateway } from './harness';
import { courseWithVideos, type PlayCourse } from './play-fixture';

let platform: Platform;
let standIn: Server;
let gateway: TestGateway;
let client: UpstreamClient;
let course: PlayCourse;
let cookie: string;

/** path → the envelope the stand-in answers instead of forwarding */
const refusals = new Map<string, { code: number; message: string }>();

beforeAll(async () => {
  platform = await startPlatform();
  const upstreamUrl = new URL(platform.upstream.server.url);
  standIn = createServer((req, res) => {
    const refusal = refusals.get(new URL(req.url ?? '/', 'http://stand-in').pathname);
    if (refusal) {
      req.resume();
      res.writeHead(refusal.code === 4004 ? 404 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...refusal, items: null }));
      return;
    }
    const forward = httpRequest(
      {
        host: upstreamUrl.hostname,
        port: upstreamUrl.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstreamUrl.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  gateway = await platform.gateway({ UPSTREAM_URL: standInUrl });
  client = new UpstreamClient({
    baseUrl: standInUrl,
    secret: platform.upstream.config.apiSecret,
    algorithm: platform.upstream.config.signAlgorithm,
    productId: 1,
    timeoutMs: 10_000,
    logger: createLogger('silent'),
  });
  course = courseWithVideos(platform);
  await platform.addUser('refusal-reader');
  cookie = `utoken=${(await platform.signIn('refusal-reader', 'Passw0rd2026')).token}`;
});

afterEach(() => refusals.clear());

afterAll(async () => {
  await client?.close();
  await new Promise<void>((resolve) => (standIn ? standIn.close(() => resolve()) : resolve()));
  await platform?.stop();
});

function mainApi(): MainApi {
  const scope: RequestScope = { clientAddress: null, upstreamRequests: 0, upstreamBudget: 100 };
  return new MainApi(
    client,
    scope,
    1,
    async () => ({ comId: 0, comCode: '' }),
    async () => null,
  );
}

describe('the transport', () => {
  it('throws its own UpstreamRefusal with the code, the sentence and the parameter, never a GraphQL error', async () => {
    refusals.set('/api/courses/GetListByCatalogId', { code: 4004, message: '分类不存在' });
    const notFound = await mainApi()
      .catalogue.courses({
        catalogId: course.catalogueId,
        year: undefined,
        orderBy: 'b.PublishTime',
        pageIndex: 1,
        pageSize: 2,
      })
      .catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(UpstreamRefusal);
    expect(notFound).not.toBeInstanceOf(UpstreamError);
    expect(notFound).not.toHaveProperty('extensions');
    expect(notFound).toMatchObject({
      code: 4004,
      answer: '分类不存在',
      path: '/api/courses/GetListByCatalogId',
      parameter: undefined,
    });

    refusals.set('/api/search/GetSearchCountByKeyWord', { code: 4000, message: '搜索关键词不能超过50个字' });
    const keyword = await mainApi()
      .search.counts('思想', 0)
      .catch((error: unknown) => error);
    expect(keyword).toBeInstanceOf(UpstreamRefusal);
    expect(keyword).toMatchObject({ code: 4000, answer: '搜索关键词不能超过50个字', parameter: 'keyword' });
  });

  it('answers null, not a refusal, for a read of one thing by an unknown id', async () => {
    refusals.set('/api/special/GetSpecialDetails', { code: 4004, message: '专题不存在' });
    expect(await mainApi().topics.detail(1)).toBeNull();
  });
});

describe('what the client sees', () => {
  const COURSES = 'query C($id: Int!) { courses(catalogueId: $id, first: 2) { totalCount } }';

  it('a 4004 of a root field: NOT_FOUND with the upstream sentence at the field, nothing else of the refusal', async () => {
    refusals.set('/api/courses/GetListByCatalogId', { code: 4004, message: '分类不存在' });
    const response = await gateway.graphql(COURSES, { id: course.catalogueId });
    expect(response.body.data).toBeNull();
    expect(response.body.errors).toEqual([
      {
        message: '分类不存在',
        locations: [{ line: 1, column: COURSES.indexOf('courses(') + 1 }],
        path: ['courses'],
        extensions: { code: 'NOT_FOUND' },
      },
    ]);
  });

  it('a refusal without a sentence gets one of ours', async () => {
    refusals.set('/api/courses/GetListByCatalogId', { code: 4004, message: '' });
    const notFound = await gateway.graphql(COURSES, { id: course.catalogueId });
    expect(notFound.body.errors?.[0]).toMatchObject({ message: '内容不存在', extensions: { code: 'NOT_FOUND' } });

    refusals.set('/api/Recommend/GetRecommendCourses', { code: 4000, message: '' });
    const badInput = await gateway.graphql('{ recommendedCourses(first: 2) { totalCount } }');
    expect(badInput.body.errors?.[0]).toMatchObject({
      message: '参数错误',
      path: ['recommendedCourses'],
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('a 4000: BAD_USER_INPUT with the sentence, naming the argument only when the refusal is about one', async () => {
    refusals.set('/api/Recommend/GetRecommendCourses', { code: 4000, message: '参数 endIndex 无效' });
    const recommended = await gateway.graphql('{ recommendedCourses(first: 2) { totalCount } }');
    expect(recommended.body.errors?.[0]).toEqual({
      message: '参数 endIndex 无效',
      locations: [{ line: 1, column: 3 }],
      path: ['recommendedCourses'],
      extensions: { code: 'BAD_USER_INPUT' },
    });

    refusals.set('/api/search/GetSearchCountByKeyWord', { code: 4000, message: '搜索关键词不能超过50个字' });
    const search = await gateway.graphql('{ search(keyword: "思想") { counts { courseCount } } }');
    expect(search.body.errors?.[0]).toMatchObject({
      message: '搜索关键词不能超过50个字',
      extensions: { code: 'BAD_USER_INPUT', argument: 'keyword' },
    });
  });

  it('a secondary field of the play page answers empty and reports the refusal on its own path', async () => {
    refusals.set('/api/play/GetCourseTags', { code: 4004, message: '课程不存在' });
    const query = 'query P($courseId: Int!) { playPage(courseId: $courseId) { course { courseId } tags { name } } }';
    const response = await gateway.graphql(query, { courseId: course.id }, { cookie });
    expect(response.body.data.playPage).toEqual({ course: { courseId: course.id }, tags: [] });
    expect(response.body.errors).toEqual([
      {
        message: '课程不存在',
        locations: [{ line: 1, column: query.indexOf('tags') + 1 }],
        path: ['playPage', 'tags'],
        extensions: { code: 'NOT_FOUND' },
      },
    ]);
  });
});
