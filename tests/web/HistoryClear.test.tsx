/** 历史记录 on the page: the groups, each entry's link and position, and 清空历史 (confirm, the server's sentence, an empty list). */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';
import { SHELL_RESOLVERS, centerViewer, mockHistoryEntry } from './centerMocks';

const LONG = { timeout: 10_000 };

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const daysAgo = (days: number, hour = 12) => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, hour).toISOString();
};

function app(refuse = false) {
  let history = [
    mockHistoryEntry(new Date().toISOString(), {
      videoName: '今天看的',
      courseName: '课程甲',
      lastPlayTime: 125,
      courseId: 20,
      catalogueId: 8,
      videoId: 601,
    }),
    mockHistoryEntry(daysAgo(3), { videoName: '三天前看的' }),
    mockHistoryEntry(daysAgo(30), { videoName: '上个月看的' }),
  ];
  const rendered = renderApp('/center?position=2', {
    ...SHELL_RESOLVERS,
    Viewer: () => centerViewer({ history }),
    ClearHistoryPayload: () => {
      if (refuse) return { message: null, errors: [{ message: '清空失败', code: 'UPSTREAM', field: null }] };
      history = [];
      return { message: '历史记录已清空（共 3 条）', errors: [] };
    },
  });
  stops.push(rendered.stop);
  return rendered;
}

describe('历史记录', () => {
  it('shows 今天, 一周内 and 更早 with image, names, 看到 mm:ss and a link to the player at that moment', async () => {
    app();
    const today = await screen.findByRole('region', { name: '今天' }, LONG);
    expect(within(today).getByText('今天看的')).toBeTruthy();
    expect(within(today).getByText('课程甲')).toBeTruthy();
    expect(within(today).getByText('看到 02:05')).toBeTruthy();
    expect(within(today).getByRole('img', { name: '今天看的' })).toBeTruthy();
    const link = within(today).getByRole('link');
    expect(link.getAttribute('href')).toBe('/Play?courseId=20&catalogId=8&videoId=601&vtime=125');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(screen.getByRole('region', { name: '一周内' })).getByText('三天前看的')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '更早' })).getByText('上个月看的')).toBeTruthy();
  });

  it('清空历史 asks first, then shows the server’s message and an empty list', async () => {
    const { named } = app();
    await screen.findByText('今天看的', undefined, LONG);
    fireEvent.click(screen.getByRole('button', { name: '清空历史' }));
    const dialog = await screen.findByRole('alertdialog', undefined, LONG);
    expect(within(dialog).getByText('确定清空全部历史记录吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect((await screen.findByText('历史记录已清空（共 3 条）', undefined, LONG)).getAttribute('data-type')).toBe(
      'success',
    );
    expect(await screen.findByText('暂无历史记录', undefined, LONG)).toBeTruthy();
    expect(screen.queryByText('今天看的')).toBeNull();
    expect(named('CenterHistoryClearMutation')).toHaveLength(1);
    expect((screen.getByRole('button', { name: '清空历史' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a refusal shows the server’s message and keeps the list', async () => {
    app(true);
    await screen.findByText('今天看的', undefined, LONG);
    fireEvent.click(screen.getByRole('button', { name: '清空历史' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', undefined, LONG)).getByRole('button', { name: '确定' }),
    );
    expect(await screen.findByText('清空失败', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), LONG);
    expect(screen.getByText('今天看的')).toBeTruthy();
  });
});
