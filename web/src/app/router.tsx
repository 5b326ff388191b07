import { lazy, Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createBrowserRouter, redirect, replace, type RouteObject } from 'react-router-dom';
import type { IEnvironment, OperationType } from 'relay-runtime';
import type { CatalogueQuery } from '../__generated__/CatalogueQuery.graphql';
import type { CenterQuery } from '../__generated__/CenterQuery.graphql';
import type { HomeQuery } from '../__generated__/HomeQuery.graphql';
import type { LecturerDetailQuery } from '../__generated__/LecturerDetailQuery.graphql';
import type { LecturerQuery } from '../__generated__/LecturerQuery.graphql';
import type { PlayQuery } from '../__generated__/PlayQuery.graphql';
import type { SearchQuery } from '../__generated__/SearchQuery.graphql';
import type { TopicQuery } from '../__generated__/TopicQuery.graphql';
import type { TopicListQuery } from '../__generated__/TopicListQuery.graphql';
import type { MobileLecturerQuery } from '../__generated__/MobileLecturerQuery.graphql';
import type { MobileCatalogueQuery } from '../__generated__/MobileCatalogueQuery.graphql';
import type { MobileCenterQuery } from '../__generated__/MobileCenterQuery.graphql';
import type { MobileLecturerListQuery } from '../__generated__/MobileLecturerListQuery.graphql';
import type { MobileHomeQuery } from '../__generated__/MobileHomeQuery.graphql';
import type { MobilePlayQuery } from '../__generated__/MobilePlayQuery.graphql';
import type { MobileSearchQuery } from '../__generated__/MobileSearchQuery.graphql';
import type { MobileTopicQuery } from '../__generated__/MobileTopicQuery.graphql';
import type { MobileTopicListQuery } from '../__generated__/MobileTopicListQuery.graphql';
import { catalogueQuery, catalogueRedirect, catalogueVariables } from '../routes/Catalogue/CatalogueQuery';
import { homeQuery, homeRedirect, homeVariables } from '../routes/Home/HomeQuery';
import { lecturerDetailVariables, skipLecturerDetail } from '../routes/LecturerDetail/lecturerDetailParams';
import { playVariables, skipPlay } from '../routes/Play/playParams';
import { searchVariables, skipSearch } from '../routes/Search/searchParams';
import { skipTopic, topicVariables } from '../routes/Topic/topicParams';
import {
  MOBILE_HOME,
  mobileLecturerVariables,
  mobileCatalogueVariables,
  mobileCenterVariables,
  mobilePlayVariables,
  mobileSearchVariables,
  mobileTopicVariables,
  skipMobileLecturer,
  skipMobileCatalogue,
  skipMobilePlay,
  skipMobileSearch,
  skipMobileTopic,
} from '../routes/Mobile/mobileParams';
import { Shell } from '../routes/Shell/Shell';
import { shellQuery } from '../routes/Shell/ShellQuery';
import { AppError, AppLoading } from './AppFallbacks';
import { requireLogin } from './CenterGuard';
import { dataSettled, definePlainRoute, defineQueryRoute, lazyQuery, neverSettles } from '../routing/defineRoute';
import { mobileSiteHomeFor, redirectMobileVisitor } from '../routing/mobileRedirect';
import { QueryRefRegistry } from '../routing/queryRefRegistry';
import type { MobileCenterSection } from '../routes/Mobile/mobileParams';
import type { PagePayload, RouteRuntime, Visit } from '../routing/routeTypes';
import { useVisitLog } from './VisitLog';

export function createRouteRuntime(environment: IEnvironment): RouteRuntime {
  const runtime: RouteRuntime = {
    environment,
    registry: new QueryRefRegistry(),
    keptAlive: new Map(),
    forceReload: new Set(),
    latestLoaderData: () => [],
    isNavigating: () => false,
    firstScreenFromServer: false,
    // §7 AddVisitLog on every page shown, through the route host
    useVisit: function useSiteVisitLog(visit: Visit | null) {
      useVisitLog(environment, visit, runtime.isNavigating);
    },
  };
  return runtime;
}

