import { Box, SimpleGrid, type SimpleGridProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PAGE_SIZE, SEARCH_TEXT } from '../../constants';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';

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
  return (
    <Box>
      <InfiniteList
        itemCount={itemCount}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={() => loadNext(PAGE_SIZE.search)}
      >
        {itemCount === 0 ? (
          <EmptyState text={SEARCH_TEXT.noResults} />
        ) : (
          <SimpleGrid as="ul" columns={columns} gap="4" aria-label={label} listStyleType="none">
            {children}
          </SimpleGrid>
        )}
      </InfiniteList>
    </Box>
  );
}
