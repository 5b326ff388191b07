import { graphql, useFragment } from 'react-relay';
import type { MobileCenterFavourites_viewer$key } from '../../__generated__/MobileCenterFavourites_viewer.graphql';
import { EmptyState } from '../Feedback/EmptyState';
import { MobileCourseCard } from './MobileCourseCard';
import { MobileGrid } from './MobileSections';

/** §9: the collect list's page size (10000, CENTER_PAGE_SIZE.courses) is the whole list: one load, no paging. */
const viewerFragment = graphql`
  fragment MobileCenterFavourites_viewer on Viewer {
    favouriteCourses(first: 10000) {
      edges {
        node {
          id
          ...MobileCourseCard_course
        }
      }
    }
  }
`;

/** 我的收藏 (the desktop centre's 我的课程): the courses the viewer favourited, as the phone's course cards. */
export function MobileCenterFavourites({ viewer }: { readonly viewer: MobileCenterFavourites_viewer$key }) {
  const data = useFragment(viewerFragment, viewer);
  const edges = data.favouriteCourses.edges;
  if (edges.length === 0) return <EmptyState text="暂无收藏的课程" />;
  return (
    <MobileGrid label="收藏的课程">
      {edges.map((edge) => (
        <li key={edge.node.id}>
          <MobileCourseCard course={edge.node} />
        </li>
      ))}
    </MobileGrid>
  );
}
