import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { VideoNoteItem_note$key } from '../../__generated__/VideoNoteItem_note.graphql';
import type { VideoNoteItemCollectMutation } from '../../__generated__/VideoNoteItemCollectMutation.graphql';
import type { VideoNoteItemUncollectMutation } from '../../__generated__/VideoNoteItemUncollectMutation.graphql';
import { formatDateTime, formatMmSs } from '../../lib/formatTime';
import { useMutationWithUserErrors } from '../../relay/useMutationWithUserErrors';
import { PlayIcon } from '../icons/Icons';
import { showMessage } from '../ui/toaster';
import { markCenterListsStale } from './centerLists';
import { usePlayerControls } from './playerControls';
import { failureText, mayOperate, PLAY_TEXT } from './playText';

const noteFragment = graphql`
  fragment VideoNoteItem_note on Note {
    id
    content
    vtime
    noteTime
    isPublic
    isMine
    collectedByViewer
    authorName
  }
`;

const collectMutation = graphql`
  mutation VideoNoteItemCollectMutation($input: CollectNoteInput!) {
    collectNote(input: $input) {
      note {
        id
        collectedByViewer
      }
      errors {
        message
      }
    }
  }
`;

const uncollectMutation = graphql`
  mutation VideoNoteItemUncollectMutation($input: UncollectNoteInput!) {
    uncollectNote(input: $input) {
      uncollectedNoteId
      errors {
        message
      }
    }
  }
`;

interface Props {
  readonly note: VideoNoteItem_note$key;
  readonly userType: number;
  /** 删除 on one's own note: the page asks for confirmation first. */
  readonly onDelete: (noteId: string) => void;
}

/**
 * A note under the player: who and when, its second in the video (a click seeks the player there)
 * and its text (as text, never HTML). Someone else's note can be 收录 (§4: recordStatus 0 →
 * collect, else remove the collection); one's own can be deleted.
 */
export function VideoNoteItem({ note: noteKey, userType, onDelete }: Props) {
  const note = useFragment(noteFragment, noteKey);
  const controls = usePlayerControls();
  const [busy, setBusy] = useState(false);
  const collect = useMutationWithUserErrors<VideoNoteItemCollectMutation>(
    collectMutation,
    (r) => r.collectNote?.errors,
  );
  const uncollect = useMutationWithUserErrors<VideoNoteItemUncollectMutation>(
    uncollectMutation,
    (r) => r.uncollectNote?.errors,
  );

  const toggleCollect = async () => {
    if (!mayOperate(userType)) {
      showMessage(PLAY_TEXT.noPermission, 'warning');
      return;
    }
    setBusy(true);
    const input = { noteId: note.id };
    const result = note.collectedByViewer
      ? await uncollect.run({
          variables: { input },
          updater: (store) => {
            store.get(note.id)?.setValue(false, 'collectedByViewer');
            markCenterListsStale(store, ['collectedNotes']);
          },
        })
      : await collect.run({
          variables: { input },
          updater: (store) => {
            // the answer carries the note; an idempotent answer without it still means collected
            store.get(note.id)?.setValue(true, 'collectedByViewer');
            markCenterListsStale(store, ['collectedNotes']);
          },
        });
    setBusy(false);
    if (!result.ok) showMessage(failureText(PLAY_TEXT.noteOperationFailed, result.message), 'error');
  };

  const at = formatMmSs(note.vtime);
  return (
    <Stack as="article" gap="1.5" py="3" aria-label={`${note.authorName}的笔记`} data-testid="video-note">
      <HStack gap="2" fontSize="xs" color="gray.500" wrap="wrap">
        <Text fontWeight="semibold" color="gray.700" fontSize="sm">
          {note.authorName}
        </Text>
        <Text>{formatDateTime(note.noteTime)}</Text>
        {!note.isPublic ? (
          <Badge size="sm" variant="outline" colorPalette="gray">
            私密
          </Badge>
        ) : null}
        <Box flex="1" />
        {note.isMine ? (
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDelete(note.id)}>
            删除
          </Button>
        ) : (
          <Button
            size="xs"
            variant={note.collectedByViewer ? 'subtle' : 'outline'}
            colorPalette="red"
            aria-pressed={note.collectedByViewer}
            loading={busy}
            onClick={() => void toggleCollect()}
          >
            {note.collectedByViewer ? '已收录' : '收录'}
          </Button>
        )}
      </HStack>
      <HStack gap="2" align="flex-start">
        <Button
          size="2xs"
          variant="subtle"
          colorPalette="red"
          flexShrink={0}
          aria-label={`跳转到 ${at}`}
          onClick={() => controls.seek(note.vtime)}
        >
          <PlayIcon />
          {at}
        </Button>
        <Text fontSize="sm" color="gray.800" whiteSpace="pre-wrap" wordBreak="break-word">
          {note.content}
        </Text>
      </HStack>
    </Stack>
  );
}
