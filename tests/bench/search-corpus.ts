/**
 * A large search corpus for the search benchmark: by default 100 000 courses and
 * 1 000 000 knowledge points (keyframes + transcript passages), plus lecturers and topics.
 *
 * The text is written by the demo generator's own phrase banks and lecture templates
 * (upstream/src/demo), so words are distributed as they are in the demo content: a subject's
 * concept terms are spread over its courses, template words (我们, 理解, 本讲) occur almost
 * everywhere, lecturer names are rare. Course names are the banks' names with qualifiers, so
 * there are many courses per name, as in a real catalogue. Deterministic: a fixed seed.
 *
 * The content is written through the demo seeder (seedDemoContent) into a fresh store, exactly
 * as the demo is; the search index is then built by the engine (timed by the benchmark).
 */
import { createRng, type Rng } from '../../upstream/src/demo/random';
import { buildCatalogue, type Leaf } from '../../upstream/src/demo/catalogue';
import { episodeContent, type EpisodePlan } from '../../upstream/src/demo/videos';
import { COURSE_AUDIENCES, COURSE_OPENERS } from '../../upstream/src/demo/text/lecture';
import { LECTURERS } from '../../upstream/src/demo/text/people';
import { SCENES } from '../../upstream/src/demo/text/scenes';
import { SUBJECTS } from '../../upstream/src/demo/text/subjects';
import { TOPICS } from '../../upstream/src/demo/text/topics';
import type { DemoContent, DemoCourse, DemoLecturer, DemoTopic, DemoVideo } from '../../upstream/src/demo/types';

export interface CorpusSize {
  courses: number;
  knowledgePoints: number;
  lecturers: number;
  topics: number;
}

export const FULL_CORPUS: CorpusSize = {
  courses: 100_000,
  knowledgePoints: 1_000_000,
  lecturers: 5_000,
  topics: 1_000,
};

export interface Corpus {
  content: DemoContent;
  knowledgePoints: number;
  /** query material drawn from the corpus: terms, lecturer names, transcript phrases */
  vocabulary: { terms: string[]; lecturerNames: string[]; phrases: string[]; courseWords: string[] };
}

// Surnames (曾 Z, 单 S, 仇 Q, 欧阳…) and given-name characters for thousands of distinct lecturers.
const SURNAMES = [...new Set(LECTURERS.map((l) => l.surname))].concat([
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
  '何',
  '郭',
  '马',
  '罗',
]);
const GIVEN =
  '国华晓宁立新明远静怡志刚群伟芳敏军洋勇艳杰娟涛超秀霞平刚桂英文辉建玲丽强磊红斌鹏飞宇航思源若晨嘉懿子涵博文雅琪浩然雨欣梓轩'.split(
    '',
  );
const TITLES = ['教授、博士生导师', '教授', '副教授', '讲师', '研究员', '副研究员'];
const COLLEGES = [
  '马克思主义学院',
  '哲学学院',
  '经济学院',
  '法学院',
  '文学院',
  '历史学院',
  '教育学院',
  '管理学院',
  '理学院',
  '医学院',
];
const SCHOOLS = [...new Set(LECTURERS.map((l) => l.school))];
const QUALIFIERS = [
  '',
  '',
  '',
  '导论',
  '精讲',
  '专题研究',
  '（上）',
  '（下）',
  '案例教学',
  '前沿问题',
  '经典导读',
  '十讲',
];

