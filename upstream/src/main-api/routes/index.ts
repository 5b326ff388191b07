/** Every route of the main API, looked up by method and case-insensitive path. */
import type { UpstreamConfig } from '../../config';
import type { Services } from '../services';
import { aiContentRoutes } from './ai-content';
import { aiFlowQuestionRoutes } from './ai-flow-question';
import { authorRoutes } from './author';
import { catalogRoutes } from './catalog';
import { commonRoutes } from './common';
import { courseRoutes } from './courses';
import { danmakuRoutes } from './danmaku';
import { logRoutes } from './log';
import { operateRoutes } from './operate';
import { playRoutes } from './play';
import { recommendRoutes } from './recommend';
import type { Route, RouteGroup } from './route';
import { searchRoutes } from './search';
import { topicRoutes } from './topic';
import { usercenterRoutes } from './usercenter';

const GROUPS: RouteGroup[] = [
  catalogRoutes,
  courseRoutes,
  recommendRoutes,
  playRoutes,
  topicRoutes,
  authorRoutes,
  logRoutes,
  commonRoutes,
  usercenterRoutes,
  operateRoutes,
  searchRoutes,
  danmakuRoutes,
  aiFlowQuestionRoutes,
  aiContentRoutes,
];

/** ASP.NET-style backends match paths case-insensitively; clients in the wild rely on it. */
export const routeKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.replace(/\/+$/, '').toLowerCase()}`;

export function buildRouteTable(services: Services, config: UpstreamConfig): Map<string, Route> {
  const table = new Map<string, Route>();
  for (const group of GROUPS) {
    for (const route of group(services, config)) {
      const key = routeKey(route.method, route.path);
      if (table.has(key)) throw new Error(`duplicate route ${key}`);
      table.set(key, route);
    }
  }
  return table;
}
