import type { DemoLecturer } from './types';
import type { CatalogueTree } from './catalogue';
import type { Rng } from './random';
import type { SubjectBank } from './text/types';
import { HONOURS, LECTURERS, MOTTOS, RESEARCH_LINES, STYLES, type LecturerSeed } from './text/people';

export interface LecturerPlan {
  id: number;
  seed: LecturerSeed;
  subjectId: number;
  /** the level-2 node the lecturer belongs to, or null for the whole subject */
  categoryId: number | null;
  position: string;
}

export function planLecturers(tree: CatalogueTree): LecturerPlan[] {
  return LECTURERS.map((seed, i) => {
    const subjectId = tree.byPath.get(seed.subject);
    if (subjectId === undefined) throw new Error(`lecturer ${seed.name}: unknown subject ${seed.subject}`);
    let categoryId: number | null = null;
    if (seed.category) {
      const id = tree.byPath.get(`${seed.subject}/${seed.category}`);
      if (id === undefined) throw new Error(`lecturer ${seed.name}: unknown category ${seed.category}`);
      categoryId = id;
    }
    return { id: i + 1, seed, subjectId, categoryId, position: `${seed.school}${seed.college}${seed.title}` };
  });
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
}

/**
 * HTML intro: plain <p> and <strong> only (no attributes), because the upstream sanitises and
 * the client renders it as rich text. Text pieces come from fixed banks, so no escaping is needed
 * beyond what the banks avoid (no < or &).
 */
function introHtml(plan: LecturerPlan, subject: SubjectBank, courseNames: readonly string[], rng: Rng): string {
  const { seed } = plan;
  const shown = courseNames
    .slice(0, 2)
    .map((n) => `《${n}》`)
    .join('');
  const p1 = `<p><strong>${seed.name}</strong>，${plan.position}，长期从事${seed.research}的教学与研究${
    shown ? `，在本平台主讲${shown}等课程` : ''
  }。</p>`;
  const [j1, j2] = rng.sample(subject.journals, 2);
  const p2 = `<p>${fill(rng.pick(RESEARCH_LINES), {
    fund: subject.fund,
    j1: j1 ?? '',
    j2: j2 ?? '',
    a: rng.int(1, 3),
    b: rng.int(2, 5),
    c: rng.int(3, 9) * 10,
  })}</p>`;
  // the ideological-and-political-course honours only go to 思政 lecturers
  const eligible = HONOURS.filter((h) => subject.name === '思政' || !h.includes('思想政治理论课'));
  const honours = rng.sample(eligible, rng.int(1, 2)).join('，');
  const p3 = `<p>${honours}。${rng.pick(STYLES)}。</p>`;
  const parts = [p1, p2, p3];
  if (rng.chance(0.4)) parts.push(`<p>教学格言：<strong>${rng.pick(MOTTOS)}</strong></p>`);
  return parts.join('');
}

export function buildLecturers(
  plans: readonly LecturerPlan[],
  subjectsById: ReadonlyMap<number, SubjectBank>,
  coursesByLecturer: ReadonlyMap<number, readonly string[]>,
  rng: Rng,
): DemoLecturer[] {
  // recommendation order: the flagged lecturers in a shuffled order, 1-based
  const recommended = rng.shuffle(plans.filter((p) => p.seed.recommended).map((p) => p.id));
  const recommendedSort = new Map(recommended.map((id, i) => [id, i + 1]));
  return plans.map((plan, i) => {
    const subject = subjectsById.get(plan.subjectId);
    if (!subject) throw new Error(`lecturer ${plan.seed.name}: subject ${plan.subjectId} missing`);
    return {
      id: plan.id,
      name: plan.seed.name,
      position: plan.position,
      school: plan.seed.school,
      introHtml: introHtml(plan, subject, coursesByLecturer.get(plan.id) ?? [], rng),
      catalogueId: plan.categoryId ?? plan.subjectId,
      recommended: recommendedSort.has(plan.id),
      sort: recommendedSort.get(plan.id) ?? 100 + i,
      image: `avatars/lecturer-${plan.id}.svg`,
    };
  });
}
