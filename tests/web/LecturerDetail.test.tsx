/**
 * /authorDes in the whole app over a mock gateway: 返回列表, image, name, position, the intro as
 * sanitised rich text, 相关课程, 共 N 门课程，M 个视频, the sort select and 18 courses a page.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MockResolvers } from 'relay-test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';
import { topicLecturerData, topicLecturerResolvers } from './topicLecturerMocks';

const LONG = { timeout: 10_000 };
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  delete (window as { __pwned?: unknown }).__pwned;
});

const HOSTILE_INTRO =
  '<p>长期从事<strong>党史</strong>研究。</p><script>window.__pwned = 1</script>' +
  '<img src="x" onerror="window.__pwned = 2"><a href="javascript:alert(1)">链接</a>' +
  '<iframe src="https://evil.example/"></iframe><p onclick="window.__pwned = 3">代表作</p>';

function app(path: string, authorOverride?: Record<string, unknown> | null) {
  const data = topicLecturerData();
  const author =
    authorOverride === null
      ? null
      : { ...data.authors[5]!, courseCount: 20, videoCount: 160, intro: HOSTILE_INTRO, ...authorOverride };
  const base = topicLecturerResolvers(data);
  const resolvers: MockResolvers = {
    ...base,
    // the course list's pages and sorts ask for the lecturer again through node(id)
    Query: (context, generateId) => ({ ...(base.Query!(context, generateId) as object), author, node: author }),
  };
  const rendered = renderApp(path, resolvers);
  stops.push(rendered.stop);
  return { ...rendered, data, author };
}

describe('/authorDes', () => {
  it('shows the lecturer with a sanitised intro, 相关课程, 共 N 门课程，M 个视频 and 18 courses a page', async () => {
    const { named, author } = app('/authorDes?id=906');
    expect(await screen.findByRole('heading', { level: 1, name: '曾国华' }, LONG)).toBeTruthy();
    // the tab names the lecturer
    await waitFor(() => expect(document.title).toBe('曾国华 - 思政云课堂'), LONG);
    expect(named('LecturerDetailQuery')[0]!.variables).toEqual({ authorId: 906 });
    expect(screen.getByText('教授')).toBeTruthy();
    expect(screen.getByRole('img', { name: '曾国华' }).getAttribute('src')).toBe(author!.image);
    expect(screen.getByRole('button', { name: '返回列表' })).toBeTruthy();

    const intro = screen.getByTestId('lecturer-intro');
    expect(intro.textContent).toContain('长期从事党史研究。');
    expect(within(intro).getByText('党史').tagName).toBe('STRONG');
    expect(intro.querySelector('script, iframe')).toBeNull();
    expect(intro.innerHTML).not.toMatch(/onerror|onclick|javascript:/i);
    expect(within(intro).queryByRole('link')).toBeNull();
    expect((window as { __pwned?: unknown }).__pwned).toBeUndefined();

    expect(screen.getByRole('heading', { level: 2, name: '相关课程' })).toBeTruthy();
    expect(screen.getByText('共 20 门课程，160 个视频')).toBeTruthy();
    // jsdom has no layout: the list end counts as within 50 px of the viewport bottom
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();
    const pages = named('LecturerCourseListPaginationQuery');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.variables).toMatchObject({ id: author!.id, order: 'LATEST', first: 18, after: '18' });
    const courses = screen.getByRole('region', { name: '相关课程' });
    expect(within(courses).getAllByRole('link')).toHaveLength(20);
  });

  it('the sort select refetches the courses from page 1 in the chosen order', async () => {
    const { named, author } = app('/authorDes?id=906');
    await screen.findByText('没有更多了', undefined, LONG);
    const select = screen.getByRole('combobox', { name: '排序' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['最新', '最多播放', '最多笔记', '最多收藏']);
    await act(async () => {
      fireEvent.change(select, { target: { value: 'MOST_PLAYED' } });
    });
    await waitFor(
      () =>
        expect(named('LecturerCourseListPaginationQuery').at(-1)!.variables).toMatchObject({
          id: author!.id,
          order: 'MOST_PLAYED',
          after: null,
        }),
      LONG,
    );
    expect((screen.getByRole('combobox', { name: '排序' }) as HTMLSelectElement).value).toBe('MOST_PLAYED');
  });

  it('opened directly, 返回列表 goes to /author', async () => {
    const { router } = app('/authorDes?id=906');
    const back = await screen.findByRole('button', { name: '返回列表' }, LONG);
    await screen.findByRole('heading', { level: 1, name: '曾国华' }, LONG);
    await act(async () => {
      fireEvent.click(back);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/author'), LONG);
    expect(router.state.historyAction).toBe('PUSH');
    expect(await screen.findByRole('heading', { level: 1, name: '名校名师' }, LONG)).toBeTruthy();
  });

  it('an unknown lecturer, or no id at all, says 讲师不存在', async () => {
    const { router, named } = app('/authorDes?id=999999', null);
    expect(await screen.findByText('讲师不存在', undefined, LONG)).toBeTruthy();
    await act(async () => {
      await router.navigate('/authorDes');
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('讲师不存在', undefined, LONG)).toBeTruthy();
    expect(named('LecturerDetailQuery')).toHaveLength(1);
  });
});
