import { Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { VideoOperationButtons_video$key } from '../../__generated__/VideoOperationButtons_video.graphql';
import type { VideoOperationButtonsSetMutation } from '../../__generated__/VideoOperationButtonsSetMutation.graphql';
import { formatCount } from '../../lib/formatCount';
import { useMutationWithUserErrors } from '../../relay/useMutationWithUserErrors';
import { ThumbIcon } from '../icons/Icons';
import { showMessage } from '../ui/toaster';
import { markCenterListsStale } from './centerLists';
import { mayOperate, PLAY_TEXT } from './playText';

const videoFragment = graphql`
  fragment VideoOperationButtons_video on Video {
    id
    videoId
    courseId
    viewerOperations {
      liked
      favourited
      likeCount
      favouriteCount
    }
  }
`;

const setOperationMutation = graphql`
  mutation VideoOperationButtonsSetMutation($input: SetVideoOperationInput!) {
    setVideoOperation(input: $input) {
      operations {
        liked
        favourited
        likeCount
        favouriteCount
      }
      course {
        id
        likeCount
        collectCount
      }
      message
      errors {
        message
      }
    }
  }
`;

interface Props {
  readonly video: VideoOperationButtons_video$key;
  readonly catalogueId: number;
  readonly userType: number;
}

const FIELDS = {
  LIKE: { flag: 'liked', count: 'likeCount' },
  FAVOURITE: { flag: 'favourited', count: 'favouriteCount' },
} as const;

/**
 * 点赞 and 收藏 with their counts (§4: not set → add, set → cancel, then the state the server
 * answers). The button flips at once (optimistic) and comes back when the server refuses; only
 * userType 1 and 2 may (§6), others are told so without asking the server.
 */
export function VideoOperationButtons({ video: videoKey, catalogueId, userType }: Props) {
  const video = useFragment(videoFragment, videoKey);
  const ops = video.viewerOperations;
  // like and favourite are independent: each waits only for its own answer
  const [pending, setPending] = useState<Readonly<Partial<Record<'LIKE' | 'FAVOURITE', true>>>>({});
  const mutation = useMutationWithUserErrors<VideoOperationButtonsSetMutation>(
    setOperationMutation,
    (r) => r.setVideoOperation?.errors,
  );

  const toggle = async (kind: 'LIKE' | 'FAVOURITE') => {
    if (!mayOperate(userType)) {
      showMessage(PLAY_TEXT.noPermission, 'warning');
      return;
    }
    if (pending[kind]) return;
    const { flag, count } = FIELDS[kind];
    const on = !(ops?.[flag] ?? false);
    const flip = (store: RecordSourceSelectorProxy) => {
      const record = store.get(video.id)?.getLinkedRecord('viewerOperations');
      if (!record) return;
      const before = Number(record.getValue(count) ?? 0);
      record.setValue(on, flag);
      record.setValue(Math.max(0, before + (on ? 1 : -1)), count);
    };
    setPending((p) => ({ ...p, [kind]: true }));
    const result = await mutation.run({
      variables: { input: { videoId: video.videoId, courseId: video.courseId, catalogueId, kind, on } },
      optimisticUpdater: flip,
      updater: (store) => {
        const answered = store.getRootField('setVideoOperation')?.getLinkedRecord('operations');
        if (answered) store.get(video.id)?.setLinkedRecord(answered, 'viewerOperations');
        if (kind === 'FAVOURITE') markCenterListsStale(store, ['favouriteCourses']);
      },
    });
    setPending((p) => ({ ...p, [kind]: undefined }));
    if (!result.ok) showMessage(result.message || PLAY_TEXT.operationFailed, 'error');
  };

  const liked = ops?.liked ?? false;
  const favourited = ops?.favourited ?? false;
  return (
    <HStack gap="2">
      <Button
        size="sm"
        variant={liked ? 'subtle' : 'ghost'}
        colorPalette={liked ? 'red' : 'gray'}
        aria-pressed={liked}
        disabled={pending.LIKE === true}
        onClick={() => void toggle('LIKE')}
      >
        <ThumbIcon />
        {liked ? '已点赞' : '点赞'}
        <Text as="span" fontSize="xs" data-testid="like-count">
          {formatCount(ops?.likeCount ?? 0)}
        </Text>
      </Button>
      <Button
        size="sm"
        variant={favourited ? 'subtle' : 'ghost'}
        colorPalette={favourited ? 'red' : 'gray'}
        aria-pressed={favourited}
        disabled={pending.FAVOURITE === true}
        onClick={() => void toggle('FAVOURITE')}
      >
        <StarIcon filled={favourited} />
        {favourited ? '已收藏' : '收藏'}
        <Text as="span" fontSize="xs" data-testid="favourite-count">
          {formatCount(ops?.favouriteCount ?? 0)}
        </Text>
      </Button>
    </HStack>
  );
}

function StarIcon({ filled }: { readonly filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}
