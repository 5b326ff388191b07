import type { DemoKeyframe, DemoVideo } from './types';
import type { Rng } from './random';
import type { Concept } from './text/types';
import { proportionalTimings } from './transcript-timing';
import {
  ABSTRACT_TAILS,
  ANGLES,
  CLOSINGS,
  DEFINITIONS,
  ELABORATIONS,
  EPISODE_NAMES,
  EXAMPLE_INTROS,
  EXAMPLE_LINKS,
  KEYFRAMES,
  OPENINGS,
  QUESTIONS,
  RELATIONS,
  REL_DEFINITIONS,
  SUMMARY,
  listTerms,
  type EpisodeVars,
} from './text/lecture';

export type EpisodePlan = { kind: 'concept'; concept: Concept } | { kind: 'summary' };

export interface EpisodeContext {
  course: string;
  leaf: string;
  /** every concept of the leaf, for picking a related one */
  leafConcepts: readonly Concept[];
  /** the leaf's concrete scene, used as the lecture's example */
  scene: string;
  episodes: readonly EpisodePlan[];
}

export type VideoContent = Omit<DemoVideo, 'id' | 'courseId' | 'code' | 'publishTime' | 'image'>;

/** `count` ascending time points inside (0, duration): the first in the opening minute or so. */
function timePoints(rng: Rng, duration: number, count: number): number[] {
  const first = rng.int(8, 75);
  const last = Math.floor(duration * 0.93);
  const step = (last - first) / Math.max(1, count - 1);
  const points: number[] = [];
  for (let i = 0; i < count; i++) {
    const jitter = i === 0 || i === count - 1 ? 0 : Math.floor((rng.next() - 0.5) * step * 0.4);
    const t = Math.floor(first + step * i + jitter);
    const prev = points[points.length - 1] ?? -1;
    points.push(Math.min(duration - 1, Math.max(prev + 1, t)));
  }
  return points;
}

/** keeps the items at `keep` positions and `count - keep.length` others, in their original order */
function pickInOrder<T>(rng: Rng, items: readonly T[], count: number, keep: readonly number[]): T[] {
  const optional = items.map((_, i) => i).filter((i) => !keep.includes(i));
  const chosen = new Set([...keep, ...rng.sample(optional, Math.max(0, count - keep.length))]);
  return items.filter((_, i) => chosen.has(i));
}

