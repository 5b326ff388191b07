import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RelayEnvironmentProvider, type PreloadedQuery } from 'react-relay';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { OperationDescriptor, OperationType } from 'relay-runtime';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeEntries, type RouteEntry } from '../../web/src/routing/RouteHost';
import { QueryRefRegistry } from '../../web/src/routing/queryRefRegistry';
import { appRoutes, createRouteRuntime } from '../../web/src/app/router';
import type { PagePayload } from '../../web/src/routing/routeTypes';
import { GUIDE_SEEN_KEY } from '../../web/src/constants';
import { system } from '../../web/src/theme';
import { mockConnection, mockCourse } from './mockData';

function fakeRef() {
  let disposed = false;
  return {
    dispose: () => {
      disposed = true;
    },
    get isDisposed() {
      return disposed;
    },
  } as unknown as PreloadedQuery<OperationType> & { isDisposed: boolean };
}

function entry(key: string, keepAlive: boolean, activatedAt: number, payload?: PagePayload): RouteEntry {
  return {
    key,
    title: key,
    keepAlive,
    payload: payload ?? { routeId: key, cacheKey: '', Page: null, queryRef: null, error: null },
    search: new URLSearchParams(),
    pageUrl: `/${key}`,
    locationKey: `${key}-${activatedAt}`,
    activatedAt,
  };
}

describe('route entries (keep-alive)', () => {
  it('keeps kept-alive entries, drops the previous transient one, evicts the least recently used', () => {
    const home = entry('home', true, 1);
    const catalogue = entry('catalogue', false, 2);
    let list = mergeEntries([], home, 2);
    list = mergeEntries(list, catalogue, 2);
    expect(list.map((e) => e.key)).toEqual(['home', 'catalogue']);
    const author = entry('author', true, 3);
    list = mergeEntries(list, author, 2);
    expect(list.map((e) => e.key)).toEqual(['home', 'author']);
    list = mergeEntries(list, entry('special', true, 4), 2);
    list = mergeEntries(list, entry('search', true, 5), 2);
    // home (1) is the least recently used hidden entry beyond 2 hidden ones.
    expect(list.map((e) => e.key)).toEqual(['author', 'special', 'search']);
  });

  it('returns the same list when nothing changes', () => {
    const home = entry('home', true, 1);
    const list = mergeEntries([], home, 3);
    expect(mergeEntries(list, home, 3)).toBe(list);
  });
});

describe('query reference registry', () => {
  it('disposes exactly the references nobody uses, once', () => {
    const registry = new QueryRefRegistry();
    const [a, b, c] = [fakeRef(), fakeRef(), fakeRef()];
    registry.register(a);
    registry.register(b);
    registry.register(c);
    expect(registry.sweep([a, null])).toBe(2);
    expect([a.isDisposed, b.isDisposed, c.isDisposed]).toEqual([false, true, true]);
    expect(registry.sweep([a])).toBe(0);
    registry.release(a);
    expect(a.isDisposed).toBe(true);
    expect(registry.size).toBe(0);
  });
});

