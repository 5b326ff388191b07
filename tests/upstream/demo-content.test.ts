import { describe, expect, it } from 'vitest';
import { pinyin } from 'pinyin-pro';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { escapeXml, textWidthEm, wrapText } from '../../upstream/src/media/svg-images';
import type { DemoCatalogue, DemoContent } from '../../upstream/src/demo/types';

const NOW = new Date('2026-11-22T08:30:00Z');
const started = performance.now();
const content: DemoContent = generateDemoContent({ now: NOW });
const elapsedMs = performance.now() - started;

const HAN = /\p{Script=Han}/u;
const byId = <T extends { id: number }>(items: readonly T[]) => new Map(items.map((i) => [i.id, i]));
const catalogues = byId(content.catalogues);
const courses = byId(content.courses);
const lecturers = byId(content.lecturers);

function ancestors(id: number): DemoCatalogue[] {
  const out: DemoCatalogue[] = [];
  for (let node = catalogues.get(id); node; node = catalogues.get(node.parentId)) out.push(node);
  return out;
}
const subjectOf = (catalogueId: number) => ancestors(catalogueId).find((n) => n.level === 1)!;
const childrenOf = (id: number) => content.catalogues.filter((c) => c.parentId === id);

/** Removes the date fields, which are the only thing `now` may change. */
function withoutDates(c: DemoContent): unknown {
  return {
    ...c,
    courses: c.courses.map(({ publishTime: _p, updateTime: _u, ...rest }) => rest),
    videos: c.videos.map(({ publishTime: _p, ...rest }) => rest),
    topics: c.topics.map(({ publishTime: _p, ...rest }) => rest),
    searches: c.searches?.map(({ at: _a, ...rest }) => rest),
  };
}

describe('demo content: size and speed', () => {
  it('meets the minimum counts', () => {
    expect(content.catalogues.length).toBeGreaterThanOrEqual(100);
    expect(content.lecturers.length).toBeGreaterThanOrEqual(40);
    expect(content.courses.length).toBeGreaterThanOrEqual(200);
    expect(content.videos.length).toBeGreaterThanOrEqual(800);
    expect(content.topics.length).toBeGreaterThanOrEqual(8);
    expect(content.banners).toHaveLength(5);
  });

  it('is generated well under 2 s', () => {
    expect(elapsedMs).toBeLessThan(2000);
  });
});

describe('demo content: determinism', () => {
  it('gives identical output for the same now', () => {
    expect(generateDemoContent({ now: new Date(NOW.getTime()) })).toEqual(content);
  });

  it('changes only dates for a different now', () => {
    const other = generateDemoContent({ now: new Date('2025-03-01T00:00:00Z') });
    expect(withoutDates(other)).toEqual(withoutDates(content));
    expect(other.courses.map((c) => c.updateTime)).not.toEqual(content.courses.map((c) => c.updateTime));
    for (const c of other.courses)
      expect(Date.parse(c.updateTime)).toBeLessThanOrEqual(Date.parse('2025-03-01T00:00:00Z'));
  });
});

describe('demo content: catalogue tree', () => {
  it('has 3 levels with consistent parents, 思政 first', () => {
    const levels = new Set(content.catalogues.map((c) => c.level));
    expect([...levels].sort()).toEqual([1, 2, 3]);
    for (const c of content.catalogues) {
      if (c.level === 1) expect(c.parentId).toBe(0);
      else expect(catalogues.get(c.parentId)?.level).toBe(c.level - 1);
      expect(c.name).toMatch(HAN);
    }
    const subjects = content.catalogues.filter((c) => c.level === 1).sort((a, b) => a.sort - b.sort);
    expect(subjects[0]?.name).toBe('思政');
    expect(subjects.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        '哲学',
        '经济学',
        '法学',
        '教育学',
        '文学',
        '历史学',
        '理学',
        '工学',
        '农学',
        '医学',
        '管理学',
        '艺术学',
      ]),
    );
    expect(new Set(content.catalogues.map((c) => c.id)).size).toBe(content.catalogues.length);
  });

  it('has a subject with more than 5 categories, sub-categories under most categories, some without', () => {
    const level2 = content.catalogues.filter((c) => c.level === 2);
    expect(content.catalogues.some((s) => s.level === 1 && childrenOf(s.id).length > 5)).toBe(true);
    const withChildren = level2.filter((c) => childrenOf(c.id).length > 0);
    expect(withChildren.length).toBeGreaterThan(level2.length / 2);
    expect(withChildren.length).toBeLessThan(level2.length);
    const sizheng = content.catalogues.find((c) => c.level === 1 && c.name === '思政')!;
    expect(childrenOf(sizheng.id).map((c) => c.name)).toEqual(
      expect.arrayContaining([
        '马克思主义基本原理',
        '毛泽东思想和中国特色社会主义理论体系概论',
        '习近平新时代中国特色社会主义思想概论',
        '中国近现代史纲要',
        '思想道德与法治',
        '形势与政策',
      ]),
    );
  });

  it('gives courses to every category and the most to 思政', () => {
    for (const c of content.catalogues.filter((n) => n.level === 2)) {
      expect(
        content.courses.some((course) => ancestors(course.catalogueId).some((a) => a.id === c.id)),
        c.name,
      ).toBe(true);
    }
    const perSubject = new Map<string, number>();
    for (const c of content.courses)
      perSubject.set(subjectOf(c.catalogueId).name, (perSubject.get(subjectOf(c.catalogueId).name) ?? 0) + 1);
    const [top] = [...perSubject.entries()].sort((a, b) => b[1] - a[1]);
    expect(top?.[0]).toBe('思政');
  });
});

