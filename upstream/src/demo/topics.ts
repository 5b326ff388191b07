import type { DemoBanner, DemoCourse, DemoTopic } from './types';
import type { CatalogueTree } from './catalogue';
import type { Rng } from './random';
import { iso, type Timeline } from './dates';
import { BANNER_PREFIXES, MOBILE_ACTIVITY, TOPICS } from './text/topics';

/** every catalogue id at or below `rootId` */
function subtree(tree: CatalogueTree, rootId: number): Set<number> {
  const ids = new Set([rootId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const n of tree.nodes) {
      if (ids.has(n.parentId) && !ids.has(n.id)) {
        ids.add(n.id);
        grew = true;
      }
    }
  }
  return ids;
}

export interface TopicDraws {
  courseIds: number[][];
  ageFractions: number[];
}

/** The random part of the topics (which courses, how old), drawn independently of `now`. */
export function drawTopics(tree: CatalogueTree, courses: readonly DemoCourse[], rng: Rng): TopicDraws {
  const courseIds = TOPICS.map((topic) => {
    const catalogueIds = new Set<number>();
    for (const path of topic.sources) {
      const id = tree.byPath.get(path);
      if (id === undefined) throw new Error(`topic ${topic.title}: unknown catalogue ${path}`);
      subtree(tree, id).forEach((c) => catalogueIds.add(c));
    }
    const pool = courses.filter((c) => catalogueIds.has(c.catalogueId)).map((c) => c.id);
    if (pool.length < 4) throw new Error(`topic ${topic.title}: only ${pool.length} courses`);
    return rng.sample(pool, Math.min(pool.length, rng.int(6, 12)));
  });
  return { courseIds, ageFractions: TOPICS.map(() => rng.next()) };
}

export function buildTopics(draws: TopicDraws, timeline: Timeline): DemoTopic[] {
  return TOPICS.map((topic, i) => ({
    id: i + 1,
    title: topic.title,
    info: topic.info,
    courseIds: draws.courseIds[i] ?? [],
    sort: i + 1,
    publishTime: iso(timeline.recent(700, draws.ageFractions[i] ?? 0)),
    image: `topics/topic-${i + 1}.svg`,
  }));
}

/** Four banners on selected courses (positions 0..3), then the mobile-only activity. */
export function buildBanners(courses: readonly DemoCourse[]): DemoBanner[] {
  const selected = courses
    .filter((c) => c.selected !== null)
    .sort((a, b) => (a.selected ?? 0) - (b.selected ?? 0))
    .slice(0, 4);
  const banners: DemoBanner[] = selected.map((c, i) => ({
    id: i + 1,
    title: `${BANNER_PREFIXES[i % BANNER_PREFIXES.length]}｜${c.name}`,
    imageUrl: `banners/banner-${i + 1}.svg`,
    gotoUrl: `/Play?courseId=${c.id}&catalogId=${c.catalogueId}`,
    sort: i + 1,
  }));
  const id = banners.length + 1;
  banners.push({
    id,
    title: MOBILE_ACTIVITY.title,
    imageUrl: `banners/banner-${id}.svg`,
    gotoUrl: MOBILE_ACTIVITY.path,
    sort: id,
  });
  return banners;
}