/** Every route of §2's table, with its page title; kept-alive routes as §2 marks them. */
export function appRoutes(runtime: RouteRuntime): RouteObject[] {
  const pages: RouteObject[] = [
    { index: true, loader: () => redirect('/home'), element: null },
    defineQueryRoute<HomeQuery>(runtime, {
      id: 'home',
      path: 'home',
      title: '首页',
      keepAlive: true,
      query: homeQuery,
      variables: homeVariables,
      // a category id is not a tab: /home?scId=<level 2> is /catalog?scId=<id>
      redirectTo: homeRedirect,
      page: () => import('../routes/Home/HomePage'),
    }),
    defineQueryRoute<CatalogueQuery>(runtime, {
      id: 'catalogue',
      path: 'catalog',
      title: '课程分类',
      query: catalogueQuery,
      variables: catalogueVariables,
      redirectTo: catalogueRedirect,
      page: () => import('../routes/Catalogue/CataloguePage'),
      // tcId is the view's own filter (it refetches by itself); only another category reloads the route.
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
        currentUrl.href === nextUrl.href
          ? defaultShouldRevalidate
          : currentUrl.searchParams.get('scId') !== nextUrl.searchParams.get('scId'),
    }),
    defineQueryRoute<SearchQuery>(runtime, {
      id: 'search',
      path: 'search',
      title: '搜索',
      keepAlive: true,
      // the search page's query (every tab's fragments) loads with the page, not with the home page
      query: lazyQuery(() => import('../routes/Search/SearchQuery').then((m) => m.searchQuery)),
      variables: searchVariables,
      // no keyword (or one over 50 characters): nothing is sent, the page says 请输入搜索关键词
      skip: skipSearch,
      // a search always asks (fresh results, a tab starts again at its first page); coming back
      // to a kept-alive search still shows it as it was left
      fetchPolicy: 'network-only',
      page: () => import('../routes/Search/SearchPage'),
    }),
    defineQueryRoute<PlayQuery>(runtime, {
      id: 'play',
      path: 'Play',
      title: '课程播放',
      keepAlive: true,
      // the viewer's own notes, likes and favourites: a sign-in in another tab loads it again (the
      // visitor's login prompt becomes the course)
      personal: true,
      // the page, its query and the player are their own chunks: nothing of them loads with /home
      query: lazyQuery(() => import('../routes/Play/PlayQuery').then((m) => m.playQuery)),
      variables: playVariables,
      // no course id: nothing is asked, the page shows the course error view
      skip: skipPlay,
      page: () => import('../routes/Play/PlayPage'),
    }),
    // Topics and lecturers: each page and its query load with the page, not with /home.
    defineQueryRoute<TopicListQuery>(runtime, {
      id: 'topicList',
      path: 'special',
      title: '推荐专题',
      keepAlive: true,
      query: lazyQuery(() => import('../routes/TopicList/TopicListQuery').then((m) => m.topicListQuery)),
      variables: () => ({}),
      page: () => import('../routes/TopicList/TopicListPage'),
    }),
    defineQueryRoute<TopicQuery>(runtime, {
      id: 'topic',
      path: 'special/des',
      title: '专题详情',
      query: lazyQuery(() => import('../routes/Topic/TopicQuery').then((m) => m.topicQuery)),
      variables: topicVariables,
      // no id: nothing is asked, the page goes back (§2)
      skip: skipTopic,
      page: () => import('../routes/Topic/TopicPage'),
    }),
    defineQueryRoute<LecturerQuery>(runtime, {
      id: 'lecturer',
      path: 'author',
      title: '名校名师',
      keepAlive: true,
      query: lazyQuery(() => import('../routes/Lecturer/LecturerQuery').then((m) => m.lecturerQuery)),
      variables: () => ({}),
      page: () => import('../routes/Lecturer/LecturerPage'),
    }),
    defineQueryRoute<LecturerDetailQuery>(runtime, {
      id: 'lecturerDetail',
      path: 'authorDes',
      title: '讲师详情',
      query: lazyQuery(() => import('../routes/LecturerDetail/LecturerDetailQuery').then((m) => m.lecturerDetailQuery)),
      variables: lecturerDetailVariables,
      skip: skipLecturerDetail,
      page: () => import('../routes/LecturerDetail/LecturerDetailPage'),
    }),
    defineQueryRoute<CenterQuery>(runtime, {
      id: 'center',
      path: 'center',
      title: '个人中心',
      keepAlive: true,
      personal: true,
      guard: requireLogin,
      // the centre's query (every tab's fragments) loads with the centre, not with the home page
      query: lazyQuery(() => import('../routes/Center/CenterQuery').then((m) => m.centerQuery)),
      variables: () => ({}),
      page: () => import('../routes/Center/CenterPage'),
      // ?position= is the page's tab, not its data: switching tabs loads nothing
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
        currentUrl.href === nextUrl.href ? defaultShouldRevalidate : currentUrl.pathname !== nextUrl.pathname,
    }),
    {
      // §2: the organisation's no-login link; it never renders, every outcome replaces it with /home
      id: 'dissimilarLogin',
      path: 'DissimilarLogin.aspx',
      handle: { title: '机构免登录', keepAlive: false },
      element: null,
      loader: async ({ request }) => {
        const url = new URL(request.url);
        if (redirectMobileVisitor(url.href)) return neverSettles();
        // Opened from outside (no page shown yet), the link is the current history entry: /home
        // replaces it. Followed inside the app, the previous page is the current entry and the
        // link never enters the history: /home is pushed after it.
        const landing = [...runtime.latestLoaderData()].length === 0;
        const gid = url.searchParams.get('gid')?.trim();
        if (gid) {
          const { companyLogin } = await import('./DissimilarLogin');
          await companyLogin(runtime.environment, gid, { freshStart: landing });
          // a phone (let through by the navigation guard for this) goes on to the mobile site,
          // now with the organisation's token
          const phoneHome = mobileSiteHomeFor(url);
          if (phoneHome) {
            window.location.replace(phoneHome);
            return neverSettles();
          }
        }
        throw landing ? replace('/home') : redirect('/home');
      },
    },
    definePlainRoute(runtime, {
      id: 'notFound',
      path: '*',
      title: '页面不存在',
      page: () => import('../routes/Placeholders/NotFoundPage'),
    }),
  ];

  return [
    mobileSiteRoute(runtime),
    {
      id: 'shell',
      path: '/',
      element: <Shell runtime={runtime} />,
      HydrateFallback: AppLoading,
      errorElement: <AppError />,
      // The header and sidebar data are loaded once per session.
      shouldRevalidate: () => false,
      loader: async (): Promise<PagePayload> => {
        const queryRef = runtime.registry.register(
          loadQuery<OperationType>(runtime.environment, shellQuery, {}, { fetchPolicy: 'store-or-network' }),
        );
        await dataSettled(queryRef);
        return { routeId: 'shell', cacheKey: '', Page: null, queryRef, error: null };
      },
      children: pages,
    },
  ];
}

