import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { Navigate } from 'react-router-dom';
import type { MobileCenterQuery } from '../../__generated__/MobileCenterQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { ANONYMOUS_USER_TYPES } from '../../constants';
import CenterFragments from '../../components/Center/CenterFragments';
import CenterHistory from '../../components/Center/CenterHistory';
import CenterMessages from '../../components/Center/CenterMessages';
import CenterNotes from '../../components/Center/CenterNotes';
import { PlayLinkProvider, type PlayLinkRule } from '../../components/PlayLink/PlayLink';
import { MOBILE_CENTER, mobilePlayUrl } from '../../components/Mobile/mobileLinks';
import { MobileCenterFavourites } from '../../components/Mobile/MobileCenterFavourites';
import { mobileCenterQuery } from './MobileCenterQuery';

type Viewer = MobileCenterQuery['response']['viewer'];
type Props = PageProps<MobileCenterQuery>;

/** On the phone a history entry or a note opens /m/play in this tab, at its second. */
const MOBILE_PLAY_LINKS: PlayLinkRule = {
  href: ({ courseId, catalogueId, videoId, vtime }) =>
    mobilePlayUrl({
      courseId,
      catalogueId,
      videoId: videoId ?? null,
      vtime: vtime === null || vtime === undefined ? null : Math.max(0, Math.floor(vtime)),
    }),
  newTab: false,
};

/**
 * A page under 我的 (/m/center/<section>): the desktop centre's tab body for that list (its
 * fragment, its limits, its confirmations and messages), in a white card of the phone's width. A
 * visitor (or someone signed out meanwhile) goes to 我的, which asks them to log in.
 */
function Section({
  queryRef,
  render,
}: {
  readonly queryRef: Props['queryRef'];
  readonly render: (viewer: Viewer) => ReactNode;
}) {
  const { viewer } = usePreloadedQuery<MobileCenterQuery>(mobileCenterQuery, queryRef);
  if (ANONYMOUS_USER_TYPES.includes(viewer.userType)) return <Navigate to={MOBILE_CENTER} replace />;
  return (
    <PlayLinkProvider rule={MOBILE_PLAY_LINKS}>
      <Box bg="white" borderRadius="xl" p="3" minH="240px">
        {render(viewer)}
      </Box>
    </PlayLinkProvider>
  );
}

export function MobileHistoryPage({ queryRef }: Props) {
  return (
    <Section
      queryRef={queryRef}
      render={(viewer) => (viewer.CenterHistory_viewer ? <CenterHistory viewer={viewer.CenterHistory_viewer} /> : null)}
    />
  );
}

export function MobileFavouritesPage({ queryRef }: Props) {
  return (
    <Section
      queryRef={queryRef}
      render={(viewer) =>
        viewer.MobileCenterFavourites_viewer ? (
          <MobileCenterFavourites viewer={viewer.MobileCenterFavourites_viewer} />
        ) : null
      }
    />
  );
}

export function MobileNotesPage({ queryRef }: Props) {
  return (
    <Section
      queryRef={queryRef}
      render={(viewer) => (viewer.CenterNotes_viewer ? <CenterNotes viewer={viewer.CenterNotes_viewer} /> : null)}
    />
  );
}

export function MobileFragmentsPage({ queryRef }: Props) {
  return (
    <Section
      queryRef={queryRef}
      render={(viewer) =>
        viewer.CenterFragments_viewer ? <CenterFragments viewer={viewer.CenterFragments_viewer} /> : null
      }
    />
  );
}

export function MobileMessagesPage({ queryRef }: Props) {
  return (
    <Section
      queryRef={queryRef}
      render={(viewer) =>
        viewer.CenterMessages_viewer ? <CenterMessages viewer={viewer.CenterMessages_viewer} /> : null
      }
    />
  );
}
