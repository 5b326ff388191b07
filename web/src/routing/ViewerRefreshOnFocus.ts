import { startTransition, useEffect, useEffectEvent } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { useMatches, useRevalidator } from 'react-router-dom';
import type { ViewerRefresher } from '../relay/ViewerRefresh';
import type { RouteHandle } from './routeTypes';

/**
 * Every tab catches up with the others: 登录 opens the login page in a new tab (§2), which lands
 * back signed in there, and 退出 signs out of every tab at once (one cookie). Whenever this tab
 * comes to the front again (visible again, or the window focused), it asks who the viewer is now
 * (throttled; the query and its logic load on first use, see relay/ViewerRefresh.ts). The header
 * and sidebar follow the store by themselves; when it is someone else, the previous person's data
 * is stale like after a logout, a personal page on screen loads again for the new person, and a
 * visitor now on /center is sent home by the centre itself.
 */
export function useViewerRefreshOnFocus(): void {
  const environment = useRelayEnvironment();
  const matches = useMatches();
  const revalidator = useRevalidator();

  const onIdentityChange = useEffectEvent((loggedIn: boolean) => {
    if (!loggedIn) return;
    if (matches.some((match) => (match.handle as RouteHandle | undefined)?.personal)) {
      startTransition(() => {
        void revalidator.revalidate();
      });
    }
  });

  useEffect(() => {
    let disposed = false;
    let refresher: Promise<ViewerRefresher> | null = null;
    const wake = () => {
      if (disposed || document.visibilityState === 'hidden') return;
      refresher ??= import('../relay/ViewerRefresh').then((module) =>
        module.createViewerRefresher(environment, { onIdentityChange: (loggedIn) => onIdentityChange(loggedIn) }),
      );
      refresher.then(
        (r) => (disposed ? undefined : r.wake()),
        () => {
          refresher = null; // the chunk did not load: the next wake tries again
        },
      );
    };
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('focus', wake);
    return () => {
      disposed = true;
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('focus', wake);
      void refresher?.then(
        (r) => r.dispose(),
        () => undefined,
      );
    };
  }, [environment]);
}
