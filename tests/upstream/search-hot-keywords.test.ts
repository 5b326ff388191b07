/**
 * GetHotKeyWord over real searches (upstream/API.md: a first-page SearchByKeyWord that finds
 * something counts once per searcher per day; the searcher is userId, else the end user's
 * address), and the demo's month of search history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoContent } from '../../upstream/src/demo/generate';
import { HOT_KEYWORDS_CACHE_MS } from '../../upstream/src/main-api/services/search-service';
import type { DemoContent } from '../../upstream/src/demo/types';
import { startTestApi, type TestApi } from './harness';
import type { HotKeyword } from '../../upstream/src/main-api/contract';

describe('hot keywords', () => {
  let content: DemoContent;
  let api: TestApi;
  // The API's clock: each read of the hot keywords moves it past their cache (a minute). Started
  // past the platform's midnight when that is near, so that the searches stay on one day.
  const DAY_MS = 86_400_000;
  const untilMidnight = DAY_MS - ((Date.now() + 8 * 3_600_000) % DAY_MS);
  let offset = untilMidnight < 30 * 60_000 ? untilMidnight + 60_000 : 0;

  const hot = async (limit = 100) => {
    offset += HOT_KEYWORDS_CACHE_MS;
    const res = await api.client.get<HotKeyword[]>('/api/search/GetHotKeyWord', { limit });
    expect(res.body.code).toBe(2000);
    return res.body.items;
  };
  const countOf = async (keyword: string) => (await hot()).find((h) => h.keyWord === keyword)?.searchCount ?? 0;
  const searchFrom = (address: string, params: Record<string, string | number>) =>
    api.client.get<Record<string, { totalCount: number }>>('/api/search/SearchByKeyWord', params, {
      headers: { 'X-Forwarded-For': address },
    });

  beforeAll(async () => {
    content = generateDemoContent({ now: new Date() });
    api = await startTestApi({ content, now: () => Date.now() + offset });
  });
  afterAll(() => api.stop());

  it('a fresh demo install has hot keywords from its month of searches, each of which finds something', async () => {
    const searches = content.searches ?? [];
    expect(searches.length).toBeGreaterThan(300);
    expect(new Set(searches.map((s) => s.searcher)).size).toBe(40);
    const top = await hot(8);
    expect(top).toHaveLength(8);
    for (let i = 1; i < top.length; i++) expect(top[i]!.searchCount).toBeLessThanOrEqual(top[i - 1]!.searchCount);
    // the counts are (searcher, day) pairs of the seeded searches
    const day = (iso: string) => Math.floor((Date.parse(iso) + 8 * 3600_000) / 86_400_000);
    const pairs = new Map<string, Set<string>>();
    for (const s of searches)
      pairs.set(s.keyword, (pairs.get(s.keyword) ?? new Set()).add(`${s.searcher} ${day(s.at)}`));
    for (const h of top) expect(h.searchCount).toBe(pairs.get(h.keyWord)!.size);
    // the readers' keywords are in the content: a search for each finds something (without logging: page 2)
    for (const keyword of pairs.keys()) {
      const counts = await api.client.get<Record<string, number>>('/api/search/GetSearchCountByKeyWord', {
        SearchByKeyWord: keyword,
      });
      const total = Object.values(counts.body.items).reduce((a, b) => a + b, 0);
      expect(total, keyword).toBeGreaterThan(0);
    }
    // the default limit is 8
    const res = await api.client.get<HotKeyword[]>('/api/search/GetHotKeyWord');
    expect(res.body.items).toEqual(top);
  });

  it('counts searchers once a day, by user id or else by address, only for first pages that found something', async () => {
    // a course's name: it finds that course, and the demo readers never searched it
    const keyword = content.courses.find((c) => !(content.searches ?? []).some((s) => s.keyword === c.name))!.name;
    expect(await countOf(keyword)).toBe(0);

    const first = await searchFrom('203.0.113.5', { SearchByKeyWord: keyword });
    expect(first.body.code).toBe(2000);
    expect(first.body.items.courseData!.totalCount + first.body.items.keyframesData!.totalCount).toBeGreaterThan(0);
    expect(await countOf(keyword)).toBe(1);

    // the same address again, another tab, other spacing: still once today
    await searchFrom('203.0.113.5', { SearchByKeyWord: keyword, type: 'video' });
    await searchFrom('203.0.113.5', { SearchByKeyWord: `  ${keyword} ` });
    expect(await countOf(keyword)).toBe(1);

    // a second address counts
    await searchFrom('198.51.100.7', { SearchByKeyWord: keyword });
    expect(await countOf(keyword)).toBe(2);

    // a signed-in user behind the first address counts as a person of their own
    await searchFrom('203.0.113.5', { SearchByKeyWord: keyword, userId: 42 });
    await searchFrom('198.51.100.99', { SearchByKeyWord: keyword, userId: 42 });
    expect(await countOf(keyword)).toBe(3);

    // later pages are the same search: not counted
    await searchFrom('192.0.2.1', { SearchByKeyWord: keyword, pageIndex: 2 });
    expect(await countOf(keyword)).toBe(3);

    // a search that finds nothing is not counted
    const nothing = await searchFrom('192.0.2.2', { SearchByKeyWord: 'zqxjkvw' });
    expect(nothing.body.items.courseData!.totalCount).toBe(0);
    expect(await countOf('zqxjkvw')).toBe(0);
    // nor is one whose tab found nothing
    await searchFrom('192.0.2.3', { SearchByKeyWord: keyword, type: 'special' });
    expect(await countOf(keyword)).toBe(3);
  });

  it('the keyword rises above others as more people search it, Latin letters lower-cased', async () => {
    const top = await hot(8);
    const target = top[top.length - 1]!.searchCount + 2;
    // the content has "Transformer" (a lecture on large models): both spellings are one keyword
    for (let i = 0; i < target; i++) {
      const res = await searchFrom(`10.99.0.${i + 1}`, { SearchByKeyWord: i % 2 ? 'Transformer' : 'TRANSFORMER' });
      expect(res.body.code).toBe(2000);
      expect(res.body.items.keyframesData!.totalCount).toBeGreaterThan(0);
    }
    const after = await hot(8);
    expect(after.find((h) => h.keyWord === 'transformer')?.searchCount).toBe(target);
    expect(after.find((h) => h.keyWord === 'Transformer')).toBeUndefined();
    const position = after.findIndex((h) => h.keyWord === 'transformer');
    for (const h of after.slice(position + 1)) expect(h.searchCount).toBeLessThanOrEqual(target);
  });

  it('refuses a bad limit', async () => {
    for (const limit of [0, 101, 'x']) {
      const res = await api.client.get('/api/search/GetHotKeyWord', { limit });
      expect(res.body.code).toBe(4000);
    }
  });
});
