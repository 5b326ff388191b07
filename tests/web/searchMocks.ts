/** Records of the search page as the gateway answers them (schema.graphql), for MockPayloadGenerator resolvers. */
import type { MockResolvers } from 'relay-test-utils';
import { mockCatalogue } from './appHarness';
import { ANONYMOUS } from './centerMocks';
import { mockConnection, mockCourse } from './mockData';

/** TextSegments from a string whose hits are in brackets: `学习[党史]` → 学习 + hit 党史. */
export function marked(text: string): Array<{ text: string; hit: boolean }> {
  return text
    .split(/(\[[^\]]*\])/)
    .filter(Boolean)
    .map((part) => (part.startsWith('[') ? { text: part.slice(1, -1), hit: true } : { text: part, hit: false }));
}

const plain = (text: string) => text.replace(/[[\]]/g, '');

let seq = 0;
const next = () => (seq += 1);

export function mockCourseHit(name: string, overrides: Record<string, unknown> = {}) {
  return {
    course: mockCourse({ name: plain(name), authorPosition: '教授' }),
    name: marked(name),
    info: marked('课程介绍里讲到[党史]的一段'),
    authorName: marked('李老师'),
    ...overrides,
  };
}

export function mockKnowledgePoint(overrides: Record<string, unknown> = {}) {
  const n = next();
  return {
    __typename: 'KnowledgePoint',
    id: `k-${900 + n}-1`,
    kind: 'KEYFRAME',
    timePoint: 312,
    timePointShow: '05:12',
    keyPoints: marked(`[党史]要点${n}`),
    text: marked(`这一段讲述[党史]学习的意义${n}`),
    videoId: 900 + n,
    videoName: marked(`第${n}讲 [党史]概述`),
    videoImage: `/media/videos/${n}.jpg`,
    courseId: 101,
    catalogueId: 7,
    courseName: '中国共产党历史',
    authorName: '王老师',
    playPath: `/Play?courseId=101&catalogId=7&videoId=${900 + n}&vtime=312`,
    ...overrides,
  };
}

export function mockTopicHit(title: string) {
  const n = next();
  return {
    topic: {
      __typename: 'Topic',
      id: `VG9waWM6${n}`,
      topicId: 300 + n,
      title: plain(title),
      info: '专题介绍',
      image: `/media/topics/${n}.jpg`,
      courseCount: 6,
    },
    title: marked(title),
    info: marked('围绕[党史]的专题'),
  };
}

export function mockAuthorHit(name: string) {
  const n = next();
  return {
    author: {
      __typename: 'Author',
      id: `QXV0aG9yOj${n}`,
      authorId: 600 + n,
      name: plain(name),
      position: '北京大学教授',
      image: `/media/authors/${n}.jpg`,
      courseCount: 4,
    },
    name: marked(name),
    position: marked('北京大学教授'),
  };
}

export const SUBJECTS = [
  mockCatalogue(1, 1, '思想政治理论', {
    children: [mockCatalogue(5, 2, '党史学习'), mockCatalogue(6, 2, '形势与政策')],
  }),
  mockCatalogue(2, 1, '哲学', { children: [mockCatalogue(8, 2, '马克思主义哲学')] }),
];

export const SUGGESTIONS = [
  { catalogueId: 1, level: 1, parentId: 0, name: marked('思想政治理论'), catalogue: { id: 'catalogue-1' } },
  { catalogueId: 5, level: 2, parentId: 1, name: marked('[党史]学习'), catalogue: { id: 'catalogue-5' } },
  { catalogueId: 51, level: 3, parentId: 5, name: marked('[党史]专题研究'), catalogue: { id: 'catalogue-51' } },
  // no longer in the tree: left out
  { catalogueId: 77, level: 2, parentId: 1, name: marked('[党史]旧分类'), catalogue: null },
];

export const HOT_KEYWORDS = [
  '中国梦',
  '共同富裕',
  '党史',
  '新时代',
  '马克思主义',
  '改革开放',
  '乡村振兴',
  '生态文明',
].map((keyword, i) => ({ keyword, searchCount: 100 - i }));

export const PANEL_TOPICS = [
  { id: 'VG9waWM6OTk5', topicId: 999, title: '伟大建党精神', image: '/media/topics/999.jpg', courseCount: 8 },
  { id: 'VG9waWM6OTk4', topicId: 998, title: '百年党史', image: '/media/topics/998.jpg', courseCount: 5 },
];

export interface SearchMockData {
  counts: { courseCount: number; knowledgePointCount: number; topicCount: number; authorCount: number };
  courses: ReturnType<typeof mockCourseHit>[];
  knowledgePoints: ReturnType<typeof mockKnowledgePoint>[];
  topics: ReturnType<typeof mockTopicHit>[];
  authors: ReturnType<typeof mockAuthorHit>[];
  suggestions: typeof SUGGESTIONS;
}

export function searchData(overrides: Partial<SearchMockData> = {}): SearchMockData {
  return {
    counts: { courseCount: 30, knowledgePointCount: 12, topicCount: 3, authorCount: 2 },
    courses: [mockCourseHit('[党史]学习教育'), mockCourseHit('中国共产[党史]')],
    knowledgePoints: [mockKnowledgePoint(), mockKnowledgePoint({ kind: 'TRANSCRIPT', keyPoints: [] })],
    topics: [mockTopicHit('[党史]专题')],
    authors: [mockAuthorHit('[党]史学家')],
    suggestions: SUGGESTIONS,
    ...overrides,
  };
}

/** Shell + search answers; `extra` adds or replaces type resolvers (e.g. a connection that pages). */
export function searchResolvers(data: SearchMockData = searchData(), extra: MockResolvers = {}): MockResolvers {
  return {
    Site: () => ({ loginUrl: 'http://login.example.edu.cn/login', currentYear: 2026, title: '思政云课堂' }),
    Viewer: () => ANONYMOUS,
    Query: () => ({
      subjects: SUBJECTS,
      statistics: { courseCount: 10, videoCount: 90 },
      banners: [],
      selectedCourses: [],
      recommendedAuthors: [],
      featuredTopics: PANEL_TOPICS,
      topics: mockConnection([], false),
      recommendedCourses: mockConnection([mockCourse({ name: '推荐课程一' })], false),
      hotKeywords: HOT_KEYWORDS,
      catalogueSuggestions: data.suggestions,
      search: {
        keyword: '党史',
        catalogueId: 0,
        counts: data.counts,
        overview: {
          courses: data.courses,
          courseCount: data.counts.courseCount,
          knowledgePoints: data.knowledgePoints,
          knowledgePointCount: data.counts.knowledgePointCount,
          topics: data.topics,
          topicCount: data.counts.topicCount,
          authors: data.authors,
          authorCount: data.counts.authorCount,
        },
        courses: mockConnection(data.courses, false),
        knowledgePoints: mockConnection(data.knowledgePoints, false),
        topics: mockConnection(data.topics, false),
        authors: mockConnection(data.authors, false),
      },
    }),
    RecordVisitPayload: () => ({ logId: '1', errors: [] }),
    ...extra,
  };
}
