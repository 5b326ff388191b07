/**
 * Every tab catches up with the others: the login page opens in a new tab and lands back signed in
 * there, and a logout signs out every tab (one cookie). When a tab comes to the front again (shown
 * again or focused, throttled) it asks who the viewer is: the header follows, someone else's data
 * is forgotten as after a logout, the personal centre loads again for the new person, and a visitor
 * left on /center is sent home.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { createOperationDescriptor, commitLocalUpdate } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import viewerRefreshQueryNode from '../../web/src/__generated__/ViewerRefreshQuery.graphql';
import { createViewerRefresher, refreshViewer } from '../../web/src/relay/ViewerRefresh';
import { renderApp } from './appHarness';
import { ANONYMOUS, LIBRARY_MEMBER, MEMBER, SHELL_RESOLVERS, centerViewer, mockUserProfile } from './centerMocks';
import { mockConnection, mockCourse } from './mockData';

const LONG = { timeout: 10_000 };

const stops: Array<() => void> = [];
/** document.addEventListener: the shell's listener is attached in an effect, after its first paint. */
let addListener: MockInstance<Document['addEventListener']>;
beforeEach(() => {
  addListener = vi.spyOn(document, 'addEventListener');
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  addListener.mockRestore();
  setVisibility('visible');
});

const settle = (ms = 50) => new Promise((resolve) => setTimeout(resolve, ms));

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

/** The tab comes to the front: shown again, or its window focused. */
async function comeBack(how: 'visibilitychange' | 'focus' = 'visibilitychange') {
  // a page on screen does not mean the shell's effects ran yet (a busy machine runs them later)
  await waitFor(() => expect(addListener.mock.calls.some(([type]) => type === 'visibilitychange')).toBe(true), LONG);
  await act(async () => {
    if (how === 'focus') window.dispatchEvent(new Event('focus'));
    else document.dispatchEvent(new Event('visibilitychange'));
    await settle();
  });
}

/** A gateway whose viewer is whoever `signIn` last named (the cookie other tabs share). */
function app(path: string, first: Record<string, unknown>) {
  let identity = first;
  const favourite = (who: Record<string, unknown>) => `${String(who.name ?? '访客')}收藏的课程`;
  const rendered = renderApp(path, {
    ...SHELL_RESOLVERS,
    Viewer: () =>
      centerViewer({
        ...identity,
        favouriteCourses: mockConnection([mockCourse({ name: favourite(identity) })], false),
        profile: mockUserProfile({
          userId: identity.userId,
          userName: `user${String(identity.userId)}`,
          realName: identity.name ?? '',
        }),
      }),
  });
  stops.push(rendered.stop);
  return {
    ...rendered,
    signIn: (who: Record<string, unknown>) => {
      identity = who;
    },
    header: () => screen.findByRole('banner', undefined, LONG),
  };
}

