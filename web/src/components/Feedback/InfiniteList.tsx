import { Box, HStack, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { MESSAGES } from '../../constants';
import { useLoadMoreSentinel } from '../../lib/useLoadMoreSentinel';

interface Props {
  /** Items shown so far (the connection's edges): 0 = nothing below the list; a change observes the end again. */
  readonly itemCount: number;
  readonly hasNext: boolean;
  readonly isLoadingNext: boolean;
  /** Loads the next page (`loadNext(PAGE_SIZE…)`); called only when there is one and none is loading. */
  readonly loadNext: () => void;
  /** The list itself (with its empty state); absent when the list is drawn elsewhere (NoteList's footer). */
  readonly children?: ReactNode;
}

/**
 * Every infinite list of the site (§4, §8): the list, then an invisible sentinel that loads the
 * next page when it comes within 50 px of the viewport bottom (useLoadMoreSentinel), then the
 * footer: 加载中... while a page loads, 没有更多了 at the end, nothing below an empty list.
 */
export function InfiniteList({ itemCount, hasNext, isLoadingNext, loadNext, children }: Props) {
  const sentinel = useLoadMoreSentinel({
    hasNext,
    isLoadingNext,
    itemCount,
    loadNext: () => {
      if (hasNext && !isLoadingNext) loadNext();
    },
  });
  return (
    <>
      {children}
      <Box ref={sentinel} height="1px" />
      <ListFooter isLoading={isLoadingNext} hasMore={hasNext} isEmpty={itemCount === 0} />
    </>
  );
}

function ListFooter({
  isLoading,
  hasMore,
  isEmpty,
}: {
  readonly isLoading: boolean;
  readonly hasMore: boolean;
  readonly isEmpty: boolean;
}) {
  if (isEmpty && !isLoading) return null;
  return (
    <HStack justify="center" py="6" color="fg.muted" fontSize="sm" gap="2" aria-live="polite">
      {isLoading ? (
        <>
          <Spinner size="xs" />
          <Text>{MESSAGES.loading}</Text>
        </>
      ) : hasMore ? (
        <Text>&nbsp;</Text>
      ) : (
        <Text>{MESSAGES.noMore}</Text>
      )}
    </HStack>
  );
}
