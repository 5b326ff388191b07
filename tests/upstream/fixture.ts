/**
 * A small hand-written DemoContent whose every expected answer can be worked out by hand
 * (the expectations in the tests are written out, not computed by the server's code).
 * Year boundaries are in China Standard Time (UTC+8): course 5 was updated at
 * 2025-01-01 01:00 +08:00 (still 2024 in UTC), course 6 at 2024-12-31 23:00 +08:00.
 */
import type { DemoContent, DemoCourse, DemoVideo } from '../../upstream/src/demo/types';

type CourseRow = [
  id: number,
  catalogueId: number,
  lecturerId: number,
  name: string,
  view: number,
  collect: number,
  like: number,
  note: number,
  publish: string,
  update: string,
  recommended: number | null,
  selected: number | null,
  videos: number,
];

const COURSES: CourseRow[] = [
  [1, 100, 1, '唯物辩证法的基本规律', 500, 40, 30, 20, '2023-03-01T02:00:00.000Z', '2025-05-01T02:00:00.000Z', 1, 2, 3],
  [2, 100, 2, '矛盾分析方法', 900, 10, 5, 60, '2022-01-01T02:00:00.000Z', '2024-06-01T02:00:00.000Z', 2, null, 2],
  [3, 101, 2, '社会存在与社会意识', 300, 90, 20, 10, '2023-01-01T02:00:00.000Z', '2025-01-10T02:00:00.000Z', 3, 1, 4],
  [
    4,
    110,
    5,
    '新民主主义革命的道路',
    700,
    20,
    50,
    5,
    '2021-05-01T02:00:00.000Z',
    '2023-08-01T02:00:00.000Z',
    null,
    3,
    2,
  ],
  [5, 12, 1, '思想道德与法治导论', 100, 5, 1, 1, '2024-12-01T00:00:00.000Z', '2024-12-31T17:00:00.000Z', 4, null, 1],
  [6, 12, 5, '法治思维', 100, 5, 1, 1, '2024-11-01T00:00:00.000Z', '2024-12-31T15:00:00.000Z', null, null, 0],
  [7, 20, 4, '先秦诸子思想', 1200, 70, 80, 90, '2022-02-02T02:00:00.000Z', '2025-03-03T02:00:00.000Z', 5, null, 3],
  [8, 210, 6, '柏拉图的理想国', 50, 2, 3, 4, '2023-09-09T02:00:00.000Z', '2024-02-02T02:00:00.000Z', null, null, 2],
  [9, 300, 3, '资本论导读', 900, 15, 15, 15, '2020-01-01T02:00:00.000Z', '2025-04-04T02:00:00.000Z', 6, null, 2],
  [10, 100, 1, '否定之否定', 20, 1, 1, 1, '2025-02-01T02:00:00.000Z', '2025-02-01T02:00:00.000Z', null, null, 1],
];

const DAY_MS = 86_400_000;
/** keyframe times: 0 s, 5:12 and past an hour */
const KEYFRAME_TIMES = [0, 312, 3725];

/** a small PNG-like binary file with a known byte pattern, for Range requests */
export const BINARY_FILE = 'clips/sample.bin';
export const BINARY_BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);

function videosOf(row: CourseRow): DemoVideo[] {
  const [courseId, , , name, , , , , , update, , , count] = row;
  return Array.from({ length: count }, (_, index) => {
    const sort = index + 1;
    const id = courseId * 10 + sort;
    return {
      id,
      courseId,
      sort,
      name: `${name}（${sort}）`,
      properTitle: `${name}第${sort}讲`,
      code: `V${String(id).padStart(6, '0')}`,
      abstract: `本讲介绍${name}的第${sort}部分内容。`,
      durationSeconds: 3800 + sort,
      // the last episode is published at the course's update time, earlier ones 40 days apart
      publishTime: new Date(Date.parse(update) - (count - sort) * 40 * DAY_MS).toISOString(),
      keyframes: KEYFRAME_TIMES.map((timePoint, k) => ({
        timePoint,
        keyPoints: `要点${k + 1}`,
        description: `${name}的第${k + 1}个要点。`,
      })),
      transcript: timed(['同学们好。', `今天我们学习${name}。`, '请大家认真思考。', '下课。'], 3800 + sort),
      image: `videos/${id}.svg`,
    };
  });
}

/** Passages timed in proportion to their length over the video (as the demo generator does). */
export function timed(sentences: string[], durationSeconds: number) {
  const total = sentences.reduce((n, s) => n + [...s].length, 0);
  let before = 0;
  return sentences.map((text) => {
    const startMs = Math.floor((before * durationSeconds * 1000) / total);
    before += [...text].length;
    return { text, startMs, endMs: Math.floor((before * durationSeconds * 1000) / total) };
  });
}

