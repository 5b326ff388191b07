import { Box, Button, HStack, Image, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, useTransition, type ReactNode } from 'react';
import { graphql, useFragment, usePaginationFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { MobileLecturerList_catalogues$key } from '../../__generated__/MobileLecturerList_catalogues.graphql';
import type { MobileLecturerList_query$key } from '../../__generated__/MobileLecturerList_query.graphql';
import type { MobileLecturerListPaginationQuery } from '../../__generated__/MobileLecturerListPaginationQuery.graphql';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';
import {
  LECTURER_LETTERS,
  LECTURER_SORT_OPTIONS,
  PAGE_SIZE,
  TOPIC_LECTURER_TEXT,
  type LecturerSortValue,
} from '../../constants';
import { mobileLecturerUrl } from './mobileLinks';

// Short variable names on purpose, as in AuthorList: graphql-js's print() wraps a long argument
// line, relay-compiler's does not, and the persisted hashes would disagree.
const queryFragment = graphql`
  fragment MobileLecturerList_query on Query
  @refetchable(queryName: "MobileLecturerListPaginationQuery")
  @argumentDefinitions(
    cat: { type: "Int", defaultValue: 0 }
    fw: { type: "String" }
    by: { type: "AuthorSort", defaultValue: DEFAULT }
    n: { type: "Int", defaultValue: 18 }
    after: { type: "String" }
  ) {
    authors(catalogueId: $cat, firstWord: $fw, sort: $by, first: $n, after: $after)
      @connection(key: "MobileLecturerList_authors") {
      totalCount
      edges {
        node {
          id
          authorId
          name
          position
          image
          courseCount
        }
      }
    }
  }
`;

const cataloguesFragment = graphql`
  fragment MobileLecturerList_catalogues on Query {
    authorCatalogues {
      id
      catalogueId
      name
      children {
        id
        catalogueId
        name
      }
    }
  }
`;

interface Filters {
  /** The first-level category, 0 = all. */
  readonly first: number;
  /** Its second-level category, 0 = the whole first-level one. */
  readonly second: number;
  readonly letter: string | null;
  readonly sort: LecturerSortValue;
}

const INITIAL: Filters = { first: 0, second: 0, letter: null, sort: 'DEFAULT' };

/**
 * /m/author: 名校名师 for a phone. The first-level category select (default all), a second-level
 * one only when the category has sub-categories, the sort select, 当前共 N 位老师, the 全部/A–Z bar
 * (a strip that scrolls with the finger, 44 px targets) and two columns of lecturer cards, 18 a
 * page in infinite scroll with 没有更多了 at the end. A filter change starts again at page 1 (§4).
 */
export function MobileLecturerList({
  query,
  catalogues,
}: {
  readonly query: MobileLecturerList_query$key;
  readonly catalogues: MobileLecturerList_catalogues$key;
}) {
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<
    MobileLecturerListPaginationQuery,
    MobileLecturerList_query$key
  >(queryFragment, query);
  const { authorCatalogues } = useFragment(cataloguesFragment, catalogues);
  const [filters, setFilters] = useState<Filters>(INITIAL);
  const [isPending, startTransition] = useTransition();
  const { edges, totalCount } = data.authors;
  const selected = authorCatalogues.find((c) => c.catalogueId === filters.first) ?? null;

  // network-only: page 1 replaces the list (§4), not the pages loaded earlier for the same filters
  const apply = (next: Filters) => {
    setFilters(next);
    startTransition(() => {
      refetch(
        { cat: next.second || next.first, fw: next.letter, by: next.sort, n: PAGE_SIZE.lecturers, after: null },
        { fetchPolicy: 'network-only' },
      );
    });
  };

  return (
    <>
      <Stack bg="white" borderRadius="xl" p="3" gap="3" mb="3">
        <SimpleGrid columns={2} gap="2">
          <TouchSelect
            label="一级分类"
            value={filters.first}
            onChange={(first) => apply({ ...filters, first, second: 0 })}
          >
            <option value="0">{TOPIC_LECTURER_TEXT.allCatalogues}</option>
            {authorCatalogues.map((c) => (
              <option key={c.id} value={c.catalogueId}>
                {c.name}
              </option>
            ))}
          </TouchSelect>
          {selected && selected.children.length > 0 && (
            <TouchSelect label="二级分类" value={filters.second} onChange={(second) => apply({ ...filters, second })}>
              <option value="0">{TOPIC_LECTURER_TEXT.allCatalogues}</option>
              {selected.children.map((c) => (
                <option key={c.id} value={c.catalogueId}>
                  {c.name}
                </option>
              ))}
            </TouchSelect>
          )}
          <TouchSelect label="排序" value={filters.sort} onChange={(sort) => apply({ ...filters, sort })}>
            {LECTURER_SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </TouchSelect>
        </SimpleGrid>
        <HStack
          role="group"
          aria-label="按姓氏拼音首字母筛选"
          gap="1.5"
          overflowX="auto"
          pb="1"
          css={{ scrollbarWidth: 'none', WebkitOverflowScrolling: 'touch' }}
        >
          {[null, ...LECTURER_LETTERS].map((letter) => {
            const active = filters.letter === letter;
            return (
              <Button
                key={letter ?? 'all'}
                flexShrink={0}
                minW="44px"
                h="44px"
                px={letter ? '0' : '3'}
                borderRadius="full"
                variant={active ? 'solid' : 'subtle'}
                colorPalette={active ? 'red' : 'gray'}
                aria-pressed={active}
                onClick={() => apply({ ...filters, letter })}
              >
                {letter ?? TOPIC_LECTURER_TEXT.allLetters}
              </Button>
            );
          })}
        </HStack>
        <Text fontSize="sm" color="gray.600" aria-live="polite">
          {TOPIC_LECTURER_TEXT.lecturerCount(totalCount ?? edges.length)}
        </Text>
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
            <SimpleGrid as="ul" aria-label="老师列表" columns={2} gap="3" listStyleType="none">
              {edges.map(({ node: author }) => (
                <li key={author.id}>
                  <Box
                    asChild
                    display="flex"
                    flexDirection="column"
                    alignItems="center"
                    gap="1"
                    h="full"
                    p="3"
                    bg="white"
                    borderRadius="xl"
                    textAlign="center"
                    _active={{ bg: 'gray.50' }}
                  >
                    <RouterLink to={mobileLecturerUrl(author.authorId)}>
                      <Image
                        src={author.image}
                        alt=""
                        loading="lazy"
                        boxSize="72px"
                        borderRadius="full"
                        objectFit="cover"
                        bg="gray.100"
                      />
                      <Text fontSize="md" fontWeight="semibold" color="gray.900" truncate maxW="full">
                        {author.name}
                      </Text>
                      <Text fontSize="xs" color="gray.500" lineClamp={2} minH="2.6em">
                        {author.position || '\u00a0'}
                      </Text>
                      <Text fontSize="xs" color="red.700">
                        {author.courseCount} 门课程
                      </Text>
                    </RouterLink>
                  </Box>
                </li>
              ))}
            </SimpleGrid>
          )}
        </InfiniteList>
      </Box>
    </>
  );
}

/** A full-width native select (the phone's own picker), 44 px high. */
function TouchSelect<T extends string | number>({
  label,
  value,
  onChange,
  children,
}: {
  readonly label: string;
  readonly value: T;
  readonly onChange: (value: T) => void;
  readonly children: ReactNode;
}) {
  return (
    <NativeSelect.Root size="lg">
      <NativeSelect.Field
        aria-label={label}
        value={String(value)}
        h="44px"
        fontSize="sm"
        bg="white"
        onChange={(e) =>
          onChange((typeof value === 'number' ? Number(e.currentTarget.value) : e.currentTarget.value) as T)
        }
      >
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
