/**
 * GET /api/search/SuggestKeyWord (upstream/API.md): what the search box suggests as one types: hot
 * keywords containing the text, courses and lecturers whose name contains it (those starting with it
 * first), a few of each, from the search engine of the store under test (SQLite or PostgreSQL).
 * Nothing is recorded: suggesting never makes a hot keyword.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthorHit, CourseHit, HotKeyword } from '../../upstream/src/main-api/contract';
import { byName } from '../../upstream/src/main-api/services/suggest-service';
import { startTestApi, type TestApi } from './harness';

const PATH = '/api/search/SuggestKeyWord';
const DAY_MS = 86_400_000;

interface Suggestions {
  keyWords: HotKeyword[];
  courses: CourseHit[];
  authors: AuthorHit[];
}

describe('search suggestions', () => {
  let api: TestApi;
  const now = Date.now();

  beforeAll(async () => {
    api = await startTestApi({ now: () => now });
    // hot keywords: 唯物史观 searched by three people, 唯物辩证法 by two, 资本论 by one
    const searches: [string, number][] = [
      ['唯物史观', 3],
      ['唯物辩证法', 2],
      ['资本论', 1],
    ];
    for (const [keyword, people] of searches) {
      for (let i = 0; i < people; i++) await api.store.searchLogs.record(keyword, `u:${100 + i}`, now - DAY_MS);
    }
  });
  afterAll(() => api.stop());

  const suggest = async (keyWord: string, limit?: number) => {
    const res = await api.client.get<Suggestions>(PATH, limit === undefined ? { keyWord } : { keyWord, limit });
    expect(res.body.code, res.body.message).toBe(2000);
    return res.body.items;
  };

  it('suggests hot keywords, course names and lecturer names containing the text', async () => {
    const found = await suggest('唯物');
    expect(found.keyWords.map((k) => k.keyWord)).toEqual(['唯物史观', '唯物辩证法']);
    expect(found.courses.map((c) => c.courseName)).toEqual(['唯物辩证法的基本规律']);
    expect(found.courses[0]).toMatchObject({ courseId: 1, catalogId: 100, authorName: '曾国华' });
    expect(found.courses[0]!.highlight.courseName).toBe('\uE000唯物\uE001辩证法的基本规律');
    expect(found.authors).toEqual([]);

    const lecturers = await suggest('王');
    expect(lecturers.authors.map((a) => a.name)).toEqual(['王立新']);
    expect(lecturers.authors[0]!.highlight.name).toBe('\uE000王\uE001立新');
  });

  it('puts names that start with the text before names that only contain it', async () => {
    // 否定之否定 starts with 否定; no other course contains it
    expect((await suggest('否定')).courses.map((c) => c.courseName)).toEqual(['否定之否定']);
    // 社会存在与社会意识 contains 社会; 社 also in nothing else; 意识 only inside
    const inside = await suggest('意识');
    expect(inside.courses.map((c) => c.courseName)).toEqual(['社会存在与社会意识']);
    // 法: 法治思维 starts with it; 唯物辩证法的基本规律, 矛盾分析方法, 思想道德与法治导论 contain it
    const law = await suggest('法', 10);
    expect(law.courses[0]!.courseName).toBe('法治思维');
    expect(law.courses.map((c) => c.courseName).sort()).toEqual(
      ['唯物辩证法的基本规律', '思想道德与法治导论', '法治思维', '矛盾分析方法'].sort(),
    );
    expect((await suggest('法', 2)).courses).toHaveLength(2);
    // whatever order the engine ranks them in (the text compared folded, as the index compares)
    const names = ['辩证法', '宪法学', 'Fǎ法治', '法学导论', '无关'];
    expect(byName(names, (n) => n, '法', 10)).toEqual(['法学导论', '辩证法', '宪法学', 'Fǎ法治']);
    expect(byName(names, (n) => n, 'fa', 3)).toEqual(['Fǎ法治']);
  });

  it('leaves out courses found only by their introduction or lecturer', async () => {
    // every fixture course's introduction says 基本原理; only course names count
    expect((await suggest('基本原理')).courses).toEqual([]);
    // 曾国华 lectures course 1: a lecturer match, not a course-name one
    const byLecturer = await suggest('曾国华');
    expect(byLecturer.courses).toEqual([]);
    expect(byLecturer.authors.map((a) => a.id)).toEqual([1]);
  });

  it('records nothing: suggesting is not searching', async () => {
    await suggest('柏拉图');
    const hot = await api.client.get<HotKeyword[]>('/api/search/GetHotKeyWord', { limit: 20 });
    expect(hot.body.items.map((k) => k.keyWord)).not.toContain('柏拉图');
  });

  it('takes the keyword rules of every search call and a limit of 1..10', async () => {
    for (const [keyWord, message] of [
      ['', '请输入搜索关键词'],
      ['   ', '请输入搜索关键词'],
      ['长'.repeat(51), '搜索关键词不能超过50个字'],
    ] as const) {
      const res = await api.client.get(PATH, { keyWord });
      expect(res.body).toMatchObject({ code: 4000, message });
    }
    for (const limit of [0, 11, 'x']) {
      const res = await api.client.get(PATH, { keyWord: '唯物', limit });
      expect(res.body.code).toBe(4000);
      expect(res.body.message).toContain('limit');
    }
  });
});
