import { Box } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { CollectedNotesPaginationQuery } from '../../__generated__/CollectedNotesPaginationQuery.graphql';
import type { CollectedNotes_viewer$key } from '../../__generated__/CollectedNotes_viewer.graphql';
import { CENTER_PAGE_SIZE } from '../../constants';
import { useLoadMoreSentinel } from '../../lib/useLoadMoreSentinel';
import { ListFooter } from '../Feedback/ListFooter';
import { NoteList } from './NoteList';

const viewerFragment = graphql`
  fragment CollectedNotes_viewer on Viewer
  @refetchable(queryName: "CollectedNotesPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 1000 }, cursor: { type: "String" }) {
    collectedNotes: notes(kind: COLLECTED, first: $count, after: $cursor) @connection(key: "CollectedNotes_collectedNotes") {
      __id
      edges {
        node {
          ...NoteList_notes
        }
      }
    }
  }
`;

/** 收录的笔记: other people's notes the viewer collected. */
export function CollectedNotes({ viewer }: { readonly viewer: CollectedNotes_viewer$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<CollectedNotesPaginationQuery, CollectedNotes_viewer$key>(viewerFragment, viewer);
  const { __id: connectionId, edges } = data.collectedNotes;
  const sentinel = useLoadMoreSentinel({
    hasNext,
    isLoadingNext,
    itemCount: edges.length,
    loadNext: () => {
      if (hasNext && !isLoadingNext) loadNext(CENTER_PAGE_SIZE.notes);
    },
  });
  return (
    <NoteList
      notes={edges.map((edge) => edge.node)}
      connectionId={connectionId}
      kind="COLLECTED"
      footer={
        <>
          <Box ref={sentinel} height="1px" />
          <ListFooter isLoading={isLoadingNext} hasMore={hasNext} />
        </>
      }
    />
  );
}
