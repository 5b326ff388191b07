import { graphql } from 'react-relay';
import { intParam } from '../../app/defineRoute';

/**
 * /home?scId=: 全部 (scId 0) shows the recommendation page, a subject the catalogue listing.
 * One query; the @include/@skip flags pick the half the tab needs.
 */
export const homeQuery = graphql`
  query HomeQuery($scId: Int!, $isAll: Boolean!) {
    ...SubjectTabs_query
    ... on Query @include(if: $isAll) @alias(as: "recommendation") {
      ...BannerCarousel_query
      ...SelectedCourses_query
      ...RecommendedAuthors_query
      ...TopicCarousel_query
      ...RecommendedCourses_query
    }
    ... on Query @skip(if: $isAll) @alias(as: "subject") {
      ...ClassifyView_query @arguments(nodeId: $scId, catalogueId: $scId)
    }
  }
`;

export function homeVariables(url: URL): { scId: number; isAll: boolean } {
  const scId = intParam(url, 'scId', 0);
  return { scId, isAll: scId === 0 };
}
