/**
 * /author in the whole app over a mock gateway: 名校名师, 当前共 N 位老师, the category selects,
 * the sort select, the A–Z bar (Z finds the 曾-surnamed), 18 cards a page in infinite scroll, and
 * the page's filters kept alive across a visit to a lecturer.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';
import { topicLecturerData, topicLecturerResolvers } from './topicLecturerMocks';

const LONG = { timeout: 10_000 };
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function app(path = '/author', data = topicLecturerData()) {
  const rendered = renderApp(path, topicLecturerResolvers(data));
  stops.push(rendered.stop);
  return { ...rendered, data };
}

const cardNames = () =>
  within(screen.getByRole('list', { name: '老师列表' }))
    .getAllByRole('link')
    .map((b) => b.getAttribute('title'));
const letter = (name: string) =>
  within(screen.getByRole('group', { name: '按姓氏拼音首字母筛选' })).getByRole('button', { name });

describe('/author', () => {
  it('shows 名校名师, 当前共 N 位老师, 18 cards, then the rest near the bottom and 没有更多了', async () => {
    const { named, data } = app();
    expect(await screen.findByRole('heading', { level: 1, name: '名校名师' }, LONG)).toBeTruthy();
    expect(document.title).toBe('名校名师 - 思政云课堂');
    expect(screen.getByText('当前共 20 位老师')).toBeTruthy();
    expect(named('LecturerQuery')[0]!.variables).toEqual({});
    // jsdom has no layout: the list end counts as within 50 px of the viewport bottom
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();
    const pages = named('LecturerListPaginationQuery');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.variables).toMatchObject({ cat: 0, fw: null, by: 'DEFAULT', n: 18, after: '18' });
    expect(cardNames()).toEqual(data.authors.map((a) => a.name));
    // 全部 and A–Z, 全部 chosen
    const letters = within(screen.getByRole('group', { name: '按姓氏拼音首字母筛选' })).getAllByRole('button');
    expect(letters.map((b) => b.textContent)).toEqual(['全部', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ']);
    expect(letter('全部').getAttribute('aria-pressed')).toBe('true');
  });

  it('Z asks for firstWord Z from page 1 and shows the 曾-surnamed lecturers; 全部 shows everyone again', async () => {
    const { named } = app();
    await screen.findByText('没有更多了', undefined, LONG);
    await act(async () => {
      fireEvent.click(letter('Z'));
    });
    await waitFor(() => expect(screen.getByText('当前共 3 位老师')).toBeTruthy(), LONG);
    const refetch = named('LecturerListPaginationQuery').at(-1)!;
    expect(refetch.variables).toMatchObject({ cat: 0, fw: 'Z', by: 'DEFAULT', n: 18, after: null });
    expect(cardNames()).toEqual(['曾国华', '张明', '赵丽']);
    expect(letter('Z').getAttribute('aria-pressed')).toBe('true');
    expect(letter('全部').getAttribute('aria-pressed')).toBe('false');

    await act(async () => {
      fireEvent.click(letter('全部'));
    });
    await waitFor(() => expect(screen.getByText('当前共 20 位老师')).toBeTruthy(), LONG);
  });

  it('the sort select and the category selects refetch from page 1; the second level shows only with sub-categories', async () => {
    const { named } = app();
    // a refetch from page 1 with these variables was asked (the list's sentinel may ask for the next page right after)
    const refetched = (variables: Record<string, unknown>) =>
      named('LecturerListPaginationQuery').some((op) =>
        Object.entries(variables).every(([k, v]) => (op.variables as Record<string, unknown>)[k] === v),
      );
    await screen.findByText('没有更多了', undefined, LONG);
    const sorts = within(screen.getByRole('combobox', { name: '排序' })).getAllByRole('option');
    expect(sorts.map((o) => o.textContent)).toEqual(['默认排序', '课程最多', '播放最多', '姓名 A-Z']);
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: '排序' }), { target: { value: 'NAME' } });
    });
    await waitFor(() => expect(refetched({ by: 'NAME', after: null })).toBe(true), LONG);
    await waitFor(() => expect(cardNames()[0]).toBe('李老师17'), LONG);

    expect(screen.queryByRole('combobox', { name: '二级分类' })).toBeNull();
    const first = screen.getByRole('combobox', { name: '一级分类' });
    expect(
      within(first)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['全部分类', '马克思主义理论', '中国近现代史']);
    await act(async () => {
      fireEvent.change(first, { target: { value: '2' } });
    });
    await waitFor(() => expect(refetched({ cat: 2, by: 'NAME', after: null })).toBe(true), LONG);
    expect(screen.queryByRole('combobox', { name: '二级分类' })).toBeNull();

    await act(async () => {
      fireEvent.change(first, { target: { value: '1' } });
    });
    await waitFor(() => expect(refetched({ cat: 1, after: null })).toBe(true), LONG);
    const second = await screen.findByRole('combobox', { name: '二级分类' }, LONG);
    await act(async () => {
      fireEvent.change(second, { target: { value: '11' } });
    });
    await waitFor(() => expect(refetched({ cat: 11, after: null })).toBe(true), LONG);
  });

  it('is kept alive: a lecturer’s 返回列表 brings the list back with its letter, without asking again', async () => {
    const { router, named } = app('/home');
    await act(async () => {
      await router.navigate('/author');
    });
    await screen.findByText('没有更多了', undefined, LONG);
    await act(async () => {
      fireEvent.click(letter('Z'));
    });
    await waitFor(() => expect(cardNames()).toEqual(['曾国华', '张明', '赵丽']), LONG);
    const sent = named('LecturerListPaginationQuery').length;

    await act(async () => {
      const card = within(screen.getByRole('list', { name: '老师列表' })).getAllByRole('link')[0]!;
      // a link (it opens in a new tab too), to the lecturer's page
      expect(card.getAttribute('href')).toMatch(/^\/authorDes\?id=\d+$/);
      fireEvent.click(card);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/authorDes'), LONG);
    const back = await screen.findByRole('button', { name: '返回列表' }, LONG);
    await act(async () => {
      fireEvent.click(back);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/author'), LONG);
    // back in the history, not a new entry
    expect(router.state.historyAction).toBe('POP');
    await waitFor(() => expect(document.title).toBe('名校名师 - 思政云课堂'));
    expect(letter('Z').getAttribute('aria-pressed')).toBe('true');
    expect(cardNames()).toEqual(['曾国华', '张明', '赵丽']);
    expect(named('LecturerQuery')).toHaveLength(1);
    expect(named('LecturerListPaginationQuery')).toHaveLength(sent);
  });
});
