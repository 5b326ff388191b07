import { AspectRatio, Badge, Box, Button, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { NoteListDeleteMutation } from '../../__generated__/NoteListDeleteMutation.graphql';
import type { NoteListUncollectMutation } from '../../__generated__/NoteListUncollectMutation.graphql';
import type { NoteList_notes$data, NoteList_notes$key } from '../../__generated__/NoteList_notes.graphql';
import { CENTER_TEXT } from '../../constants';
import { formatDateTime, formatMmSs } from '../../lib/formatTime';
import { EmptyState } from '../Feedback/EmptyState';
import { PlayIcon } from '../icons/Icons';
import { PlayAnchor } from '../PlayLink/PlayLink';
import { showMessage } from '../ui/toaster';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useMutationWithUserErrors } from '../../relay/useMutationWithUserErrors';

const notesFragment = graphql`
  fragment NoteList_notes on Note @relay(plural: true) {
    id
    content
    vtime
    noteTime
    isPublic
    isMine
    authorName
    videoId
    courseId
    catalogueId
    videoName
    videoImage
    courseName
  }
`;

const deleteMutation = graphql`
  mutation NoteListDeleteMutation($input: DeleteNoteInput!, $connections: [ID!]!) {
    deleteNote(input: $input) {
      deletedNoteId @deleteEdge(connections: $connections)
      errors {
        message
      }
    }
  }
`;

const uncollectMutation = graphql`
  mutation NoteListUncollectMutation($input: UncollectNoteInput!, $connections: [ID!]!) {
    uncollectNote(input: $input) {
      uncollectedNoteId @deleteEdge(connections: $connections)
      errors {
        message
      }
    }
  }
`;

type Note = NoteList_notes$data[number];

interface VideoGroup {
  readonly videoId: number;
  readonly videoName: string;
  readonly videoImage: string;
  readonly courseName: string;
  readonly notes: Note[];
}

/** Notes under the video they were taken on, videos in the order their first note comes. */
export function groupNotesByVideo(notes: readonly Note[]): VideoGroup[] {
  const groups = new Map<number, VideoGroup>();
  for (const note of notes) {
    let group = groups.get(note.videoId);
    if (!group) {
      group = {
        videoId: note.videoId,
        videoName: note.videoName,
        videoImage: note.videoImage,
        courseName: note.courseName,
        notes: [],
      };
      groups.set(note.videoId, group);
    }
    group.notes.push(note);
  }
  return [...groups.values()];
}

interface Props {
  readonly notes: NoteList_notes$key;
  /** The connection the notes come from: a deleted or un-collected note leaves it. */
  readonly connectionId: string;
  /** 我的笔记 (own notes, deletable) or 收录的笔记 (other people's, 取消收录). */
  readonly kind: 'MINE' | 'COLLECTED';
  /** Below the list: its loading footer. */
  readonly footer?: ReactNode;
}

/**
 * 我的笔记 / 收录的笔记: notes grouped by video, each with its moment in the video (opens the
 * player there in a new tab), when it was written and 私密 for private ones. Own notes can be
 * deleted after a confirmation, collected ones un-collected; either leaves the list at once
 * (@deleteEdge) and a failure says 操作失败 (§8).
 */
export function NoteList({ notes: notesKey, connectionId, kind, footer }: Props) {
  const notes = useFragment(notesFragment, notesKey);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const [uncollectingId, setUncollectingId] = useState<string | null>(null);
  const remove = useMutationWithUserErrors<NoteListDeleteMutation>(deleteMutation, (r) => r.deleteNote?.errors);
  const uncollect = useMutationWithUserErrors<NoteListUncollectMutation>(
    uncollectMutation,
    (r) => r.uncollectNote?.errors,
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove.run({ variables: { input: { noteId: deleting.id }, connections: [connectionId] } });
    setDeleting(null);
    if (result.ok) showMessage('笔记已删除', 'success');
    else showMessage(CENTER_TEXT.noteOperationFailed, 'error');
  };

  const stopCollecting = async (note: Note) => {
    setUncollectingId(note.id);
    const result = await uncollect.run({ variables: { input: { noteId: note.id }, connections: [connectionId] } });
    setUncollectingId(null);
    if (result.ok) showMessage('已取消收录', 'success');
    else showMessage(CENTER_TEXT.noteOperationFailed, 'error');
  };

  if (notes.length === 0) return <EmptyState text={kind === 'MINE' ? '暂无笔记' : '暂无收录的笔记'} />;
  return (
    <Stack gap="4">
      {groupNotesByVideo(notes).map((group) => (
        <Box
          key={group.videoId}
          as="section"
          aria-label={group.videoName}
          borderWidth="1px"
          borderColor="gray.100"
          borderRadius="xl"
          overflow="hidden"
        >
          <HStack gap="3" bg="gray.50" px="4" py="3">
            <AspectRatio ratio={16 / 9} width="96px" flexShrink={0} borderRadius="md" overflow="hidden" bg="gray.200">
              <Image src={group.videoImage} alt="" loading="lazy" objectFit="cover" />
            </AspectRatio>
            <Stack gap="0.5" minW="0">
              <Text fontWeight="semibold" color="gray.800" truncate>
                {group.videoName}
              </Text>
              <Text fontSize="xs" color="gray.500" truncate>
                {group.courseName}
              </Text>
            </Stack>
          </HStack>
          <Stack gap="0" separator={<Box borderBottomWidth="1px" borderColor="gray.100" />}>
            {group.notes.map((note) => (
              <Stack key={note.id} gap="2" px="4" py="3" data-testid="note">
                <Text color="gray.800" whiteSpace="pre-wrap" wordBreak="break-word">
                  {note.content}
                </Text>
                <HStack gap="3" fontSize="xs" color="gray.500" wrap="wrap">
                  {/* a finger's target on a phone too (at least 24 px high) */}
                  <Link
                    asChild
                    color="red.600"
                    fontWeight="medium"
                    minH="6"
                    display="inline-flex"
                    alignItems="center"
                    gap="1"
                  >
                    <PlayAnchor
                      video={{
                        courseId: note.courseId,
                        catalogueId: note.catalogueId,
                        videoId: note.videoId,
                        vtime: note.vtime,
                      }}
                      aria-label={`从 ${formatMmSs(note.vtime)} 开始播放`}
                    >
                      <PlayIcon />
                      {formatMmSs(note.vtime)}
                    </PlayAnchor>
                  </Link>
                  <Text>{formatDateTime(note.noteTime)}</Text>
                  {!note.isPublic ? (
                    <Badge size="sm" colorPalette="gray" variant="outline">
                      私密
                    </Badge>
                  ) : null}
                  {kind === 'COLLECTED' ? <Text>来自 {note.authorName}</Text> : null}
                  <Box flex="1" />
                  {note.isMine ? (
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDeleting(note)}>
                      删除
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      loading={uncollectingId === note.id}
                      disabled={uncollectingId !== null && uncollectingId !== note.id}
                      onClick={() => void stopCollecting(note)}
                    >
                      取消收录
                    </Button>
                  )}
                </HStack>
              </Stack>
            ))}
          </Stack>
        </Box>
      ))}
      {footer}
      <ConfirmDialog
        open={deleting !== null}
        message="删除后不可恢复，确定删除这条笔记吗？"
        busy={remove.busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
