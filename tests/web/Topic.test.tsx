/**
 * /special/des in the whole app over a mock gateway: image, title, info, the topic's courses and
 * 6 more topics; without an id it goes back; an unknown id says 专题不存在.
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

describe('/special/des', () => {
  it('shows the image, title, info, the courses and 6 more topics', async () => {
    const data = topicLecturerData();
    const { named, stop } = renderApp('/special/des?id=5', topicLecturerResolvers(data));
    stops.push(stop);
    expect(await screen.findByRole('heading', { level: 1, name: '党的二十大精神' }, LONG)).toBeTruthy();
    // the tab names the topic
    await waitFor(() => expect(document.title).toBe('党的二十大精神 - 思政云课堂'), LONG);
    expect(named('TopicQuery')[0]!.variables).toEqual({ topicId: 5 });
    expect(screen.getByText('学习贯彻党的二十大精神')).toBeTruthy();
    expect(screen.getByRole('img', { name: '党的二十大精神' }).getAttribute('src')).toBe(data.detailTopic.image);
    expect(screen.getByText('共 2 门课程')).toBeTruthy();

    const courses = screen.getByRole('region', { name: '专题课程' });
    expect(within(courses).getByText('专题课程甲')).toBeTruthy();
    expect(within(courses).getByText('专题课程乙')).toBeTruthy();
    // a course opens the player in a new tab
    expect(within(courses).getAllByRole('link')[0]!.getAttribute('target')).toBe('_blank');

    const more = screen.getByRole('region', { name: '更多专题' });
    const links = within(more).getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(
      data.detailTopic.moreTopics.map((t) => `/special/des?id=${t.topicId}`),
    );
  });

  it('without an id goes back to the previous page, asking nothing', async () => {
    const data = topicLecturerData();
    const { router, named, stop } = renderApp('/special', topicLecturerResolvers(data));
    stops.push(stop);
    await screen.findByRole('heading', { level: 1, name: '推荐专题' }, LONG);
    await act(async () => {
      await router.navigate('/special/des');
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/special'), LONG);
    expect(router.state.historyAction).toBe('POP');
    expect(named('TopicQuery')).toHaveLength(0);
  });

  it('opened without an id and nothing to go back to, it shows the topic list', async () => {
    const { router, named, stop } = renderApp('/special/des?id=abc', topicLecturerResolvers(topicLecturerData()));
    stops.push(stop);
    await waitFor(() => expect(router.state.location.pathname).toBe('/special'), LONG);
    expect(await screen.findByRole('heading', { level: 1, name: '推荐专题' }, LONG)).toBeTruthy();
    expect(named('TopicQuery')).toHaveLength(0);
  });

  it('an unknown topic says 专题不存在', async () => {
    const data = topicLecturerData();
    const base = topicLecturerResolvers(data);
    const { stop } = renderApp('/special/des?id=999', {
      ...base,
      Query: (context, generateId) => ({ ...(base.Query!(context, generateId) as object), topic: null }),
    });
    stops.push(stop);
    expect(await screen.findByText('专题不存在', undefined, LONG)).toBeTruthy();
  });
});
