/**
 * Search through the gateway against the real embedded upstream (main API + login service, the demo
 * content): the overview with highlights as segments, the counts against the tabs, paging, knowledge
 * points, the catalogue filter, the keyword rules checked before any call, hot keywords, catalogue
 * suggestions and what a /search page operation costs. Expected values come from the upstream itself.
 * A recording stand-in in front of the upstream shows what the gateway sends (keyword, comId, userId,
 * the client address) and plays a backend that refuses a keyword the gateway let through.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../gateway/src/graphql/connection';
import type {
  RestAuthorHit,
  RestCatalogue,
  RestCatalogueHit,
  RestCourseHit,
  RestHotKeyword,
  RestKnowledgePoint,
  RestPage,
  RestSearchCounts,
  RestSearchResult,
  RestTopic,
  RestTopicHit,
} from '../../gateway/src/upstream/types';
import { globalId, startPlatform, type Platform, type TestGateway } from './harness';

let platform: Platform;
let gateway: TestGateway;

/** The stand-in: forwards to the real upstream and records the search calls; `refuse` answers them 4000 instead. */
interface Recorded {
  path: string;
  query: Record<string, string>;
  forwardedFor: string | undefined;
}
let standIn: Server;
let standInGateway: TestGateway;
const recorded: Recorded[] = [];
let refuse: string | null = null;

/** A keyword with results in every group and more than two pages of courses (chosen from the demo content). */
let keyword: string;
let counts: RestSearchCounts;

const MARKERS = /[\uE000\uE001]/;
const SEG = '{ text hit }';
const COURSE_CARD = 'id courseId catalogueId name image exclusive authorName authorPosition videoCount viewCount';

type Segment = { text: string; hit: boolean };
const joined = (segments: Segment[]) => segments.map((segment) => segment.text).join('');
const plain = (marked: string | undefined) => (marked ?? '').replace(/[\uE000\uE001]/g, '');

async function upstreamSearch(params: Record<string, string | number>): Promise<RestSearchResult> {
  return platform.upstream.get<RestSearchResult>('/api/search/SearchByKeyWord', { comId: 0, ...params });
}

async function upstreamCounts(word: string, catalogId = 0): Promise<RestSearchCounts> {
  return platform.upstream.get<RestSearchCounts>('/api/search/GetSearchCountByKeyWord', {
    SearchByKeyWord: word,
    catalogId,
    comId: 0,
  });
}

beforeAll(async () => {
  platform = await startPlatform();
  gateway = await platform.gateway();

  const upstreamUrl = new URL(platform.upstream.server.url);
  standIn = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith('/api/search/')) {
      const forwarded = req.headers['x-forwarded-for'];
      // what the resolvers asked for: the transport's own signed parameters (the request's nonce and
      // the service it is meant for) are the signing's business, checked in sign.test.ts
      const { nonce: _nonce, aud: _audience, ...query } = Object.fromEntries(url.searchParams);
      recorded.push({ path: url.pathname, query, forwardedFor: Array.isArray(forwarded) ? forwarded[0] : forwarded });
      if (refuse !== null) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 4000, message: refuse, items: null }));
        req.resume();
        return;
      }
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
  standInGateway = await platform.gateway({
    UPSTREAM_URL: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
  });

  for (const candidate of ['思想', '中国', '社会主义', '马克思主义', '历史', '发展', '文化']) {
    const found = await upstreamCounts(candidate);
    if (found.courseCount > 45 && found.videoCount > 21 && found.specialCount > 0 && found.authorCount > 0) {
      keyword = candidate;
      counts = found;
      break;
    }
  }
  if (!keyword) throw new Error('no candidate keyword finds enough of every kind in the demo content');
});

afterAll(async () => {
  await new Promise<void>((resolve) => (standIn ? standIn.close(() => resolve()) : resolve()));
  await platform?.stop();
});

