import { graphql, usePaginationFragment } from 'react-relay';
import type { CollectedNotesPaginationQuery } from '../../__generated__/CollectedNotesPaginationQuery.graphql';
import type { CollectedNotes_viewer$key } from '../../__generated__/CollectedNotes_viewer.graphql';
import { CENTER_PAGE_SIZE } from '../../constants';
import { InfiniteList } from '../Feedback/InfiniteList';
import { NoteList } from './NoteList';

const viewerFragment = graphql`
  fragment CollectedNotes_viewer on Viewer
  @refetchable(queryName: "CollectedNotesPaginationQuery")
  @argumentDefinitions(count: { type: "Int", defaultValue: 1000 }, cursor: { type: "String" }) {
    collectedNotes: notes(kind: COLLECTED, first: $count, after: $cursor)
      @connection(key: "CollectedNotes_collectedNotes") {
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
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    CollectedNotesPaginationQuery,
    CollectedNotes_viewer$key
  >(viewerFragment, viewer);
  const { __id: connectionId, edges } = data.collectedNotes;
  return (
    <NoteList
      notes={edges.map((edge) => edge.node)}
      connectionId={connectionId}
      kind="COLLECTED"
      footer={
        <InfiniteList
          itemCount={edges.length}
          hasNext={hasNext}
          isLoadingNext={isLoadingNext}
          loadNext={() => loadNext(CENTER_PAGE_SIZE.notes)}
        />
      }
    />
  );
}