describe('demo content: references', () => {
  it('has unique ids everywhere', () => {
    for (const list of [content.lecturers, content.courses, content.videos, content.topics, content.banners]) {
      expect(new Set(list.map((x) => x.id)).size).toBe(list.length);
    }
    expect(new Set(content.videos.map((v) => v.code)).size).toBe(content.videos.length);
    expect(new Set(content.images.map((i) => i.path)).size).toBe(content.images.length);
  });

  it('attaches courses to leaves and existing lecturers of the same subject', () => {
    for (const c of content.courses) {
      const node = catalogues.get(c.catalogueId);
      expect(node, `course ${c.id}`).toBeDefined();
      expect(node!.level === 3 || (node!.level === 2 && childrenOf(node!.id).length === 0)).toBe(true);
      const lecturer = lecturers.get(c.lecturerId);
      expect(lecturer).toBeDefined();
      // the lecturer's catalogue (level 1 or 2) is an ancestor of the course's node
      expect(ancestors(c.catalogueId).map((a) => a.id)).toContain(lecturer!.catalogueId);
    }
    for (const l of content.lecturers) {
      expect([1, 2]).toContain(catalogues.get(l.catalogueId)?.level);
      expect(
        content.courses.some((c) => c.lecturerId === l.id),
        l.name,
      ).toBe(true);
    }
  });

  it('gives every course 3–6 videos numbered from 1', () => {
    const perCourse = new Map<number, number[]>();
    for (const v of content.videos) {
      expect(courses.has(v.courseId)).toBe(true);
      perCourse.set(v.courseId, [...(perCourse.get(v.courseId) ?? []), v.sort]);
    }
    for (const c of content.courses) {
      const sorts = perCourse.get(c.id) ?? [];
      expect(sorts.length).toBeGreaterThanOrEqual(3);
      expect(sorts.length).toBeLessThanOrEqual(6);
      expect(sorts).toEqual(sorts.map((_, i) => i + 1));
    }
  });

  it('builds topics from 4–12 existing courses', () => {
    for (const t of content.topics) {
      expect(t.title).toMatch(HAN);
      expect(t.courseIds.length).toBeGreaterThanOrEqual(4);
      expect(t.courseIds.length).toBeLessThanOrEqual(12);
      expect(new Set(t.courseIds).size).toBe(t.courseIds.length);
      for (const id of t.courseIds) expect(courses.has(id)).toBe(true);
    }
  });

  it('has 4 course banners and 1 mobile-only activity', () => {
    const play = content.banners.filter((b) => b.gotoUrl.startsWith('/Play?'));
    expect(play).toHaveLength(4);
    for (const b of play) {
      const m = /^\/Play\?courseId=(\d+)&catalogId=(\d+)$/.exec(b.gotoUrl);
      expect(m).not.toBeNull();
      expect(courses.get(Number(m![1]))?.catalogueId).toBe(Number(m![2]));
    }
    expect(content.banners.filter((b) => b.gotoUrl.startsWith('/m/activity/'))).toHaveLength(1);
  });
});