/** The mobile site's light shell: its own chunk, never loaded by the desktop pages. */
const MobileShell = lazy(() => import('../routes/Mobile/MobileShell'));

/**
 * The mobile site under /m/: touch-first pages over the same schema, in their own shell
 * (no desktop header, sidebar or footer, no shell query). Each page and its query are a lazy chunk.
 * The navigation guard never sends these paths anywhere (isMobileSitePath), so a phone cannot loop.
 * /m/ itself (the QR codes' target) and any unknown /m/ path go to /m/home.
 */
function mobileSiteRoute(runtime: RouteRuntime): RouteObject {
  const toHome = () => replace(MOBILE_HOME);
  return {
    id: 'mobile',
    path: '/m',
    element: (
      <Suspense fallback={<AppLoading />}>
        <MobileShell runtime={runtime} />
      </Suspense>
    ),
    HydrateFallback: AppLoading,
    errorElement: <AppError />,
    children: [
      { index: true, loader: toHome, element: null },
      defineQueryRoute<MobileHomeQuery>(runtime, {
        id: 'mobileHome',
        path: 'home',
        title: '首页',
        keepAlive: true,
        query: lazyQuery(() => import('../routes/Mobile/MobileHomePage').then((m) => m.mobileHomeQuery)),
        variables: () => ({}),
        page: () => import('../routes/Mobile/MobileHomePage'),
      }),
      defineQueryRoute<MobileSearchQuery>(runtime, {
        id: 'mobileSearch',
        path: 'search',
        title: '搜索',
        keepAlive: true,
        query: lazyQuery(() => import('../routes/Mobile/MobileSearchPage').then((m) => m.mobileSearchQuery)),
        variables: mobileSearchVariables,
        skip: skipMobileSearch,
        fetchPolicy: 'network-only',
        page: () => import('../routes/Mobile/MobileSearchPage'),
      }),
      defineQueryRoute<MobilePlayQuery>(runtime, {
        id: 'mobilePlay',
        path: 'play',
        title: '课程播放',
        query: lazyQuery(() => import('../routes/Mobile/MobilePlayPage').then((m) => m.mobilePlayQuery)),
        variables: mobilePlayVariables,
        skip: skipMobilePlay,
        page: () => import('../routes/Mobile/MobilePlayPage'),
      }),
      defineQueryRoute<MobileLecturerQuery>(runtime, {
        id: 'mobileLecturerDetail',
        path: 'authorDes',
        title: '讲师详情',
        query: lazyQuery(() => import('../routes/Mobile/MobileLecturerPage').then((m) => m.mobileLecturerQuery)),
        variables: mobileLecturerVariables,
        skip: skipMobileLecturer,
        page: () => import('../routes/Mobile/MobileLecturerPage'),
      }),
      defineQueryRoute<MobileCatalogueQuery>(runtime, {
        id: 'mobileCatalogue',
        path: 'catalog',
        title: '课程分类',
        query: lazyQuery(() => import('../routes/Mobile/MobileCataloguePage').then((m) => m.mobileCatalogueQuery)),
        variables: mobileCatalogueVariables,
        skip: skipMobileCatalogue,
        page: () => import('../routes/Mobile/MobileCataloguePage'),
      }),
      defineQueryRoute<MobileTopicListQuery>(runtime, {
        id: 'mobileTopicList',
        path: 'special',
        title: '推荐专题',
        keepAlive: true,
        query: lazyQuery(() => import('../routes/Mobile/MobileTopicListPage').then((m) => m.mobileTopicListQuery)),
        variables: () => ({}),
        page: () => import('../routes/Mobile/MobileTopicListPage'),
      }),
      defineQueryRoute<MobileLecturerListQuery>(runtime, {
        id: 'mobileLecturer',
        path: 'author',
        title: '名校名师',
        keepAlive: true,
        query: lazyQuery(() =>
          import('../routes/Mobile/MobileLecturerListPage').then((m) => m.mobileLecturerListQuery),
        ),
        variables: () => ({}),
        page: () => import('../routes/Mobile/MobileLecturerListPage'),
      }),
      defineQueryRoute<MobileTopicQuery>(runtime, {
        id: 'mobileTopic',
        path: 'special/des',
        title: '专题详情',
        query: lazyQuery(() => import('../routes/Mobile/MobileTopicPage').then((m) => m.mobileTopicQuery)),
        variables: mobileTopicVariables,
        skip: skipMobileTopic,
        page: () => import('../routes/Mobile/MobileTopicPage'),
      }),
      ...mobileCenterRoutes(runtime),
      { path: '*', loader: toHome, element: null },
    ],
  };
}

