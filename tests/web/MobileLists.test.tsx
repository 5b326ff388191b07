/**
 * The mobile site's lists in the whole app over a mock gateway: /m/special (推荐专题, the
 * total, 12 a page to 没有更多了), /m/author (名校名师: the category selects, the sort, 全部/A–Z with
 * Z finding the 曾-surnamed, 18 a page), the lecturer's courses on /m/authorDes (18 a page) and a
 * mobile search tab paging 21 at a time. jsdom has no layout: a list's end counts as within 50 px
 * of the viewport bottom, so each next page loads by itself, as scrolling to the end does.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockResolvers } from 'relay-test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';
import { mockCourseHit, mockKnowledgePoint } from './searchMocks';
import { argsOf, page, topicLecturerData, topicLecturerResolvers } from './topicLecturerMocks';

const LONG = { timeout: 10_000 };
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function app(path: string, resolvers: MockResolvers) {
  const rendered = renderApp(path, resolvers);
  stops.push(rendered.stop);
  return rendered;
}

const hrefs = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));

/** the card's title: its first line of text (the card link is named by all it shows) */
const cardTitle = (link: HTMLElement): string | null | undefined => link.querySelector('p')?.textContent;

describe('/m/special', () => {
  it('推荐专题 in the mobile shell with the total, 12 topics then the rest, 没有更多了; cards open /m/special/des', async () => {
    const data = topicLecturerData();
    const { named } = app('/m/special', topicLecturerResolvers(data));
    expect(await screen.findByText('共 15 个专题', undefined, LONG)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '推荐专题' })).toBeTruthy();
    expect(document.title).toBe('推荐专题 - 思政云课堂');
    expect(named('ShellQuery')).toHaveLength(0);
    expect(named('MobileTopicListQuery')[0]!.variables).toEqual({});
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();
    const pages = named('MobileTopicListPaginationQuery');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.variables).toMatchObject({ first: 12, after: '12' });
    const list = screen.getByRole('list', { name: '推荐专题' });
    expect(hrefs(list)).toEqual(data.topics.map((t) => `/m/special/des?speciaId=${t.topicId}`));
    expect(within(list).getAllByRole('link').map(cardTitle)[0]).toBe('推荐专题1');
  });
});

describe('/m/author', () => {
  const letter = (name: string) =>
    within(screen.getByRole('group', { name: '按姓氏拼音首字母筛选' })).getByRole('button', { name });
  const names = () =>
    within(screen.getByRole('list', { name: '老师列表' }))
      .getAllByRole('link')
      .map(cardTitle);

  it('当前共 N 位老师, 18 cards then the rest and 没有更多了, 全部 and A–Z; a card opens /m/authorDes', async () => {
    const data = topicLecturerData();
    const { named } = app('/m/author', topicLecturerResolvers(data));
    expect(await screen.findByText('当前共 20 位老师', undefined, LONG)).toBeTruthy();
    expect(document.title).toBe('名校名师 - 思政云课堂');
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();
    const pages = named('MobileLecturerListPaginationQuery');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.variables).toMatchObject({ cat: 0, fw: null, by: 'DEFAULT', n: 18, after: '18' });
    expect(names()).toEqual(data.authors.map((a) => a.name));
    expect(hrefs(screen.getByRole('list', { name: '老师列表' }))[0]).toBe(
      `/m/authorDes?id=${data.authors[0]!.authorId}`,
    );
    const letters = within(screen.getByRole('group', { name: '按姓氏拼音首字母筛选' })).getAllByRole('button');
    expect(letters.map((b) => b.textContent)).toEqual(['全部', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']);
    expect(letter('全部').getAttribute('aria-pressed')).toBe('true');
  });

  it('Z refetches from page 1 with firstWord Z and shows the 曾-surnamed; 全部 brings everyone back', async () => {
    const { named } = app('/m/author', topicLecturerResolvers(topicLecturerData()));
    // a refetch from page 1 with these variables was asked (the list's sentinel may ask for the next page right after)
    const refetched = (variables: Record<string, unknown>) =>
      named('MobileLecturerListPaginationQuery').some((op) =>
        Object.entries(variables).every(([k, v]) => (op.variables as Record<string, unknown>)[k] === v),
      );
    await screen.findByText('没有更多了', undefined, LONG);
    await act(async () => {
      fireEvent.click(letter('Z'));
    });
    await waitFor(() => expect(screen.getByText('当前共 3 位老师')).toBeTruthy(), LONG);
    expect(named('MobileLecturerListPaginationQuery').at(-1)!.variables).toMatchObject({
      cat: 0,
      fw: 'Z',
      by: 'DEFAULT',
      n: 18,
      after: null,
    });
    expect(names()).toEqual(['曾国华', '张明', '赵丽']);
    expect(letter('Z').getAttribute('aria-pressed')).toBe('true');
    expect(letter('全部').getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      fireEvent.click(letter('全部'));
    });
    await waitFor(() => expect(screen.getByText('当前共 20 位老师')).toBeTruthy(), LONG);
  });

  it('the sort and category selects refetch from page 1; the second level shows only with sub-categories', async () => {
    const { named } = app('/m/author', topicLecturerResolvers(topicLecturerData()));
    // a refetch from page 1 with these variables was asked (the list's sentinel may ask for the next page right after)
    const refetched = (variables: Record<string, unknown>) =>
      named('MobileLecturerListPaginationQuery').some((op) =>
        Object.entries(variables).every(([k, v]) => (op.variables as Record<string, unknown>)[k] === v),
      );
    await screen.findByText('没有更多了', undefined, LONG);
    const sort = screen.getByRole('combobox', { name: '排序' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['默认排序', '课程最多', '播放最多', '姓名 A-Z']);
    await act(async () => {
      fireEvent.change(sort, { target: { value: 'NAME' } });
    });
    await waitFor(() => expect(refetched({ by: 'NAME', after: null })).toBe(true), LONG);
    await waitFor(() => expect(names()[0]).toBe('李老师17'), LONG);

    expect(screen.queryByRole('combobox', { name: '二级分类' })).toBeNull();
    const first = screen.getByRole('combobox', { name: '一级分类' });
    expect(
      within(first)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['全部分类', '马克思主义理论', '中国近现代史']);
    await act(async () => {
      fireEvent.change(first, { target: { value: '1' } });
    });
    await waitFor(() => expect(refetched({ cat: 1, by: 'NAME', after: null })).toBe(true), LONG);
    const second = screen.getByRole('combobox', { name: '二级分类' });
    await act(async () => {
      fireEvent.change(second, { target: { value: '11' } });
    });
    await waitFor(() => expect(refetched({ cat: 11, after: null })).toBe(true), LONG);
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: '一级分类' }), { target: { value: '2' } });
    });
    await waitFor(() => expect(refetched({ cat: 2, after: null })).toBe(true), LONG);
    expect(screen.queryByRole('combobox', { name: '二级分类' })).toBeNull();
  });
});