const OVERVIEW_QUERY = `query Overview($keyword: String!, $catalogueId: Int) {
  search(keyword: $keyword, catalogueId: $catalogueId) {
    keyword catalogueId
    overview {
      courseCount knowledgePointCount topicCount authorCount
      courses { name ${SEG} info ${SEG} authorName ${SEG} course { ${COURSE_CARD} catalogueTrail { catalogueId } } }
      knowledgePoints { id kind timePoint timePointShow keyPoints ${SEG} text ${SEG} videoId videoName ${SEG} videoImage courseId catalogueId courseName authorName playPath }
      topics { title ${SEG} info ${SEG} topic { id topicId title image courseCount } }
      authors { name ${SEG} position ${SEG} author { id authorId name position image courseCount } }
    }
  }
}`;

describe('the overview (综合)', () => {
  it('answers every group of one type=all call, highlights as segments and no marker anywhere', async () => {
    const response = await gateway.graphql(OVERVIEW_QUERY, { keyword: `  ${keyword} ` });
    expect(response.body.errors).toBeUndefined();
    // SearchByKeyWord type all, and the subject tree for the courses' catalogueTrail
    expect(response.body.extensions?.upstreamRequests).toBe(2);
    expect(JSON.stringify(response.body)).not.toMatch(MARKERS);
    const { search } = response.body.data;
    expect(search.keyword).toBe(keyword);
    expect(search.catalogueId).toBe(0);

    const expected = await upstreamSearch({ SearchByKeyWord: keyword, type: 'all', pageIndex: 1, pageSize: 21 });
    const overview = search.overview;
    expect(overview.courseCount).toBe(expected.courseData!.totalCount);
    expect(overview.knowledgePointCount).toBe(expected.keyframesData!.totalCount);
    expect(overview.topicCount).toBe(expected.specialData!.totalCount);
    expect(overview.authorCount).toBe(expected.authorData!.totalCount);
    expect(overview.courses.map((hit: { course: { courseId: number } }) => hit.course.courseId)).toEqual(
      expected.courseData!.dataList.map((course) => course.courseId),
    );
    expect(overview.courses).toHaveLength(21);
    expect(overview.knowledgePoints.length).toBeLessThanOrEqual(10);
    expect(overview.topics.length).toBeLessThanOrEqual(4);
    expect(overview.authors.length).toBeLessThanOrEqual(8);
    expect(overview.knowledgePoints.length + overview.topics.length + overview.authors.length).toBeGreaterThan(0);

    // a hit's course is the Course the other lists give; its segments join to the upstream's text
    const [hit] = overview.courses;
    const item = expected.courseData!.dataList[0]!;
    expect(hit.course.id).toBe(globalId('Course', item.courseId));
    expect(hit.course.name).toBe(item.courseName);
    expect(joined(hit.name)).toBe(plain(item.highlight?.courseName));
    expect(joined(hit.authorName)).toBe(plain(item.highlight?.authorName));
    expect(joined(hit.info)).toBe(plain(item.highlight?.courseInfo));
    // somewhere in the courses the keyword is a matched piece
    const pieces: Segment[] = overview.courses.flatMap(
      (course: { name: Segment[]; info: Segment[]; authorName: Segment[] }) => [
        ...course.name,
        ...course.info,
        ...course.authorName,
      ],
    );
    expect(pieces.some((piece) => piece.hit && piece.text.includes(keyword))).toBe(true);
    for (const piece of pieces) expect(piece.text).not.toBe('');

    for (const [index, topicHit] of overview.topics.entries()) {
      const source = expected.specialData!.dataList[index]!;
      expect(topicHit.topic.id).toBe(globalId('Topic', source.id));
      expect(joined(topicHit.title)).toBe(source.title);
    }
    for (const [index, authorHit] of overview.authors.entries()) {
      const source = expected.authorData!.dataList[index]!;
      expect(authorHit.author.id).toBe(globalId('Author', source.id));
      expect(joined(authorHit.name)).toBe(source.name);
      expect(joined(authorHit.position)).toBe(source.authorposition);
    }
  });
});

