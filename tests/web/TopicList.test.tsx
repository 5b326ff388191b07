/**
 * /special in the whole app over a mock gateway: 推荐专题 with the total count, 12 topics a page in
 * infinite scroll ending with 没有更多了, each opening /special/des?id=, and kept alive.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';
import { topicLecturerData, topicLecturerResolvers } from './topicLecturerMocks';

const LONG = { timeout: 10_000 };
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const hidden = (el: Element) => el.closest('[style*="display: none"]') !== null;

describe('/special', () => {
  it('shows 推荐专题 with the total, 12 topics, then the next 12 near the bottom, ending with 没有更多了', async () => {
    const data = topicLecturerData();
    const { named, stop } = renderApp('/special', topicLecturerResolvers(data));
    stops.push(stop);
    expect(await screen.findByRole('heading', { level: 1, name: '推荐专题' }, LONG)).toBeTruthy();
    expect(document.title).toBe('推荐专题 - 思政云课堂');
    expect(screen.getByText('共 15 个专题')).toBeTruthy();
    expect(named('TopicListQuery')[0]!.variables).toEqual({});

    // jsdom has no layout: the list end counts as within 50 px of the viewport bottom
    expect(await screen.findByText('推荐专题15', undefined, LONG)).toBeTruthy();
    const pages = named('TopicListPaginationQuery');
    expect(pages).toHaveLength(1);
    expect(pages[0]!.variables).toMatchObject({ first: 12, after: '12' });
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();

    const list = screen.getByRole('list', { name: '推荐专题' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(15);
    expect(links[0]!.getAttribute('href')).toBe(`/special/des?id=${data.topics[0]!.topicId}`);
    expect(within(links[0]!).getByText(`共 ${data.topics[0]!.courseCount} 门课程`)).toBeTruthy();
  });

  it('a list of one page shows its 12 cards and ends there', async () => {
    const data = topicLecturerData();
    // a list of exactly one page: nothing more is asked
    const { named, stop } = renderApp(
      '/special',
      topicLecturerResolvers(data, {
        TopicConnection: () => ({
          edges: data.topics.slice(0, 12).map((node, i) => ({ cursor: String(i + 1), node })),
          pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: '1', endCursor: '12' },
          totalCount: 12,
        }),
      }),
    );
    stops.push(stop);
    const list = await screen.findByRole('list', { name: '推荐专题' }, LONG);
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByText('共 12 个专题')).toBeTruthy();
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();
    expect(named('TopicListPaginationQuery')).toHaveLength(0);
  });

  it('is kept alive: coming back shows the loaded pages without asking again', async () => {
    const data = topicLecturerData();
    const { router, named, stop } = renderApp('/special', topicLecturerResolvers(data));
    stops.push(stop);
    expect(await screen.findByText('没有更多了', undefined, LONG)).toBeTruthy();
    await act(async () => {
      await router.navigate('/author');
    });
    expect(await screen.findByRole('heading', { level: 1, name: '名校名师' }, LONG)).toBeTruthy();
    expect(hidden(screen.getByText('推荐专题15'))).toBe(true);
    await act(async () => {
      await router.navigate('/special');
    });
    await waitFor(() => expect(document.title).toBe('推荐专题 - 思政云课堂'));
    expect(hidden(screen.getByText('推荐专题15'))).toBe(false);
    expect(named('TopicListQuery')).toHaveLength(1);
    expect(named('TopicListPaginationQuery')).toHaveLength(1);
  });
});