describe('demo content: courses and videos', () => {
  it('has names in Chinese and no placeholders', () => {
    const names = [
      ...content.courses.map((c) => c.name),
      ...content.videos.map((v) => v.name),
      ...content.lecturers.map((l) => l.name),
      ...content.topics.map((t) => t.title),
    ];
    for (const n of names) {
      expect(n.trim().length).toBeGreaterThan(0);
      expect(n).toMatch(HAN);
      expect(n).not.toMatch(/^(课程|视频|讲师|专题)\s*\d+$|lorem|ipsum/i);
    }
    expect(new Set(content.courses.map((c) => c.name)).size).toBe(content.courses.length);
  });

  it('has updates in the current and the previous year, and sane dates', () => {
    const year = NOW.getUTCFullYear();
    const years = content.courses.map((c) => new Date(c.updateTime).getUTCFullYear());
    expect(years.filter((y) => y === year).length).toBeGreaterThan(content.courses.length / 5);
    expect(years.filter((y) => y === year - 1).length).toBeGreaterThan(content.courses.length / 5);
    const earliest = NOW.getTime() - 4 * 366 * 86400_000;
    for (const c of content.courses) {
      const p = Date.parse(c.publishTime);
      const u = Date.parse(c.updateTime);
      expect(p).toBeLessThanOrEqual(u);
      expect(u).toBeLessThanOrEqual(NOW.getTime());
      expect(p).toBeGreaterThan(earliest);
    }
    for (const v of content.videos) {
      const c = courses.get(v.courseId)!;
      expect(Date.parse(v.publishTime)).toBeGreaterThanOrEqual(Date.parse(c.publishTime));
      expect(Date.parse(v.publishTime)).toBeLessThanOrEqual(Date.parse(c.updateTime));
    }
    // the latest video of a course is its update time
    const latest = new Map<number, string>();
    for (const v of content.videos)
      if ((latest.get(v.courseId) ?? '') < v.publishTime) latest.set(v.courseId, v.publishTime);
    for (const c of content.courses) expect(latest.get(c.id)).toBe(c.updateTime);
  });

  it('has varied counts, some over 10 000', () => {
    const views = content.courses.map((c) => c.viewCount);
    expect(views.filter((v) => v > 10000).length).toBeGreaterThan(20);
    expect(views.filter((v) => v < 10000).length).toBeGreaterThan(20);
    for (const c of content.courses) {
      for (const n of [c.viewCount, c.collectCount, c.likeCount, c.noteCount])
        expect(Number.isInteger(n) && n >= 0).toBe(true);
    }
    expect(content.courses.some((c) => c.exclusive)).toBe(true);
    expect(content.courses.some((c) => !c.exclusive)).toBe(true);
  });

  it('numbers recommended and selected courses without gaps', () => {
    const rec = content.courses.flatMap((c) => (c.recommended === null ? [] : [c.recommended])).sort((a, b) => a - b);
    expect(rec.length).toBeGreaterThanOrEqual(30);
    expect(rec).toEqual(rec.map((_, i) => i));
    const sel = content.courses.flatMap((c) => (c.selected === null ? [] : [c.selected])).sort((a, b) => a - b);
    expect(sel).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('has keyframes inside the duration and lecture-like transcripts', () => {
    for (const v of content.videos) {
      expect(v.code).toMatch(/^V\d{6}$/);
      expect(v.durationSeconds).toBeGreaterThanOrEqual(600);
      expect(v.durationSeconds).toBeLessThanOrEqual(3000);
      expect(v.keyframes.length).toBeGreaterThanOrEqual(3);
      expect(v.keyframes.length).toBeLessThanOrEqual(6);
      let previous = -1;
      for (const k of v.keyframes) {
        expect(k.timePoint).toBeGreaterThan(previous);
        expect(k.timePoint).toBeLessThan(v.durationSeconds);
        expect(k.keyPoints).toMatch(HAN);
        expect(k.description).toMatch(HAN);
        previous = k.timePoint;
      }
      expect(v.transcript.length).toBeGreaterThanOrEqual(4);
      expect(v.transcript.length).toBeLessThanOrEqual(12);
      for (const s of v.transcript) expect(s.text).toMatch(/[。？！”]$/);
      // passages follow each other from the start to the end of the video
      expect(v.transcript[0]!.startMs).toBe(0);
      expect(v.transcript[v.transcript.length - 1]!.endMs).toBe(v.durationSeconds * 1000);
      for (let i = 1; i < v.transcript.length; i++) expect(v.transcript[i]!.startMs).toBe(v.transcript[i - 1]!.endMs);
      for (const s of v.transcript) expect(s.endMs).toBeGreaterThan(s.startMs);
      // the lecture talks about its own subject: some keyframe label (a concept) occurs in it
      const text = v.transcript.map((s) => s.text).join('');
      const labels = v.keyframes
        .map((k) => k.keyPoints)
        .filter((l) => !/^(问题导入|案例分析|常见误区|现实意义|本讲小结|课程脉络回顾|学习方法建议)$/.test(l));
      expect(
        labels.some((l) => text.includes(l.split('与')[0]!)),
        `${v.id} ${v.name}`,
      ).toBe(true);
      expect(v.abstract).toMatch(HAN);
      expect(v.properTitle).toMatch(HAN);
    }
    expect(new Set(content.videos.map((v) => v.transcript.map((s) => s.text).join(''))).size).toBe(
      content.videos.length,
    );
  });
});

describe('demo content: lecturers', () => {
  it('has positions, safe HTML intros and about 20 recommended', () => {
    for (const l of content.lecturers) {
      expect(l.position).toMatch(HAN);
      expect(l.school).toMatch(HAN);
      const paragraphs = l.introHtml.match(/<p>/g) ?? [];
      expect(paragraphs.length).toBeGreaterThanOrEqual(2);
      expect(paragraphs.length).toBeLessThanOrEqual(4);
      // only bare <p> and <strong>, no attributes, no scripts
      for (const tag of l.introHtml.match(/<[^>]+>/g) ?? []) expect(tag).toMatch(/^<\/?(p|strong)>$/);
    }
    const recommended = content.lecturers.filter((l) => l.recommended);
    expect(recommended.length).toBeGreaterThanOrEqual(15);
    expect(recommended.length).toBeLessThanOrEqual(25);
    expect(new Set(recommended.map((l) => l.sort)).size).toBe(recommended.length);
  });

  it('covers many surname initials, including non-obvious readings', () => {
    const initial = (name: string) =>
      pinyin(name, { pattern: 'first', toneType: 'none', surname: 'head' })[0]?.toUpperCase() ?? '';
    const initials = new Set(content.lecturers.map((l) => initial(l.name)));
    expect(initials.size).toBeGreaterThanOrEqual(18);
    const names = content.lecturers.map((l) => l.name);
    expect(names.find((n) => n.startsWith('曾'))).toBeDefined();
    expect(initial(names.find((n) => n.startsWith('曾'))!)).toBe('Z');
    expect(initial(names.find((n) => n.startsWith('单'))!)).toBe('S');
    expect(initial(names.find((n) => n.startsWith('仇'))!)).toBe('Q');
  });
});

describe('demo content: images', () => {
  const images = new Map(content.images.map((i) => [i.path, i]));

  it('has every referenced image', () => {
    const referenced = [
      ...content.courses.map((c) => c.image),
      ...content.videos.map((v) => v.image),
      ...content.lecturers.map((l) => l.image),
      ...content.topics.map((t) => t.image),
      ...content.banners.map((b) => b.imageUrl),
    ];
    for (const path of referenced) expect(images.has(path), path).toBe(true);
    expect(content.courses[0]?.image).toMatch(/^posters\/course-\d+\.svg$/);
    expect(content.videos[0]?.image).toMatch(/^videos\/video-\d+\.svg$/);
    expect(content.lecturers[0]?.image).toMatch(/^avatars\/lecturer-\d+\.svg$/);
    expect(content.topics[0]?.image).toMatch(/^topics\/topic-\d+\.svg$/);
    expect(content.banners[0]?.imageUrl).toMatch(/^banners\/banner-\d+\.svg$/);
  });

  it('are small, well-formed SVG with escaped text and a CJK font', () => {
    let total = 0;
    for (const image of content.images) {
      expect(image.contentType).toBe('image/svg+xml');
      const body = image.body as string;
      total += Buffer.byteLength(body);
      expect(Buffer.byteLength(body)).toBeLessThan(3 * 1024);
      expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(body.endsWith('</svg>')).toBe(true);
      expect(body).toContain('Noto Sans CJK SC');
      // every & starts an entity, and no stray < or > sits in text
      expect(body).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
      const stack: string[] = [];
      for (const m of body.matchAll(/<(\/?)([a-zA-Z]+)([^<>]*?)(\/?)>/g)) {
        if (m[1]) expect(stack.pop(), image.path).toBe(m[2]);
        else if (!m[4]) stack.push(m[2]!);
      }
      expect(stack, image.path).toEqual([]);
      expect(body.replace(/<[^<>]*>/g, '')).not.toMatch(/[<>]/);
    }
    expect(total).toBeLessThan(5 * 1024 * 1024);
    const poster = images.get(content.courses[0]!.image)!.body as string;
    expect(poster).toContain(escapeXml(content.courses[0]!.name.slice(0, 4)));
    expect(poster).toContain(lecturers.get(content.courses[0]!.lecturerId)!.name);
  });

  it('escapes XML and wraps titles to the width', () => {
    expect(escapeXml(`<a href="x">R&D's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;R&amp;D&apos;s&lt;/a&gt;');
    const lines = wrapText('新中国的成立与社会主义制度的确立', 11.5, 2);
    expect(lines).toHaveLength(2);
    for (const l of lines!) expect(textWidthEm(l)).toBeLessThanOrEqual(11.5);
    expect(wrapText('Python编程与实践', 5, 3)?.some((l) => l.includes('Python'))).toBe(true);
    expect(wrapText('一二三四五六七八九十一二三四五六七八九十一二三四五六七八九十', 5, 2)).toBeNull();
  });
});