describe('counts and tabs', () => {
  it('counts each kind as the tabs total it', async () => {
    const response = await gateway.graphql(
      `query Counts($keyword: String!) {
        search(keyword: $keyword) {
          counts { courseCount knowledgePointCount topicCount authorCount }
          courses(first: 1) { totalCount }
          knowledgePoints(first: 1) { totalCount }
          topics(first: 1) { totalCount }
          authors(first: 1) { totalCount }
        }
      }`,
      { keyword },
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.extensions?.upstreamRequests).toBe(5);
    const { search } = response.body.data;
    expect(search.counts).toEqual({
      courseCount: counts.courseCount,
      knowledgePointCount: counts.videoCount,
      topicCount: counts.specialCount,
      authorCount: counts.authorCount,
    });
    expect(search.courses.totalCount).toBe(search.counts.courseCount);
    expect(search.knowledgePoints.totalCount).toBe(search.counts.knowledgePointCount);
    expect(search.topics.totalCount).toBe(search.counts.topicCount);
    expect(search.authors.totalCount).toBe(search.counts.authorCount);
  });

  const COURSE_PAGE = `query CoursePage($keyword: String!, $first: Int, $after: String) {
    search(keyword: $keyword) {
      courses(first: $first, after: $after) {
        totalCount
        edges { cursor node { name ${SEG} course { courseId } } }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }
  }`;
  const courseIds = (connection: { edges: { node: { course: { courseId: number } } }[] }) =>
    connection.edges.map((edge) => edge.node.course.courseId);

  it("pages the courses 21 at a time: disjoint pages in the upstream's order", async () => {
    const expected = await upstreamSearch({ SearchByKeyWord: keyword, type: 'course', pageIndex: 1, pageSize: 63 });
    const all = expected.courseData!.dataList.map((course) => course.courseId);

    const first = await gateway.graphql(COURSE_PAGE, { keyword });
    expect(first.body.errors).toBeUndefined();
    const page1 = first.body.data.search.courses;
    expect(page1.edges).toHaveLength(21);
    expect(page1.totalCount).toBe(counts.courseCount);
    expect(page1.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, endCursor: encodeCursor(20) });

    const second = await gateway.graphql(COURSE_PAGE, { keyword, after: page1.pageInfo.endCursor });
    expect(second.body.errors).toBeUndefined();
    expect(second.body.extensions?.upstreamRequests).toBe(1);
    const page2 = second.body.data.search.courses;
    expect(page2.edges[0].cursor).toBe(encodeCursor(21));
    expect(page2.pageInfo.hasPreviousPage).toBe(true);

    const ids1 = courseIds(page1);
    const ids2 = courseIds(page2);
    expect(ids1.filter((id) => ids2.includes(id))).toEqual([]);
    expect([...ids1, ...ids2]).toEqual(all.slice(0, ids1.length + ids2.length));
    expect(page2.pageInfo.hasNextPage).toBe(21 + ids2.length < counts.courseCount);
  });

  it('gives exactly the asked window when it straddles two pages', async () => {
    const expected = await upstreamSearch({ SearchByKeyWord: keyword, type: 'course', pageIndex: 1, pageSize: 63 });
    const all = expected.courseData!.dataList.map((course) => course.courseId);
    const response = await gateway.graphql(COURSE_PAGE, { keyword, first: 10, after: encodeCursor(14) });
    expect(response.body.errors).toBeUndefined();
    // offsets 15..24 with pageSize 10: pages 2 and 3
    expect(response.body.extensions?.upstreamRequests).toBe(2);
    const connection = response.body.data.search.courses;
    expect(courseIds(connection)).toEqual(all.slice(15, 25));
    expect(connection.edges.map((edge: { cursor: string }) => edge.cursor)).toEqual(
      Array.from({ length: 10 }, (_, index) => encodeCursor(15 + index)),
    );
  });

  it('ends the knowledge points at the last hit the upstream serves (position 5 000) though the total is larger', async () => {
    const POINT_PAGE = `query PointPage($keyword: String!, $after: String) {
      search(keyword: $keyword) {
        knowledgePoints(first: 21, after: $after) { totalCount pageInfo { hasNextPage } edges { cursor } }
      }
    }`;
    // 的 is in almost every passage of the demo content
    const response = await gateway.graphql(POINT_PAGE, { keyword: '的', after: encodeCursor(4_989) });
    expect(response.body.errors).toBeUndefined();
    const connection = response.body.data.search.knowledgePoints;
    expect(connection.totalCount).toBeGreaterThan(5_000);
    // offsets 4 990..4 999 are served, nothing after them, and no next page is promised
    expect(connection.edges).toHaveLength(10);
    expect(connection.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses a bad first or after before any call', async () => {
    for (const variables of [
      { keyword, first: 0 },
      { keyword, first: 101 },
      { keyword, after: 'bm9wZQ==' },
    ]) {
      const response = await gateway.graphql(COURSE_PAGE, variables);
      expect(response.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(response.body.extensions?.upstreamRequests).toBe(0);
    }
  });

  it("answers the topics and lecturers tabs with the upstream's hits, a topic's courses from its detail", async () => {
    const response = await gateway.graphql(
      `query Tabs($keyword: String!) {
        search(keyword: $keyword) {
          topics { totalCount edges { node { title ${SEG} info ${SEG} topic { id topicId title courseCount courses { courseId } } } } }
          authors { totalCount edges { node { name ${SEG} author { id authorId name courseCount } } } }
        }
      }`,
      { keyword },
    );
    expect(response.body.errors).toBeUndefined();
    const { topics, authors } = response.body.data.search;
    const topicHits = (await upstreamSearch({ SearchByKeyWord: keyword, type: 'special', pageIndex: 1, pageSize: 21 }))
      .specialData!.dataList;
    const authorHits = (await upstreamSearch({ SearchByKeyWord: keyword, type: 'author', pageIndex: 1, pageSize: 21 }))
      .authorData!.dataList;
    expect(topics.edges.map((edge: { node: { topic: { topicId: number } } }) => edge.node.topic.topicId)).toEqual(
      topicHits.map((topic: RestTopicHit) => topic.id),
    );
    expect(authors.edges.map((edge: { node: { author: { authorId: number } } }) => edge.node.author.authorId)).toEqual(
      authorHits.map((author: RestAuthorHit) => author.id),
    );
    const firstTopic = topics.edges[0].node.topic;
    const detail = await platform.upstream.get<RestTopic>('/api/special/GetSpecialDetails', {
      comId: 0,
      id: firstTopic.topicId,
    });
    expect(firstTopic.courses.map((course: { courseId: number }) => course.courseId)).toEqual(
      detail.courseList.map((course) => course.courseId),
    );
    // 2 searches + one detail per topic hit
    expect(response.body.extensions?.upstreamRequests).toBe(2 + topics.edges.length);
  });
});

describe('knowledge points (知识点)', () => {
  it('point at a second of a video: id, kind, time and the player path at it', async () => {
    const response = await gateway.graphql(
      `query Points($keyword: String!) {
        search(keyword: $keyword) {
          knowledgePoints(first: 21) {
            totalCount
            edges { node { id kind timePoint timePointShow keyPoints ${SEG} text ${SEG} videoId videoName ${SEG} videoImage courseId catalogueId courseName authorName playPath } }
          }
        }
      }`,
      { keyword },
    );
    expect(response.body.errors).toBeUndefined();
    expect(JSON.stringify(response.body)).not.toMatch(MARKERS);
    const nodes = response.body.data.search.knowledgePoints.edges.map((edge: { node: unknown }) => edge.node);
    const expected = (await upstreamSearch({ SearchByKeyWord: keyword, type: 'video', pageIndex: 1, pageSize: 21 }))
      .keyframesData!.dataList;
    expect(nodes).toHaveLength(expected.length);
    expect(nodes.length).toBeGreaterThan(0);
    for (const [index, node] of nodes.entries()) {
      const item: RestKnowledgePoint = expected[index]!;
      expect(node.id).toBe(globalId('KnowledgePoint', item.id));
      expect(node.kind).toBe(item.kind === 'transcript' ? 'TRANSCRIPT' : 'KEYFRAME');
      expect(node.timePoint).toBe(item.timePoint);
      expect(node.timePointShow).toBe(item.keyPointsShow);
      expect(node.playPath).toBe(
        `/Play?courseId=${item.courseId}&catalogId=${item.catalogId}&videoId=${item.videoId}&vtime=${item.timePoint}`,
      );
      expect([node.videoId, node.courseId, node.catalogueId, node.courseName]).toEqual([
        item.videoId,
        item.courseId,
        item.catalogId,
        item.courseName,
      ]);
      expect(joined(node.videoName)).toBe(plain(item.highlight?.videoName ?? item.videoName));
      expect(joined(node.text)).toBe(plain(item.highlight?.description ?? item.description));
      if (node.kind === 'TRANSCRIPT') expect(node.keyPoints).toEqual([]);
    }
    // the ids are unique (Relay keys records by them)
    expect(new Set(nodes.map((node: { id: string }) => node.id)).size).toBe(nodes.length);
  });
});

describe('the catalogue filter', () => {
  it('keeps every group inside the catalogue subtree, with its own counts', async () => {
    const tree = await platform.upstream.get<RestCatalogue[]>('/api/catalog/GetCatalogListByParentId', { parentId: 0 });
    const first = (await upstreamSearch({ SearchByKeyWord: keyword, type: 'course', pageIndex: 1, pageSize: 1 }))
      .courseData!.dataList[0]!;
    const subtreeIds = (node: RestCatalogue): number[] => [node.id, ...(node.child ?? []).flatMap(subtreeIds)];
    const subject = tree.find((node) => subtreeIds(node).includes(first.catalogId))!;
    expect(subject).toBeDefined();
    const expected = await upstreamCounts(keyword, subject.id);
    expect(expected.courseCount).toBeGreaterThan(0);
    expect(expected.courseCount).toBeLessThanOrEqual(counts.courseCount);

    const response = await gateway.graphql(
      `query Filtered($keyword: String!, $catalogueId: Int) {
        search(keyword: $keyword, catalogueId: $catalogueId) {
          catalogueId
          counts { courseCount knowledgePointCount topicCount authorCount }
          courses(first: 50) { totalCount edges { node { course { catalogueTrail { catalogueId } } } } }
          knowledgePoints(first: 50) { edges { node { catalogueId } } }
        }
      }`,
      { keyword, catalogueId: subject.id },
    );
    expect(response.body.errors).toBeUndefined();
    const { search } = response.body.data;
    expect(search.catalogueId).toBe(subject.id);
    expect(search.counts).toEqual({
      courseCount: expected.courseCount,
      knowledgePointCount: expected.videoCount,
      topicCount: expected.specialCount,
      authorCount: expected.authorCount,
    });
    expect(search.courses.totalCount).toBe(expected.courseCount);
    for (const edge of search.courses.edges) {
      expect(edge.node.course.catalogueTrail[0].catalogueId).toBe(subject.id);
    }
    const inSubject = new Set(subtreeIds(subject));
    for (const edge of search.knowledgePoints.edges) expect(inSubject.has(edge.node.catalogueId)).toBe(true);
  });

  it('finds nothing in an unknown catalogue, and refuses a negative one', async () => {
    const unknown = await gateway.graphql(
      `{ search(keyword: ${JSON.stringify(keyword)}, catalogueId: 999999) { counts { courseCount } courses { totalCount edges { cursor } } } }`,
    );
    expect(unknown.body.errors).toBeUndefined();
    expect(unknown.body.data.search.counts.courseCount).toBe(0);
    expect(unknown.body.data.search.courses).toEqual({ totalCount: 0, edges: [] });
    const negative = await gateway.graphql(`{ search(keyword: "x", catalogueId: -1) { counts { courseCount } } }`);
    expect(negative.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'catalogueId' });
    expect(negative.body.extensions?.upstreamRequests).toBe(0);
  });
});