describe('a tab brought back to the front', () => {
  it('shows the user signed in on the login page in another tab, asking once however it comes back', async () => {
    const { header, signIn, named } = app('/home', ANONYMOUS);
    expect(await within(await header()).findByRole('button', { name: '登录' }, LONG)).toBeTruthy();
    expect(named('ViewerRefreshQuery')).toHaveLength(0);

    signIn(MEMBER);
    // the clock stands still from here: on a busy machine the header may take longer than the
    // interval to follow, and the second event must still come within it
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      await comeBack('visibilitychange');
      expect(await within(await header()).findByRole('button', { name: '张同学的账户菜单' }, LONG)).toBeTruthy();
      expect(named('ViewerRefreshQuery')).toHaveLength(1);

      // switching tabs fires both events: the second one within the interval asks nothing now
      await comeBack('focus');
      await settle(100);
      expect(named('ViewerRefreshQuery')).toHaveLength(1);
    } finally {
      clock.mockRestore();
    }
  });

  it('asks nothing while the tab is hidden', async () => {
    const { header, named } = app('/home', ANONYMOUS);
    await within(await header()).findByRole('button', { name: '登录' }, LONG);
    setVisibility('hidden');
    await comeBack('visibilitychange');
    await comeBack('focus');
    await settle(100);
    expect(named('ViewerRefreshQuery')).toHaveLength(0);
  });

  it('on /center after a logout elsewhere: shows 登录 and goes home; the centre stays closed', async () => {
    const { header, signIn, router, named } = app('/center?position=0', MEMBER);
    expect(await screen.findByText('张同学收藏的课程', undefined, LONG)).toBeTruthy();

    signIn(ANONYMOUS);
    await comeBack('focus');
    expect(await within(await header()).findByRole('button', { name: '登录' }, LONG)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);
    expect(screen.queryByRole('tablist', { name: '个人中心' })).toBeNull();

    // the kept-alive centre is stale now: the guard asks the gateway and sends the visitor home
    await act(async () => {
      await router.navigate('/center?position=0');
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);
    expect(named('CenterQuery')).toHaveLength(1);
    expect(named('CenterGuardQuery').length).toBeGreaterThan(0);
  });

  it('on /center when someone else signed in elsewhere: the centre loads again for them, in place', async () => {
    const { header, signIn, router, named } = app('/center?position=0', MEMBER);
    expect(await screen.findByText('张同学收藏的课程', undefined, LONG)).toBeTruthy();

    signIn(LIBRARY_MEMBER);
    await comeBack('focus');
    expect(await within(await header()).findByRole('button', { name: '示范大学图书馆的账户菜单' }, LONG)).toBeTruthy();
    expect(await screen.findByText('示范大学图书馆收藏的课程', undefined, LONG)).toBeTruthy();
    expect(screen.queryByText('张同学收藏的课程')).toBeNull();
    expect(router.state.location.pathname).toBe('/center');
    expect(named('CenterQuery')).toHaveLength(2);
  });

  it('on 个人资料 when another personal account signed in elsewhere: the form shows their profile', async () => {
    const { signIn } = app('/center?position=4', MEMBER);
    const form = await screen.findByRole('form', { name: '个人资料' }, LONG);
    expect((within(form).getByLabelText('真实姓名') as HTMLInputElement).value).toBe('张同学');

    signIn({ ...MEMBER, userId: 43, name: '李同学' });
    await comeBack();
    await waitFor(
      () =>
        expect(
          (within(screen.getByRole('form', { name: '个人资料' })).getByLabelText('真实姓名') as HTMLInputElement).value,
        ).toBe('李同学'),
      LONG,
    );
    expect(within(screen.getByRole('form', { name: '个人资料' })).getByText('user43')).toBeTruthy();
  });

  it('forgets the previous person’s kept-alive centre: it loads again when opened', async () => {
    const { header, signIn, router, named } = app('/center?position=0', MEMBER);
    expect(await screen.findByText('张同学收藏的课程', undefined, LONG)).toBeTruthy();
    await act(async () => {
      await router.navigate('/home');
    });
    await waitFor(() => expect(screen.queryByRole('tablist', { name: '个人中心' })).toBeNull(), LONG);

    signIn(LIBRARY_MEMBER);
    await comeBack();
    expect(await within(await header()).findByRole('button', { name: '示范大学图书馆的账户菜单' }, LONG)).toBeTruthy();
    // nothing loads for a page nobody looks at
    expect(named('CenterQuery')).toHaveLength(1);

    await act(async () => {
      await router.navigate('/center?position=0');
    });
    expect(await screen.findByText('示范大学图书馆收藏的课程', undefined, LONG)).toBeTruthy();
    expect(screen.queryByText('张同学收藏的课程')).toBeNull();
    expect(named('CenterQuery')).toHaveLength(2);
  });

  it('the same person (renamed elsewhere): the header follows, the kept-alive centre is kept', async () => {
    const { header, signIn, router, named } = app('/center?position=0', MEMBER);
    expect(await screen.findByText('张同学收藏的课程', undefined, LONG)).toBeTruthy();
    await act(async () => {
      await router.navigate('/home');
    });

    signIn({ ...MEMBER, name: '张同学（新）' });
    await comeBack();
    expect(await within(await header()).findByRole('button', { name: '张同学（新）的账户菜单' }, LONG)).toBeTruthy();

    await act(async () => {
      await router.navigate('/center?position=0');
    });
    expect(await screen.findByRole('tablist', { name: '个人中心' }, LONG)).toBeTruthy();
    expect(named('CenterQuery')).toHaveLength(1);
  });
});