const svg = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><text x="10" y="90">${label}</text></svg>`;

export function fixtureContent(): DemoContent {
  const courses: DemoCourse[] = COURSES.map(
    ([
      id,
      catalogueId,
      lecturerId,
      name,
      viewCount,
      collectCount,
      likeCount,
      noteCount,
      publishTime,
      updateTime,
      recommended,
      selected,
    ]) => ({
      id,
      catalogueId,
      lecturerId,
      name,
      info: `${name}是一门课程。它讲述基本原理。`,
      exclusive: id % 2 === 0,
      viewCount,
      collectCount,
      likeCount,
      noteCount,
      publishTime,
      updateTime,
      recommended,
      selected,
      // course 1's poster has a space and Chinese in its name: URLs must encode it
      image: id === 1 ? 'posters/课程 1.svg' : `posters/course-${id}.svg`,
    }),
  );
  const videos = COURSES.flatMap(videosOf);

  const content: DemoContent = {
    catalogues: [
      { id: 1, parentId: 0, level: 1, name: '思政', sort: 1 },
      { id: 2, parentId: 0, level: 1, name: '哲学', sort: 2 },
      { id: 3, parentId: 0, level: 1, name: '经济学', sort: 3 },
      { id: 10, parentId: 1, level: 2, name: '马克思主义基本原理', sort: 1 },
      { id: 11, parentId: 1, level: 2, name: '中国近现代史纲要', sort: 2 },
      { id: 12, parentId: 1, level: 2, name: '思想道德与法治', sort: 3 },
      { id: 100, parentId: 10, level: 3, name: '唯物辩证法', sort: 1 },
      { id: 101, parentId: 10, level: 3, name: '唯物史观', sort: 2 },
      { id: 110, parentId: 11, level: 3, name: '新民主主义革命', sort: 1 },
      // sort puts 西方哲学 (id 21) before 中国哲学 (id 20): ordering is by sort, not id
      { id: 20, parentId: 2, level: 2, name: '中国哲学', sort: 2 },
      { id: 21, parentId: 2, level: 2, name: '西方哲学', sort: 1 },
      { id: 210, parentId: 21, level: 3, name: '古希腊哲学', sort: 1 },
      { id: 30, parentId: 3, level: 2, name: '理论经济学', sort: 1 },
      { id: 300, parentId: 30, level: 3, name: '政治经济学', sort: 1 },
    ],
    lecturers: [
      lecturer(1, '曾国华', 1, true, 1, '<p>曾国华，<strong>教授</strong>。</p>'),
      lecturer(
        2,
        '王立新',
        10,
        true,
        2,
        '<p onclick="steal()">王立新，<em>研究员</em></p><script>alert(1)</script><a href="javascript:alert(1)">链接</a>',
      ),
      lecturer(3, '李晓明', 2, true, 3, '<p>李晓明，副教授。</p>'),
      lecturer(4, '单田芳', 20, false, 4, '<p>单田芳。</p>'),
      lecturer(5, '张伟', 11, false, 5, '<p>张伟。</p>'),
      lecturer(6, '欧阳明', 21, false, 6, '<p>欧阳明。</p>'),
    ],
    courses,
    videos,
    topics: [
      topic(1, '马克思主义哲学专题', [1, 2, 3, 10, 7], 2, '2025-01-01T00:00:00.000Z'),
      topic(2, '党史学习专题', [4, 5, 6, 1], 1, '2024-06-01T00:00:00.000Z'),
      topic(3, '哲学经典导读', [7, 8, 9, 2], 3, '2025-03-01T00:00:00.000Z'),
      topic(4, '经济学入门', [9], 4, '2023-01-01T00:00:00.000Z'),
    ],
    banners: [
      { id: 1, title: '唯物辩证法', imageUrl: 'banners/1.svg', gotoUrl: '/Play?courseId=1&catalogId=100', sort: 2 },
      { id: 2, title: '手机端活动', imageUrl: 'banners/2.svg', gotoUrl: '/m/activity/2025', sort: 1 },
      { id: 3, title: '先秦诸子', imageUrl: 'banners/3.svg', gotoUrl: '/Play?courseId=7&catalogId=20', sort: 3 },
    ],
    images: [],
  };
  const imagePaths = [
    ...courses.map((c) => c.image),
    ...videos.map((v) => v.image),
    ...content.lecturers.map((l) => l.image),
    ...content.topics.map((t) => t.image),
    ...content.banners.map((b) => b.imageUrl),
  ];
  content.images = [
    ...imagePaths.map((path) => ({ path, contentType: 'image/svg+xml', body: svg(path) })),
    { path: BINARY_FILE, contentType: 'application/octet-stream', body: BINARY_BYTES },
  ];
  return content;
}

function lecturer(
  id: number,
  name: string,
  catalogueId: number,
  recommended: boolean,
  sort: number,
  introHtml: string,
) {
  return {
    id,
    name,
    position: `${name}所在学院教授`,
    school: '示范大学',
    introHtml,
    catalogueId,
    recommended,
    sort,
    image: `avatars/${id}.svg`,
  };
}

function topic(id: number, title: string, courseIds: number[], sort: number, publishTime: string) {
  return { id, title, info: `${title}的介绍。`, courseIds, sort, publishTime, image: `topics/${id}.svg` };
}

/** The calendar year (UTC+8) of an ISO time: written here independently of the server's code. */
export function yearInChina(iso: string): number {
  return new Date(Date.parse(iso) + 8 * 3600 * 1000).getUTCFullYear();
}
