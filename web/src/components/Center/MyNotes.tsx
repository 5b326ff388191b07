import { graphql, usePaginationFragment } from 'react-relay';
import type { MyNotesPaginationQuery } from '../../__generated__/MyNotesPaginationQuery.graphql';
import type { MyNotes_viewer$key } from '../../__generated__/MyNotes_viewer.graphql';
import { CENTER_PAGE_SIZE } from '../../constants';
import { InfiniteList } from '../Feedback/InfiniteList';
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
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<MyNotesPaginationQuery, MyNotes_viewer$key>(
    viewerFragment,
    viewer,
  );
  const { __id: connectionId, edges } = data.myNotes;
  return (
    <NoteList
      notes={edges.map((edge) => edge.node)}
      connectionId={connectionId}
      kind="MINE"
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
