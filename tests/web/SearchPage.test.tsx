/**
 * /search in the whole app (shell, loader, keep-alive host) over a mock gateway: the prompt
 * without a keyword (nothing sent), tabs with counts, tab changes replacing menuIndex, the 综合
 * previews, 暂无结果, highlights, the knowledge point's player link, the catalogue filter, the
 * right panel (hot keywords, history) and infinite scroll.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockResolvers } from 'relay-test-utils';
import { SEARCH_HISTORY_KEY } from '../../web/src/constants';
import { renderApp } from './appHarness';
import { mockCourseHit, mockKnowledgePoint, searchData, searchResolvers, type SearchMockData } from './searchMocks';
import { mockConnection } from './mockData';

const LONG = { timeout: 10_000 };

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function app(path: string, data: SearchMockData = searchData(), extra: MockResolvers = {}) {
  const rendered = renderApp(path, searchResolvers(data, extra));
  stops.push(rendered.stop);
  return rendered;
}

const tabNames = () =>
  within(screen.getByRole('tablist', { name: '搜索结果分类' }))
    .getAllByRole('tab')
    .map((t) => t.textContent);
const selectedTab = () =>
  within(screen.getByRole('tablist', { name: '搜索结果分类' })).getByRole('tab', { selected: true }).textContent;
const params = (search: string) => Object.fromEntries(new URLSearchParams(search));
const hidden = (el: Element) => el.closest('[style*="display: none"]') !== null;

describe('without a usable keyword', () => {
  it.each(['/search', '/search?key=', '/search?key=%20%20%20'])(
    '%s says 请输入搜索关键词 and sends no search',
    async (path) => {
      const { named } = app(path);
      expect(await screen.findByText('请输入搜索关键词', undefined, LONG)).toBeTruthy();
      expect(document.title).toBe('搜索 - 思政云课堂');
      expect(named('SearchQuery')).toHaveLength(0);
      expect(screen.queryByRole('tablist', { name: '搜索结果分类' })).toBeNull();
    },
  );

  it('a keyword over 50 characters says so instead of failing', async () => {
    const { named } = app(`/search?key=${encodeURIComponent('党'.repeat(51))}`);
    expect(await screen.findByText('搜索关键词不能超过50个字', undefined, LONG)).toBeTruthy();
    expect(named('SearchQuery')).toHaveLength(0);
  });
});

describe('tabs', () => {
  it('shows 综合 课程 知识点 专题 讲师 with their counts; 综合 counts them all', async () => {
    const { named } = app('/search?key=%20党史%20');
    await screen.findByRole('tablist', { name: '搜索结果分类' }, LONG);
    expect(tabNames()).toEqual(['综合 47', '课程 30', '知识点 12', '专题 3', '讲师 2']);
    expect(selectedTab()).toBe('综合 47');
    expect(screen.getByRole('heading', { name: '“党史”的搜索结果' })).toBeTruthy();
    // the keyword is sent trimmed; 综合 asks for the previews and no right panel
    expect(named('SearchQuery')[0]!.variables).toEqual({
      keyword: '党史',
      catalogueId: 0,
      isAll: true,
      isCourses: false,
      isPoints: false,
      isTopics: false,
      isLecturers: false,
    });
    expect(screen.queryByRole('complementary', { name: '搜索推荐' })).toBeNull();
  });

  it('counts in 千/万 like every other count', async () => {
    app(
      '/search?key=党史',
      searchData({ counts: { courseCount: 12_345, knowledgePointCount: 0, topicCount: 0, authorCount: 0 } }),
    );
    await screen.findByRole('tablist', { name: '搜索结果分类' }, LONG);
    expect(tabNames()).toEqual(['综合 1.2万', '课程 1.2万', '知识点 0', '专题 0', '讲师 0']);
  });

  it('a click replaces menuIndex (no new history entry) and loads that tab from its first page', async () => {
    const { router, named } = app('/search?key=党史');
    await screen.findByRole('tablist', { name: '搜索结果分类' }, LONG);
    const before = router.state.location.key;
    fireEvent.click(screen.getByRole('tab', { name: '课程 30' }));
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ key: '党史', menuIndex: '1' }), LONG);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.key).not.toBe(before);
    await waitFor(
      () => expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('search-tab-1'),
      LONG,
    );
    expect(selectedTab()).toBe('课程 30');
    expect(named('SearchQuery')[1]!.variables).toMatchObject({ keyword: '党史', isAll: false, isCourses: true });
    const list = within(screen.getByRole('tabpanel')).getByRole('list', { name: '课程' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // the 课程 tab has the right panel, 综合 has not
    expect(screen.getByRole('complementary', { name: '搜索推荐' })).toBeTruthy();
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('tab', { name: '课程 30' }), { key: 'ArrowRight' });
    await waitFor(() => expect(params(router.state.location.search).menuIndex).toBe('2'), LONG);
    expect(named('SearchQuery')[2]!.variables).toMatchObject({ isPoints: true, isCourses: false });
  });

  it.each([
    ['1', '课程 30'],
    ['2', '知识点 12'],
    ['3', '专题 3'],
    ['4', '讲师 2'],
    ['9', '综合 47'],
    ['x', '综合 47'],
  ])('menuIndex=%s selects %s', async (menuIndex, label) => {
    app(`/search?key=党史&menuIndex=${menuIndex}`);
    await screen.findByRole('tablist', { name: '搜索结果分类' }, LONG);
    expect(selectedTab()).toBe(label);
  });

  it('each tab shows 暂无结果 when it found nothing, and so does 综合', async () => {
    const empty = searchData({
      counts: { courseCount: 0, knowledgePointCount: 0, topicCount: 0, authorCount: 0 },
      courses: [],
      knowledgePoints: [],
      topics: [],
      authors: [],
      suggestions: [],
    });
    const { router } = app('/search?key=无此内容', empty);
    expect(await screen.findByText('暂无结果', undefined, LONG)).toBeTruthy();
    for (const menuIndex of [1, 2, 3, 4]) {
      await act(async () => {
        await router.navigate(`/search?key=无此内容&menuIndex=${menuIndex}`, { replace: true });
      });
      await waitFor(
        () => expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(`search-tab-${menuIndex}`),
        LONG,
      );
      expect(within(screen.getByRole('tabpanel')).getByText('暂无结果')).toBeTruthy();
      expect(screen.queryByText('没有更多了')).toBeNull();
    }
  });
});

describe('综合', () => {
  it('previews lecturers, topics, catalogue entries, knowledge points and courses, each with 更多', async () => {
    const { router } = app('/search?key=党史');
    await screen.findByRole('tablist', { name: '搜索结果分类' }, LONG);
    const order = within(screen.getByRole('tabpanel'))
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(order).toEqual(['讲师', '专题', '相关分类', '知识点', '课程']);

    // catalogue entries: subject → home tab, category → /catalog, sub-category inside its category
    const chips = within(screen.getByRole('list', { name: '相关分类' })).getAllByRole('link');
    expect(chips.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['思想政治理论', '/home?scId=1'],
      ['党史学习', '/catalog?scId=5'],
      ['党史专题研究', '/catalog?scId=5&tcId=51'],
    ]);
    // a topic opens its page
    const topic = within(screen.getByRole('list', { name: '专题' })).getByRole('link');
    expect(topic.getAttribute('href')).toMatch(/^\/special\/des\?id=\d+$/);

    fireEvent.click(screen.getByRole('button', { name: '更多讲师' }));
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ key: '党史', menuIndex: '4' }), LONG);
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(
      () => expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('search-tab-4'),
      LONG,
    );
    expect(selectedTab()).toBe('讲师 2');
    expect(within(screen.getByRole('tabpanel')).getByRole('list', { name: '讲师' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '专题' })).toBeNull();
  });

  it('limits the previews to 8 lecturers, 4 topics, 10 knowledge points and 21 courses', async () => {
    const many = searchData({
      courses: Array.from({ length: 25 }, (_, i) => mockCourseHit(`[党史]课程${i}`)),
      knowledgePoints: Array.from({ length: 12 }, () => mockKnowledgePoint()),
    });
    app('/search?key=党史', many);
    const courses = await screen.findByRole('list', { name: '课程' }, LONG);
    expect(within(courses).getAllByRole('listitem')).toHaveLength(21);
    expect(within(screen.getByRole('list', { name: '知识点' })).getAllByRole('listitem')).toHaveLength(10);
  });
});

describe('highlights', () => {
  it('marks the hits with <mark> and renders markup in a segment as text', async () => {
    const evil = mockCourseHit('x', {
      name: [
        { text: '<img src=x onerror=alert(1)>', hit: false },
        { text: '党史', hit: true },
      ],
    });
    app('/search?key=党史&menuIndex=1', searchData({ courses: [evil] }));
    const list = await screen.findByRole('list', { name: '课程' }, LONG);
    const title = within(list).getByText('<img src=x onerror=alert(1)>', { exact: false });
    expect(title.textContent).toBe('<img src=x onerror=alert(1)>党史');
    expect(title.querySelector('mark')?.textContent).toBe('党史');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
  });
});

describe('knowledge points', () => {
  it('open the player at their second in a new tab; a keyframe shows its label, a passage 字幕', async () => {
    app('/search?key=党史&menuIndex=2');
    const list = await screen.findByRole('list', { name: '知识点' }, LONG);
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^\/Play\?courseId=101&catalogId=7&videoId=\d+&vtime=312$/);
      expect(link.getAttribute('target')).toBe('_blank');
    }
    const [keyframe, passage] = links as [HTMLElement, HTMLElement];
    expect(within(keyframe).getByText('05:12')).toBeTruthy();
    expect(within(keyframe).getByText('知识点')).toBeTruthy();
    expect(within(keyframe).getAllByText('党史')[0]!.tagName).toBe('MARK');
    expect(within(passage).getByText('字幕')).toBeTruthy();
    expect(within(passage).getByText('中国共产党历史 · 王老师')).toBeTruthy();
  });

  it('a playPath that is not a /Play path of this site is rebuilt from the ids', async () => {
    app(
      '/search?key=党史&menuIndex=2',
      searchData({
        knowledgePoints: [mockKnowledgePoint({ playPath: 'javascript:alert(1)', videoId: 5, timePoint: 75 })],
      }),
    );
    const list = await screen.findByRole('list', { name: '知识点' }, LONG);
    expect(within(list).getByRole('link').getAttribute('href')).toBe(
      '/Play?courseId=101&catalogId=7&videoId=5&vtime=75',
    );
  });
});

describe('catalogue filter', () => {
  it('lists the subjects and their categories; a choice replaces the URL and searches again inside it', async () => {
    const { router, named } = app('/search?key=党史&menuIndex=1');
    const select = (await screen.findByRole('combobox', { name: '分类筛选' }, LONG)) as HTMLSelectElement;
    expect(select.value).toBe('0');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['全部分类', '思想政治理论（全部）', '党史学习', '形势与政策', '哲学（全部）', '马克思主义哲学']);
    fireEvent.change(select, { target: { value: '5' } });
    await waitFor(
      () => expect(params(router.state.location.search)).toEqual({ key: '党史', menuIndex: '1', catalogId: '5' }),
      LONG,
    );
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(named('SearchQuery')).toHaveLength(2), LONG);
    expect(named('SearchQuery')[1]!.variables).toMatchObject({ keyword: '党史', catalogueId: 5, isCourses: true });
    await waitFor(
      () => expect((screen.getByRole('combobox', { name: '分类筛选' }) as HTMLSelectElement).value).toBe('5'),
      LONG,
    );

    // a tab change keeps the filter
    fireEvent.click(screen.getByRole('tab', { name: '专题 3' }));
    await waitFor(
      () => expect(params(router.state.location.search)).toEqual({ key: '党史', menuIndex: '3', catalogId: '5' }),
      LONG,
    );
    await waitFor(() => expect(named('SearchQuery')).toHaveLength(3), LONG);
    expect(named('SearchQuery')[2]!.variables).toMatchObject({ catalogueId: 5, isTopics: true });
  });

  it('a reload keeps the filter from the URL', async () => {
    const { named } = app('/search?key=党史&catalogId=6');
    const select = (await screen.findByRole('combobox', { name: '分类筛选' }, LONG)) as HTMLSelectElement;
    expect(select.value).toBe('6');
    expect(named('SearchQuery')[0]!.variables).toMatchObject({ catalogueId: 6 });
  });
});

describe('right panel', () => {
  it('is on the other tabs only: 热门搜索 (8, ranked), 推荐分类, 推荐专题 (2), 搜索历史', async () => {
    app('/search?key=党史&menuIndex=3');
    const panel = await screen.findByRole('complementary', { name: '搜索推荐' }, LONG);
    const hot = within(within(panel).getByRole('list', { name: '热门搜索' })).getAllByRole('button');
    expect(hot.map((b) => b.textContent)).toEqual([
      '1中国梦',
      '2共同富裕',
      '3党史',
      '4新时代',
      '5马克思主义',
      '6改革开放',
      '7乡村振兴',
      '8生态文明',
    ]);
    expect(within(within(panel).getByRole('list', { name: '推荐分类' })).getAllByRole('link')).toHaveLength(3);
    const topics = within(within(panel).getByRole('list', { name: '推荐专题' })).getAllByRole('link');
    expect(topics.map((a) => a.getAttribute('href'))).toEqual(['/special/des?id=999', '/special/des?id=998']);
    expect(within(panel).getByText('暂无搜索历史')).toBeTruthy();
  });

  it('a hot keyword is saved to the history and replaces the route, keeping the tab', async () => {
    const { router, named } = app('/search?key=党史&menuIndex=1');
    const panel = await screen.findByRole('complementary', { name: '搜索推荐' }, LONG);
    fireEvent.click(within(panel).getByRole('button', { name: /共同富裕/ }));
    await waitFor(
      () => expect(params(router.state.location.search)).toEqual({ key: '共同富裕', menuIndex: '1' }),
      LONG,
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(JSON.parse(window.localStorage.getItem(SEARCH_HISTORY_KEY)!)).toEqual(['共同富裕']);
    await waitFor(
      () => expect(named('SearchQuery')[1]?.variables).toMatchObject({ keyword: '共同富裕', isCourses: true }),
      LONG,
    );
    const history = await screen.findByRole('list', { name: '搜索历史' }, LONG);
    expect(
      within(history)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['共同富裕']);
  });

  it('history: newest first, deduplicated, 5 shown; a click saves it first and replaces the route; 清空 empties it', async () => {
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['六', '五', '四', '三', '二', '一']));
    const { router } = app('/search?key=党史&menuIndex=2');
    let history = await screen.findByRole('list', { name: '搜索历史' }, LONG);
    expect(
      within(history)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['六', '五', '四', '三', '二']);

    fireEvent.click(within(history).getByRole('button', { name: '三' }));
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ key: '三', menuIndex: '2' }), LONG);
    expect(router.state.historyAction).toBe('REPLACE');
    history = await screen.findByRole('list', { name: '搜索历史' }, LONG);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: '搜索历史' }))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['三', '六', '五', '四', '二']),
    );

    fireEvent.click(screen.getByRole('button', { name: '清空搜索历史' }));
    expect(await screen.findByText('暂无搜索历史')).toBeTruthy();
    expect(window.localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('a search from the header box is saved to the history too, and the box shows the keyword', async () => {
    const { router } = app('/search?key=党史&menuIndex=1');
    const input = (await screen.findByRole('combobox', { name: '搜索关键词' }, LONG)) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('党史'));
    fireEvent.change(input, { target: { value: '  新时代 ' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ key: '新时代' }), LONG);
    expect(JSON.parse(window.localStorage.getItem(SEARCH_HISTORY_KEY)!)).toEqual(['新时代']);
    // a new search starts on 综合 (no right panel); the history shows it on the other tabs
    await waitFor(() => expect(screen.queryByRole('complementary', { name: '搜索推荐' })).toBeNull(), LONG);
    fireEvent.click(screen.getByRole('tab', { name: /^课程/ }));
    await waitFor(() => expect(params(router.state.location.search)).toEqual({ key: '新时代', menuIndex: '1' }), LONG);
    const history = await screen.findByRole('list', { name: '搜索历史' }, LONG);
    expect(
      within(history)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['新时代']);
  });
});

describe('infinite scroll and keep-alive', () => {
  function pagingCourses(context: unknown) {
    const after = (context as { args?: { after?: string | null } | null }).args?.after;
    if (!after) {
      const first = Array.from({ length: 21 }, (_, i) => mockCourseHit(`[党史]第一页${i}`));
      return mockConnection(first, true);
    }
    return {
      ...mockConnection([mockCourseHit('[党史]第二页课程')], false),
      pageInfo: { hasNextPage: false, hasPreviousPage: true, startCursor: '22', endCursor: '22' },
    };
  }

  it('loads the next 21 near the bottom, ends with 没有更多了, and comes back as it was left', async () => {
    const { router, named } = app('/search?key=党史&menuIndex=1', searchData(), { CourseHitConnection: pagingCourses });
    // jsdom has no layout: the list end counts as within 50 px of the viewport bottom
    expect(await screen.findByText('第二页课程', undefined, LONG)).toBeTruthy();
    const pages = named('SearchCourseListPaginationQuery');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.variables).toMatchObject({ keyword: '党史', catalogueId: 0, first: 21, after: '21' });
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: '课程' })).getAllByRole('listitem')).toHaveLength(22);

    await act(async () => {
      await router.navigate('/special');
    });
    expect(await screen.findByRole('heading', { level: 1, name: '推荐专题' }, LONG)).toBeTruthy();
    expect(hidden(screen.getByText('第二页课程'))).toBe(true);

    await act(async () => {
      await router.navigate('/search?key=党史&menuIndex=1');
    });
    await waitFor(() => expect(document.title).toBe('搜索 - 思政云课堂'), LONG);
    await waitFor(() => expect(hidden(screen.getByText('第二页课程'))).toBe(false), LONG);
    // same tab, same loaded pages, nothing loaded again
    expect(selectedTab()).toBe('课程 30');
    expect(within(screen.getByRole('list', { name: '课程' })).getAllByRole('listitem')).toHaveLength(22);
    expect(named('SearchQuery')).toHaveLength(1);
    expect(named('SearchCourseListPaginationQuery')).toHaveLength(1);
  });
});