describe('refreshViewer', () => {
  const viewerOperation = () => createOperationDescriptor(viewerRefreshQueryNode, {});
  const storedViewer = (environment: ReturnType<typeof createMockEnvironment>) =>
    environment.getStore().getSource().get('client:root:viewer');

  function signedIn() {
    const environment = createMockEnvironment();
    environment.commitPayload(viewerOperation(), { viewer: { ...MEMBER } });
    return environment;
  }

  const answer = (who: Record<string, unknown>) => (operation: Parameters<typeof MockPayloadGenerator.generate>[0]) =>
    MockPayloadGenerator.generate(operation, { Viewer: () => ({ ...who }) });

  it('writes the answer over the root viewer and tells whether the person changed', async () => {
    const environment = signedIn();
    const same = refreshViewer(environment);
    environment.mock.resolveMostRecentOperation(answer({ ...MEMBER, headPicture: '/media/avatars/42.jpg' }));
    expect(await same).toEqual({ kind: 'unchanged' });
    expect(storedViewer(environment)?.headPicture).toBe('/media/avatars/42.jpg');

    const other = refreshViewer(environment);
    environment.mock.resolveMostRecentOperation(answer(ANONYMOUS));
    expect(await other).toEqual({ kind: 'changed', loggedIn: false });
    expect(storedViewer(environment)?.userType).toBe(-1);
    expect(storedViewer(environment)?.name).toBeNull();
    // invalidated like after a logout: whatever reads the viewer asks the gateway again
    expect(environment.check(viewerOperation()).status).toBe('stale');
  });

  it('drops an answer overtaken by another write of the viewer (a logout in this tab) and says so', async () => {
    const environment = signedIn();
    const pending = refreshViewer(environment);
    // 退出 lands first: the gateway answered the refresh before the cookie was cleared
    commitLocalUpdate(environment, (store) => {
      const viewer = store.getRoot().getLinkedRecord('viewer')!;
      viewer.setValue(-1, 'userType');
      viewer.setValue(null, 'userId');
      viewer.setValue(null, 'name');
    });
    environment.mock.resolveMostRecentOperation(answer(MEMBER));
    expect(await pending).toEqual({ kind: 'overtaken' });
    expect(storedViewer(environment)?.userType).toBe(-1);
    expect(storedViewer(environment)?.name).toBeNull();
  });

  it('leaves the store alone when the request fails', async () => {
    const environment = signedIn();
    const pending = refreshViewer(environment);
    environment.mock.rejectMostRecentOperation(new Error('offline'));
    expect(await pending).toEqual({ kind: 'failed' });
    expect(storedViewer(environment)?.name).toBe('张同学');
  });
});

describe('createViewerRefresher (throttle)', () => {
  it('refreshes at once, then at most once per interval, answering the last wake', async () => {
    const environment = createMockEnvironment();
    environment.commitPayload(createOperationDescriptor(viewerRefreshQueryNode, {}), { viewer: { ...MEMBER } });
    const changes: boolean[] = [];
    const refresher = createViewerRefresher(environment, {
      minIntervalMs: 200,
      onIdentityChange: (loggedIn) => changes.push(loggedIn),
    });
    const sent = () =>
      environment.mock.getAllOperations().filter((o) => o.request.node.params.name === 'ViewerRefreshQuery');
    const answerWith = (who: Record<string, unknown>) =>
      environment.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, { Viewer: () => ({ ...who }) }),
      );
    try {
      refresher.wake();
      expect(sent()).toHaveLength(1);
      refresher.wake(); // while under way
      answerWith(LIBRARY_MEMBER);
      await settle(0);
      expect(changes).toEqual([true]);
      refresher.wake();
      refresher.wake();
      await settle(50);
      expect(sent()).toHaveLength(0); // throttled
      await waitFor(() => expect(sent()).toHaveLength(1), { timeout: 1000 }); // one trailing refresh
      answerWith(LIBRARY_MEMBER);
      await settle(0);
      expect(changes).toEqual([true]);

      // hidden when the interval is over: nothing is asked until the tab is shown again
      setVisibility('hidden');
      refresher.wake();
      await settle(300);
      expect(sent()).toHaveLength(0);
      setVisibility('visible');
      refresher.wake();
      expect(sent()).toHaveLength(1);
      answerWith(ANONYMOUS);
      await settle(0);
      expect(changes).toEqual([true, false]);
    } finally {
      refresher.dispose();
    }
  });
});
