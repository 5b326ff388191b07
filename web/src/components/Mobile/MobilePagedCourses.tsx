import { graphql, useFragment } from 'react-relay';
import type { MobilePagedCourses_courses$key } from '../../__generated__/MobilePagedCourses_courses.graphql';
import { EmptyState } from '../Feedback/EmptyState';
import { InfiniteList } from '../Feedback/InfiniteList';
import { MobileCourseCard } from './MobileCourseCard';
import { MobileGrid, MobileSection } from './MobileSections';

const coursesFragment = graphql`
  fragment MobilePagedCourses_courses on Course @relay(plural: true) {
    id
    ...MobileCourseCard_course
  }
`;

interface Props {
  /** The section's heading, also the grid's name for screen readers. */
  readonly title: string;
  /** What an empty list says (暂无课程, 暂无推荐课程). */
  readonly emptyText: string;
  /** The courses of the connection read so far. */
  readonly courses: MobilePagedCourses_courses$key;
  readonly hasNext: boolean;
  readonly isLoadingNext: boolean;
  /** Asks for the next page (each list has its own page size). */
  readonly loadMore: () => void;
}

/** A titled section of course cards, two or three a row, loading more as one scrolls to 没有更多了. */
export function MobilePagedCourses({ title, emptyText, courses: coursesKey, hasNext, isLoadingNext, loadMore }: Props) {
  const courses = useFragment(coursesFragment, coursesKey);
  return (
    <MobileSection title={title}>
      <InfiniteList itemCount={courses.length} hasNext={hasNext} isLoadingNext={isLoadingNext} loadNext={loadMore}>
        {courses.length === 0 ? (
          <EmptyState text={emptyText} />
        ) : (
          <MobileGrid label={title}>
            {courses.map((course) => (
              <li key={course.id}>
                <MobileCourseCard course={course} />
              </li>
            ))}
          </MobileGrid>
        )}
      </InfiniteList>
    </MobileSection>
  );
}