describe('the keyword rules', () => {
  const cases: [string, string][] = [
    ['', '请输入搜索关键词'],
    ['  \u3000 ', '请输入搜索关键词'],
    ['字'.repeat(51), '搜索关键词不能超过50个字'],
  ];

  it('refuses an empty or too long keyword with BAD_USER_INPUT before any upstream call', async () => {
    for (const [word, message] of cases) {
      for (const query of [
        'query S($k: String!) { search(keyword: $k) { counts { courseCount } overview { courseCount } } }',
        'query C($k: String!) { catalogueSuggestions(keyword: $k) { catalogueId } }',
      ]) {
        const response = await gateway.graphql(query, { k: word });
        expect(response.status).toBe(200);
        expect(response.body.errors).toHaveLength(1);
        expect(response.body.errors![0]).toMatchObject({
          message,
          extensions: { code: 'BAD_USER_INPUT', argument: 'keyword' },
        });
        expect(response.body.extensions?.upstreamRequests).toBe(0);
        expect(response.body.extensions?.loginRequests).toBeUndefined();
      }
    }
  });

  it('accepts 50 characters', async () => {
    const response = await gateway.graphql('query S($k: String!) { search(keyword: $k) { counts { courseCount } } }', {
      k: '字'.repeat(50),
    });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.extensions?.upstreamRequests).toBe(1);
  });

  it("passes on the upstream's own refusal of a keyword as BAD_USER_INPUT with its sentence", async () => {
    refuse = '搜索关键词不能超过50个字';
    try {
      const response = await standInGateway.graphql(
        'query S($k: String!) { search(keyword: $k) { counts { courseCount } } }',
        { k: keyword },
      );
      expect(response.body.errors?.[0]).toMatchObject({
        message: '搜索关键词不能超过50个字',
        extensions: { code: 'BAD_USER_INPUT', argument: 'keyword' },
      });
      expect(response.body.data).toBeNull();
    } finally {
      refuse = null;
    }
  });
});

