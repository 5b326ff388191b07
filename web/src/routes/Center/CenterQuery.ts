import { graphql } from 'react-relay';
import { intParam } from '../../routing/defineRoute';
import { CENTER_POSITION } from '../../constants';

/**
 * /center: everything the personal centre shows, one query for the route (its tabs switch
 * without loading anything but their code). Each tab body declares its own fragment. No
 * variables: the tab (`position`) is the page's own state, kept in the URL.
 */
export const centerQuery = graphql`
  query CenterQuery {
    viewer {
      userType
      ...CenterSummary_viewer
      ...CenterCourses_viewer
      ...CenterNotes_viewer
      ...CenterHistory_viewer
      ...CenterMessages_viewer
      ...ProfileTab_viewer
      ...AccountSettingsTab_viewer
      ...CenterFragments_viewer
    }
  }
`;

const POSITIONS: readonly number[] = Object.values(CENTER_POSITION);

/** The tab `?position=` names (0..6), 我的课程 when missing or out of range. */
export function centerPosition(search: URLSearchParams): number {
  const position = intParam(search, 'position', CENTER_POSITION.courses);
  return POSITIONS.includes(position) ? position : CENTER_POSITION.courses;
}

export function centerUrl(position: number): string {
  return `/center?position=${position}`;
}
