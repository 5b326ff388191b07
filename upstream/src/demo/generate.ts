import type { DemoContent, DemoImage, GenerateOptions } from './types';
import { buildCatalogue } from './catalogue';
import { Timeline } from './dates';
import { avatarSvg, bannerSvg, posterSvg, thumbnailSvg, topicSvg } from '../media/svg-images';
import { buildLecturers, planLecturers } from './lecturers';
import { assignPositions, buildCoursesAndVideos, planCourses } from './courses';
import { createRng } from './random';
import { buildDemoSearches } from './searches';
import { buildBanners, buildTopics, drawTopics } from './topics';
import { SUBJECTS } from './text/subjects';
import { LECTURERS } from './text/people';
import { MOBILE_ACTIVITY } from './text/topics';
import type { SubjectBank } from './text/types';

const SVG = 'image/svg+xml';

/**
 * Builds the whole demo catalogue deterministically. The PRNG seed is fixed and every random
 * draw happens independently of `options.now`; `now` only places the dates (see dates.ts). So the
 * same `now` gives identical output, and a different `now` changes dates and nothing else.
 */
export function generateDemoContent(options: GenerateOptions): DemoContent {
  if (Number.isNaN(options.now.getTime())) throw new Error('generateDemoContent: invalid now');
  const timeline = new Timeline(options.now);
  const tree = buildCatalogue(SUBJECTS);
  const subjectsById = new Map<number, SubjectBank>();
  SUBJECTS.forEach((s) => {
    const id = tree.byPath.get(s.name);
    if (id !== undefined) subjectsById.set(id, s);
  });

  const lecturerPlans = planLecturers(tree);
  const plans = planCourses(tree, lecturerPlans, createRng('courses'));
  const { courses, videos } = buildCoursesAndVideos(plans, timeline, createRng('videos'));
  assignPositions(courses, plans, createRng('positions'));

  const coursesByLecturer = new Map<number, string[]>();
  for (const c of courses)
    coursesByLecturer.set(c.lecturerId, [...(coursesByLecturer.get(c.lecturerId) ?? []), c.name]);
  const lecturers = buildLecturers(lecturerPlans, subjectsById, coursesByLecturer, createRng('lecturers'));

  const topics = buildTopics(drawTopics(tree, courses, createRng('topics')), timeline);
  const banners = buildBanners(courses);

  // images
  const images: DemoImage[] = [];
  const planById = new Map(plans.map((p) => [p.id, p]));
  const courseById = new Map(courses.map((c) => [c.id, c]));
  for (const c of courses) {
    const plan = planById.get(c.id)!;
    images.push({
      path: c.image,
      contentType: SVG,
      body: posterSvg({
        id: c.id,
        name: c.name,
        lecturer: plan.lecturer.seed.name,
        label: `${plan.leaf.subject.short} · ${plan.leaf.bank.name}`,
        palette: plan.leaf.subject.palette,
      }),
    });
  }
  for (const v of videos) {
    const plan = planById.get(v.courseId)!;
    images.push({
      path: v.image,
      contentType: SVG,
      body: thumbnailSvg({
        id: v.id,
        episode: v.sort,
        name: v.name,
        course: plan.name,
        palette: plan.leaf.subject.palette,
      }),
    });
  }
  for (const l of lecturers) {
    images.push({
      path: l.image,
      contentType: SVG,
      body: avatarSvg(l.id, LECTURERS[l.id - 1]?.surname ?? l.name.slice(0, 1)),
    });
  }
  for (const t of topics) {
    // a topic takes the colours of the subject most of its courses come from
    const tally = new Map<SubjectBank, number>();
    for (const id of t.courseIds) {
      const s = planById.get(id)?.leaf.subject;
      if (s) tally.set(s, (tally.get(s) ?? 0) + 1);
    }
    const subject = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? SUBJECTS[0]!;
    images.push({
      path: t.image,
      contentType: SVG,
      body: topicSvg({ id: t.id, title: t.title, courseCount: t.courseIds.length, palette: subject.palette }),
    });
  }
  for (const b of banners) {
    const courseId = Number(/courseId=(\d+)/.exec(b.gotoUrl)?.[1] ?? NaN);
    const course = courseById.get(courseId);
    const plan = course ? planById.get(course.id) : undefined;
    const body =
      course && plan
        ? bannerSvg({
            id: b.id,
            tag: b.title.split('｜')[0] ?? '',
            title: course.name,
            subtitle: `${plan.lecturer.seed.name} · ${plan.lecturer.position}`,
            action: '立即学习',
            palette: plan.leaf.subject.palette,
          })
        : bannerSvg({
            id: b.id,
            tag: '手机端活动',
            title: MOBILE_ACTIVITY.title,
            subtitle: MOBILE_ACTIVITY.subtitle,
            action: '手机参与',
            palette: ['#c1121f', '#f77f00'],
          });
    images.push({ path: b.imageUrl, contentType: SVG, body });
  }

  const content: DemoContent = { catalogues: tree.nodes, lecturers, courses, videos, topics, banners, images };
  content.searches = buildDemoSearches(content, options.now, createRng('searches'));
  return content;
}