describe('what the gateway sends', () => {
  it("the trimmed keyword, the tab's type and page, the organisation, and the client address", async () => {
    recorded.length = 0;
    const response = await standInGateway.graphql(
      `query S($k: String!) { search(keyword: $k, catalogueId: 0) { counts { courseCount } overview { courseCount } courses(first: 5, after: "${encodeCursor(4)}") { totalCount } } }`,
      { k: `  ${keyword}  ` },
      { 'x-forwarded-for': '203.0.113.45' },
    );
    expect(response.body.errors).toBeUndefined();
    const byType = (type: string) =>
      recorded.find((entry) => entry.path === '/api/search/SearchByKeyWord' && entry.query.type === type)!;
    expect(byType('all').query).toEqual({
      SearchByKeyWord: keyword,
      type: 'all',
      pageIndex: '1',
      pageSize: '21',
      catalogId: '0',
      comId: '0',
    });
    expect(byType('course').query).toEqual({
      SearchByKeyWord: keyword,
      type: 'course',
      pageIndex: '2',
      pageSize: '5',
      catalogId: '0',
      comId: '0',
    });
    expect(recorded.find((entry) => entry.path === '/api/search/GetSearchCountByKeyWord')!.query).toEqual({
      SearchByKeyWord: keyword,
      catalogId: '0',
      comId: '0',
    });
    for (const entry of recorded) expect(entry.forwardedFor).toBe('203.0.113.45');
  });

  it("the signed-in viewer's userId, so that hot keywords count people", async () => {
    const { token } = await platform.signIn('student', 'Student2026');
    recorded.length = 0;
    const response = await standInGateway.graphql(
      'query S($k: String!) { search(keyword: $k) { overview { courseCount } } }',
      { k: keyword },
      { cookie: `utoken=${token}` },
    );
    expect(response.body.errors).toBeUndefined();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.query.userId).toBe(String(await platform.userId('student')));
  });

  it('one call for identical searches of one operation', async () => {
    const response = await gateway.graphql(
      `query Twice($k: String!) { a: search(keyword: $k) { overview { courseCount } counts { courseCount } } b: search(keyword: $k) { overview { authorCount } counts { authorCount } } }`,
      { k: keyword },
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.extensions?.upstreamRequests).toBe(2);
  });
});

