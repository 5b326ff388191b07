import { loadQuery } from 'react-relay';
import { createBrowserRouter, redirect, replace, type RouteObject } from 'react-router-dom';
import type { IEnvironment, OperationType } from 'relay-runtime';
import type { CatalogQuery } from '../__generated__/CatalogQuery.graphql';
import type { CenterQuery } from '../__generated__/CenterQuery.graphql';
import type { HomeQuery } from '../__generated__/HomeQuery.graphql';
import { catalogQuery, catalogRedirect, catalogVariables } from '../routes/Catalog/CatalogQuery';
import { homeQuery, homeRedirect, homeVariables } from '../routes/Home/HomeQuery';
import { placeholderPage } from '../routes/Placeholders/placeholderPage';
import { Shell } from '../routes/Shell/Shell';
import { shellQuery } from '../routes/Shell/ShellQuery';
import { AppError, AppLoading } from './AppFallbacks';
import { requireLogin } from './CenterGuard';
import { dataSettled, definePlainRoute, defineQueryRoute, lazyQuery, neverSettles } from './defineRoute';
import { redirectMobileVisitor } from './mobileRedirect';
import { QueryRefRegistry } from './queryRefRegistry';
import type { PagePayload, RouteRuntime } from './routeTypes';

export function createRouteRuntime(environment: IEnvironment): RouteRuntime {
  return {
    environment,
    registry: new QueryRefRegistry(),
    keptAlive: new Map(),
    forceReload: new Set(),
    latestLoaderData: () => [],
    isNavigating: () => false,
  };
}

const placeholder = (name: string) => () => Promise.resolve({ default: placeholderPage(name) });

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
    defineQueryRoute<CatalogQuery>(runtime, {
      id: 'catalog',
      path: 'catalog',
      title: '课程分类',
      query: catalogQuery,
      variables: catalogVariables,
      redirectTo: catalogRedirect,
      page: () => import('../routes/Catalog/CatalogPage'),
      // tcId is the view's own filter (it refetches by itself); only another category reloads the route.
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
        currentUrl.href === nextUrl.href
          ? defaultShouldRevalidate
          : currentUrl.searchParams.get('scId') !== nextUrl.searchParams.get('scId'),
    }),
    definePlainRoute(runtime, { id: 'search', path: 'search', title: '搜索', keepAlive: true, page: placeholder('搜索') }),
    definePlainRoute(runtime, { id: 'play', path: 'Play', title: '课程播放', keepAlive: true, page: placeholder('课程播放') }),
    definePlainRoute(runtime, { id: 'special', path: 'special', title: '推荐专题', keepAlive: true, page: placeholder('推荐专题') }),
    definePlainRoute(runtime, { id: 'specialDetail', path: 'special/des', title: '专题详情', page: placeholder('专题详情') }),
    definePlainRoute(runtime, { id: 'author', path: 'author', title: '名校名师', keepAlive: true, page: placeholder('名校名师') }),
    definePlainRoute(runtime, { id: 'authorDetail', path: 'authorDes', title: '讲师详情', page: placeholder('讲师详情') }),
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
        }
        throw landing ? replace('/home') : redirect('/home');
      },
    },
    // The mobile site's addresses (issue 7) are not the desktop app's: a plain page, never guarded.
    definePlainRoute(runtime, {
      id: 'mobileSite',
      path: 'm/*',
      title: '移动端页面',
      page: () => import('../routes/Mobile/MobileSitePage'),
    }),
    definePlainRoute(runtime, {
      id: 'notFound',
      path: '*',
      title: '页面不存在',
      page: () => import('../routes/Placeholders/NotFoundPage'),
    }),
  ];

  return [
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

export function createAppRouter(environment: IEnvironment) {
  const runtime = createRouteRuntime(environment);
  const router = createBrowserRouter(appRoutes(runtime));
  runtime.latestLoaderData = () => Object.values(router.state.loaderData);
  runtime.isNavigating = () => router.state.navigation.state !== 'idle' || router.state.revalidation !== 'idle';
  return { router, runtime };
}