function lecturerName(rng: Rng, used: Set<string>): string {
  for (;;) {
    const given = rng.chance(0.6) ? rng.pick(GIVEN) + rng.pick(GIVEN) : rng.pick(GIVEN);
    const name = rng.pick(SURNAMES) + given;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Builds the corpus in memory (about 1 GB of strings for the full size). */
export function generateCorpus(size: CorpusSize = FULL_CORPUS, now = Date.UTC(2026, 10, 1)): Corpus {
  const rng = createRng('search-bench');
  const tree = buildCatalogue(SUBJECTS);
  const leavesBySubject = new Map<number, Leaf[]>();
  for (const leaf of tree.leaves)
    leavesBySubject.set(leaf.subjectId, [...(leavesBySubject.get(leaf.subjectId) ?? []), leaf]);

  // lecturers, each belonging to a subject (and most to one of its categories)
  const usedNames = new Set<string>();
  const lecturers: DemoLecturer[] = [];
  const lecturersBySubject = new Map<number, number[]>();
  for (let id = 1; id <= size.lecturers; id++) {
    const leaf = rng.pick(tree.leaves);
    const name = lecturerName(rng, usedNames);
    const school = rng.pick(SCHOOLS);
    const position = `${school}${rng.pick(COLLEGES)}${rng.pick(TITLES)}`;
    lecturers.push({
      id,
      name,
      position,
      school,
      introHtml: `<p><strong>${name}</strong>，${position}，长期从事${leaf.bank.name}的教学与研究。</p>`,
      catalogueId: rng.chance(0.7) ? leaf.categoryId : leaf.subjectId,
      recommended: false,
      sort: 100 + id,
      image: `avatars/lecturer-${id}.svg`,
    });
    lecturersBySubject.set(leaf.subjectId, [...(lecturersBySubject.get(leaf.subjectId) ?? []), id]);
  }

  const courses: DemoCourse[] = [];
  const videos: DemoVideo[] = [];
  let knowledgePoints = 0;
  const span = 3 * 365 * 86_400_000;
  const addVideo = (course: DemoCourse, leaf: Leaf, sort: number) => {
    const concept = rng.pick(leaf.bank.concepts);
    const episodes: EpisodePlan[] = [{ kind: 'concept', concept }];
    const ctx = {
      course: course.name,
      leaf: leaf.bank.name,
      leafConcepts: leaf.bank.concepts,
      scene: SCENES[leaf.bank.name] ?? '',
      episodes,
    };
    const content = episodeContent(ctx, 0, rng);
    const id = videos.length + 1;
    videos.push({
      id,
      courseId: course.id,
      code: `B${String(id).padStart(8, '0')}`,
      publishTime: course.updateTime,
      image: `videos/video-${id}.svg`,
      ...content,
      sort,
    });
    knowledgePoints += content.keyframes.length + content.transcript.length;
  };

  const leafOf = new Map<number, Leaf>();
  for (let id = 1; id <= size.courses; id++) {
    const leaf = rng.pick(tree.leaves);
    const pool = lecturersBySubject.get(leaf.subjectId) ?? [1];
    const lecturerId = rng.pick(pool);
    const lecturer = lecturers[lecturerId - 1]!;
    const name = `${rng.pick(leaf.bank.courses)}${rng.pick(QUALIFIERS)}`;
    const terms = rng.sample(leaf.bank.concepts, 3).map((c) => c[0]);
    const info = [
      rng.pick(COURSE_OPENERS)(leaf.bank.name, terms, rng.int(2, 6)),
      rng.pick(leaf.subject.aims),
      ...(rng.chance(0.7) ? [`主讲人${lecturer.name}现任${lecturer.position}。`] : []),
      ...(rng.chance(0.5) ? [rng.pick(COURSE_AUDIENCES)] : []),
    ].join('');
    const update = now - Math.floor(rng.next() * span);
    const viewCount = Math.floor(
      Math.exp(Math.log(200) + (Math.log(260_000) - Math.log(200)) * Math.pow(rng.next(), 1.4)),
    );
    const course: DemoCourse = {
      id,
      catalogueId: leaf.catalogueId,
      lecturerId,
      name,
      info,
      exclusive: rng.chance(0.2),
      viewCount,
      collectCount: Math.floor(viewCount * 0.03),
      likeCount: Math.floor(viewCount * 0.06),
      noteCount: Math.floor(viewCount * 0.01),
      publishTime: iso(update - rng.int(15, 420) * 86_400_000),
      updateTime: iso(update),
      recommended: null,
      selected: null,
      image: `posters/course-${id}.svg`,
    };
    courses.push(course);
    leafOf.set(id, leaf);
    addVideo(course, leaf, 1);
  }
  // more episodes for random courses until the knowledge points reach the target
  const episodesOf = new Map<number, number>();
  while (knowledgePoints < size.knowledgePoints) {
    const course = courses[rng.int(0, courses.length - 1)]!;
    const sort = (episodesOf.get(course.id) ?? 1) + 1;
    episodesOf.set(course.id, sort);
    addVideo(course, leafOf.get(course.id)!, sort);
  }

  const topics: DemoTopic[] = [];
  for (let id = 1; id <= size.topics; id++) {
    const base = TOPICS[(id - 1) % TOPICS.length]!;
    const courseIds = new Set<number>();
    const want = rng.int(4, 12);
    while (courseIds.size < want) courseIds.add(rng.int(1, courses.length));
    topics.push({
      id,
      title: id <= TOPICS.length ? base.title : `${base.title}（${Math.ceil(id / TOPICS.length)}）`,
      info: base.info,
      courseIds: [...courseIds],
      sort: id,
      publishTime: iso(now - Math.floor(rng.next() * span)),
      image: `topics/topic-${id}.svg`,
    });
  }

  // query material
  const terms = [...new Set(tree.leaves.flatMap((l) => l.bank.concepts.map((c) => c[0])))];
  const courseWords = [...new Set(tree.leaves.map((l) => l.bank.name))];
  const phrases: string[] = [];
  for (let i = 0; i < 400; i++) {
    const v = videos[rng.int(0, videos.length - 1)]!;
    const sentence = rng.pick(v.transcript);
    const text = typeof sentence === 'string' ? sentence : (sentence as { text: string }).text;
    const chars = [...text.replace(/[，。、；：？！“”《》（）]/g, '')];
    if (chars.length < 10) continue;
    const length = rng.int(6, 12);
    const start = rng.int(0, chars.length - length);
    phrases.push(chars.slice(start, start + length).join(''));
  }
  const lecturerNames = rng.sample(lecturers, 400).map((l) => l.name);

  return {
    content: { catalogues: tree.nodes, lecturers, courses, videos, topics, banners: [], images: [] },
    knowledgePoints,
    vocabulary: { terms, lecturerNames, phrases, courseWords },
  };
}