describe('hot keywords and catalogue suggestions', () => {
  it('answers at most `limit` hot keywords, most searched first', async () => {
    for (const limit of [3, 8]) {
      const response = await gateway.graphql(`{ hotKeywords(limit: ${limit}) { keyword searchCount } }`);
      expect(response.body.errors).toBeUndefined();
      const expected = await platform.upstream.get<RestHotKeyword[]>('/api/search/GetHotKeyWord', { limit });
      const hot = response.body.data.hotKeywords;
      expect(hot.length).toBeLessThanOrEqual(limit);
      expect(hot.length).toBeGreaterThan(0);
      expect(hot).toEqual(expected.map((entry) => ({ keyword: entry.keyWord, searchCount: entry.searchCount })));
    }
    const byDefault = await gateway.graphql('{ hotKeywords { keyword } }');
    expect(byDefault.body.data.hotKeywords.length).toBeLessThanOrEqual(8);
    const tooMany = await gateway.graphql('{ hotKeywords(limit: 101) { keyword } }');
    expect(tooMany.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'limit' });
    expect(tooMany.body.extensions?.upstreamRequests).toBe(0);
  });

  it('suggests catalogue entries for a keyword, the exact name first, with the node of the tree', async () => {
    const tree = await platform.upstream.get<RestCatalogue[]>('/api/catalog/GetCatalogListByParentId', { parentId: 0 });
    const category = tree.flatMap((subject) => subject.child ?? [])[0]!;
    const response = await gateway.graphql(
      `query Suggest($k: String!) { catalogueSuggestions(keyword: $k, limit: 5) { catalogueId level parentId name ${SEG} catalogue { id catalogueId name level } } }`,
      { k: category.name },
    );
    expect(response.body.errors).toBeUndefined();
    // SearchCatalog and the subject tree
    expect(response.body.extensions?.upstreamRequests).toBe(2);
    const suggestions = response.body.data.catalogueSuggestions;
    const expected = await platform.upstream.get<RestCatalogueHit[]>('/api/search/SearchCatalog', {
      keyWord: category.name,
      limit: 5,
    });
    expect(suggestions.map((entry: { catalogueId: number }) => entry.catalogueId)).toEqual(
      expected.map((entry) => entry.id),
    );
    expect(suggestions.length).toBeLessThanOrEqual(5);
    const [top] = suggestions;
    expect(top).toMatchObject({ catalogueId: category.id, level: 2, parentId: category.parentId });
    expect(top.name).toEqual([{ text: category.name, hit: true }]);
    expect(top.catalogue).toEqual({
      id: globalId('Catalogue', category.id),
      catalogueId: category.id,
      name: category.name,
      level: 2,
    });
    expect(JSON.stringify(response.body)).not.toMatch(MARKERS);
  });
});

