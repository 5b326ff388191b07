/**
 * The schema's queries against the real embedded upstream seeded with the demo content.
 * Expected values come from the upstream itself (signed calls straight to it), so the tests check
 * the gateway's mapping, paging and batching rather than restating the demo data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../gateway/src/graphql/connection';
import type {
  RestAuthor,
  RestBanner,
  RestCatalogue,
  RestCourse,
  RestPage,
  RestResourceCount,
  RestTopic,
} from '../../gateway/src/upstream/types';
import {
  globalId,
  startTestGateway,
  startUpstream,
  type GraphQLResponse,
  type TestGateway,
  type Upstream,
} from './harness';

let upstream: Upstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startUpstream();
  gateway = await startTestGateway(upstream.server.url);
});

afterAll(async () => {
  await gateway?.stop();
  await upstream?.stop();
});

const COURSE_CARD = 'id courseId catalogueId name image exclusive authorName authorPosition videoCount viewCount';

/** The home page operation of the web app, in the shape its fragments ask for. */
const HOME_QUERY = `
query HomePage {
  subjects { id catalogueId name }
  banners(limit: 5) { id title image gotoUrl mobileOnly }
  selectedCourses(limit: 10) { ${COURSE_CARD} }
  recommendedAuthors(batch: 0, size: 9) { id authorId name position image courseCount }
  featuredTopics(limit: 6) { id topicId title info image courseCount courses { ${COURSE_CARD} } }
  recommendedCourses(first: 14) {
    edges { cursor node { ${COURSE_CARD} __typename } }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** The catalogue page operation: a level-2 category, its dropdown, its counts and the first page. */
const CATALOGUE_QUERY = `
query CataloguePage($id: Int!, $year: Int) {
  catalogue(catalogueId: $id) {
    id catalogueId name level resourceCount
    parent { catalogueId name }
    children { id catalogueId name resourceCount(year: $year) }
  }
  resourceCount(catalogueId: $id, year: $year) { courseCount videoCount }
  courses(catalogueId: $id, year: $year, orderBy: LATEST, first: 20) {
    totalCount
    edges { cursor node { ${COURSE_CARD} catalogueName catalogueTrail { catalogueId name } } }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

async function subjectTree(): Promise<RestCatalogue[]> {
  return upstream.get<RestCatalogue[]>('/api/catalog/GetCatalogListByParentId', { parentId: 0 });
}

/** A level-2 catalogue with children and more than one page of courses. */
async function busyCategory(): Promise<RestCatalogue> {
  const categories = (await subjectTree()).flatMap((subject) => subject.child ?? []);
  const busy = categories
    .filter((category) => (category.child ?? []).length > 0)
    .sort((a, b) => b.resourceCount - a.resourceCount)[0];
  if (!busy) throw new Error('the demo content has no level-2 catalogue with children');
  return busy;
}

describe('home page operation', () => {
  it('returns the demo content in Relay shapes, with one upstream call per list', async () => {
    const response = await gateway.graphql(HOME_QUERY);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    const data = response.body.data;

    const subjects = await subjectTree();
    expect(data.subjects.map((s: { name: string }) => s.name)).toEqual(subjects.map((s) => s.name));
    expect(data.subjects[0].id).toBe(globalId('Catalogue', subjects[0]!.id));

    const banners = await upstream.get<RestBanner[]>('/api/banner/GetList', { comCode: '', limit: 5 });
    expect(data.banners).toEqual(
      banners.map((b) => ({
        id: globalId('Banner', b.id),
        title: b.title,
        image: b.imageUrl,
        gotoUrl: b.gotoUrl,
        mobileOnly: b.gotoUrl.startsWith('/m/'),
      })),
    );
    expect(data.banners.some((b: { mobileOnly: boolean }) => b.mobileOnly)).toBe(true);

    const selected = await upstream.get<RestCourse[]>('/api/Recommend/GetSelectedCourses', {
      startIndex: 0,
      endIndex: 10,
      productId: 1,
    });
    expect(data.selectedCourses.map((c: { courseId: number }) => c.courseId)).toEqual(selected.map((c) => c.courseId));

    const recommended = await upstream.get<RestCourse[]>('/api/Recommend/GetRecommendCourses', {
      productId: 1,
      startIndex: 0,
      endIndex: 14,
    });
    const edges = data.recommendedCourses.edges;
    expect(edges).toHaveLength(14);
    expect(edges.map((e: { node: { courseId: number } }) => e.node.courseId)).toEqual(
      recommended.map((c) => c.courseId),
    );
    const first = recommended[0]!;
    expect(edges[0].node).toEqual({
      id: globalId('Course', first.courseId),
      courseId: first.courseId,
      catalogueId: first.catalogId,
      name: first.courseName,
      image: first.courseImage,
      exclusive: first.exclusive === 1,
      authorName: first.authorName,
      authorPosition: first.authorPosition,
      videoCount: first.videoCount,
      viewCount: first.viewCount,
      __typename: 'Course',
    });
    expect(edges[13].cursor).toBe(encodeCursor(13));
    expect(data.recommendedCourses.pageInfo).toEqual({ hasNextPage: true, endCursor: encodeCursor(13) });

    const authors = await upstream.get<RestAuthor[]>('/api/Recommend/GetRecommendAuthor', {
      startIndex: 0,
      endIndex: 9,
    });
    expect(data.recommendedAuthors.map((a: { authorId: number }) => a.authorId)).toEqual(authors.map((a) => a.id));
    expect(data.recommendedAuthors[0]).toMatchObject({
      name: authors[0]!.name,
      position: authors[0]!.authorposition,
      image: authors[0]!.authorImage,
    });

    const topics = await upstream.get<RestTopic[]>('/api/special/GetMoreSpecialList', { comId: 0, id: 0, limit: 6 });
    expect(data.featuredTopics.map((t: { topicId: number }) => t.topicId)).toEqual(topics.map((t) => t.id));
    expect(data.featuredTopics[0].courses.map((c: { courseId: number }) => c.courseId)).toEqual(
      topics[0]!.courseList.map((c) => c.courseId),
    );

    // subjects, banners, selected, lecturers, topics, recommended: six lists, six calls
    expect(response.body.extensions?.upstreamRequests).toBe(6);
  });

  it('loads the next recommended courses from the end cursor (14, then 12)', async () => {
    const all = await upstream.get<RestCourse[]>('/api/Recommend/GetRecommendCourses', {
      productId: 1,
      startIndex: 0,
      endIndex: 100,
    });
    const query = `query Next($after: String) { recommendedCourses(first: 12, after: $after) { totalCount edges { node { courseId } } pageInfo { hasNextPage hasPreviousPage } } }`;
    const response = await gateway.graphql(query, { after: encodeCursor(13) });
    const connection = response.body.data.recommendedCourses;
    expect(connection.edges.map((e: { node: { courseId: number } }) => e.node.courseId)).toEqual(
      all.slice(14, 26).map((c) => c.courseId),
    );
    expect(connection.totalCount).toBeNull();
    expect(connection.pageInfo.hasPreviousPage).toBe(true);

    // past the end: a short load ends the list
    const lastStart = all.length - 5;
    const end = await gateway.graphql(query, { after: encodeCursor(lastStart - 1) });
    expect(end.body.data.recommendedCourses.edges).toHaveLength(5);
    expect(end.body.data.recommendedCourses.pageInfo.hasNextPage).toBe(false);
  });

  it('changes lecturer batches and wraps around past the end', async () => {
    const all = await upstream.get<RestAuthor[]>('/api/Recommend/GetRecommendAuthor', { startIndex: 0, endIndex: 100 });
    const size = 9;
    const batches = Math.ceil(all.length / size);
    expect(batches).toBeGreaterThan(1);
    const batch = async (n: number) =>
      (
        await gateway.graphql(`{ recommendedAuthors(batch: ${n}, size: ${size}) { authorId } }`)
      ).body.data.recommendedAuthors.map((a: { authorId: number }) => a.authorId);
    expect(await batch(1)).toEqual(all.slice(size, 2 * size).map((a) => a.id));
    expect(await batch(batches - 1)).toEqual(all.slice((batches - 1) * size).map((a) => a.id));
    expect(await batch(batches)).toEqual(await batch(0));
    expect(await batch(batches + 1)).toEqual(await batch(1));
  });
});

describe('catalogue page operation', () => {
  it('returns the category, its sub-categories with counts, the totals and the first page', async () => {
    const category = await busyCategory();
    const response = await gateway.graphql(CATALOGUE_QUERY, { id: category.id });
    expect(response.body.errors).toBeUndefined();
    const data = response.body.data;
    expect(data.catalogue).toMatchObject({
      id: globalId('Catalogue', category.id),
      catalogueId: category.id,
      name: category.name,
      level: 2,
      resourceCount: category.resourceCount,
    });
    expect(data.catalogue.parent.catalogueId).toBe(category.parentId);
    expect(
      data.catalogue.children.map((c: { name: string; resourceCount: number }) => [c.name, c.resourceCount]),
    ).toEqual((category.child ?? []).map((c) => [c.name, c.resourceCount]));

    const counts = await upstream.get<RestResourceCount>('/api/courses/GetCourseAndVideoCount', {
      catalogId: category.id,
    });
    expect(data.resourceCount).toEqual(counts);

    const page = await upstream.get<RestPage<RestCourse>>('/api/courses/GetListByCatalogId', {
      catalogId: category.id,
      orderBy: 'b.PublishTime',
      pageSize: 20,
      pageIndex: 1,
    });
    expect(data.courses.totalCount).toBe(page.totalCount);
    expect(data.courses.edges.map((e: { node: { courseId: number } }) => e.node.courseId)).toEqual(
      page.dataList.map((c) => c.courseId),
    );
    expect(data.courses.pageInfo).toMatchObject({
      hasNextPage: page.totalCount > 20,
      hasPreviousPage: false,
      startCursor: encodeCursor(0),
    });
    const trail = data.courses.edges[0].node.catalogueTrail.map((c: { catalogueId: number }) => c.catalogueId);
    expect(trail).toEqual(page.dataList[0]!.catalogTree!.map((entry) => entry.id));

    // tree + counts + list (+ one dropdown count call is not needed without a year)
    expect(response.body.extensions?.upstreamRequests).toBe(3);
  });

  it('counts sub-categories for a year with one call for all siblings', async () => {
    const category = await busyCategory();
    const year = 2026;
    const expected = await upstream.get<RestCatalogue[]>('/api/catalog/GetCatalogList4', {
      catalogId: category.id,
      year,
    });
    const response = await gateway.graphql(CATALOGUE_QUERY, { id: category.id, year });
    expect(response.body.errors).toBeUndefined();
    expect(
      response.body.data.catalogue.children.map((c: { catalogueId: number; resourceCount: number }) => [
        c.catalogueId,
        c.resourceCount,
      ]),
    ).toEqual(expected.map((c) => [c.id, c.resourceCount]));
    const counts = await upstream.get<RestResourceCount>('/api/courses/GetCourseAndVideoCount', {
      catalogId: category.id,
      year,
    });
    expect(response.body.data.resourceCount).toEqual(counts);
    expect(response.body.data.courses.totalCount).toBe(counts.courseCount);
    // tree, sibling counts for the year, totals, list
    expect(response.body.extensions?.upstreamRequests).toBe(4);
  });

  it('sorts by every CourseOrder value as the upstream does', async () => {
    const orders: [string, string][] = [
      ['LATEST', 'b.PublishTime'],
      ['MOST_PLAYED', 'ViewCount'],
      ['MOST_NOTES', 'NoteCount'],
      ['MOST_FAVOURITED', 'collectCount'],
    ];
    for (const [order, orderBy] of orders) {
      const page = await upstream.get<RestPage<RestCourse>>('/api/courses/GetListByCatalogId', {
        catalogId: 0,
        orderBy,
        pageSize: 10,
        pageIndex: 1,
      });
      const response = await gateway.graphql(
        `{ courses(catalogueId: 0, orderBy: ${order}, first: 10) { edges { node { courseId } } } }`,
      );
      expect(
        response.body.data.courses.edges.map((e: { node: { courseId: number } }) => e.node.courseId),
        order,
      ).toEqual(page.dataList.map((c) => c.courseId));
    }
  });
});

describe('pagination', () => {
  const PAGE = `query Page($first: Int, $after: String) {
    courses(catalogueId: 0, first: $first, after: $after) {
      totalCount edges { cursor node { courseId } } pageInfo { hasNextPage hasPreviousPage endCursor }
    }
  }`;

  it('walks page after page with end cursors', async () => {
    const expected = await upstream.get<RestPage<RestCourse>>('/api/courses/GetListByCatalogId', {
      catalogId: 0,
      pageSize: 60,
      pageIndex: 1,
    });
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page += 1) {
      const response: GraphQLResponse = await gateway.graphql(PAGE, { first: 20, after });
      const connection: {
        edges: { node: { courseId: number } }[];
        pageInfo: { hasPreviousPage: boolean; endCursor: string };
      } = response.body.data.courses;
      seen.push(...connection.edges.map((e) => e.node.courseId));
      expect(connection.pageInfo.hasPreviousPage).toBe(page > 0);
      expect(response.body.extensions?.upstreamRequests).toBe(1);
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected.dataList.map((c) => c.courseId));
  });

  it('serves an odd offset from the two pages it straddles', async () => {
    const expected = await upstream.get<RestPage<RestCourse>>('/api/courses/GetListByCatalogId', {
      catalogId: 0,
      pageSize: 40,
      pageIndex: 1,
    });
    const response = await gateway.graphql(PAGE, { first: 20, after: encodeCursor(6) });
    const connection = response.body.data.courses;
    expect(connection.edges.map((e: { node: { courseId: number } }) => e.node.courseId)).toEqual(
      expected.dataList.slice(7, 27).map((c) => c.courseId),
    );
    expect(connection.edges[0].cursor).toBe(encodeCursor(7));
    expect(response.body.extensions?.upstreamRequests).toBe(2);
  });

  it('reports the end of the list', async () => {
    const { totalCount } = await upstream.get<RestPage<RestCourse>>('/api/courses/GetListByCatalogId', {
      catalogId: 0,
      pageSize: 1,
      pageIndex: 1,
    });
    const response = await gateway.graphql(PAGE, { first: 20, after: encodeCursor(totalCount - 4) });
    expect(response.body.data.courses.edges).toHaveLength(3);
    expect(response.body.data.courses.pageInfo.hasNextPage).toBe(false);
    expect(response.body.data.courses.totalCount).toBe(totalCount);
  });

  it('pages topics and lecturers the same way', async () => {
    const topics = await upstream.get<RestPage<RestTopic>>('/api/special/GetSpecialListByPage', {
      comId: 0,
      pageSize: 4,
      pageIndex: 2,
    });
    const topicResponse = await gateway.graphql(
      `{ topics(first: 4, after: "${encodeCursor(3)}") { totalCount edges { node { topicId title } } } }`,
    );
    expect(topicResponse.body.data.topics.totalCount).toBe(topics.totalCount);
    expect(topicResponse.body.data.topics.edges.map((e: { node: { topicId: number } }) => e.node.topicId)).toEqual(
      topics.dataList.map((t) => t.id),
    );

    const sorts: [string, number][] = [
      ['DEFAULT', 0],
      ['MOST_COURSES', 1],
      ['MOST_PLAYED', 2],
      ['NAME', 3],
    ];
    for (const [sort, sortType] of sorts) {
      const authors = await upstream.get<RestPage<RestAuthor>>('/api/author/GetListByPage', {
        catalogId: 0,
        sortType,
        pageSize: 18,
        pageIndex: 1,
      });
      const response = await gateway.graphql(`{ authors(sort: ${sort}) { totalCount edges { node { authorId } } } }`);
      expect(response.body.data.authors.totalCount, sort).toBe(authors.totalCount);
      expect(
        response.body.data.authors.edges.map((e: { node: { authorId: number } }) => e.node.authorId),
        sort,
      ).toEqual(authors.dataList.map((a) => a.id));
    }
  });

  it('filters lecturers by the initial of their surname', async () => {
    const all = await upstream.get<RestPage<RestAuthor>>('/api/author/GetListByPage', {
      catalogId: 0,
      pageSize: 100,
      pageIndex: 1,
    });
    const letter = all.dataList[0]!.firstWord;
    const response = await gateway.graphql(
      `{ authors(firstWord: "${letter.toLowerCase()}", first: 100) { totalCount edges { node { firstWord } } } }`,
    );
    const connection = response.body.data.authors;
    expect(connection.totalCount).toBe(all.dataList.filter((a) => a.firstWord === letter).length);
    expect(connection.edges.every((e: { node: { firstWord: string } }) => e.node.firstWord === letter)).toBe(true);
  });
});

describe('topics and lecturers: paging, filters and sorts mapped onto §7 calls', () => {
  const ids = (connection: { edges: { node: { authorId?: number; courseId?: number } }[] }) =>
    connection.edges.map((e) => e.node.authorId ?? e.node.courseId);

  it('pages the lecturer list by 18 (pageIndex from the cursor) with catalogueId, firstWord and sort together', async () => {
    const roots = await upstream.get<RestCatalogue[]>('/api/catalog/GetCatalogResourceByAuthor', {});
    // the lecturer category and initial with the most lecturers, so that a second page of 2 exists
    let best = { catalogId: 0, letter: '', count: 0 };
    for (const catalogId of [0, ...roots.map((r) => r.id)]) {
      const listed = await upstream.get<RestPage<RestAuthor>>('/api/author/GetListByPage', {
        catalogId,
        pageSize: 100,
        pageIndex: 1,
      });
      const byLetter = new Map<string, number>();
      for (const a of listed.dataList) byLetter.set(a.firstWord, (byLetter.get(a.firstWord) ?? 0) + 1);
      for (const [letter, count] of byLetter) if (count > best.count) best = { catalogId, letter, count };
    }
    expect(best.count).toBeGreaterThan(2);
    const { catalogId, letter } = best;
    const all = await upstream.get<RestPage<RestAuthor>>('/api/author/GetListByPage', {
      catalogId,
      pageSize: 100,
      pageIndex: 1,
    });
    for (const [sort, sortType] of [
      ['MOST_COURSES', 1],
      ['NAME', 3],
    ] as const) {
      const second = await upstream.get<RestPage<RestAuthor>>('/api/author/GetListByPage', {
        catalogId,
        firstWord: letter,
        sortType,
        pageSize: 2,
        pageIndex: 2,
      });
      const response = await gateway.graphql(
        `query L($c: Int!, $w: String, $after: String) { authors(catalogueId: $c, firstWord: $w, sort: ${sort}, first: 2, after: $after) { totalCount edges { node { authorId firstWord } } pageInfo { hasNextPage } } }`,
        // cursors are 0-based positions: after the 2nd lecturer is page 2 of 2
        { c: catalogId, w: letter, after: encodeCursor(1) },
      );
      expect(response.body.errors, sort).toBeUndefined();
      const connection = response.body.data.authors;
      expect(connection.totalCount, sort).toBe(second.totalCount);
      expect(second.dataList.length, sort).toBeGreaterThan(0);
      expect(ids(connection), sort).toEqual(second.dataList.map((a) => a.id));
      expect(
        connection.edges.every((e: { node: { firstWord: string } }) => e.node.firstWord === letter),
        sort,
      ).toBe(true);
      expect(connection.pageInfo.hasNextPage, sort).toBe(second.totalCount > 4);
    }

    // the 18-a-page list of one lecturer category walks it without gaps or repeats
    const category = roots[0]!.id;
    const inCategory = await upstream.get<RestPage<RestAuthor>>('/api/author/GetListByPage', {
      catalogId: category,
      pageSize: 100,
      pageIndex: 1,
    });
    expect(inCategory.totalCount).toBeGreaterThan(0);
    const walked: number[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 20; guard += 1) {
      const response: GraphQLResponse = await gateway.graphql(
        `query L($c: Int!, $after: String) { authors(catalogueId: $c, first: 18, after: $after) { totalCount edges { node { authorId } } pageInfo { hasNextPage endCursor } } }`,
        { c: category, after },
      );
      const connection = response.body.data.authors;
      expect(connection.edges.length).toBeLessThanOrEqual(18);
      walked.push(...ids(connection).map(Number));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(walked).toEqual(inCategory.dataList.map((a) => a.id));
  });

  it('pages a lecturer’s courses by 18 with catalogueId and order (AuthorDetail sortType)', async () => {
    const { dataList } = await upstream.get<RestPage<RestAuthor>>('/api/author/GetListByPage', {
      catalogId: 0,
      sortType: 1,
      pageSize: 1,
      pageIndex: 1,
    });
    const author = dataList[0]!;
    const first = await upstream.get<{ courseList: RestCourse[]; totalCount: number }>('/api/author/AuthorDetail', {
      id: author.id,
      catalogId: 0,
      sortType: 2,
      pageSize: 2,
      pageIndex: 1,
    });
    const catalogId = first.courseList[0]!.catalogId;
    const expected = await upstream.get<{ courseList: RestCourse[]; totalCount: number }>('/api/author/AuthorDetail', {
      id: author.id,
      catalogId,
      sortType: 2,
      pageSize: 1,
      pageIndex: 2,
    });
    const response = await gateway.graphql(
      `query A($id: Int!, $c: Int!, $after: String) { author(authorId: $id) { courseCount videoCount courses(catalogueId: $c, order: MOST_NOTES, first: 1, after: $after) { totalCount edges { node { courseId } } } } }`,
      // after the first course (cursors are 0-based positions): page 2 of size 1
      { id: author.id, c: catalogId, after: encodeCursor(0) },
    );
    expect(response.body.errors).toBeUndefined();
    const data = response.body.data.author;
    expect(data.courseCount).toBe(author.courseCount);
    expect(data.videoCount).toBe(author.videoCount);
    expect(data.courses.totalCount).toBe(expected.totalCount);
    expect(expected.courseList.length).toBe(1);
    expect(ids(data.courses)).toEqual(expected.courseList.map((c) => c.courseId));

    // the default page is 18 (§9), newest first
    const defaults = await upstream.get<{ courseList: RestCourse[]; totalCount: number }>('/api/author/AuthorDetail', {
      id: author.id,
      catalogId: 0,
      sortType: 0,
      pageSize: 18,
      pageIndex: 1,
    });
    const plain = await gateway.graphql(
      `query A($id: Int!) { author(authorId: $id) { courses { totalCount edges { node { courseId } } } } }`,
      { id: author.id },
    );
    expect(ids(plain.body.data.author.courses)).toEqual(defaults.courseList.map((c) => c.courseId));
  });

  it('pages the topic list by 12 by default', async () => {
    const expected = await upstream.get<RestPage<RestTopic>>('/api/special/GetSpecialListByPage', {
      comId: 0,
      pageSize: 12,
      pageIndex: 1,
    });
    const response = await gateway.graphql(
      '{ topics { totalCount edges { node { topicId courses { courseId } } } pageInfo { hasNextPage } } }',
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.topics.totalCount).toBe(expected.totalCount);
    expect(response.body.data.topics.edges.map((e: { node: { topicId: number } }) => e.node.topicId)).toEqual(
      expected.dataList.map((t) => t.id),
    );
    expect(response.body.data.topics.pageInfo.hasNextPage).toBe(expected.totalCount > 12);
  });
});

describe('upstream requests per operation', () => {
  it('a page of 20 courses with catalogue and lecturer makes at most 3 calls', async () => {
    const response = await gateway.graphql(`{
      courses(catalogueId: 0, first: 20) {
        edges { node { name authorName catalogueName author { name position } catalogue { name } catalogueTrail { name } } }
      }
    }`);
    expect(response.body.errors).toBeUndefined();
    const nodes = response.body.data.courses.edges.map((e: { node: unknown }) => e.node);
    expect(nodes).toHaveLength(20);
    for (const node of nodes) {
      expect(node.author.name).toBe(node.authorName);
      expect(node.catalogue.name).toBe(node.catalogueName);
      expect(node.catalogueTrail.at(-1).name).toBe(node.catalogueName);
    }
    expect(response.body.extensions?.upstreamRequests).toBeLessThanOrEqual(3);
  });

  it('sends identical calls once per operation', async () => {
    const response = await gateway.graphql(`{
      a: banners(limit: 5) { id }
      b: banners(limit: 5) { title }
      s: subjects { name }
      c: catalogue(catalogueId: 1) { name }
      d: catalogue(catalogueId: 2) { name }
    }`);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.extensions?.upstreamRequests).toBe(2);
  });
});

describe('single objects and node(id)', () => {
  it('reads a course with its videos and related courses', async () => {
    const [course] = (
      await upstream.get<RestPage<RestCourse>>('/api/courses/GetListByCatalogId', {
        catalogId: 0,
        pageSize: 1,
        pageIndex: 1,
      })
    ).dataList;
    const play = await upstream.get<{ videoList: { videoId: number; videoName: string; videoKeyframes: unknown[] }[] }>(
      '/api/play/GetPlayPageData',
      { courseId: course!.courseId },
    );
    const related = await upstream.get<RestPage<RestCourse>>('/api/courses/GetRelevantList', {
      courseId: course!.courseId,
      catalogId: course!.catalogId,
      pageIndex: 1,
      pageSize: 10,
    });
    const response = await gateway.graphql(
      `query C($id: Int!) {
      course(courseId: $id) {
        id courseId name info likeCount noteCount collectCount publishTime updateTime
        videos { id videoId courseId name properTitle code numberShow duration abstract keyframes { timePoint keyPoints keyPointsShow description } course { courseId } }
        relatedCourses { totalCount edges { node { courseId } } }
      }
    }`,
      { id: course!.courseId },
    );
    expect(response.body.errors).toBeUndefined();
    const data = response.body.data.course;
    expect(data).toMatchObject({
      courseId: course!.courseId,
      name: course!.courseName,
      likeCount: course!.startCount,
      noteCount: course!.noteCount,
    });
    expect(data.videos.map((v: { videoId: number }) => v.videoId)).toEqual(play.videoList.map((v) => v.videoId));
    expect(data.videos[0].id).toBe(globalId('Video', `${course!.courseId}:${play.videoList[0]!.videoId}`));
    expect(data.videos[0].keyframes.length).toBe(play.videoList[0]!.videoKeyframes.length);
    expect(data.videos[0].course.courseId).toBe(course!.courseId);
    expect(data.relatedCourses.edges.map((e: { node: { courseId: number } }) => e.node.courseId)).toEqual(
      related.dataList.map((c) => c.courseId),
    );
  });

  it('answers null for unknown ids', async () => {
    const response = await gateway.graphql(
      `{ course(courseId: 999999) { name } author(authorId: 999999) { name } topic(topicId: 999999) { title } catalogue(catalogueId: 999999) { name } }`,
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data).toEqual({ course: null, author: null, topic: null, catalogue: null });
  });

  it('round-trips node(id) for every Node type', async () => {
    const listed = await gateway.graphql(`{
      subjects { id name children { id } }
      authorCatalogues { id name }
      banners { id title }
      recommendedAuthors { id name }
      topics(first: 1) { edges { node { id title } } }
      recommendedCourses(first: 1) { edges { node { id name videos { id name } } } }
    }`);
    expect(listed.body.errors).toBeUndefined();
    const d = listed.body.data;
    const course = d.recommendedCourses.edges[0].node;
    const topic = d.topics.edges[0].node;
    const cases: [string, string, string][] = [
      [course.id, 'Course', course.name],
      [course.videos[0].id, 'Video', course.videos[0].name],
      [d.recommendedAuthors[0].id, 'Author', d.recommendedAuthors[0].name],
      [topic.id, 'Topic', topic.title],
      [d.subjects[0].id, 'Catalogue', d.subjects[0].name],
      [d.authorCatalogues[0].id, 'Catalogue', d.authorCatalogues[0].name],
      [d.banners[0].id, 'Banner', d.banners[0].title],
    ];
    expect(d.authorCatalogues[0].id).not.toBe(
      d.subjects.find((s: { name: string }) => s.name === d.authorCatalogues[0].name)?.id,
    );
    const fragments = `
      __typename id
      ... on Course { label: name }
      ... on Video { label: name }
      ... on Author { label: name }
      ... on Topic { label: title }
      ... on Catalogue { label: name }
      ... on Banner { label: title }`;
    for (const [id, type, label] of cases) {
      const response = await gateway.graphql(`query N($id: ID!) { node(id: $id) { ${fragments} } }`, { id });
      expect(response.body.errors, type).toBeUndefined();
      expect(response.body.data.node, type).toEqual({ __typename: type, id, label });
    }
    const many = await gateway.graphql(`query N($ids: [ID!]!) { nodes(ids: $ids) { ${fragments} } }`, {
      ids: [
        ...cases.map(([id]) => id),
        globalId('Course', 999999),
        globalId('Video', '1:999999'),
        'not-an-id',
        globalId('User', 1),
      ],
    });
    expect(many.body.errors).toBeUndefined();
    expect(many.body.data.nodes.map((n: { id: string } | null) => n?.id ?? null)).toEqual([
      ...cases.map(([id]) => id),
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads a lecturer with their courses in every order', async () => {
    const [author] = await upstream.get<RestAuthor[]>('/api/Recommend/GetRecommendAuthor', {
      startIndex: 0,
      endIndex: 1,
    });
    for (const [order, sortType] of [
      ['LATEST', 0],
      ['MOST_PLAYED', 1],
      ['MOST_NOTES', 2],
      ['MOST_FAVOURITED', 3],
    ] as const) {
      const detail = await upstream.get<{ courseList: RestCourse[]; totalCount: number }>('/api/author/AuthorDetail', {
        id: author!.id,
        catalogId: 0,
        sortType,
        pageSize: 18,
        pageIndex: 1,
      });
      const response = await gateway.graphql(
        `query A($id: Int!) { author(authorId: $id) { authorId name intro firstWord courses(order: ${order}) { totalCount edges { node { courseId } } } } }`,
        { id: author!.id },
      );
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.author).toMatchObject({
        authorId: author!.id,
        name: author!.name,
        intro: author!.authorInfo,
        firstWord: author!.firstWord,
      });
      expect(response.body.data.author.courses.totalCount).toBe(detail.totalCount);
      expect(
        response.body.data.author.courses.edges.map((e: { node: { courseId: number } }) => e.node.courseId),
        order,
      ).toEqual(detail.courseList.map((c) => c.courseId));
    }
  });

  it('reads a topic with all its courses and related topics', async () => {
    const { dataList } = await upstream.get<RestPage<RestTopic>>('/api/special/GetSpecialListByPage', {
      comId: 0,
      pageSize: 1,
      pageIndex: 1,
    });
    const detail = await upstream.get<RestTopic>('/api/special/GetSpecialDetails', { comId: 0, id: dataList[0]!.id });
    const related = await upstream.get<RestTopic[]>('/api/special/GetRelatedSpecialList', {
      comId: 0,
      id: dataList[0]!.id,
      limit: 6,
    });
    const response = await gateway.graphql(
      `query T($id: Int!) { topic(topicId: $id) { title courseCount courses { courseId } moreTopics { topicId } } }`,
      { id: detail.id },
    );
    expect(response.body.data.topic.courses.map((c: { courseId: number }) => c.courseId)).toEqual(
      detail.courseList.map((c) => c.courseId),
    );
    expect(response.body.data.topic.moreTopics.map((t: { topicId: number }) => t.topicId)).toEqual(
      related.map((t) => t.id),
    );
  });

  it('answers the site, the viewer, statistics and lecturer categories', async () => {
    const thisYear = await upstream.get<RestResourceCount>('/api/courses/GetResourceStatistics', {
      catalogId: 0,
      year: 2026,
    });
    const response = await gateway.graphql(`{
      site { title description productId comId comCode loginUrl currentYear }
      viewer { userType isLoggedIn isIP name }
      all: statistics { courseCount videoCount }
      thisYear: statistics(year: 2026) { courseCount videoCount }
      authorCatalogues { name level resourceCount children { name level } }
    }`);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.site).toEqual({
      title: '思政云课堂',
      description: '在线报告厅',
      productId: 1,
      comId: 0,
      comCode: '',
      // the request's host name, LOGIN_URL's port (the default 5200), /login
      loginUrl: 'http://127.0.0.1:5200/login',
      currentYear: new Date(Date.now() + 8 * 3600_000).getUTCFullYear(),
    });
    expect(response.body.data.viewer).toEqual({ userType: -1, isLoggedIn: false, isIP: true, name: null });
    expect(response.body.data.thisYear).toEqual(thisYear);
    expect(response.body.data.all.courseCount).toBeGreaterThanOrEqual(thisYear.courseCount);
    expect(response.body.data.authorCatalogues.length).toBeGreaterThan(0);
    expect(response.body.data.authorCatalogues[0].level).toBe(1);
  });
});

describe('bad arguments', () => {
  const cases: [string, string][] = [
    ['{ courses(catalogueId: 0, first: 0) { totalCount } }', 'first'],
    ['{ courses(catalogueId: 0, first: 101) { totalCount } }', 'first'],
    ['{ recommendedCourses(first: 500) { totalCount } }', 'first'],
    ['{ courses(catalogueId: 0, after: "bm9wZQ==") { totalCount } }', 'after'],
    ['{ courses(catalogueId: -3) { totalCount } }', 'catalogueId'],
    ['{ courses(catalogueId: 0, year: 1999) { totalCount } }', 'year'],
    ['{ banners(limit: 0) { id } }', 'limit'],
    ['{ recommendedAuthors(size: 0) { id } }', 'size'],
    ['{ recommendedAuthors(batch: -1) { id } }', 'batch'],
    ['{ authors(firstWord: "中") { totalCount } }', 'firstWord'],
  ];

  it.each(cases)('%s → BAD_USER_INPUT naming %s, in Chinese', async (query, argument) => {
    const response = await gateway.graphql(query);
    expect(response.body.errors).toHaveLength(1);
    const [error] = response.body.errors!;
    expect(error!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument });
    expect(error!.message).toMatch(/[\u4e00-\u9fff]/);
    expect(response.body.extensions?.upstreamRequests ?? 0).toBe(0);
  });

  it('answers an unknown catalogue with an empty listing and zero counts, so the page keeps its data', async () => {
    // the whole /home?scId=999999 query: catalogue null, listing empty, counts zero, no error
    const response = await gateway.graphql(`{
      catalogue(catalogueId: 999999) { name }
      courses(catalogueId: 999999) { totalCount edges { cursor } pageInfo { hasNextPage endCursor } }
      thisYear: courses(catalogueId: 999999, year: 2026, first: 20, after: "Y3Vyc29yOjE5") { totalCount }
      resourceCount(catalogueId: 999999) { courseCount videoCount }
      yearCount: resourceCount(catalogueId: 999999, year: 2026) { courseCount videoCount }
      subjects { catalogueId }
    }`);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data).toMatchObject({
      catalogue: null,
      courses: { totalCount: 0, edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
      thisYear: { totalCount: 0 },
      resourceCount: { courseCount: 0, videoCount: 0 },
      yearCount: { courseCount: 0, videoCount: 0 },
    });
    expect(response.body.data.subjects.length).toBeGreaterThan(0);
  });
});
