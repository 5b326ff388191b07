import { Box, SimpleGrid, type SimpleGridProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PAGE_SIZE, SEARCH_TEXT } from '../../constants';
import { useLoadMoreSentinel } from '../../lib/useLoadMoreSentinel';
import { EmptyState } from '../Feedback/EmptyState';
import { ListFooter } from '../Feedback/ListFooter';

interface Props {
  readonly itemCount: number;
  readonly hasNext: boolean;
  readonly isLoadingNext: boolean;
  /** usePaginationFragment's loadNext. */
  readonly loadNext: (count: number) => unknown;
  readonly columns: SimpleGridProps['columns'];
  readonly label: string;
  readonly children: ReactNode;
}

/**
 * A search tab's results: 21 a page in infinite scroll (the next page loads when the end comes
 * within 50 px of the viewport bottom), 加载中... / 没有更多了 below, 暂无结果 when nothing matched.
 */
export function SearchResultGrid({ itemCount, hasNext, isLoadingNext, loadNext, columns, label, children }: Props) {
  const sentinel = useLoadMoreSentinel({
    hasNext,
    isLoadingNext,
    itemCount,
    loadNext: () => {
      if (hasNext && !isLoadingNext) loadNext(PAGE_SIZE.search);
    },
  });
  return (
    <Box>
      {itemCount === 0 ? (
        <EmptyState text={SEARCH_TEXT.noResults} />
      ) : (
        <SimpleGrid as="ul" columns={columns} gap="4" aria-label={label} listStyleType="none">
          {children}
        </SimpleGrid>
      )}
      <Box ref={sentinel} height="1px" />
      <ListFooter isLoading={isLoadingNext} hasMore={hasNext} isEmpty={itemCount === 0} />
    </Box>
  );
}
