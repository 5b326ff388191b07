/**
 * The app's routes end to end in jsdom: unknown catalogues, redirects between /home and /catalog
 * (one visit log each), the run-time login page, scroll restoration per URL, the header links.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockCatalogue, renderApp } from './appHarness';
import { GUIDE_SEEN_KEY } from '../../web/src/constants';
import { mockConnection, mockCourse } from './mockData';

const LOGIN_URL = 'http://ketang.example.edu.cn:5801/login';

const SUBJECT = mockCatalogue(1, 1, '思想政治理论', {
  children: [mockCatalogue(5, 2, '党史学习'), mockCatalogue(6, 2, '形势与政策')],
});

function resolvers(catalogue: Record<string, unknown> | null) {
  return {
    Site: () => ({ loginUrl: LOGIN_URL, currentYear: 2031, title: '思政云课堂' }),
    Viewer: () => ({ userType: -1, isLoggedIn: false, isIP: true, name: null, comName: null }),
    Query: () => ({
      subjects: [SUBJECT],
      // the mock generator looks fields up by alias: HomeQuery's `current` is catalogue(scId) too
      catalogue,
      current: catalogue,
      banners: [],
      selectedCourses: [],
      recommendedAuthors: [],
      featuredTopics: [],
      recommendedCourses: mockConnection([mockCourse({ name: '推荐课程一' })], false),
      courses: mockConnection(catalogue ? [mockCourse({ name: '分类课程一' })] : [], false),
      resourceCount: catalogue ? { courseCount: 1, videoCount: 9 } : { courseCount: 0, videoCount: 0 },
      statistics: { courseCount: 10, videoCount: 90 },
    }),
    RecordVisitPayload: () => ({ logId: '1', errors: [] }),
  };
}

const stops: Array<() => void> = [];
function app(path: string, catalogue: Record<string, unknown> | null) {
  const rendered = renderApp(path, resolvers(catalogue));
  stops.push(rendered.stop);
  return rendered;
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
});

const LONG = { timeout: 10_000 };

describe('an unknown catalogue', () => {
  it('/home?scId=999999: 分类不存在 with a link home, the subject tabs still there', async () => {
    const { named } = app('/home?scId=999999', null);
    expect(await screen.findByRole('heading', { name: '分类不存在' }, LONG)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('tab', { name: '全部' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '思想政治理论' })).toBeTruthy();
    expect(screen.queryByText('页面加载失败')).toBeNull();
    expect(screen.queryByText('内容不存在')).toBeNull();
    expect(named('HomeQuery')).toHaveLength(1);
  });

  it('/catalog?scId=999999: 分类不存在 inside the shell', async () => {
    app('/catalog?scId=999999', null);
    expect(await screen.findByRole('heading', { name: '分类不存在' }, LONG)).toBeTruthy();
    expect(screen.getByRole('complementary', { name: '侧边导航' })).toBeTruthy();
    expect(screen.queryByText('页面加载失败')).toBeNull();
  });
});

describe('redirects', () => {
  it('/catalog?scId=5&tcId=1 drops a tcId that is not a child of scId, and logs one visit', async () => {
    const category = mockCatalogue(5, 2, '党史学习', {
      parent: { id: 'catalogue-1', catalogueId: 1, name: '思想政治理论' },
      children: [mockCatalogue(51, 3, '百年党史')],
    });
    const { router, named } = app('/catalog?scId=5&tcId=1', category);
    await waitFor(() => expect(router.state.location.search).toBe('?scId=5'), LONG);
    expect(await screen.findByRole('heading', { name: '党史学习' }, LONG)).toBeTruthy();
    // the listing is of scId (the loader's second query), and the sub-category select says 全部分类
    expect(named('CatalogueQuery').at(-1)!.variables).toEqual({ scId: 5, catalogueId: 5 });
    expect((screen.getByRole('combobox', { name: '子分类' }) as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(named('VisitLogRecordMutation')).toHaveLength(1), LONG);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(named('VisitLogRecordMutation').map((o) => (o.variables.input as { pageUrl: string }).pageUrl)).toEqual([
      '/catalog?scId=5',
    ]);
  });

  it('honours a tcId that is a child', async () => {
    const category = mockCatalogue(5, 2, '党史学习', { children: [mockCatalogue(51, 3, '百年党史')] });
    const { router, named } = app('/catalog?scId=5&tcId=51', category);
    expect(await screen.findByRole('heading', { name: '党史学习' }, LONG)).toBeTruthy();
    expect(router.state.location.search).toBe('?scId=5&tcId=51');
    expect(named('CatalogueQuery')).toEqual([{ name: 'CatalogueQuery', variables: { scId: 5, catalogueId: 51 } }]);
    expect((screen.getByRole('combobox', { name: '子分类' }) as HTMLSelectElement).value).toBe('51');
  });

  it('/home?scId=<a category> is /catalog?scId=<id>, logged once', async () => {
    const category = mockCatalogue(5, 2, '党史学习', {
      parent: { id: 'catalogue-1', catalogueId: 1, name: '思想政治理论' },
    });
    const { router, named } = app('/home', category);
    expect(await screen.findByText('推荐课程一', undefined, LONG)).toBeTruthy();
    await waitFor(() => expect(named('VisitLogRecordMutation')).toHaveLength(1), LONG);

    await act(async () => {
      await router.navigate('/home?scId=5');
    });
    await waitFor(
      () => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/catalog?scId=5'),
      LONG,
    );
    expect(await screen.findByRole('navigation', { name: '当前位置' }, LONG)).toBeTruthy();
    await waitFor(() => expect(named('VisitLogRecordMutation')).toHaveLength(2), LONG);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(named('VisitLogRecordMutation').map((o) => o.variables.input)).toEqual([
      { pageUrl: '/home', previousPageUrl: null, moduleName: '首页' },
      { pageUrl: '/catalog?scId=5', previousPageUrl: '/home', moduleName: '课程分类' },
    ]);
    // Back goes to /home itself: the redirected URL never entered the history
    await act(async () => {
      await router.navigate(-1);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), LONG);
    expect(router.state.location.search).toBe('');
  });
});

describe('the login page (site.loginUrl from the gateway)', () => {
  it('登录 and 个人中心 open it in a new tab with redirect=<absolute URL>', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    app('/home', null);
    const login = await screen.findByRole('button', { name: '登录' }, LONG);
    fireEvent.click(login);
    expect(open).toHaveBeenLastCalledWith(
      `${LOGIN_URL}?redirect=${encodeURIComponent(window.location.href)}`,
      '_blank',
      'noopener',
    );

    const nav = screen.getByRole('navigation', { name: '主导航' });
    fireEvent.click(within(nav).getByText('个人中心'));
    expect(open).toHaveBeenLastCalledWith(
      `${LOGIN_URL}?redirect=${encodeURIComponent(`${window.location.origin}/center`)}`,
      '_blank',
      'noopener',
    );
  });
});

describe('scroll position per URL of a kept-alive route', () => {
  it('Back from /home?scId=1 to /home restores where /home was left', async () => {
    let scrollY = 0;
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
      scrollY = options.top ?? scrollY;
    }) as typeof window.scrollTo);
    try {
      const { router } = app('/home', mockCatalogue(1, 1, '思想政治理论'));
      expect(await screen.findByText('推荐课程一', undefined, LONG)).toBeTruthy();
      scrollY = 1200;
      window.dispatchEvent(new Event('scroll'));

      await act(async () => {
        await router.navigate('/home?scId=1');
      });
      expect(await screen.findByText('分类课程一', undefined, LONG)).toBeTruthy();
      expect(scrollY).toBe(0); // another subject starts at the top
      scrollY = 300;
      window.dispatchEvent(new Event('scroll'));

      await act(async () => {
        await router.navigate(-1);
      });
      expect(await screen.findByText('推荐课程一', undefined, LONG)).toBeTruthy();
      await waitFor(() => expect(scrollY).toBe(1200));
      // and forward again: /home?scId=1 where it was left
      await act(async () => {
        await router.navigate(1);
      });
      expect(await screen.findByText('分类课程一', undefined, LONG)).toBeTruthy();
      await waitFor(() => expect(scrollY).toBe(300));
      expect(scrollTo).toHaveBeenCalled();
    } finally {
      delete (window as { scrollY?: number }).scrollY;
    }
  });
});

describe('header', () => {
  it('/home: the recommended lecturers and 查看更多 are links, so they can be opened in a new tab', async () => {
    const base = resolvers(null);
    const rendered = renderApp('/home', {
      ...base,
      Query: () => ({
        ...base.Query(),
        recommendedAuthors: [
          { id: 'author-7', authorId: 7, name: '王老师', position: '教授', image: '/media/a/7.jpg', courseCount: 3 },
        ],
      }),
    });
    stops.push(rendered.stop);
    const card = await screen.findByRole('link', { name: /王老师/ }, LONG);
    expect(card.getAttribute('href')).toBe('/authorDes?id=7');
    expect(screen.getByRole('link', { name: '查看更多' }).getAttribute('href')).toBe('/author');
    fireEvent.click(card);
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/authorDes'), LONG);
    // the lecturer page's 返回列表 knows where it was opened from
    expect(rendered.router.state.location.state).toEqual({ from: '/home' });
  });

  it('has 操作指南 on every page, and mailto links that stay in the tab', async () => {
    const category = mockCatalogue(5, 2, '党史学习');
    app('/catalog?scId=5', category);
    const header = await screen.findByRole('banner', undefined, LONG);
    expect(within(header).getByRole('button', { name: /操作指南/ })).toBeTruthy();
    for (const name of ['资源推荐', '意见反馈']) {
      const link = within(header).getByRole('link', { name });
      expect(link.getAttribute('href')).toMatch(/^mailto:/);
      expect(link.getAttribute('target')).toBeNull();
    }
  });
});

describe('the operation guide on a first visit of /home', () => {
  const firstVisit = (viewer: Record<string, unknown>) => {
    window.localStorage.removeItem(GUIDE_SEEN_KEY);
    const base = resolvers(null);
    const rendered = renderApp('/home', { ...base, Viewer: () => viewer }, { guideSeen: false });
    stops.push(rendered.stop);
    return rendered;
  };

  it('greets a visitor with a hint under 操作指南 that blocks nothing: the page stays usable, and only once', async () => {
    const { router } = firstVisit({ userType: -1, isLoggedIn: false, isIP: true, name: null, comName: null });
    const hint = await screen.findByRole('note', { name: '操作指南提示' }, LONG);
    // not a modal dialog over the page: nothing is hidden from a click
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem(GUIDE_SEEN_KEY)).toBe('1'));
    // a click on the page goes where it was meant to (here a subject tab)
    fireEvent.click(await screen.findByRole('tab', { name: '思想政治理论' }, LONG));
    await waitFor(() => expect(router.state.location.search).toContain('scId=1'), LONG);
    // off the 全部 tab the hint goes; back on it, it is not shown again
    await waitFor(() => expect(screen.queryByRole('note', { name: '操作指南提示' })).toBeNull(), LONG);
    await act(async () => {
      await router.navigate('/home');
    });
    expect(screen.queryByRole('note', { name: '操作指南提示' })).toBeNull();
    expect(hint.isConnected).toBe(false);
  });

  it('查看指南 opens the guide itself', async () => {
    firstVisit({ userType: -1, isLoggedIn: false, isIP: true, name: null, comName: null });
    const hint = await screen.findByRole('note', { name: '操作指南提示' }, LONG);
    fireEvent.click(within(hint).getByRole('button', { name: '查看指南' }));
    expect(await screen.findByRole('dialog', undefined, LONG)).toBeTruthy();
    expect(screen.getByText('操作指南 · 三种访问方式')).toBeTruthy();
  });

  it('does not greet someone already signed in by their organisation', async () => {
    firstVisit({ userType: 2, isLoggedIn: true, isIP: false, name: '示范大学图书馆', comName: '示范大学图书馆' });
    expect((await screen.findAllByText('示范大学图书馆', undefined, LONG)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('note', { name: '操作指南提示' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.localStorage.getItem(GUIDE_SEEN_KEY)).toBeNull();
  });
});
