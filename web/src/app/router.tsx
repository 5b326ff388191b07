import { loadQuery } from 'react-relay';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import type { IEnvironment, OperationType } from 'relay-runtime';
import type { CatalogQuery } from '../__generated__/CatalogQuery.graphql';
import type { HomeQuery } from '../__generated__/HomeQuery.graphql';
import { catalogQuery, catalogRedirect, catalogVariables } from '../routes/Catalog/CatalogQuery';
import { homeQuery, homeRedirect, homeVariables } from '../routes/Home/HomeQuery';
import { placeholderPage } from '../routes/Placeholders/placeholderPage';
import { Shell } from '../routes/Shell/Shell';
import { shellQuery } from '../routes/Shell/ShellQuery';
import { AppError, AppLoading } from './AppFallbacks';
import { requireGid, requireLogin } from './CenterGuard';
import { dataSettled, definePlainRoute, defineQueryRoute } from './defineRoute';
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
    definePlainRoute(runtime, {
      id: 'center',
      path: 'center',
      title: '个人中心',
      keepAlive: true,
      guard: requireLogin,
      page: placeholder('个人中心'),
    }),
    definePlainRoute(runtime, {
      id: 'dissimilarLogin',
      path: 'DissimilarLogin.aspx',
      title: '机构免登录',
      guard: requireGid,
      page: placeholder('机构免登录'),
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
