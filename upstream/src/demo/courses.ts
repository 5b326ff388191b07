import type { DemoCourse, DemoVideo } from './types';
import type { CatalogueTree, Leaf } from './catalogue';
import type { LecturerPlan } from './lecturers';
import type { Rng } from './random';
import { iso, type Bucket, type Timeline } from './dates';
import { COURSE_AUDIENCES, COURSE_OPENERS } from './text/lecture';
import { SCENES } from './text/scenes';
import { episodeContent, type EpisodePlan } from './videos';

export interface CoursePlan {
  id: number;
  leaf: Leaf;
  name: string;
  lecturer: LecturerPlan;
  episodes: EpisodePlan[];
  exclusive: boolean;
  counts: { viewCount: number; collectCount: number; likeCount: number; noteCount: number };
  bucket: Bucket;
  /** where in its bucket the latest video falls */
  updateFraction: number;
  /** how many days before that the course was first published */
  spanDays: number;
  /** relative positions of the middle videos between first and latest publication */
  videoFractions: number[];
  info: string;
}

/**
 * Chooses the lecturer for a course: the lecturers of the course's category, or of its whole
 * subject, whichever is least loaded; subject-wide lecturers count as 2 courses busier, so a
 * category's own lecturers teach most of it and subject-wide lecturers take the rest.
 */
function chooseLecturer(
  leaf: Leaf,
  lecturers: readonly LecturerPlan[],
  load: Map<number, number>,
  rng: Rng,
): LecturerPlan {
  const candidates = lecturers.filter(
    (l) => l.subjectId === leaf.subjectId && (l.categoryId === null || l.categoryId === leaf.categoryId),
  );
  if (candidates.length === 0) throw new Error(`no lecturer for ${leaf.path}`);
  // a lecturer whose research names this very leaf (王启航 · 马克思主义政治经济学) is preferred
  const score = (l: LecturerPlan) =>
    (load.get(l.id) ?? 0) + (l.categoryId === null ? 2 : 0) - (l.seed.research.includes(leaf.bank.name) ? 1.5 : 0);
  const best = Math.min(...candidates.map(score));
  const chosen = rng.pick(candidates.filter((l) => score(l) === best));
  load.set(chosen.id, (load.get(chosen.id) ?? 0) + 1);
  return chosen;
}

/** Plausible, varied counts: views spread log-wise from a few hundred to a few hundred thousand. */
function drawCounts(rng: Rng, boost: number) {
  const u = Math.pow(rng.next(), 1.4);
  const viewCount = Math.floor(Math.exp(Math.log(200) + (Math.log(260000) - Math.log(200)) * u) * boost);
  return {
    viewCount,
    collectCount: Math.floor(viewCount * (0.01 + rng.next() * 0.05)),
    likeCount: Math.floor(viewCount * (0.02 + rng.next() * 0.1)),
    noteCount: Math.floor(viewCount * (0.002 + rng.next() * 0.018)),
  };
}

export function planCourses(tree: CatalogueTree, lecturers: readonly LecturerPlan[], rng: Rng): CoursePlan[] {
  const plans: CoursePlan[] = [];
  const load = new Map<number, number>();
  for (const leaf of tree.leaves) {
    if (!SCENES[leaf.bank.name]) throw new Error(`no scene written for ${leaf.path}`);
    const flagship = leaf.subjectId === tree.leaves[0]?.subjectId; // 思政 gets longer courses
    for (const name of leaf.bank.courses) {
      const id = plans.length + 1;
      const lecturer = chooseLecturer(leaf, lecturers, load, rng);
      const concepts = leaf.bank.concepts;
      const videoCount = flagship ? rng.int(4, 6) : rng.int(3, 5);
      const withSummary = videoCount > concepts.length || (videoCount >= 4 && rng.chance(0.15));
      const conceptCount = withSummary ? videoCount - 1 : videoCount;
      // a course-specific subset, kept in the bank's order (which follows the subject's logic)
      const picked = rng
        .sample(
          concepts.map((_, i) => i),
          conceptCount,
        )
        .sort((a, b) => a - b);
      const episodes: EpisodePlan[] = picked.map((i) => ({ kind: 'concept', concept: concepts[i]! }));
      if (withSummary) episodes.push({ kind: 'summary' });

      const r = rng.next();
      const bucket: Bucket = r < 0.36 ? 'current' : r < 0.72 ? 'previous' : 'older';
      const terms = episodes.flatMap((e) => (e.kind === 'concept' ? [e.concept[0]] : []));
      const info = [
        rng.pick(COURSE_OPENERS)(leaf.bank.name, terms, episodes.length),
        rng.pick(leaf.subject.aims),
        ...(rng.chance(0.7)
          ? [`主讲人${lecturer.seed.name}现任${lecturer.position}，长期从事${lecturer.seed.research}研究。`]
          : []),
        ...(rng.chance(0.5) ? [rng.pick(COURSE_AUDIENCES)] : []),
      ].join('');
      plans.push({
        id,
        leaf,
        name,
        lecturer,
        episodes,
        exclusive: rng.chance(0.2),
        counts: drawCounts(rng, flagship ? 1.25 : 1),
        bucket,
        updateFraction: rng.next(),
        spanDays: rng.int(15, 420),
        videoFractions: Array.from({ length: Math.max(0, episodes.length - 2) }, () => rng.next()).sort(
          (a, b) => a - b,
        ),
        info,
      });
    }
  }
  return plans;
}

