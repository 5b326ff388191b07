import { Box, Button, Dialog, Input, Portal, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { ClipDialogClipMutation } from '../../__generated__/ClipDialogClipMutation.graphql';
import type { ClipDialogFragmentsQuery } from '../../__generated__/ClipDialogFragmentsQuery.graphql';
import { formatMmSs } from '../../lib/formatTime';
import { useMutationWithUserErrors } from '../../relay/useMutationWithUserErrors';
import { showMessage } from '../ui/toaster';
import { markCenterListsStale } from './centerLists';
import { checkClip, defaultClip, defaultClipName } from './clipRules';
import { PLAY_LIMITS, PLAY_TEXT } from './playText';

/** The viewer's clips not yet expired (to count this video's: two at most, and the default name's number). */
const fragmentsQuery = graphql`
  query ClipDialogFragmentsQuery {
    viewer {
      fragments(first: 10000) {
        edges {
          node {
            videoId
          }
        }
      }
    }
  }
`;

const clipMutation = graphql`
  mutation ClipDialogClipMutation($input: ClipVideoInput!) {
    clipVideo(input: $input) {
      fragment {
        id
        name
      }
      message
      errors {
        message
        field
      }
    }
  }
`;

export interface ClipVideo {
  readonly videoId: number;
  readonly courseId: number;
  readonly name: string;
  readonly duration: number;
}

interface Props {
  readonly open: boolean;
  readonly video: ClipVideo;
  /** The player's second when the dialog opened. */
  readonly currentTime: number;
  readonly onClose: () => void;
  /** The clip was made: the server's sentence. */
  readonly onClipped: (message: string) => void;
}

/**
 * 截取片段 (§5): start and end in seconds, from the player's second and one minute long by
 * default, and the fragment's name (<video name>-片段<n>). Every rule is checked before sending,
 * in the server's words; a refusal, the server's or the same rule's here, is an error toast (§8)
 * with the field it is about marked, and the dialog stays open to correct it.
 */
export function ClipDialog({ open, video, currentTime, onClose, onClipped }: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size="sm"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius="xl">
            {open ? <ClipForm video={video} currentTime={currentTime} onClose={onClose} onClipped={onClipped} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ClipForm({ video, currentTime, onClose, onClipped }: Omit<Props, 'open'>) {
  const environment = useRelayEnvironment();
  const ids = useId();
  const initial = defaultClip(currentTime, video.duration);
  const [start, setStart] = useState(String(initial.start));
  const [end, setEnd] = useState(String(initial.end));
  const [existing, setExisting] = useState<number | null>(null);
  const defaultName = defaultClipName(video.name, existing ?? 0);
  const [name, setName] = useState<string | null>(null); // null: the default, until the user types
  // the field a refusal is about: marked invalid and focused (the refusal itself is a toast)
  const [invalid, setInvalid] = useState<'start' | 'end' | 'name' | null>(null);
  const refuse = (message: string, field: 'start' | 'end' | 'name' | null) => {
    setInvalid(field);
    if (field) document.getElementById(`${ids}-${field}`)?.focus();
    showMessage(message, 'error');
  };
  const clip = useMutationWithUserErrors<ClipDialogClipMutation>(clipMutation, (r) => r.clipVideo?.errors);

  useEffect(() => {
    let live = true;
    const subscription = fetchQuery<ClipDialogFragmentsQuery>(
      environment,
      fragmentsQuery,
      {},
      { fetchPolicy: 'network-only' },
    ).subscribe({
      next: (data) => {
        if (live) setExisting(data.viewer.fragments.edges.filter((e) => e.node.videoId === video.videoId).length);
      },
      error: () => undefined, // unknown: the server counts anyway
    });
    return () => {
      live = false;
      subscription.unsubscribe();
    };
  }, [environment, video.videoId]);

  const submit = async () => {
    const checked = checkClip(
      { start, end, name: name ?? defaultName },
      { duration: video.duration, existing, defaultName },
    );
    if (!checked.ok) {
      // §8 Clip: an error toast with the server's words (the rules and sentences the server answers)
      refuse(checked.message, checked.field);
      return;
    }
    setInvalid(null);
    const result = await clip.run({
      variables: { input: { videoId: video.videoId, courseId: video.courseId, ...checked.request } },
      updater: (store) => markCenterListsStale(store, ['fragments']),
    });
    if (result.ok) {
      onClipped(result.response.clipVideo.message || PLAY_TEXT.clipDone);
      onClose();
    } else {
      // §8 Clip: an error toast with the server message; the dialog stays open to correct it
      refuse(result.message || PLAY_TEXT.operationFailed, null);
    }
  };

  const seconds = (value: string) => (/^\d+$/.test(value.trim()) ? `（${formatMmSs(Number(value))}）` : '');
  return (
    <chakra.form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Dialog.Header>
        <Dialog.Title>截取片段</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Text fontSize="sm" color="gray.600">
            {video.name}（时长 {formatMmSs(video.duration)}）；每段不超过 3 分钟，每个视频最多截取{' '}
            {PLAY_LIMITS.clipsPerVideo} 个片段。
          </Text>
          <Box>
            <chakra.label htmlFor={`${ids}-start`} fontSize="sm" color="gray.700">
              开始时间（秒）{seconds(start)}
            </chakra.label>
            <Input
              id={`${ids}-start`}
              inputMode="numeric"
              value={start}
              aria-invalid={invalid === 'start' || undefined}
              onChange={(e) => setStart(e.target.value)}
            />
          </Box>
          <Box>
            <chakra.label htmlFor={`${ids}-end`} fontSize="sm" color="gray.700">
              结束时间（秒）{seconds(end)}
            </chakra.label>
            <Input
              id={`${ids}-end`}
              inputMode="numeric"
              value={end}
              aria-invalid={invalid === 'end' || undefined}
              onChange={(e) => setEnd(e.target.value)}
            />
          </Box>
          <Box>
            <chakra.label htmlFor={`${ids}-name`} fontSize="sm" color="gray.700">
              片段名称
            </chakra.label>
            <Input
              id={`${ids}-name`}
              value={name ?? defaultName}
              aria-invalid={invalid === 'name' || undefined}
              onChange={(e) => setName(e.target.value)}
            />
          </Box>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" size="sm" onClick={onClose} disabled={clip.busy}>
          取消
        </Button>
        <Button type="submit" colorPalette="red" size="sm" loading={clip.busy}>
          确定截取
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}
