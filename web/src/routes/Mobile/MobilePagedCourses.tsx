import { Box } from '@chakra-ui/react';
import type { MobileCourseCard_course$key } from '../../__generated__/MobileCourseCard_course.graphql';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { ListFooter } from '../../components/Feedback/ListFooter';
import { useLoadMoreSentinel } from '../../lib/useLoadMoreSentinel';
import { MobileCourseCard } from './MobileCourseCard';
import { MobileGrid, MobileSection } from './MobileSections';

interface Props {
  readonly title: string;
  readonly emptyText: string;
  readonly edges: ReadonlyArray<{ readonly node: { readonly id: string } & MobileCourseCard_course$key }>;
  readonly hasNext: boolean;
  readonly isLoadingNext: boolean;
  /** Asks for the next page (usePaginationFragment's loadNext with the list's page size). */
  readonly loadNext: () => void;
}

/**
 * A titled grid of course cards in infinite scroll (the next page when the end comes within 50 px
 * of the viewport bottom), 加载中... / 没有更多了 below: the body every paged course list of the
 * mobile site shares after its own usePaginationFragment.
 */
export function MobilePagedCourses({ title, emptyText, edges, hasNext, isLoadingNext, loadNext }: Props) {
  const sentinel = useLoadMoreSentinel({
    hasNext,
    isLoadingNext,
    itemCount: edges.length,
    loadNext: () => {
      if (hasNext && !isLoadingNext) loadNext();
    },
  });
  return (
    <MobileSection title={title}>
      {edges.length === 0 ? (
        <EmptyState text={emptyText} />
      ) : (
        <MobileGrid label={title}>
          {edges.map((edge) => (
            <li key={edge.node.id}>
              <MobileCourseCard course={edge.node} />
            </li>
          ))}
        </MobileGrid>
      )}
      <Box ref={sentinel} height="1px" />
      <ListFooter isLoading={isLoadingNext} hasMore={hasNext} isEmpty={edges.length === 0} />
    </MobileSection>
  );
}