describe('app routes', () => {
  const stopTimers: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stopTimers.splice(0)) stop();
  });

  function setup(initialPath: string, { guideSeen = true } = {}) {
    // the operation guide opens by itself on the first visit of /home: most tests have seen it
    if (guideSeen) window.localStorage.setItem(GUIDE_SEEN_KEY, '1');
    const environment = createMockEnvironment();
    const operations: Array<{ name: string; variables: Record<string, unknown> }> = [];
    const answer = (operation: OperationDescriptor) =>
      MockPayloadGenerator.generate(operation, {
        Viewer: () => ({ userType: -1, isLoggedIn: false, isIP: true, name: null, comName: '示范大学图书馆' }),
        Query: () => ({
          subjects: [
            {
              id: 's1',
              catalogueId: 1,
              name: '思想政治理论',
              children: [{ id: 'c5', catalogueId: 5, name: '党史学习' }],
            },
          ],
          catalogue: {
            id: 'c5',
            catalogueId: 5,
            level: 2,
            name: '党史学习',
            resourceCount: 3,
            parent: { id: 's1', catalogueId: 1, name: '思想政治理论' },
            children: [],
          },
          banners: [],
          selectedCourses: [],
          recommendedAuthors: [],
          featuredTopics: [],
          recommendedCourses: mockConnection([mockCourse({ name: '推荐课程一' })], false),
          courses: mockConnection([mockCourse({ name: '党史课程一' })], false),
          resourceCount: { courseCount: 1, videoCount: 9 },
          statistics: { courseCount: 10, videoCount: 90 },
        }),
        RecordVisitPayload: () => ({ logId: '1', errors: [] }),
      });
    // Answer every operation as the gateway would, soon after it is sent.
    const timer = setInterval(() => {
      for (
        let pending = environment.mock.getAllOperations();
        pending.length > 0;
        pending = environment.mock.getAllOperations()
      ) {
        const operation = pending[0]!;
        operations.push({ name: operation.request.node.params.name, variables: { ...operation.request.variables } });
        act(() => environment.mock.resolve(operation, answer(operation)));
      }
    }, 5);
    stopTimers.push(() => clearInterval(timer));
    const runtime = createRouteRuntime(environment);
    const router = createMemoryRouter(appRoutes(runtime), { initialEntries: [initialPath] });
    runtime.latestLoaderData = () => Object.values(router.state.loaderData);
    runtime.isNavigating = () => router.state.navigation.state !== 'idle' || router.state.revalidation !== 'idle';
    render(
      <ChakraProvider value={system}>
        <RelayEnvironmentProvider environment={environment}>
          <RouterProvider router={router} />
        </RelayEnvironmentProvider>
      </ChakraProvider>,
    );
    const named = (name: string) => operations.filter((o) => o.name === name);
    return { router, runtime, named };
  }

  const hidden = (el: Element) => el.closest('[style*="display: none"]') !== null;

  it('redirects / to /home, sets the title and logs the visit', async () => {
    const { router, named } = setup('/');
    expect(await screen.findByText('推荐课程一', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(document.title).toBe('首页 - 思政云课堂');
    await waitFor(() => expect(named('VisitLogRecordMutation')).toHaveLength(1));
    expect(named('VisitLogRecordMutation')[0]!.variables).toMatchObject({
      input: { pageUrl: '/home', moduleName: '首页' },
    });
    expect(screen.getByText('示范大学图书馆')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录' })).toBeTruthy();
  });

  it('keeps /home alive: coming back reuses its data and state, transient pages are disposed', async () => {
    const { router, runtime, named } = setup('/home?scId=1');
    expect(await screen.findByText('党史课程一', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(named('HomeQuery')).toHaveLength(1);

    // Page state: the sort select of the listing.
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: '排序' }), { target: { value: 'MOST_NOTES' } });
      // Let the mock gateway answer the refetch inside act().
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(named('CatalogueViewRefetchQuery')).toHaveLength(1);

    await act(async () => {
      await router.navigate('/author');
    });
    expect(await screen.findByRole('heading', { level: 1, name: '名校名师' }, { timeout: 10_000 })).toBeTruthy();
    expect(document.title).toBe('名校名师 - 思政云课堂');
    expect(hidden(screen.getByText('党史课程一'))).toBe(true);

    await act(async () => {
      await router.navigate('/catalog?scId=5');
    });
    expect(await screen.findByRole('navigation', { name: '当前位置' }, { timeout: 10_000 })).toBeTruthy();
    const cataloguePayload = runtime.keptAlive.get('catalogue');
    expect(cataloguePayload).toBeUndefined(); // /catalog is not kept alive
    const catalogueRef = (router.state.loaderData['catalogue'] as PagePayload).queryRef!;
    expect(catalogueRef.isDisposed).toBe(false);

    await act(async () => {
      await router.navigate('/home?scId=1');
    });
    await waitFor(() => expect(document.title).toBe('首页 - 思政云课堂'));
    // Same data: no new HomeQuery; same component: the sort survived.
    expect(named('HomeQuery')).toHaveLength(1);
    expect((screen.getByRole('combobox', { name: '排序' }) as HTMLSelectElement).value).toBe('MOST_NOTES');
    expect(hidden(screen.getByRole('combobox', { name: '排序' }))).toBe(false);
    // The transient /catalog entry is gone and its query reference disposed.
    expect(screen.queryByRole('navigation', { name: '当前位置' })).toBeNull();
    await waitFor(() => expect(catalogueRef.isDisposed).toBe(true));

    // Every route change was logged, with the previous page.
    await waitFor(() => expect(named('VisitLogRecordMutation')).toHaveLength(4));
    expect(named('VisitLogRecordMutation')[3]!.variables).toMatchObject({
      input: { pageUrl: '/home?scId=1', previousPageUrl: '/catalog?scId=5', moduleName: '首页' },
    });
  });

  it('a new subject tab replaces the kept-alive entry and disposes the old reference', async () => {
    const { router, named } = setup('/home?scId=1');
    expect(await screen.findByText('党史课程一', undefined, { timeout: 10_000 })).toBeTruthy();
    const first = (router.state.loaderData['home'] as PagePayload).queryRef!;
    await act(async () => {
      await router.navigate('/home');
    });
    expect(await screen.findByText('推荐课程一', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(named('HomeQuery').map((o) => o.variables)).toEqual([
      { scId: 1, isAll: false },
      { scId: 0, isAll: true },
    ]);
    await waitFor(() => expect(first.isDisposed).toBe(true));
  });

  it('shows the topic and lecturer pages', async () => {
    const { router } = setup('/home');
    for (const [path, name] of [
      ['/special', '推荐专题'],
      ['/author', '名校名师'],
    ] as const) {
      await act(async () => {
        await router.navigate(path);
      });
      expect(await screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 })).toBeTruthy();
    }
  });

  it('sends visitors away from /center and /DissimilarLogin.aspx without gid', async () => {
    const { router } = setup('/center');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 10_000 });
    await act(async () => {
      await router.navigate('/DissimilarLogin.aspx');
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 10_000 });
  });
});
