import { AspectRatio, Box, Button, Flex, Heading, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { CenterHistoryClearMutation } from '../../__generated__/CenterHistoryClearMutation.graphql';
import type {
  CenterHistory_viewer$data,
  CenterHistory_viewer$key,
} from '../../__generated__/CenterHistory_viewer.graphql';
import { formatClock, formatDateTime, formatMmSs } from '../../lib/formatTime';
import { EmptyState } from '../Feedback/EmptyState';
import { PlayAnchor } from '../PlayLink/PlayLink';
import { showMessage } from '../ui/toaster';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { groupHistory } from './historyGroups';
import { useMutationWithUserErrors } from '../../relay/useMutationWithUserErrors';

const viewerFragment = graphql`
  fragment CenterHistory_viewer on Viewer {
    history {
      id
      updateTime
      lastPlayTime
      duration
      videoId
      courseId
      catalogueId
      videoName
      videoImage
      courseName
    }
  }
`;

const clearMutation = graphql`
  mutation CenterHistoryClearMutation($input: ClearHistoryInput!) {
    clearHistory(input: $input) {
      message
      errors {
        message
      }
      # the viewer after clearing: its (empty) history is written over the list on screen
      viewer {
        ...CenterHistory_viewer
      }
    }
  }
`;

/**
 * 历史记录: the last videos watched in groups 今天 / 一周内 / 更早 (local days), each opening the
 * player where the viewer stopped. 清空历史 asks first; on success the server's sentence is the
 * toast (§8) and the list empties.
 */
export default function CenterHistory({ viewer }: { readonly viewer: CenterHistory_viewer$key }) {
  const data = useFragment(viewerFragment, viewer);
  const [confirming, setConfirming] = useState(false);
  const clear = useMutationWithUserErrors<CenterHistoryClearMutation>(clearMutation, (r) => r.clearHistory?.errors);
  // against the current day on every render: a page left open past midnight regroups on its next one
  const groups = groupHistory(data.history, new Date());

  const confirmClear = async () => {
    const result = await clear.run({ variables: { input: {} } });
    setConfirming(false);
    if (result.ok) showMessage(result.response.clearHistory.message || '历史记录已清空', 'success');
    else if (result.message) showMessage(result.message, 'error');
  };

  return (
    <Box>
      <Flex justify="space-between" align="center" mb="2">
        <Text fontSize="sm" color="gray.500">
          最近观看的 {data.history.length} 个视频
        </Text>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={data.history.length === 0}
          onClick={() => setConfirming(true)}
        >
          清空历史
        </Button>
      </Flex>
      {groups.length === 0 ? (
        <EmptyState text="暂无历史记录" />
      ) : (
        <Stack gap="6">
          {groups.map((group) => (
            <Box as="section" key={group.label} aria-label={group.label}>
              <Heading as="h3" size="sm" color="gray.700" mb="3" borderLeftWidth="3px" borderColor="red.600" ps="2">
                {group.label}
              </Heading>
              <SimpleGrid columns={{ base: 2, lg: 3, xl: 4 }} gap="4">
                {group.entries.map((entry) => (
                  <HistoryCard key={entry.id} entry={entry} today={group.label === '今天'} />
                ))}
              </SimpleGrid>
            </Box>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={confirming}
        message="确定清空全部历史记录吗？"
        busy={clear.busy}
        onConfirm={() => void confirmClear()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}

type Entry = CenterHistory_viewer$data['history'][number];

function HistoryCard({ entry, today }: { readonly entry: Entry; readonly today: boolean }) {
  const target = {
    courseId: entry.courseId,
    catalogueId: entry.catalogueId,
    videoId: entry.videoId,
    vtime: entry.lastPlayTime,
  };
  const progress = entry.duration > 0 ? Math.min(100, Math.round((entry.lastPlayTime / entry.duration) * 100)) : 0;
  return (
    <Box
      asChild
      display="block"
      bg="white"
      borderRadius="lg"
      overflow="hidden"
      borderWidth="1px"
      borderColor="gray.100"
      _hover={{ boxShadow: '0 8px 20px rgba(15, 23, 42, 0.08)' }}
      className="group"
    >
      <PlayAnchor video={target} title={entry.videoName}>
        <AspectRatio ratio={16 / 9} bg="gray.100">
          <Image src={entry.videoImage} alt={entry.videoName} loading="lazy" objectFit="cover" />
        </AspectRatio>
        <Box height="3px" bg="gray.100" aria-hidden>
          <Box height="100%" width={`${progress}%`} bg="red.500" />
        </Box>
        <Stack gap="1" p="3">
          <Text fontSize="sm" fontWeight="semibold" color="gray.800" lineClamp={2} _groupHover={{ color: 'red.600' }}>
            {entry.videoName}
          </Text>
          <Text fontSize="xs" color="gray.500" truncate>
            {entry.courseName}
          </Text>
          <Flex justify="space-between" fontSize="xs" color="gray.500">
            <Text>看到 {formatMmSs(entry.lastPlayTime)}</Text>
            <Text>{today ? formatClock(entry.updateTime) : formatDateTime(entry.updateTime)}</Text>
          </Flex>
        </Stack>
      </PlayAnchor>
    </Box>
  );
}