export interface BuiltCourses {
  courses: DemoCourse[];
  videos: DemoVideo[];
}

export function buildCoursesAndVideos(plans: readonly CoursePlan[], timeline: Timeline, rng: Rng): BuiltCourses {
  const courses: DemoCourse[] = [];
  const videos: DemoVideo[] = [];
  for (const plan of plans) {
    const update = timeline.inBucket(plan.bucket, plan.updateFraction);
    const publish = timeline.before(update, plan.spanDays);
    const times = [
      publish,
      ...plan.videoFractions.map((f) => timeline.clamp(publish + f * (update - publish))),
      update,
    ];
    const courseRng = rng.fork(`course-${plan.id}`);
    const ctx = {
      course: plan.name,
      leaf: plan.leaf.bank.name,
      leafConcepts: plan.leaf.bank.concepts,
      scene: SCENES[plan.leaf.bank.name] ?? '',
      episodes: plan.episodes,
    };
    plan.episodes.forEach((_, index) => {
      const id = videos.length + 1;
      const content = episodeContent(ctx, index, courseRng);
      videos.push({
        id,
        courseId: plan.id,
        code: `V${String(id).padStart(6, '0')}`,
        publishTime: iso(times[Math.min(index, times.length - 1)] as number),
        image: `videos/video-${id}.svg`,
        ...content,
      });
    });
    courses.push({
      id: plan.id,
      catalogueId: plan.leaf.catalogueId,
      lecturerId: plan.lecturer.id,
      name: plan.name,
      info: plan.info,
      exclusive: plan.exclusive,
      ...plan.counts,
      publishTime: iso(publish),
      updateTime: iso(update),
      recommended: null,
      selected: null,
      image: `posters/course-${plan.id}.svg`,
    });
  }
  return { courses, videos };
}

/**
 * ~40 recommended courses (14 from 思政, at least 2 from every other subject) and 10 selected
 * ones (3 from 思政, the rest from different subjects), each list in a shuffled order.
 */
export function assignPositions(courses: DemoCourse[], plans: readonly CoursePlan[], rng: Rng): void {
  const bySubject = new Map<number, DemoCourse[]>();
  plans.forEach((p, i) => {
    const list = bySubject.get(p.leaf.subjectId) ?? [];
    list.push(courses[i]!);
    bySubject.set(p.leaf.subjectId, list);
  });
  const subjects = [...bySubject.keys()];
  const flagship = subjects[0]!;
  const recommended: DemoCourse[] = [];
  for (const s of subjects) recommended.push(...rng.sample(bySubject.get(s)!, s === flagship ? 14 : 2));
  const rest = courses.filter((c) => !recommended.includes(c));
  recommended.push(...rng.sample(rest, Math.max(0, 40 - recommended.length)));
  rng.shuffle(recommended).forEach((c, i) => (c.recommended = i));

  const selected: DemoCourse[] = rng.sample(bySubject.get(flagship)!, 3);
  for (const s of rng.sample(subjects.slice(1), 7)) selected.push(rng.pick(bySubject.get(s)!));
  rng.shuffle(selected).forEach((c, i) => (c.selected = i));
}
