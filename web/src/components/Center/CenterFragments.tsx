import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { startTransition, useState } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { CenterFragmentsDeleteMutation } from '../../__generated__/CenterFragmentsDeleteMutation.graphql';
import type { CenterFragmentsPaginationQuery } from '../../__generated__/CenterFragmentsPaginationQuery.graphql';
import type {
  CenterFragments_viewer$data,
  CenterFragments_viewer$key,
} from '../../__generated__/CenterFragments_viewer.graphql';
import { CENTER_PAGE_SIZE, CENTER_TEXT } from '../../constants';
import { formatDateTime, formatMmSs } from '../../lib/formatTime';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';
import { ClockIcon, VideoIcon } from '../icons/Icons';
import { showMessage } from '../ui/toaster';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useMutationWithUserErrors } from '../../relay/useMutationWithUserErrors';

const viewerFragment = graphql`
  fragment CenterFragments_viewer on Viewer
  @refetchable(queryName: "CenterFragmentsPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 10000 }, cursor: { type: "String" }) {
    fragments(first: $count, after: $cursor) @connection(key: "CenterFragments_fragments") {
      __id
      edges {
        node {
          id
          name
          videoName
          duration
          createTime
          expireTime
          downloadable
          videoAddress
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation CenterFragmentsDeleteMutation($input: DeleteFragmentInput!, $connections: [ID!]!) {
    deleteFragment(input: $input) {
      deletedFragmentId @deleteEdge(connections: $connections)
      message
      errors {
        message
      }
    }
  }
`;

type Fragment = CenterFragments_viewer$data['fragments']['edges'][number]['node'];

/** The name a download is saved under: the fragment's name with the clip file's extension. */
export function downloadName(fragment: Pick<Fragment, 'name' | 'videoAddress'>): string {
  let extension = '';
  try {
    extension = /\.[A-Za-z0-9]{1,5}$/.exec(new URL(fragment.videoAddress, 'http://x.invalid').pathname)?.[0] ?? '';
  } catch {
    extension = '';
  }
  return `${fragment.name}${extension}`;
}

/**
 * 截取片段: the viewer's clips (kept 30 days): name, video, length, when made and when they expire.
 * 删除 asks 删除片段后不可恢复，确定删除吗？ first; on success the server's message is the toast and
 * the list is loaded again (§8). 下载 only for a clip that may be downloaded.
 */
export default function CenterFragments({ viewer }: { readonly viewer: CenterFragments_viewer$key }) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<
    CenterFragmentsPaginationQuery,
    CenterFragments_viewer$key
  >(viewerFragment, viewer);
  const connection = data.fragments;
  const [deleting, setDeleting] = useState<Fragment | null>(null);
  const remove = useMutationWithUserErrors<CenterFragmentsDeleteMutation>(
    deleteMutation,
    (r) => r.deleteFragment?.errors,
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove.run({
      variables: { input: { fragmentId: deleting.id }, connections: [connection.__id] },
    });
    setDeleting(null);
    if (result.ok) {
      showMessage(result.response.deleteFragment.message || '删除成功', 'success');
      startTransition(() => {
        refetch({}, { fetchPolicy: 'network-only' });
      });
    } else if (result.message) {
      showMessage(result.message, 'error');
    }
  };

  if (connection.edges.length === 0) return <EmptyState text="暂无截取片段" />;
  return (
    <Box>
      <Stack gap="3">
        {connection.edges.map(({ node }) => (
          <Flex
            key={node.id}
            data-testid="fragment"
            gap="4"
            align="center"
            borderWidth="1px"
            borderColor="gray.100"
            borderRadius="lg"
            px="4"
            py="3"
            wrap="wrap"
          >
            <Stack gap="1" flex="1" minW="12em">
              <Text fontWeight="semibold" color="gray.800" wordBreak="break-word">
                {node.name}
              </Text>
              <HStack gap="4" fontSize="xs" color="gray.500" wrap="wrap">
                <HStack gap="1">
                  <VideoIcon />
                  <Text>{node.videoName}</Text>
                </HStack>
                <HStack gap="1" aria-label="片段时长">
                  <ClockIcon />
                  <Text>{formatMmSs(node.duration)}</Text>
                </HStack>
              </HStack>
              <HStack gap="4" fontSize="xs" color="gray.500" wrap="wrap">
                <Text>创建于 {formatDateTime(node.createTime)}</Text>
                <Text>有效期至 {formatDateTime(node.expireTime)}</Text>
              </HStack>
            </Stack>
            <HStack gap="2" flexShrink={0}>
              {node.downloadable && node.videoAddress ? (
                <Button asChild size="xs" variant="outline" colorPalette="red">
                  <a href={node.videoAddress} download={downloadName(node)}>
                    下载
                  </a>
                </Button>
              ) : null}
              <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDeleting(node)}>
                删除
              </Button>
            </HStack>
          </Flex>
        ))}
      </Stack>
      <InfiniteList
        itemCount={connection.edges.length}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={() => loadNext(CENTER_PAGE_SIZE.fragments)}
      />
      <ConfirmDialog
        open={deleting !== null}
        message={CENTER_TEXT.fragmentDeleteConfirm}
        busy={remove.busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
