import { Box, Stack } from '@chakra-ui/react';
import { Suspense, lazy, startTransition, useCallback, useEffect, type ComponentType } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { Navigate, useNavigate } from 'react-router-dom';
import type { CenterQuery } from '../../__generated__/CenterQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { CenterSummary } from '../../components/Center/CenterSummary';
import { CenterTabs, centerPanelId, centerTabId } from '../../components/Center/CenterTabs';
import { PageSkeleton } from '../../components/Feedback/PageSkeleton';
import { ANONYMOUS_USER_TYPES, CENTER_POSITION } from '../../constants';
import { centerPosition, centerQuery, centerUrl } from './CenterQuery';

type Viewer = CenterQuery['response']['viewer'];

/** Each tab body is its own chunk: the centre loads only the code of the tab it shows first. */
const TAB_MODULES: Record<number, () => Promise<{ default: ComponentType<{ viewer: Viewer }> }>> = {
  [CENTER_POSITION.courses]: () => import('../../components/Center/CenterCourses'),
  [CENTER_POSITION.notes]: () => import('../../components/Center/CenterNotes'),
  [CENTER_POSITION.history]: () => import('../../components/Center/CenterHistory'),
  [CENTER_POSITION.messages]: () => import('../../components/Center/CenterMessages'),
  [CENTER_POSITION.profile]: () =>
    import('../../components/Center/ProfileTab').then((m) => ({ default: m.ProfileTab })),
  [CENTER_POSITION.account]: () =>
    import('../../components/Center/AccountSettingsTab').then((m) => ({ default: m.AccountSettingsTab })),
  [CENTER_POSITION.fragments]: () => import('../../components/Center/CenterFragments'),
};

const TAB_BODIES: Record<number, ComponentType<{ viewer: Viewer }>> = Object.fromEntries(
  Object.entries(TAB_MODULES).map(([position, load]) => [position, lazy(load)]),
);

function preloadTab(position: number): void {
  void TAB_MODULES[position]?.().catch(() => undefined);
}

/**
 * /center: the summary on top, then the tabs of §2. `position` in the URL picks the tab; a tab
 * change replaces it (no history entry per tab). The page leaves for the home page as soon as the
 * viewer is no longer logged in (a logout elsewhere, an expired token).
 */
export default function CenterPage({ queryRef, search }: PageProps<CenterQuery>) {
  const data = usePreloadedQuery<CenterQuery>(centerQuery, queryRef);
  const navigate = useNavigate();
  const position = centerPosition(search);
  const viewer = data.viewer;

  const select = useCallback(
    (next: number) => {
      startTransition(() => {
        void navigate(centerUrl(next), { replace: true });
      });
    },
    [navigate],
  );

  // the other tabs' code, once the first one is on screen
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const tab of Object.keys(TAB_MODULES)) preloadTab(Number(tab));
    }, 1000);
    return () => clearTimeout(timer);
  }, []);

  if (ANONYMOUS_USER_TYPES.includes(viewer.userType)) return <Navigate to="/home" replace />;

  const Body = TAB_BODIES[position];
  return (
    <Stack gap="5">
      <CenterSummary viewer={viewer} />
      <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100">
        <CenterTabs active={position} onSelect={select} onIntent={preloadTab} />
        <Box role="tabpanel" id={centerPanelId(position)} aria-labelledby={centerTabId(position)} p="5" minH="320px">
          <Suspense fallback={<PageSkeleton />}>{Body ? <Body viewer={viewer} /> : null}</Suspense>
        </Box>
      </Box>
    </Stack>
  );
}
