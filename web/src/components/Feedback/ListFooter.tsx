import { HStack, Spinner, Text } from '@chakra-ui/react';
import { MESSAGES } from '../../constants';

interface Props {
  readonly isLoading: boolean;
  readonly hasMore: boolean;
  /** Nothing to say below an empty list. */
  readonly isEmpty?: boolean;
}

/** The end of an infinite list: 加载中... while loading, 没有更多了 at the end. */
export function ListFooter({ isLoading, hasMore, isEmpty = false }: Props) {
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