describe('a /search page operation', () => {
  const SEARCH_PAGE = `query SearchPage($keyword: String!, $catalogueId: Int) {
    viewer { isLoggedIn name }
    search(keyword: $keyword, catalogueId: $catalogueId) {
      keyword catalogueId
      counts { courseCount knowledgePointCount topicCount authorCount }
      overview {
        courseCount knowledgePointCount topicCount authorCount
        courses { name ${SEG} info ${SEG} authorName ${SEG} course { ${COURSE_CARD} } }
        knowledgePoints { id kind timePoint timePointShow keyPoints ${SEG} text ${SEG} videoId videoName ${SEG} videoImage courseId catalogueId courseName authorName playPath }
        topics { title ${SEG} info ${SEG} topic { id topicId title image courseCount } }
        authors { name ${SEG} position ${SEG} author { id authorId name image position courseCount videoCount } }
      }
    }
    catalogueSuggestions(keyword: $keyword, limit: 10) { catalogueId level parentId name ${SEG} catalogue { id catalogueId name level } }
    hotKeywords(limit: 8) { keyword searchCount }
    featuredTopics(limit: 2) { id topicId title image courseCount }
  }`;

  it('makes one upstream request per list: overview, counts, suggestions and their tree, hot keywords, topics', async () => {
    const response = await gateway.graphql(SEARCH_PAGE, { keyword, catalogueId: 0 });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.extensions?.upstreamRequests).toBe(6);
    const { data } = response.body;
    expect(data.search.counts.courseCount).toBe(data.search.overview.courseCount);
    expect(data.featuredTopics).toHaveLength(2);
    expect(data.hotKeywords.length).toBeLessThanOrEqual(8);
  });

  it('makes the same requests for a signed-in reader, the viewer resolved once for all of them', async () => {
    const { token } = await platform.signIn('student', 'Student2026');
    const response = await gateway.graphql(SEARCH_PAGE, { keyword, catalogueId: 0 }, { cookie: `utoken=${token}` });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.viewer.isLoggedIn).toBe(true);
    expect(response.body.extensions?.upstreamRequests).toBe(6);
    // ValidateToken + GetUserInfo, once (then cached)
    expect(response.body.extensions?.loginRequests).toBe(2);
  });
});