describe('/m/authorDes paging', () => {
  it("the lecturer's courses: 18, then the next 18 from the end, 没有更多了", async () => {
    const data = topicLecturerData();
    const base = topicLecturerResolvers(data);
    const { named } = app(`/m/authorDes?id=${data.authors[5]!.authorId}`, {
      ...base,
      // the next pages ask for the lecturer again through node(id)
      Query: (context, generateId) => ({ ...(base.Query!(context, generateId) as object), node: data.authors[5] }),
    });
    expect(await screen.findByRole('heading', { name: '曾国华' }, LONG)).toBeTruthy();
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();
    const pages = named('MobileLecturerCoursesPaginationQuery');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.variables).toMatchObject({ id: data.authors[5]!.id, first: 18, after: '18' });
    const list = screen.getByRole('list', { name: '讲师课程' });
    expect(within(list).getAllByRole('link').map(cardTitle)).toEqual(data.authorCourses.map((c) => c.name));
  });
});

describe('/m/search tab paging', () => {
  const hits = Array.from({ length: 25 }, (_, i) => mockCourseHit(`马克思主义[哲学]${i + 1}`));
  const point = mockKnowledgePoint({ timePoint: 312 });
  const resolvers = (): MockResolvers => ({
    ...topicLecturerResolvers(topicLecturerData()),
    Search: () => ({
      keyword: '哲学',
      catalogueId: 0,
      counts: { courseCount: hits.length, knowledgePointCount: 1, topicCount: 0, authorCount: 0 },
      overview: { courses: hits.slice(0, 21), knowledgePoints: [point], topics: [], authors: [] },
    }),
    CourseHitConnection: (context) => page(hits, argsOf(context), 21),
  });

  it("课程: 21, then the next page from the end (after 21), 没有更多了; the 综合 tab's 查看全部 opens it", async () => {
    const { router, named } = app('/m/search?key=哲学', resolvers());
    const more = await screen.findByRole('button', { name: '查看全部课程（25）' }, LONG);
    expect(within(screen.getByRole('list', { name: '课程' })).getAllByRole('link')).toHaveLength(21);
    // a knowledge point opens the mobile player at its second
    expect(hrefs(screen.getByRole('list', { name: '知识点' }))).toEqual([
      `/m/play?catalogId=7&courseId=101&videoId=${point.videoId}&vtime=312`,
    ]);
    expect(screen.queryByRole('button', { name: /查看全部知识点/ })).toBeNull();
    fireEvent.click(more);
    await waitFor(() => expect(router.state.location.search).toBe('?key=%E5%93%B2%E5%AD%A6&menuIndex=1'), LONG);
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();
    expect(named('MobileSearchQuery').at(-1)!.variables).toMatchObject({
      keyword: '哲学',
      isAll: false,
      isCourses: true,
    });
    const pages = named('MobileSearchTabsCoursesPaginationQuery');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.variables).toMatchObject({ keyword: '哲学', first: 21, after: '21' });
    const list = screen.getByRole('list', { name: '课程' });
    expect(within(list).getAllByRole('link').map(cardTitle)).toEqual(hits.map((_, i) => `马克思主义哲学${i + 1}`));
    expect(screen.getByRole('tab', { name: '课程 25' }).getAttribute('aria-selected')).toBe('true');
  });
});
