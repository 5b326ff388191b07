/**
 * The search service's protections, through real HTTP over the fixture content: one catch-up of
 * the index per request, a start over a queue that once stopped it, the search log as best-effort
 * (a lock held by another process costs a count, not the search), its keyword hygiene, its cap per
 * searcher and day, IPv6 searchers by /64, the hot keywords' cache, and the deepest page served.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadUpstreamConfig } from '../../upstream/src/config';
import { startMainApi } from '../../upstream/src/main-api/server';
import {
  anonymousSearcher,
  HOT_KEYWORDS_CACHE_MS,
  MAX_SEARCH_POSITION,
} from '../../upstream/src/main-api/services/search-service';
import { DATABASE_FILE } from '../../upstream/src/store';
import { openMainApiData } from '../../upstream/src/main-api/data';
import { MAX_KEYWORDS_PER_SEARCHER_DAY, normaliseLoggedKeyword } from '../../upstream/src/store/search-logs';
import { seedDemoContent } from '../../upstream/src/demo/seed';
import { UpstreamClient } from './client';
import { fixtureContent } from './fixture';
import { startTestApi, type TestApi } from './harness';
import type { HotKeyword } from '../../upstream/src/main-api/contract';

type Result = Record<string, { totalCount: number; dataList: unknown[] }>;

const stops: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  vi.restoreAllMocks();
});

async function api(options: Parameters<typeof startTestApi>[0] = {}): Promise<TestApi> {
  const started = await startTestApi(options);
  stops.push(() => started.stop());
  return started;
}

const search = (test: TestApi, params: Record<string, string | number>, address = '203.0.113.9') =>
  test.client.get<Result>('/api/search/SearchByKeyWord', params, { headers: { 'X-Forwarded-For': address } });
const hot = async (test: TestApi, limit = 100) =>
  (await test.client.get<HotKeyword[]>('/api/search/GetHotKeyWord', { limit })).body.items;

describe('search service', () => {
  it('catches up with the queue once per request, however many groups and counts it answers', async () => {
    const test = await api();
    const catchUp = vi.spyOn(test.store.search, 'catchUp');
    const searches = vi.spyOn(test.store.search, 'search');
    const res = await search(test, { SearchByKeyWord: '唯物辩证法' });
    expect(res.body.code).toBe(2000);
    expect(searches).toHaveBeenCalledTimes(4);
    expect(catchUp).toHaveBeenCalledTimes(1);
    catchUp.mockClear();
    await test.client.get('/api/search/GetSearchCountByKeyWord', { SearchByKeyWord: '唯物辩证法' });
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it('starts over a queue holding a lecturer introduction with references to no character', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-upstream-'));
    stops.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const store = openMainApiData(dataDir);
    stops.push(() => store.close());
    await seedDemoContent(store, fixtureContent(), store.mediaDir);
    const other = new Database(path.join(dataDir, DATABASE_FILE));
    other.prepare(`UPDATE lecturers SET intro_html = '<p>启动测试讲师&#9999999;&#xFFFFFF;</p>' WHERE id = 3`).run();
    other.close();
    const config = loadUpstreamConfig({ DATA_DIR: dataDir, UPSTREAM_PORT: '0', LOG_LEVEL: 'silent' });
    const server = await startMainApi({ config, store });
    stops.push(() => server.close());
    const client = new UpstreamClient({
      baseUrl: server.url,
      secret: config.apiSecret,
      algorithm: config.signAlgorithm,
    });
    const res = await client.get<Result>('/api/search/SearchByKeyWord', {
      SearchByKeyWord: '启动测试讲师',
      type: 'author',
    });
    expect(res.body.code).toBe(2000);
    expect(res.body.items.authorData!.totalCount).toBe(1);
  });

  it('answers a search at once while another process holds the write lock, without logging it', async () => {
    const test = await api();
    const other = new Database(path.join(test.dataDir, DATABASE_FILE));
    stops.push(() => {
      other.close();
    });
    other.prepare('BEGIN IMMEDIATE').run();
    const started = Date.now();
    const res = await search(test, { SearchByKeyWord: '矛盾分析方法' });
    const elapsed = Date.now() - started;
    other.prepare('ROLLBACK').run();
    expect(res.body.code).toBe(2000);
    expect(res.body.items.courseData!.totalCount).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('normalises logged keywords and leaves out those with no letter or digit', async () => {
    expect(normaliseLoggedKeyword('  ＡＩ\u3000伦理 ')).toBe('ai 伦理');
    expect(normaliseLoggedKeyword('\u202E哲学\u200B史\uE000')).toBe('哲学史');
    expect(normaliseLoggedKeyword('Marx\t\nEngels')).toBe('marx engels');
    expect(normaliseLoggedKeyword('\u0007法治\u0000')).toBe('法治');
    expect(normaliseLoggedKeyword('！！！')).toBeNull();
    expect(normaliseLoggedKeyword('★☆ 🔥')).toBeNull();
    expect(normaliseLoggedKeyword('\u200B\u202E')).toBeNull();

    // the demo seed goes through the same function
    const content = fixtureContent();
    const at = new Date().toISOString();
    content.searches = [
      { keyword: 'ＴＲＡＮＳＦＯＲＭＥＲ', searcher: 'demo:a', at },
      { keyword: 'transformer', searcher: 'demo:b', at },
      { keyword: '‼️', searcher: 'demo:a', at },
    ];
    const test = await api({ content });
    expect(await hot(test)).toEqual([{ keyWord: 'transformer', searchCount: 2 }]);
  });

  it('records at most a few distinct keywords per searcher and day', async () => {
    const test = await api({ content: null });
    const day = Date.UTC(2025, 5, 1, 4);
    const record = (keyword: string, at = day) => test.store.searchLogs.record(keyword, 'ip:192.0.2.1', at);
    for (let i = 0; i < MAX_KEYWORDS_PER_SEARCHER_DAY; i++) expect(await record(`关键词${i}`)).toBe(true);
    expect(await record('一个太多')).toBe(false);
    // a keyword already recorded that day still moves its time; the next day starts afresh
    expect(await record('关键词0', day + 1_000)).toBe(true);
    expect(await record('一个太多', day + 86_400_000)).toBe(true);
    expect(
      (await test.store.searchLogs.hot(100, day + 86_400_000, 30)).find((h) => h.keyword === '一个太多')?.count,
    ).toBe(1);
  });

  it('counts anonymous IPv6 searchers by their /64, IPv4-mapped addresses as IPv4', () => {
    expect(anonymousSearcher('203.0.113.5')).toBe('ip:203.0.113.5');
    expect(anonymousSearcher('::ffff:203.0.113.5')).toBe('ip:203.0.113.5');
    expect(anonymousSearcher('2001:db8:aa:bb:1:2:3:4')).toBe('ip:2001:db8:aa:bb::/64');
    expect(anonymousSearcher('2001:DB8:AA:BB::99')).toBe('ip:2001:db8:aa:bb::/64');
    expect(anonymousSearcher('2001:db8::1')).toBe('ip:2001:db8:0:0::/64');
    expect(anonymousSearcher('2001:0db8:0000:00bb::1')).toBe('ip:2001:db8:0:bb::/64');
    expect(anonymousSearcher('::1')).toBe('ip:0:0:0:0::/64');
    expect(anonymousSearcher('fe80::1%eth0')).toBe('ip:fe80:0:0:0::/64');
  });

  it('counts two addresses of one IPv6 /64 as one searcher', async () => {
    let offset = 0;
    const test = await api({ now: () => Date.now() + offset });
    await search(test, { SearchByKeyWord: '柏拉图' }, '2001:db8:1:2::10');
    await search(test, { SearchByKeyWord: '柏拉图' }, '2001:db8:1:2:ffff::20');
    await search(test, { SearchByKeyWord: '柏拉图' }, '2001:db8:1:3::10');
    offset += HOT_KEYWORDS_CACHE_MS;
    expect((await hot(test)).find((h) => h.keyWord === '柏拉图')?.searchCount).toBe(2);
  });

  it('answers the hot keywords from a cache of a minute', async () => {
    let offset = 0;
    const test = await api({ now: () => Date.now() + offset });
    expect(await hot(test, 5)).toEqual([]);
    await search(test, { SearchByKeyWord: '资本论' });
    const read = vi.spyOn(test.store.searchLogs, 'hot');
    expect(await hot(test, 5)).toEqual([]);
    expect(read).not.toHaveBeenCalled();
    offset += HOT_KEYWORDS_CACHE_MS;
    expect(await hot(test, 5)).toEqual([{ keyWord: '资本论', searchCount: 1 }]);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it(`serves the first ${MAX_SEARCH_POSITION} hits of a group: a deeper page is empty, its total exact`, async () => {
    const test = await api();
    const searches = vi.spyOn(test.store.search, 'search');
    // 的 alone: a stopword that every knowledge point has, searched in the character index
    const first = await search(test, { SearchByKeyWord: '的', type: 'video', pageSize: 100 });
    expect(first.body.code).toBe(2000);
    const total = first.body.items.keyframesData!.totalCount;
    expect(total).toBeGreaterThan(0);
    const deep = await search(test, {
      SearchByKeyWord: '的',
      type: 'video',
      pageSize: 100,
      pageIndex: MAX_SEARCH_POSITION / 100 + 1,
    });
    expect(deep.body.items.keyframesData).toEqual({ totalCount: total, dataList: [] });
    const straddling = await search(test, {
      SearchByKeyWord: '的',
      type: 'course',
      pageSize: 30,
      pageIndex: Math.ceil(MAX_SEARCH_POSITION / 30),
    });
    expect(straddling.body.code).toBe(2000);
    for (const [, query] of searches.mock.calls)
      expect(query.offset + query.limit).toBeLessThanOrEqual(MAX_SEARCH_POSITION);
  });
});
