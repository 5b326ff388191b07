/**
 * The search calls of the main API (upstream/API.md "Main API: search") over the generated demo
 * content, through real HTTP: relevance, exact phrases from transcripts, one-character keywords,
 * the catalogue filter, paging, highlights and snippets, keyword validation, catalogue
 * suggestions, and content changed while the API runs. Expectations are worked out from the
 * content itself (which course names contain the word, which transcript has the phrase), not
 * from the server's code.
 */
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import type { DemoContent, DemoVideo } from '../../upstream/src/demo/types';
import type { ParamsInput } from './client';
import { startTestApi, type TestApi } from './harness';
import { rawConnection } from './test-engine';
import type { CatalogueHit, SearchResult } from '../../upstream/src/main-api/contract';

const MARK = /[\uE000\uE001]/g;
const MARKED = /\uE000([^\uE001]*)\uE001/g;

const points = (text: string) => [...text].length;
const unmark = (text: string) => text.replace(MARK, '');
const marked = (text: string) => [...text.matchAll(MARKED)].map((m) => m[1]!);

describe('main API search over the demo content', () => {
  const now = new Date();
  let content: DemoContent;
  let api: TestApi;
  let videoById: Map<number, DemoVideo>;
  /** every catalogue id → the ids of its subtree */
  let subtree: (id: number) => Set<number>;
  let courseSubtree: (catalogueId: number) => Set<number>;

  const search = (params: ParamsInput) => api.client.get<SearchResult>('/api/search/SearchByKeyWord', params);
  const searchItems = async (params: ParamsInput) => {
    const res = await search(params);
    expect(res.body.code, res.body.message).toBe(2000);
    return res.body.items;
  };

  beforeAll(async () => {
    content = generateDemoContent({ now });
    api = await startTestApi({ content });
    videoById = new Map(content.videos.map((v) => [v.id, v]));
    const children = new Map<number, number[]>();
    for (const c of content.catalogues) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
    subtree = (id) => {
      const out = new Set<number>([id]);
      for (const child of children.get(id) ?? []) for (const d of subtree(child)) out.add(d);
      return out;
    };
    courseSubtree = (catalogueId) => {
      const nodes = subtree(catalogueId);
      return new Set(content.courses.filter((c) => nodes.has(c.catalogueId)).map((c) => c.id));
    };
  });
  afterAll(() => api.stop());

  describe('relevance', () => {
    it('a two-character word finds the courses with it in their name first', async () => {
      const items = await searchItems({ SearchByKeyWord: '哲学', type: 'course', pageSize: 100 });
      const hits = items.courseData!.dataList;
      const named = content.courses.filter((c) => c.name.includes('哲学'));
      expect(named.length).toBeGreaterThan(3);
      expect(items.courseData!.totalCount).toBeGreaterThan(named.length);
      // the first hits are exactly the courses named with the word
      expect(new Set(hits.slice(0, named.length).map((h) => h.courseId))).toEqual(new Set(named.map((c) => c.id)));
      // and every hit has the word somewhere
      for (const h of hits) {
        const course = content.courses.find((c) => c.id === h.courseId)!;
        const trail = h.catalogTree.map((t) => content.catalogues.find((c) => c.id === t.id)!.name).join();
        expect(`${course.name}${course.info}${h.authorName}${trail}`).toContain('哲学');
      }
    });

    it("a lecturer's full name finds the lecturer and, first, their courses", async () => {
      const lecturer = content.lecturers.find(
        (l) => l.recommended && content.courses.filter((c) => c.lecturerId === l.id).length >= 2,
      )!;
      const items = await searchItems({ SearchByKeyWord: lecturer.name });
      expect(items.authorData!.dataList[0]!.id).toBe(lecturer.id);
      expect(items.authorData!.dataList[0]!.highlight.name).toBe(`\uE000${lecturer.name}\uE001`);
      const theirs = content.courses.filter((c) => c.lecturerId === lecturer.id).map((c) => c.id);
      const hits = items.courseData!.dataList.map((h) => h.courseId);
      expect(new Set(hits.slice(0, theirs.length))).toEqual(new Set(theirs));
      for (const h of items.courseData!.dataList.slice(0, theirs.length)) {
        expect(h.highlight.authorName).toBe(`\uE000${lecturer.name}\uE001`);
      }
    });

    it('a sentence copied from one transcript finds that passage first, at its start second', async () => {
      // knowledge-point texts of the whole content, to pick a passage whose text occurs once
      const texts = content.videos.flatMap((v) => [
        ...v.keyframes.map((k) => `${k.keyPoints}\n${k.description}`),
        ...v.transcript.map((p) => p.text),
      ]);
      const occurrences = (text: string) => texts.filter((t) => t.includes(text)).length;
      let picked: { video: DemoVideo; seq: number } | undefined;
      for (const video of content.videos) {
        const seq = video.transcript.findIndex(
          (p) => points(p.text) >= 20 && points(p.text) <= 50 && occurrences(p.text) === 1,
        );
        if (seq > 0) {
          picked = { video, seq };
          break;
        }
      }
      expect(picked).toBeDefined();
      const { video, seq } = picked!;
      const passage = video.transcript[seq]!;
      for (const keyword of [passage.text, [...passage.text].slice(3, 17).join('')]) {
        const items = await searchItems({ SearchByKeyWord: keyword, type: 'video' });
        const first = items.keyframesData!.dataList[0]!;
        if (occurrences(keyword) === 1) {
          expect(first.id).toBe(`t-${video.id}-${seq}`);
          expect(first.kind).toBe('transcript');
          expect(first.videoId).toBe(video.id);
          expect(first.courseId).toBe(video.courseId);
          expect(first.description).toBe(passage.text);
          expect(first.keyPoints).toBe('');
          expect(first.timePoint).toBe(Math.floor(passage.startMs / 1000));
          const s = first.timePoint;
          const two = (n: number) => String(n).padStart(2, '0');
          expect(first.keyPointsShow).toBe(
            s >= 3600
              ? `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
              : `${two(Math.floor(s / 60))}:${two(s % 60)}`,
          );
        } else {
          // the slice occurs elsewhere too: the passage is still among the exact hits at the top
          const exact = items.keyframesData!.dataList.slice(0, occurrences(keyword)).map((k) => k.id);
          expect(exact).toContain(`t-${video.id}-${seq}`);
        }
        // the whole keyword is marked as one piece
        expect(marked(first.highlight.description)).toContain(keyword);
      }
    });

    it('a word that occurs only in transcripts yields knowledge points and nothing else', async () => {
      const jieba = Jieba.withDict(dict);
      const elsewhere = [
        ...content.courses.flatMap((c) => [c.name, c.info]),
        ...content.lecturers.flatMap((l) => [l.name, l.position, l.school, l.introHtml]),
        ...content.topics.flatMap((t) => [t.title, t.info]),
        ...content.catalogues.map((c) => c.name),
        ...content.videos.flatMap((v) => [v.name, ...v.keyframes.flatMap((k) => [k.keyPoints, k.description])]),
      ].join('\n');
      const transcripts = content.videos.flatMap((v) => v.transcript.map((p) => p.text));
      const candidates = new Map<string, number>();
      for (const text of transcripts) {
        for (const word of jieba.cut(text, false)) {
          if (/^\p{Script=Han}{2,4}$/u.test(word) && !elsewhere.includes(word))
            candidates.set(word, (candidates.get(word) ?? 0) + 1);
        }
      }
      // a word of a few passages, so that all of them fit one page
      const word = [...candidates.entries()]
        .filter(([, n]) => n >= 2 && n <= 20)
        .sort((a, b) => b[0].length - a[0].length || (a[0] < b[0] ? -1 : 1))[0]?.[0];
      expect(word).toBeDefined();
      // the cutting above blocks this process (the server too) for seconds: let the overdue keep-alive
      // timers close the idle connection first, or the request may be written into a socket the
      // server is closing (ECONNRESET on a loaded machine)
      await new Promise((resolve) => setTimeout(resolve, 50));
      const items = await searchItems({ SearchByKeyWord: word!, type: 'all' });
      expect(items.courseData!.totalCount).toBe(0);
      expect(items.specialData!.totalCount).toBe(0);
      expect(items.authorData!.totalCount).toBe(0);
      const expected = transcripts.filter((t) => t.includes(word!)).length;
      expect(items.keyframesData!.totalCount).toBe(expected);
      const all = await searchItems({ SearchByKeyWord: word!, type: 'video', pageSize: 100 });
      for (const k of all.keyframesData!.dataList) {
        expect(k.kind).toBe('transcript');
        expect(k.description).toContain(word);
        const video = videoById.get(k.videoId)!;
        const seq = Number(k.id.split('-')[2]);
        expect(k.description).toBe(video.transcript[seq]!.text);
        expect(k.timePoint).toBe(Math.floor(video.transcript[seq]!.startMs / 1000));
      }
    });

    it('a one-character keyword finds every course containing that character', async () => {
      const char = '道';
      const trailNames = (catalogueId: number) => {
        const names: string[] = [];
        for (
          let c = content.catalogues.find((x) => x.id === catalogueId);
          c;
          c = content.catalogues.find((x) => x.id === c!.parentId)
        )
          names.push(c.name);
        return names.join('\n');
      };
      const lecturerName = new Map(content.lecturers.map((l) => [l.id, l.name]));
      const expected = content.courses.filter((c) =>
        `${c.name}\n${c.info}\n${lecturerName.get(c.lecturerId)}\n${trailNames(c.catalogueId)}`.includes(char),
      );
      expect(expected.length).toBeGreaterThan(0);
      const items = await searchItems({ SearchByKeyWord: char, type: 'course', pageSize: 100 });
      expect(items.courseData!.totalCount).toBe(expected.length);
      // names with the character first
      const named = expected.filter((c) => c.name.includes(char)).length;
      expect(named).toBeGreaterThan(0);
      for (const h of items.courseData!.dataList.slice(0, named)) expect(h.courseName).toContain(char);
      for (const h of items.courseData!.dataList)
        for (const piece of marked(h.highlight.courseName)) expect(piece).toBe(char);
      const video = await searchItems({ SearchByKeyWord: char, type: 'video' });
      expect(video.keyframesData!.totalCount).toBeGreaterThan(0);
    });
  });

  describe('the catalogue filter', () => {
    it('keeps every group in the subtree, and counts agree with the unfiltered hits there', async () => {
      const keyword = '实践';
      const everything = await searchItems({ SearchByKeyWord: keyword, type: 'course', pageSize: 100 });
      expect(everything.courseData!.totalCount).toBeLessThanOrEqual(100);
      // the subject with the most hits (not all of them)
      const bySubject = new Map<number, number>();
      for (const h of everything.courseData!.dataList)
        bySubject.set(h.catalogTree[0]!.id, (bySubject.get(h.catalogTree[0]!.id) ?? 0) + 1);
      const subjectId = [...bySubject.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      const philosophy = content.catalogues.find((c) => c.id === subjectId)!;
      expect(philosophy.level).toBe(1);
      const courses = courseSubtree(philosophy.id);
      const nodes = subtree(philosophy.id);
      const inside = everything.courseData!.dataList.filter((h) => courses.has(h.courseId));
      expect(inside.length).toBeGreaterThan(0);
      expect(inside.length).toBeLessThan(everything.courseData!.totalCount);

      const filtered = await searchItems({ SearchByKeyWord: keyword, catalogId: philosophy.id, pageSize: 100 });
      expect(filtered.courseData!.totalCount).toBe(inside.length);
      expect(new Set(filtered.courseData!.dataList.map((h) => h.courseId))).toEqual(
        new Set(inside.map((h) => h.courseId)),
      );
      for (const h of filtered.courseData!.dataList)
        expect(h.catalogTree.some((t) => t.id === philosophy.id)).toBe(true);
      expect(filtered.keyframesData!.totalCount).toBeGreaterThan(0);
      for (const k of filtered.keyframesData!.dataList) {
        expect(nodes.has(k.catalogId)).toBe(true);
        expect(courses.has(k.courseId)).toBe(true);
      }
      for (const a of filtered.authorData!.dataList) {
        expect(content.courses.some((c) => c.lecturerId === a.id && courses.has(c.id))).toBe(true);
      }
      for (const t of filtered.specialData!.dataList) {
        expect(content.topics.find((x) => x.id === t.id)!.courseIds.some((id) => courses.has(id))).toBe(true);
      }
      const counts = await api.client.get('/api/search/GetSearchCountByKeyWord', {
        SearchByKeyWord: keyword,
        catalogId: philosophy.id,
      });
      expect(counts.body.items).toEqual({
        courseCount: filtered.courseData!.totalCount,
        specialCount: filtered.specialData!.totalCount,
        authorCount: filtered.authorData!.totalCount,
        videoCount: filtered.keyframesData!.totalCount,
      });
    });

    it('an unknown catalogue finds nothing and is not an error', async () => {
      const items = await searchItems({ SearchByKeyWord: '哲学', catalogId: 987654 });
      expect(items.courseData).toEqual({ totalCount: 0, dataList: [] });
      expect(items.keyframesData).toEqual({ totalCount: 0, dataList: [] });
      expect(items.specialData).toEqual({ totalCount: 0, dataList: [] });
      expect(items.authorData).toEqual({ totalCount: 0, dataList: [] });
    });
  });

  describe('groups and paging', () => {
    it('type all pages the courses and previews 10 knowledge points, 4 topics, 8 lecturers', async () => {
      const items = await searchItems({ SearchByKeyWord: '马克思主义' });
      expect(items.courseData!.dataList).toHaveLength(21);
      expect(items.keyframesData!.dataList).toHaveLength(10);
      expect(items.specialData!.dataList.length).toBeLessThanOrEqual(4);
      expect(items.authorData!.dataList).toHaveLength(8);
      expect(items.authorData!.totalCount).toBeGreaterThan(8);
      expect(items.keyframesData!.totalCount).toBeGreaterThan(10);
      // other types answer only their group
      for (const [type, key] of [
        ['course', 'courseData'],
        ['video', 'keyframesData'],
        ['special', 'specialData'],
        ['author', 'authorData'],
      ] as const) {
        const one = await searchItems({ SearchByKeyWord: '马克思主义', type, pageSize: 5 });
        expect(Object.keys(one)).toEqual([key]);
        expect(one[key]!.totalCount).toBe(items[key]!.totalCount);
        expect(one[key]!.dataList.length).toBe(Math.min(5, items[key]!.totalCount));
      }
    });

    it('pages follow each other without repeats, the total the same on every page', async () => {
      const keyword = '马克思主义';
      const whole = (await searchItems({ SearchByKeyWord: keyword, type: 'video', pageSize: 100 })).keyframesData!;
      expect(whole.totalCount).toBeGreaterThan(40);
      const seen: string[] = [];
      for (let pageIndex = 1; pageIndex <= 4; pageIndex++) {
        const page = (await searchItems({ SearchByKeyWord: keyword, type: 'video', pageSize: 10, pageIndex }))
          .keyframesData!;
        expect(page.totalCount).toBe(whole.totalCount);
        expect(page.dataList).toHaveLength(10);
        seen.push(...page.dataList.map((k) => k.id));
      }
      expect(new Set(seen).size).toBe(40);
      expect(seen).toEqual(whole.dataList.slice(0, 40).map((k) => k.id));
      const course1 = (await searchItems({ SearchByKeyWord: keyword, type: 'course', pageIndex: 1 })).courseData!;
      const course2 = (await searchItems({ SearchByKeyWord: keyword, type: 'course', pageIndex: 2 })).courseData!;
      expect(course2.totalCount).toBe(course1.totalCount);
      expect(course2.dataList.length).toBeGreaterThan(0);
      const first = new Set(course1.dataList.map((c) => c.courseId));
      for (const c of course2.dataList) expect(first.has(c.courseId)).toBe(false);
      // past the end: an empty page, the same total
      const beyond = (await searchItems({ SearchByKeyWord: keyword, type: 'course', pageIndex: 1000 })).courseData!;
      expect(beyond).toEqual({ totalCount: course1.totalCount, dataList: [] });
    });

    it('topic hits carry no course list', async () => {
      const topic = content.topics[0]!;
      const items = await searchItems({ SearchByKeyWord: topic.title, type: 'special' });
      expect(items.specialData!.dataList[0]!.id).toBe(topic.id);
      expect(items.specialData!.dataList[0]!).not.toHaveProperty('courseList');
    });
  });

  describe('highlights', () => {
    it('wrap exactly the matched word, leaving the text as it was', async () => {
      const items = await searchItems({ SearchByKeyWord: '哲学', pageSize: 50, type: 'course' });
      for (const h of items.courseData!.dataList) {
        expect(unmark(h.highlight.courseName)).toBe(h.courseName);
        expect(unmark(h.highlight.authorName)).toBe(h.authorName);
        for (const field of [h.highlight.courseName, h.highlight.courseInfo, h.highlight.authorName]) {
          for (const piece of marked(field)) expect(piece).toBe('哲学');
          // outside the markers the word never occurs: every occurrence is marked
          expect(field.replace(MARKED, '').includes('哲学')).toBe(false);
          // markers pair up
          expect(field.replace(MARKED, '')).not.toMatch(MARK);
        }
        if (h.courseName.includes('哲学')) expect(h.highlight.courseName).toContain('\uE000哲学\uE001');
      }
    });

    it('cut long fields to a snippet of at most 120 characters around the first match', async () => {
      const items = await searchItems({ SearchByKeyWord: '实践', pageSize: 100, type: 'course' });
      let cut = 0;
      for (const h of items.courseData!.dataList) {
        const snippet = unmark(h.highlight.courseInfo);
        expect(points(snippet)).toBeLessThanOrEqual(120);
        if (points(h.courseInfo) <= 120) {
          expect(snippet).toBe(h.courseInfo);
        } else {
          cut++;
          expect(snippet.startsWith('…') || snippet.endsWith('…')).toBe(true);
          expect(h.courseInfo).toContain(snippet.replace(/^…/, '').replace(/…$/, ''));
          if (h.courseInfo.includes('实践')) expect(marked(h.highlight.courseInfo)).toContain('实践');
        }
      }
      expect(cut).toBeGreaterThan(0);
      const kps = await searchItems({ SearchByKeyWord: '实践', pageSize: 100, type: 'video' });
      for (const k of kps.keyframesData!.dataList) {
        expect(points(unmark(k.highlight.description))).toBeLessThanOrEqual(120);
        expect(unmark(k.highlight.videoName)).toBe(k.videoName);
        expect(unmark(k.highlight.keyPoints)).toBe(k.keyPoints);
      }
    });
  });

  describe('keyword rules', () => {
    const calls: [string, string, Record<string, string | number>][] = [
      ['/api/search/SearchByKeyWord', 'SearchByKeyWord', {}],
      ['/api/search/GetSearchCountByKeyWord', 'SearchByKeyWord', {}],
      ['/api/search/SearchCatalog', 'keyWord', {}],
    ];

    it('refuses a missing, empty or blank keyword with 请输入搜索关键词', async () => {
      for (const [path, name] of calls) {
        for (const value of [undefined, '', '   ', '\u3000']) {
          const res = await api.client.get(path, value === undefined ? {} : { [name]: value });
          expect(res.status, `${path} ${JSON.stringify(value)}`).toBe(400);
          expect(res.body).toEqual({ code: 4000, message: '请输入搜索关键词', items: null });
        }
      }
    });

    it('refuses more than 50 characters (code points) with 搜索关键词不能超过50个字, trimming first', async () => {
      for (const [path, name] of calls) {
        const long = await api.client.get(path, { [name]: '哲'.repeat(51) });
        expect(long.status).toBe(400);
        expect(long.body).toEqual({ code: 4000, message: '搜索关键词不能超过50个字', items: null });
        const astral = await api.client.get(path, { [name]: '𠀀'.repeat(51) });
        expect(astral.body.message).toBe('搜索关键词不能超过50个字');
        for (const ok of ['哲'.repeat(50), '𠀀'.repeat(50), `  ${'哲'.repeat(50)}  `]) {
          const res = await api.client.get(path, { [name]: ok });
          expect(res.body.code, `${path} ${ok}`).toBe(2000);
        }
      }
    });

    it('refuses an unknown type and bad paging', async () => {
      const bad = await search({ SearchByKeyWord: '哲学', type: 'videos' });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe(4000);
      expect(bad.body.message).toContain('type');
      for (const params of [{ pageIndex: 0 }, { pageSize: 101 }, { pageSize: 'x' }, { catalogId: -1 }]) {
        const res = await search({ SearchByKeyWord: '哲学', ...params });
        expect(res.body.code, JSON.stringify(params)).toBe(4000);
      }
    });

    it('answers a keyword without letters or digits with empty groups', async () => {
      const items = await searchItems({ SearchByKeyWord: '，。！' });
      expect(items.courseData).toEqual({ totalCount: 0, dataList: [] });
      expect(items.keyframesData!.totalCount).toBe(0);
    });
  });

  describe('SearchCatalog', () => {
    it('puts the exact name first, then names containing the keyword by level, highlighted', async () => {
      const res = await api.client.get<CatalogueHit[]>('/api/search/SearchCatalog', { keyWord: '哲学', limit: 50 });
      expect(res.body.code).toBe(2000);
      const hits = res.body.items;
      const containing = content.catalogues.filter((c) => c.name.includes('哲学'));
      expect(hits[0]!.name).toBe('哲学');
      expect(hits[0]!.level).toBe(1);
      expect(hits[0]!.catalogType).toBe(1);
      expect(hits[0]!.parentId).toBe(0);
      const rest = containing.filter((c) => c.name !== '哲学').sort((a, b) => a.level - b.level || a.id - b.id);
      expect(hits.slice(1, containing.length).map((h) => h.id)).toEqual(rest.map((c) => c.id));
      for (const h of hits.slice(0, containing.length)) expect(h.highlight.name).toContain('\uE000哲学\uE001');

      const limited = await api.client.get<CatalogueHit[]>('/api/search/SearchCatalog', { keyWord: '哲学' });
      expect(limited.body.items).toHaveLength(10);
      expect(limited.body.items).toEqual(hits.slice(0, 10));

      const exact = content.catalogues
        .filter((c) => c.name === '马克思主义哲学')
        .sort((a, b) => a.level - b.level || a.id - b.id);
      const again = await api.client.get<CatalogueHit[]>('/api/search/SearchCatalog', {
        keyWord: '马克思主义哲学',
        limit: 5,
      });
      expect(again.body.items.slice(0, exact.length).map((h) => h.id)).toEqual(exact.map((c) => c.id));
    });

    it('refuses a bad limit', async () => {
      const res = await api.client.get('/api/search/SearchCatalog', { keyWord: '哲学', limit: 0 });
      expect(res.body.code).toBe(4000);
    });
  });

  describe('content changed while the API runs', () => {
    it('a course inserted through the store is found at once, without a rebuild', async () => {
      const name = '量子纠缠与辩证思维专题';
      expect((await searchItems({ SearchByKeyWord: '量子纠缠', type: 'course' })).courseData!.totalCount).toBe(0);
      const template = content.courses[0]!;
      await api.store.courses.insert({
        id: 90001,
        catalogueId: template.catalogueId,
        lecturerId: template.lecturerId,
        name,
        info: '用唯物辩证法的眼光看量子纠缠。',
        exclusive: false,
        viewCount: 1,
        collectCount: 0,
        likeCount: 0,
        noteCount: 0,
        publishTime: Date.now(),
        updateTime: Date.now(),
        recommendPosition: null,
        selectPosition: null,
        image: 'posters/course-90001.svg',
      });
      await api.store.videos.insert({
        id: 90001,
        courseId: 90001,
        sort: 1,
        name: '纠缠态的哲学意味',
        properTitle: '',
        code: 'V090001',
        abstract: '',
        durationSeconds: 600,
        publishTime: Date.now(),
        image: 'videos/90001.svg',
        keyframes: [{ timePoint: 30, keyPoints: '贝尔不等式', description: '贝尔不等式检验定域实在论。' }],
        transcript: [
          { text: '同学们好。', startMs: 0, endMs: 2000 },
          { text: '今天我们讨论薛定谔的猫这个思想实验。', startMs: 2000, endMs: 125_500 },
        ],
      });
      const found = await searchItems({ SearchByKeyWord: '量子纠缠' });
      expect(found.courseData!.dataList.map((c) => c.courseId)).toEqual([90001]);
      expect(found.courseData!.dataList[0]!.highlight.courseName).toBe('\uE000量子纠缠\uE001与辩证思维专题');
      const passage = await searchItems({ SearchByKeyWord: '薛定谔的猫', type: 'video' });
      expect(passage.keyframesData!.dataList[0]).toMatchObject({
        id: 't-90001-1',
        videoId: 90001,
        timePoint: 2,
        keyPointsShow: '00:02',
      });
      const keyframe = await searchItems({ SearchByKeyWord: '贝尔不等式', type: 'video' });
      expect(keyframe.keyframesData!.dataList[0]).toMatchObject({
        id: 'k-90001-0',
        keyPoints: '贝尔不等式',
        timePoint: 30,
      });
    });

    it('renames by another connection (another process) reach the index: course, lecturer, catalogue', async () => {
      const other = rawConnection(api.store);
      try {
        const course = content.courses[3]!;
        await other.run('UPDATE courses SET name = ? WHERE id = ?', '暗物质探测方法论', course.id);
        const renamed = await searchItems({ SearchByKeyWord: '暗物质探测', type: 'course' });
        expect(renamed.courseData!.dataList.map((c) => c.courseId)).toEqual([course.id]);
        const old = await searchItems({ SearchByKeyWord: course.name, type: 'course' });
        expect(old.courseData!.dataList.map((c) => c.courseId)).not.toContain(course.id);

        // a lecturer's new name finds the lecturer and all their courses
        const lecturer = content.lecturers.find((l) => content.courses.some((c) => c.lecturerId === l.id))!;
        await other.run('UPDATE lecturers SET name = ? WHERE id = ?', '司马望舒', lecturer.id);
        const byName = await searchItems({ SearchByKeyWord: '司马望舒' });
        expect(byName.authorData!.dataList.map((a) => a.id)).toEqual([lecturer.id]);
        // (the store's: a test above added a course)
        const theirs = (await api.store.courses.list({ lecturerId: lecturer.id }, 'latest', 100, 0)).map((c) => c.id);
        expect(new Set(byName.courseData!.dataList.map((c) => c.courseId))).toEqual(new Set(theirs));

        // a catalogue's new name is found with the courses filed below it
        const leaf = content.catalogues.find((c) => c.id === content.courses[10]!.catalogueId)!;
        await other.run('UPDATE catalogues SET name = ? WHERE id = ?', '星际文明比较研究', leaf.id);
        const byCatalogue = await searchItems({ SearchByKeyWord: '星际文明', type: 'course', pageSize: 100 });
        const filed = (await api.store.courses.list({ catalogueId: leaf.id }, 'latest', 100, 0)).map((c) => c.id);
        expect(new Set(byCatalogue.courseData!.dataList.map((c) => c.courseId))).toEqual(new Set(filed));
        const suggestion = await api.client.get<CatalogueHit[]>('/api/search/SearchCatalog', {
          keyWord: '星际文明比较研究',
        });
        expect(suggestion.body.items[0]!.id).toBe(leaf.id);

        // a transcript passage removed is no longer found
        const video = content.videos[20]!;
        const text = video.transcript[1]!.text;
        const before = await searchItems({ SearchByKeyWord: [...text].slice(0, 30).join(''), type: 'video' });
        expect(before.keyframesData!.dataList.map((k) => k.id)).toContain(`t-${video.id}-1`);
        await other.run('DELETE FROM video_transcripts WHERE video_id = ? AND seq = 1', video.id);
        const after = await searchItems({
          SearchByKeyWord: [...text].slice(0, 30).join(''),
          type: 'video',
          pageSize: 100,
        });
        expect(after.keyframesData!.dataList.map((k) => k.id)).not.toContain(`t-${video.id}-1`);
      } finally {
        await other.close();
      }
    });
  });
});
