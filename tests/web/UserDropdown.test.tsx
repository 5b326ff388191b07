/**
 * The header's user dropdown: its entries open the centre at their tab, and 退出 runs the logout
 * mutation; the store then shows the viewer the gateway answered (a visitor, or the organisation
 * on a recognised network), whoever was on /center goes home, and the centre never shows the
 * previous person's lists again.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './appHarness';
import { ANONYMOUS, LIBRARY_MEMBER, MEMBER, SHELL_RESOLVERS, centerViewer } from './centerMocks';
import { mockConnection, mockCourse } from './mockData';

const LONG = { timeout: 10_000 };

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A gateway whose viewer is `MEMBER` until the logout, then `after`. */
function app(path: string, after: Record<string, unknown> = ANONYMOUS) {
  let identity: Record<string, unknown> = MEMBER;
  const rendered = renderApp(path, {
    ...SHELL_RESOLVERS,
    Viewer: () =>
      centerViewer({
        ...identity,
        favouriteCourses: mockConnection(
          [mockCourse({ name: identity === MEMBER ? '张同学收藏的课程' : '图书馆收藏的课程' })],
          false,
        ),
      }),
    LogoutPayload: () => {
      identity = after;
      return { errors: [] };
    },
  });
  stops.push(rendered.stop);
  return rendered;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

async function openMenu(name: string) {
  const header = await screen.findByRole('banner', undefined, LONG);
  const trigger = await within(header).findByRole('button', { name: `${name}的账户菜单` }, LONG);
  await act(async () => {
    fireEvent.click(trigger);
    await settle();
  });
  return screen.findByRole('menu', undefined, LONG);
}

/** The menu's state machine runs asynchronously: the pointer highlights the item, then the click selects it. */
async function choose(menu: HTMLElement, label: string) {
  const item = within(menu).getByRole('menuitem', { name: label });
  await act(async () => {
    fireEvent.pointerDown(item);
    await settle();
  });
  await act(async () => {
    fireEvent.click(item);
    await settle();
  });
}

describe('the dropdown entries', () => {
  it.each([
    ['个人中心', '?position=0'],
    ['历史记录', '?position=2'],
    ['账户设置', '?position=5'],
  ])('%s opens /center%s', async (label, search) => {
    const { router } = app('/home');
    const menu = await openMenu('张同学');
    await choose(menu, label);
    await waitFor(
      () => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/center${search}`),
      LONG,
    );
    expect(await screen.findByRole('tablist', { name: '个人中心' }, LONG)).toBeTruthy();
  });
});

describe('退出', () => {
  it('on /center: logs out, the header shows 登录 and the page goes home', async () => {
    const { router, named } = app('/center?position=3');
    await screen.findByRole('tablist', { name: '个人中心' }, LONG);
    const menu = await openMenu('张同学');
    await choose(menu, '退出');
    await waitFor(() => expect(named('UserDropdownLogoutMutation')).toHaveLength(1), LONG);
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: '登录' }, LONG)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);
    expect(screen.queryByRole('tablist', { name: '个人中心' })).toBeNull();
    // a visitor cannot come back to the kept-alive centre
    await act(async () => {
      await router.navigate('/center');
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);
    expect(named('CenterQuery')).toHaveLength(1);
  });

  it('elsewhere it stays put', async () => {
    const { router } = app('/special');
    await screen.findByRole('heading', { level: 1, name: '推荐专题' }, LONG);
    const menu = await openMenu('张同学');
    await choose(menu, '退出');
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: '登录' }, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/special');
  });

  it('on a recognised network the organisation takes over, and the centre loads its own lists', async () => {
    const { router, named } = app('/center?position=0', LIBRARY_MEMBER);
    expect(await screen.findByText('张同学收藏的课程', undefined, LONG)).toBeTruthy();
    const menu = await openMenu('张同学');
    await choose(menu, '退出');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('button', { name: '示范大学图书馆的账户菜单' }, LONG)).toBeTruthy();
    expect(within(header).getAllByText('示范大学图书馆').length).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);

    await act(async () => {
      await router.navigate('/center?position=0');
    });
    expect(await screen.findByText('图书馆收藏的课程', undefined, LONG)).toBeTruthy();
    expect(screen.queryByText('张同学收藏的课程')).toBeNull();
    expect(named('CenterQuery')).toHaveLength(2);
  });
});