type MobileCenterPages = typeof import('../routes/Mobile/MobileCenterSectionPages');

/** The phone's own page of each list under 我的, with the top bar's title. */
const MOBILE_CENTER_PAGES: ReadonlyArray<{
  readonly section: MobileCenterSection;
  readonly title: string;
  readonly pick: (m: MobileCenterPages) => MobileCenterPages[keyof MobileCenterPages];
}> = [
  { section: 'history', title: '历史记录', pick: (m) => m.MobileHistoryPage },
  { section: 'favourites', title: '我的收藏', pick: (m) => m.MobileFavouritesPage },
  { section: 'notes', title: '我的笔记', pick: (m) => m.MobileNotesPage },
  { section: 'fragments', title: '截取片段', pick: (m) => m.MobileFragmentsPage },
  { section: 'messages', title: '消息', pick: (m) => m.MobileMessagesPage },
];

/**
 * 我的 (/m/center) and its lists (/m/center/<section>): the personal side on a phone,
 * one query for all of them (each page includes only its own list). Always asked again: a note
 * written or a course favourited on /m/play is there when the list opens. A visitor sees 我的 with
 * the login prompt (the lists send them there).
 */
function mobileCenterRoutes(runtime: RouteRuntime): RouteObject[] {
  const query = lazyQuery(() => import('../routes/Mobile/MobileCenterPage').then((m) => m.mobileCenterQuery));
  return [
    defineQueryRoute<MobileCenterQuery>(runtime, {
      id: 'mobileCenter',
      path: 'center',
      title: '我的',
      personal: true,
      query,
      variables: () => mobileCenterVariables(null),
      fetchPolicy: 'network-only',
      page: () => import('../routes/Mobile/MobileCenterPage'),
    }),
    ...MOBILE_CENTER_PAGES.map(({ section, title, pick }) =>
      defineQueryRoute<MobileCenterQuery>(runtime, {
        id: `mobileCenter-${section}`,
        path: `center/${section}`,
        title,
        personal: true,
        query,
        variables: () => mobileCenterVariables(section),
        fetchPolicy: 'network-only',
        page: () => import('../routes/Mobile/MobileCenterSectionPages').then((m) => ({ default: pick(m) })),
      }),
    ),
  ];
}

/** `fromServer`: the store holds the records the server rendered this page's first screen from. */
export function createAppRouter(environment: IEnvironment, { fromServer = false }: { fromServer?: boolean } = {}) {
  const runtime = createRouteRuntime(environment);
  runtime.firstScreenFromServer = fromServer;
  const router = createBrowserRouter(appRoutes(runtime));
  runtime.latestLoaderData = () => Object.values(router.state.loaderData);
  runtime.isNavigating = () => router.state.navigation.state !== 'idle' || router.state.revalidation !== 'idle';
  if (fromServer) {
    // (the loaders are asynchronous: the router has not started yet)
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      runtime.firstScreenFromServer = false;
      stop();
    });
  }
  return { router, runtime };
}
