import { Box } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { SearchLecturerList_query$key } from '../../__generated__/SearchLecturerList_query.graphql';
import type { SearchLecturerListPaginationQuery } from '../../__generated__/SearchLecturerListPaginationQuery.graphql';
import { LecturerHitCard } from './LecturerHitCard';
import { SearchResultGrid } from './SearchResultGrid';

const queryFragment = graphql`
  fragment SearchLecturerList_query on Query
  @refetchable(queryName: "SearchLecturerListPaginationQuery")
  @argumentDefinitions(
    keyword: { type: "String!" }
    catalogueId: { type: "Int!" }
    first: { type: "Int", defaultValue: 21 }
    after: { type: "String" }
  ) {
    search(keyword: $keyword, catalogueId: $catalogueId) {
      authors(first: $first, after: $after) @connection(key: "SearchLecturerList_authors") {
        edges {
          node {
            author {
              id
            }
            ...LecturerHitCard_hit
          }
        }
      }
    }
  }
`;

/** 讲师 tab: lecturer cards with the matches marked, 21 a page. */
export function SearchLecturerList({ query }: { readonly query: SearchLecturerList_query$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    SearchLecturerListPaginationQuery,
    SearchLecturerList_query$key
  >(queryFragment, query);
  const edges = data.search.authors.edges;
  return (
    <SearchResultGrid
      label="讲师"
      itemCount={edges.length}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadNext={loadNext}
      columns={{ base: 2, md: 3, xl: 4 }}
    >
      {edges.map((edge) => (
        <Box as="li" display="grid" key={edge.node.author.id}>
          <LecturerHitCard hit={edge.node} />
        </Box>
      ))}
    </SearchResultGrid>
  );
}