function conceptEpisode(ctx: EpisodeContext, index: number, concept: Concept, rng: Rng): VideoContent {
  const [term, gloss] = concept;
  const previous = ctx.episodes[index - 1];
  // the related concept: the previous episode's, or a neighbour in the bank (banks are written
  // in a logical order, so neighbours are the closest in meaning)
  const at = ctx.leafConcepts.findIndex((c) => c[0] === term);
  const neighbours = [ctx.leafConcepts[at - 1], ctx.leafConcepts[at + 1]].filter((c): c is Concept => c !== undefined);
  const related: Concept =
    previous?.kind === 'concept' && rng.chance(0.5)
      ? previous.concept
      : rng.pick(neighbours.length ? neighbours : [concept]);
  const nextPlan = ctx.episodes[index + 1];
  const vars: EpisodeVars = {
    course: ctx.course,
    leaf: ctx.leaf,
    n: index + 1,
    term,
    gloss,
    rel: related[0],
    relGloss: related[1],
    next: nextPlan?.kind === 'concept' ? nextPlan.concept[0] : null,
    example: ctx.scene,
  };

  const durationSeconds = rng.int(600, 3000);
  const frameCount = rng.int(3, 6);
  const frames = pickInOrder(rng, KEYFRAMES, frameCount, [1]);
  const points = timePoints(rng, durationSeconds, frames.length);
  const keyframes: DemoKeyframe[] = frames.map((f, i) => ({
    timePoint: points[i] as number,
    keyPoints: f.label(vars),
    description: f.description(vars),
  }));

  // the full lecture in order; optional middle sentences are dropped to reach 4..12. A sentence
  // with `after` only makes sense right after that one (the related concept's gloss after it is
  // named, the comment on the example after the example), so it is kept only together with it.
  const sentences: { text: string; required: boolean; after?: number }[] = [
    { text: rng.pick(OPENINGS)(vars), required: true },
    { text: rng.pick(DEFINITIONS)(vars), required: true },
    { text: rng.pick(ELABORATIONS)(vars), required: false },
    { text: rng.pick(RELATIONS)(vars), required: false },
    { text: rng.pick(REL_DEFINITIONS)(vars), required: false, after: 3 },
    { text: rng.pick(EXAMPLE_INTROS)(vars), required: false },
    { text: rng.pick(EXAMPLE_LINKS)(vars), required: false, after: 5 },
    { text: rng.pick(ELABORATIONS)(vars), required: false },
    { text: rng.pick(QUESTIONS)(vars), required: false },
    { text: rng.pick(CLOSINGS)(vars), required: true },
  ];
  const count = rng.int(4, sentences.length);
  const keep = sentences.map((s, i) => (s.required ? i : -1)).filter((i) => i >= 0);
  const picked = new Set(
    pickInOrder(
      rng,
      sentences.map((_, i) => i),
      count,
      keep,
    ),
  );
  for (const i of [...picked]) {
    const after = sentences[i]?.after;
    if (after !== undefined && !picked.has(after)) picked.add(after);
  }
  // the two elaborations may coincide; a lecture does not say the same sentence twice
  const transcript = [...new Set(sentences.filter((_, i) => picked.has(i)).map((s) => s.text))];

  // a name longer than 16 characters would not fit a card or a thumbnail: fall back to the term
  const candidate = rng.pick(EPISODE_NAMES)(vars);
  const name = candidate.length <= 16 ? candidate : term;
  return {
    sort: index + 1,
    name,
    properTitle: `${ctx.leaf} · ${rng.pick(ANGLES)}`,
    abstract: `本讲围绕${term}展开。${term}${gloss}。讲者还结合${related[0] === term ? ctx.leaf : related[0]}等内容，${rng.pick(ABSTRACT_TAILS)}`,
    durationSeconds,
    keyframes,
    transcript: proportionalTimings(transcript, durationSeconds),
  };
}

function summaryEpisode(ctx: EpisodeContext, index: number, rng: Rng): VideoContent {
  const covered = ctx.episodes.flatMap((e) => (e.kind === 'concept' ? [e.concept] : []));
  const termList = listTerms(
    covered.map((c) => c[0]),
    covered.length,
  );
  const first = covered[0];
  const last = covered[covered.length - 1];
  const transcript = [
    SUMMARY.opening(ctx.course),
    SUMMARY.recap(termList),
    ...(first ? [`${first[0]}${first[1]}。`] : []),
    ...(last && last !== first ? [`${last[0]}${last[1]}。`] : []),
    SUMMARY.whole(ctx.leaf),
    ctx.scene,
    SUMMARY.advice,
    SUMMARY.farewell,
  ];
  const durationSeconds = rng.int(600, 1500);
  const labels: DemoKeyframe[] = [
    { keyPoints: '课程脉络回顾', timePoint: 0, description: `按讲次回顾${termList}。` },
    ...covered.slice(0, 3).map((c) => ({ keyPoints: c[0], timePoint: 0, description: `${c[0]}${c[1]}。` })),
    { keyPoints: '学习方法建议', timePoint: 0, description: '结合原著阅读和社会实践，巩固课程所学。' },
  ];
  const points = timePoints(rng, durationSeconds, labels.length);
  return {
    sort: index + 1,
    name: SUMMARY.name,
    properTitle: `${ctx.leaf} · ${SUMMARY.angle}`,
    abstract: SUMMARY.abstract(ctx.course, termList),
    durationSeconds,
    keyframes: labels.map((k, i) => ({ ...k, timePoint: points[i] as number })),
    transcript: proportionalTimings(transcript, durationSeconds),
  };
}

export function episodeContent(ctx: EpisodeContext, index: number, rng: Rng): VideoContent {
  const plan = ctx.episodes[index];
  if (!plan) throw new Error(`episode ${index} of ${ctx.course} missing`);
  return plan.kind === 'concept' ? conceptEpisode(ctx, index, plan.concept, rng) : summaryEpisode(ctx, index, rng);
}
