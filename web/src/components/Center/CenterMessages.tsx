import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { CenterMessagesDeleteMutation } from '../../__generated__/CenterMessagesDeleteMutation.graphql';
import type { CenterMessagesPaginationQuery } from '../../__generated__/CenterMessagesPaginationQuery.graphql';
import type { CenterMessages_viewer$key } from '../../__generated__/CenterMessages_viewer.graphql';
import { CENTER_PAGE_SIZE } from '../../constants';
import { formatDateTime } from '../../lib/formatTime';
import { markMessagesSeen } from '../../lib/messagesSeen';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';
import { VideoIcon } from '../icons/Icons';
import { showMessage } from '../ui/toaster';
import { useMutationWithUserErrors } from '../../relay/useMutationWithUserErrors';

const viewerFragment = graphql`
  fragment CenterMessages_viewer on Viewer
  @refetchable(queryName: "CenterMessagesPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 1000 }, cursor: { type: "String" }) {
    userId
    messages(first: $count, after: $cursor) @connection(key: "CenterMessages_messages") {
      __id
      edges {
        node {
          id
          messageId
          type
          typeName
          message
          createTime
          videoName
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation CenterMessagesDeleteMutation($input: DeleteMessageInput!, $connections: [ID!]!) {
    deleteMessage(input: $input) {
      deletedMessageId @deleteEdge(connections: $connections)
      errors {
        message
      }
    }
  }
`;

/** Badge colour by message type (1 系统通知, 2 笔记引用, 3 安全提醒, other 系统消息). */
function typePalette(type: number): string {
  switch (type) {
    case 1:
      return 'blue';
    case 2:
      return 'green';
    case 3:
      return 'orange';
    default:
      return 'gray';
  }
}

/**
 * 消息: newest first, each with its type, text, time and the video it is about; each can be deleted.
 * Shown, they count as read for the unread badge (lib/messagesSeen).
 */
export default function CenterMessages({ viewer }: { readonly viewer: CenterMessages_viewer$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    CenterMessagesPaginationQuery,
    CenterMessages_viewer$key
  >(viewerFragment, viewer);
  const connection = data.messages;
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const remove = useMutationWithUserErrors<CenterMessagesDeleteMutation>(
    deleteMutation,
    (r) => r.deleteMessage?.errors,
  );

  // the list is on screen: its messages are read (the unread badge counts only newer ones)
  const newestId = Math.max(0, ...connection.edges.map((edge) => edge.node.messageId));
  const userId = data.userId;
  useEffect(() => {
    if (userId) markMessagesSeen(userId, newestId);
  }, [userId, newestId]);

  const deleteMessage = async (id: string) => {
    setDeletingId(id);
    const result = await remove.run({ variables: { input: { messageId: id }, connections: [connection.__id] } });
    setDeletingId(null);
    if (result.ok) showMessage('消息已删除', 'success');
    else if (result.message) showMessage(result.message, 'error');
  };

  if (connection.edges.length === 0) return <EmptyState text="暂无消息" />;
  return (
    <Box>
      <Stack
        gap="0"
        as="ul"
        listStyleType="none"
        separator={<Box as="li" aria-hidden borderBottomWidth="1px" borderColor="gray.100" />}
      >
        {connection.edges.map(({ node }) => (
          <Flex as="li" key={node.id} gap="4" py="4" align="flex-start" data-testid="message">
            <Badge colorPalette={typePalette(node.type)} variant="subtle" flexShrink={0} mt="0.5">
              {node.typeName}
            </Badge>
            <Stack gap="1" flex="1" minW="0">
              <Text color="gray.800" wordBreak="break-word">
                {node.message}
              </Text>
              <HStack gap="4" fontSize="xs" color="gray.500" wrap="wrap">
                <Text>{formatDateTime(node.createTime)}</Text>
                {node.videoName ? (
                  <HStack gap="1">
                    <VideoIcon />
                    <Text>{node.videoName}</Text>
                  </HStack>
                ) : null}
              </HStack>
            </Stack>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              flexShrink={0}
              loading={deletingId === node.id}
              disabled={deletingId !== null && deletingId !== node.id}
              onClick={() => void deleteMessage(node.id)}
            >
              删除
            </Button>
          </Flex>
        ))}
      </Stack>
      <InfiniteList
        itemCount={connection.edges.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={() => loadNext(CENTER_PAGE_SIZE.messages)}
      />
    </Box>
  );
}
