import { Box } from '@chakra-ui/react';
import { Component, Suspense, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { UnreadMessagesQuery } from '../../__generated__/UnreadMessagesQuery.graphql';
import { unreadCount, useLastSeenMessageId } from '../../lib/messagesSeen';

/**
 * The viewer's newest messages, for the unread count. A visitor has none (the
 * gateway answers an empty list without asking the upstream). 100 are enough for a badge that
 * says 99+ beyond that.
 */
const unreadQuery = graphql`
  query UnreadMessagesQuery {
    viewer {
      userId
      messages(first: 100) {
        edges {
          node {
            messageId
          }
        }
      }
    }
  }
`;

/** Badges say 99+ above this. */
const MAX_SHOWN = 99;

function useUnreadMessageCount(): number {
  const { viewer } = useLazyLoadQuery<UnreadMessagesQuery>(unreadQuery, {}, { fetchPolicy: 'store-or-network' });
  const seen = useLastSeenMessageId(viewer.userId);
  // signed out meanwhile: the record may still hold the previous person's list
  if (!viewer.userId) return 0;
  return unreadCount(
    viewer.messages.edges.map((edge) => edge.node.messageId),
    seen,
  );
}

function Count({ placement }: { readonly placement: BadgePlacement }) {
  const count = useUnreadMessageCount();
  if (count === 0) return null;
  const text = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
  return (
    <Box
      as="span"
      role="status"
      aria-label={`${count}条未读消息`}
      data-testid="unread-messages"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      minW="18px"
      h="18px"
      px="1"
      borderRadius="full"
      bg="red.600"
      color="white"
      fontSize="11px"
      fontWeight="bold"
      lineHeight="1"
      {...(placement === 'corner'
        ? { position: 'absolute', top: '-6px', right: '-10px', boxShadow: '0 0 0 2px white' }
        : {})}
    >
      {text}
    </Box>
  );
}

type BadgePlacement = 'inline' | 'corner';

/**
 * How many messages the viewer has not seen yet (those newer than the last visit of 消息 on this
 * device), as a small red count; nothing when there are none, while loading, or when the count
 * cannot be loaded (the header must not fail for a badge). `corner` sits on the top right of a
 * relatively positioned parent (an icon), `inline` in a line of text.
 */
export function UnreadMessagesBadge({ placement = 'inline' }: { readonly placement?: BadgePlacement }) {
  return (
    <Quiet>
      <Suspense fallback={null}>
        <Count placement={placement} />
      </Suspense>
    </Quiet>
  );
}

class Quiet extends Component<{ readonly children: ReactNode }, { readonly failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
