/**
 * /center in the whole app: `position` picks the tab, tab changes replace the URL without loading
 * anything, the summary shows the contact details read-only, and visitors never see the page.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';
import { ANONYMOUS, SHELL_RESOLVERS, centerViewer } from './centerMocks';

const LONG = { timeout: 10_000 };
const TABS = ['我的课程', '我的笔记', '历史记录', '消息', '个人资料', '账户设置', '截取片段'];

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function app(path: string, viewer: Record<string, unknown> = centerViewer(), fails?: (name: string) => boolean) {
  const rendered = renderApp(path, { ...SHELL_RESOLVERS, Viewer: () => viewer }, { fails });
  stops.push(rendered.stop);
  return rendered;
}

const selectedTab = () =>
  screen.getAllByRole('tab', { selected: true }).find((t) => TABS.includes(t.textContent ?? ''));

describe('the tab chosen by position', () => {
  it('shows every tab and selects position 2 (历史记录) with its body', async () => {
    const { router } = app('/center?position=2');
    const list = await screen.findByRole('tablist', { name: '个人中心' }, LONG);
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(TABS);
    expect(selectedTab()?.textContent).toBe('历史记录');
    expect(await screen.findByText('暂无历史记录', undefined, LONG)).toBeTruthy();
    expect(router.state.location.search).toBe('?position=2');
    expect(document.title).toBe('个人中心 - 思政云课堂');
  });

  it.each([
    ['0', '我的课程'],
    ['1', '我的笔记'],
    ['3', '消息'],
    ['4', '个人资料'],
    ['5', '账户设置'],
    ['6', '截取片段'],
  ])('position=%s selects %s', async (position, label) => {
    app(`/center?position=${position}`);
    await screen.findByRole('tablist', { name: '个人中心' }, LONG);
    expect(selectedTab()?.textContent).toBe(label);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(`center-tab-${position}`);
  });

  it('positions 4 and 5 show the 个人资料 and 账户设置 tab bodies', async () => {
    const { router } = app('/center?position=4');
    const panel = await screen.findByRole('tabpanel', undefined, LONG);
    expect(await within(panel).findByRole('heading', { name: '个人资料' }, LONG)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '账户设置' }));
    await waitFor(() => expect(router.state.location.search).toBe('?position=5'), LONG);
    expect(
      (await within(screen.getByRole('tabpanel')).findAllByText('修改密码', undefined, LONG)).length,
    ).toBeGreaterThan(0);
  });

  it.each(['', '?position=9', '?position=abc', '?position=-1'])(
    '/center%s falls back to 我的课程 (favourite courses)',
    async (search) => {
      app(`/center${search}`);
      await screen.findByRole('tablist', { name: '个人中心' }, LONG);
      expect(selectedTab()?.textContent).toBe('我的课程');
      expect(await screen.findByText('收藏的课程一', undefined, LONG)).toBeTruthy();
    },
  );

  it('a click replaces ?position= and loads nothing more', async () => {
    const { router, named } = app('/center?position=0');
    await screen.findByText('收藏的课程一', undefined, LONG);
    const before = router.state.historyAction;
    fireEvent.click(screen.getByRole('tab', { name: '截取片段' }));
    await waitFor(() => expect(router.state.location.search).toBe('?position=6'), LONG);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(before).not.toBe('REPLACE');
    expect(await screen.findByText('暂无截取片段', undefined, LONG)).toBeTruthy();
    expect(selectedTab()?.textContent).toBe('截取片段');
    // keyboard: ← goes back one tab
    fireEvent.keyDown(screen.getByRole('tab', { name: '截取片段' }), { key: 'ArrowLeft' });
    await waitFor(() => expect(router.state.location.search).toBe('?position=5'), LONG);
    expect(named('CenterQuery')).toHaveLength(1);
  });

  it('the summary shows name, 邮箱 and 手机 read-only', async () => {
    app('/center');
    const summary = await screen.findByRole('region', { name: '个人信息' }, LONG);
    expect(within(summary).getByText('张同学')).toBeTruthy();
    expect(within(summary).getByText('zhang@example.edu.cn')).toBeTruthy();
    expect(within(summary).getByText('13800001234')).toBeTruthy();
    expect(within(summary).queryByRole('textbox')).toBeNull();
  });

  it('an empty favourite list says 暂无收藏的课程', async () => {
    app(
      '/center?position=0',
      centerViewer({
        favouriteCourses: {
          edges: [],
          pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
          totalCount: 0,
        },
      }),
    );
    expect(await screen.findByText('暂无收藏的课程', undefined, LONG)).toBeTruthy();
  });
});

describe('only for logged-in users', () => {
  it('a visitor opening /center ends on /home without the centre', async () => {
    const { router, named } = app('/center?position=3', centerViewer(ANONYMOUS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);
    expect(screen.queryByRole('tablist', { name: '个人中心' })).toBeNull();
    expect(named('CenterQuery')).toHaveLength(0);
  });

  it('a signed-in person is not sent home because the check who they are failed: the centre opens', async () => {
    const { router, named } = app('/center?position=1', centerViewer(), (name) => name === 'CenterGuardQuery');
    expect(await screen.findByRole('tablist', { name: '个人中心' }, LONG)).toBeTruthy();
    expect(named('CenterGuardQuery').length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/center');
  });

  it('a visitor still ends on /home when that check failed: the centre sends them', async () => {
    const { router } = app('/center?position=3', centerViewer(ANONYMOUS), (name) => name === 'CenterGuardQuery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);
    expect(screen.queryByRole('tablist', { name: '个人中心' })).toBeNull();
  });

  it('leaves for /home when the viewer stops being logged in while the page is open', async () => {
    const { router, environment } = app('/center?position=1');
    await screen.findByRole('tablist', { name: '个人中心' }, LONG);
    act(() => {
      environment.commitUpdate((store) => {
        store.getRoot().getLinkedRecord('viewer')?.setValue(-1, 'userType');
      });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);
  });
});
