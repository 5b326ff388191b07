import { Box, Flex, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { LecturerCatalogueSelect_query$key } from '../../__generated__/LecturerCatalogueSelect_query.graphql';
import type { LecturerList_query$key } from '../../__generated__/LecturerList_query.graphql';
import type { LecturerListPaginationQuery } from '../../__generated__/LecturerListPaginationQuery.graphql';
import { LECTURER_SORT_OPTIONS, PAGE_SIZE, TOPIC_LECTURER_TEXT, type LecturerSortValue } from '../../constants';
import { LecturerCard } from '../LecturerCard/LecturerCard';
import { BackToTop } from '../BackToTop/BackToTop';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';
import { AlphabetBar } from './AlphabetBar';
import { LecturerCatalogueSelect, type CatalogueChoice } from './LecturerCatalogueSelect';

// Short variable names on purpose (see CatalogueCourseList): graphql-js's print() wraps an argument
// line past 80 characters, relay-compiler's does not, and the hashes would then disagree.
const queryFragment = graphql`
  fragment LecturerList_query on Query
  @refetchable(queryName: "LecturerListPaginationQuery")
  @argumentDefinitions(
    cat: { type: "Int", defaultValue: 0 }
    fw: { type: "String" }
    by: { type: "AuthorSort", defaultValue: DEFAULT }
    n: { type: "Int", defaultValue: 18 }
    after: { type: "String" }
  ) {
    authors(catalogueId: $cat, firstWord: $fw, sort: $by, first: $n, after: $after)
      @connection(key: "LecturerList_authors") {
      totalCount
      edges {
        node {
          id
          ...LecturerCard_author
        }
      }
    }
  }
`;

interface Filters {
  readonly catalogue: CatalogueChoice;
  readonly letter: string | null;
  readonly sort: LecturerSortValue;
}

/** portraits on a first screen: up to four rows of six on a desktop; below them they load when scrolled near */
const FIRST_SCREEN_AUTHORS = 24;

const INITIAL: Filters = { catalogue: { first: 0, second: 0 }, letter: null, sort: 'DEFAULT' };

/**
 * /author (§2): 名校名师, the category selects, the sort select, 当前共 N 位老师, the A–Z bar and the
 * lecturer cards, 18 a page in infinite scroll. A filter change refetches from page 1 (§4); the
 * filters are the page's state, kept with it while the page is kept alive.
 */
export function LecturerList({
  query,
  catalogues,
}: {
  readonly query: LecturerList_query$key;
  readonly catalogues: LecturerCatalogueSelect_query$key;
}) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<
    LecturerListPaginationQuery,
    LecturerList_query$key
  >(queryFragment, query);
  const [filters, setFilters] = useState<Filters>(INITIAL);
  const [isPending, startTransition] = useTransition();
  const { edges, totalCount } = data.authors;

  // network-only: page 1 replaces the list (§4); the store would give back every page loaded
  // earlier for the same filters
  const apply = (next: Filters) => {
    setFilters(next);
    startTransition(() => {
      refetch(
        {
          cat: next.catalogue.second || next.catalogue.first,
          fw: next.letter,
          by: next.sort,
          n: PAGE_SIZE.lecturers,
          after: null,
        },
        { fetchPolicy: 'network-only' },
      );
    });
  };

  return (
    <Stack gap="5">
      <Stack bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100" px="5" py="4" gap="4">
        <Flex align="center" justify="space-between" gap="4" wrap="wrap">
          <HStack gap="3" align="center">
            <Box width="4px" height="20px" bg="red.600" borderRadius="full" />
            <Text as="h1" fontSize="xl" fontWeight="bold" color="gray.900">
              {TOPIC_LECTURER_TEXT.lecturersTitle}
            </Text>
          </HStack>
          <HStack gap="3" wrap="wrap">
            <LecturerCatalogueSelect
              query={catalogues}
              value={filters.catalogue}
              onChange={(catalogue) => apply({ ...filters, catalogue })}
            />
            <NativeSelect.Root size="sm" width="auto" minW="32">
              <NativeSelect.Field
                aria-label="排序"
                value={filters.sort}
                onChange={(e) => apply({ ...filters, sort: e.currentTarget.value as LecturerSortValue })}
              >
                {LECTURER_SORT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        </Flex>
        <Flex align="center" justify="space-between" gap="4" wrap="wrap">
          <AlphabetBar value={filters.letter} onChange={(letter) => apply({ ...filters, letter })} />
          <Text fontSize="sm" color="gray.500" aria-live="polite">
            {TOPIC_LECTURER_TEXT.lecturerCount(totalCount ?? edges.length)}
          </Text>
        </Flex>
      </Stack>
      <Box opacity={isPending ? 0.55 : 1} transition="opacity 0.2s" aria-busy={isPending}>
        <InfiniteList
          itemCount={edges.length}
          hasNext={hasNext}
          isLoadingNext={isLoadingNext}
          loadNext={() => {
            if (!isPending) loadNext(PAGE_SIZE.lecturers);
          }}
        >
          {edges.length === 0 ? (
            <EmptyState text="暂无老师" />
          ) : (
            <SimpleGrid
              as="ul"
              listStyleType="none"
              aria-label="老师列表"
              columns={{ base: 2, md: 3, lg: 4, xl: 6 }}
              gap="4"
            >
              {edges.map((edge, i) => (
                <Box as="li" display="grid" key={edge.node.id}>
                  <LecturerCard author={edge.node} eager={i < FIRST_SCREEN_AUTHORS} />
                </Box>
              ))}
            </SimpleGrid>
          )}
        </InfiniteList>
      </Box>
      <BackToTop />
    </Stack>
  );
}
