import { Box, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { VideoNotes_video$key } from '../../__generated__/VideoNotes_video.graphql';
import type { VideoNotesDeleteMutation } from '../../__generated__/VideoNotesDeleteMutation.graphql';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useMutationWithUserErrors } from '../../relay/useMutationWithUserErrors';
import { EmptyState } from '../Feedback/EmptyState';
import { showMessage } from '../ui/toaster';
import { UnderlineTabs } from '../ui/UnderlineTabs';
import { centerListsAfterNoteChange } from './centerLists';
import { NoteInput } from './NoteInput';
import { failureText, PLAY_TEXT } from './playText';
import { VideoNoteItem } from './VideoNoteItem';

/** §9: the play page shows 100 notes of each kind. */
const videoFragment = graphql`
  fragment VideoNotes_video on Video {
    videoId
    courseId
    duration
    allNotes: notes(scope: ALL, first: 100) @connection(key: "VideoNotes_allNotes") {
      __id
      edges {
        node {
          id
          ...VideoNoteItem_note
        }
      }
    }
    myNotes: notes(scope: MINE, first: 100) @connection(key: "VideoNotes_myNotes") {
      __id
      edges {
        node {
          id
          ...VideoNoteItem_note
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation VideoNotesDeleteMutation($input: DeleteNoteInput!, $connections: [ID!]!) {
    deleteNote(input: $input) {
      deletedNoteId @deleteEdge(connections: $connections)
      errors {
        message
      }
    }
  }
`;

const TABS = [
  { value: 0, label: '全部笔记' },
  { value: 1, label: '我的笔记' },
] as const;

interface Props {
  readonly video: VideoNotes_video$key;
  readonly catalogueId: number;
  readonly userType: number;
}

/**
 * The note input, then 全部笔记 (the video's public notes and the viewer's private ones) and 我的笔记
 * as tabs. A new note appears at the top of both at once, a deleted one leaves both.
 */
export function VideoNotes({ video: videoKey, catalogueId, userType }: Props) {
  const video = useFragment(videoFragment, videoKey);
  const [tab, setTab] = useState<number>(0);
  const [deleting, setDeleting] = useState<string | null>(null);
  const ids = useId();
  const remove = useMutationWithUserErrors<VideoNotesDeleteMutation>(deleteMutation, (r) => r.deleteNote?.errors);
  const connections = [video.allNotes.__id, video.myNotes.__id];
  const notes = tab === 0 ? video.allNotes : video.myNotes;

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove.run({
      variables: { input: { noteId: deleting }, connections },
      updater: centerListsAfterNoteChange,
    });
    setDeleting(null);
    if (result.ok) showMessage('笔记已删除', 'success');
    else showMessage(failureText(PLAY_TEXT.noteOperationFailed, result.message), 'error');
  };

  const tabId = (value: number) => `${ids}-tab-${value}`;
  const panelId = (value: number) => `${ids}-panel-${value}`;
  return (
    <Stack as="section" aria-label="笔记" gap="0" bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100">
      <Box p="4" borderBottomWidth="1px" borderColor="gray.100">
        <NoteInput
          video={{ videoId: video.videoId, courseId: video.courseId, duration: video.duration }}
          catalogueId={catalogueId}
          userType={userType}
          connections={connections}
        />
      </Box>
      <UnderlineTabs tabs={TABS} active={tab} onSelect={setTab} label="笔记分类" tabId={tabId} panelId={panelId} />
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} px="4" pb="2">
        {notes.edges.length === 0 ? (
          <EmptyState text={tab === 0 ? '暂无笔记，快来记录第一条吧' : '你还没有记录这个视频的笔记'} />
        ) : (
          <Stack gap="0" separator={<Box borderBottomWidth="1px" borderColor="gray.100" />}>
            {notes.edges.map(({ node }) => (
              <VideoNoteItem key={node.id} note={node} userType={userType} onDelete={setDeleting} />
            ))}
          </Stack>
        )}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        message={PLAY_TEXT.noteDeleteConfirm}
        busy={remove.busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
