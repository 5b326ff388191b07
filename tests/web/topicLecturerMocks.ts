/** Mock gateway data for /special, /special/des, /author and /authorDes (see appHarness). */
import type { MockResolvers } from 'relay-test-utils';
import { mockConnection, mockCourse } from './mockData';

let seq = 0;

export function mockTopic(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    __typename: 'Topic',
    id: `topic-${seq}`,
    topicId: 500 + seq,
    title: `专题${seq}`,
    info: `专题${seq}的介绍`,
    image: `/media/topics/${seq}.jpg`,
    courseCount: 4,
    publishTime: '2026-01-01',
    ...overrides,
  };
}

export function mockAuthor(name: string, firstWord: string, overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    __typename: 'Author',
    id: `author-${seq}`,
    authorId: 900 + seq,
    name,
    position: '教授',
    image: `/media/authors/${seq}.jpg`,
    intro: '<p>简介</p>',
    courseCount: 3,
    videoCount: 12,
    firstWord,
    ...overrides,
  };
}

interface Args {
  readonly after?: string | null;
  readonly first?: number | null;
  readonly firstWord?: string | null;
  readonly catalogueId?: number | null;
  readonly sort?: string | null;
  readonly order?: string | null;
}

export const argsOf = (context: unknown): Args => (context as { args?: Args | null }).args ?? {};

/** A connection page: `items[offset .. offset+size)`, the cursor being the position. */
export function page<T>(items: readonly T[], args: Args, size: number) {
  const offset = args.after ? Number(args.after) : 0;
  const slice = items.slice(offset, offset + (args.first ?? size));
  const end = offset + slice.length;
  return {
    edges: slice.map((node, i) => ({ cursor: String(offset + i + 1), node })),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: offset > 0,
      startCursor: slice.length ? String(offset + 1) : null,
      endCursor: slice.length ? String(end) : null,
    },
    totalCount: items.length,
  };
}

/** 15 topics (12 + 3), 20 lecturers of which 3 under Z, a lecturer with 20 courses. */
export function topicLecturerData() {
  const topics = Array.from({ length: 15 }, (_, i) => mockTopic({ title: `推荐专题${i + 1}` }));
  const zAuthors = [mockAuthor('曾国华', 'Z'), mockAuthor('张明', 'Z'), mockAuthor('赵丽', 'Z')];
  const others = Array.from({ length: 17 }, (_, i) => mockAuthor(`李老师${i + 1}`, 'L'));
  const authors = [...others.slice(0, 5), ...zAuthors, ...others.slice(5)];
  const authorCourses = Array.from({ length: 20 }, (_, i) => mockCourse({ name: `讲师课程${i + 1}` }));
  const detailTopic = {
    ...mockTopic({ topicId: 5, title: '党的二十大精神', info: '学习贯彻党的二十大精神', courseCount: 2 }),
    courses: [mockCourse({ name: '专题课程甲' }), mockCourse({ name: '专题课程乙' })],
    moreTopics: Array.from({ length: 6 }, (_, i) => mockTopic({ title: `更多专题${i + 1}` })),
  };
  const catalogues = [
    {
      id: 'ac1',
      catalogueId: 1,
      name: '马克思主义理论',
      children: [{ id: 'ac11', catalogueId: 11, name: '马克思主义基本原理', children: [] }],
    },
    { id: 'ac2', catalogueId: 2, name: '中国近现代史', children: [] },
  ];
  return { topics, authors, zAuthors, authorCourses, detailTopic, catalogues };
}

export type TopicLecturerData = ReturnType<typeof topicLecturerData>;

export function topicLecturerResolvers(data: TopicLecturerData, extra: MockResolvers = {}): MockResolvers {
  return {
    Viewer: () => ({ userType: -1, isLoggedIn: false, isIP: true, name: null, comName: '示范大学图书馆' }),
    Query: () => ({
      subjects: [],
      banners: [],
      selectedCourses: [],
      recommendedAuthors: [],
      featuredTopics: [],
      recommendedCourses: mockConnection([], false),
      statistics: { courseCount: 10, videoCount: 90 },
      authorCatalogues: data.catalogues,
      topic: data.detailTopic,
      author: data.authors[5],
    }),
    TopicConnection: (context) => page(data.topics, argsOf(context), 12),
    AuthorConnection: (context) => {
      const args = argsOf(context);
      let list = data.authors.filter((a) => !args.firstWord || a.firstWord === args.firstWord);
      if (args.sort === 'NAME') list = [...list].reverse();
      return page(list, args, 18);
    },
    CourseConnection: (context) => page(data.authorCourses, argsOf(context), 18),
    RecordVisitPayload: () => ({ logId: '1', errors: [] }),
    ...extra,
  };
}
