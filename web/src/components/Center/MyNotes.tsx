import { Box } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { MyNotesPaginationQuery } from '../../__generated__/MyNotesPaginationQuery.graphql';
import type { MyNotes_viewer$key } from '../../__generated__/MyNotes_viewer.graphql';
import { CENTER_PAGE_SIZE } from '../../constants';
import { useLoadMoreSentinel } from '../../lib/useLoadMoreSentinel';
import { ListFooter } from '../Feedback/ListFooter';
import { NoteList } from './NoteList';

const viewerFragment = graphql`
  fragment MyNotes_viewer on Viewer
  @refetchable(queryName: "MyNotesPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 1000 }, cursor: { type: "String" }) {
    myNotes: notes(kind: MINE, first: $count, after: $cursor) @connection(key: "MyNotes_myNotes") {
      __id
      edges {
        node {
          ...NoteList_notes
        }
      }
    }
  }
`;

/** 我的笔记: the viewer's own notes, public and private. */
export function MyNotes({ viewer }: { readonly viewer: MyNotes_viewer$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<MyNotesPaginationQuery, MyNotes_viewer$key>(viewerFragment, viewer);
  const { __id: connectionId, edges } = data.myNotes;
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
      kind="MINE"
      footer={
        <>
          <Box ref={sentinel} height="1px" />
          <ListFooter isLoading={isLoadingNext} hasMore={hasNext} />
        </>
      }
    />
  );
}
