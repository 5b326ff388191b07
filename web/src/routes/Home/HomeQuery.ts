import { graphql } from 'react-relay';
import { intParam } from '../../routing/defineRoute';
import type { HomeQuery } from '../../__generated__/HomeQuery.graphql';

/**
 * /home?scId=: 全部 (scId 0) shows the recommendation page, a subject the catalogue listing.
 * One query; the @include/@skip flags pick the half the tab needs. `current` is the tab's
 * catalogue as the loader sees it: a category or sub-category is not a tab, it goes to /catalog.
 */
export const homeQuery = graphql`
  query HomeQuery($scId: Int!, $isAll: Boolean!) {
    ...SubjectTabs_query
    current: catalogue(catalogueId: $scId) @skip(if: $isAll) {
      catalogueId
      level
      parent {
        catalogueId
      }
    }
    ... on Query @include(if: $isAll) @alias(as: "recommendation") {
      ...BannerCarousel_query
      ...SelectedCourses_query
      ...RecommendedLecturers_query
      ...TopicCarousel_query
      ...RecommendedCourses_query
    }
    ... on Query @skip(if: $isAll) @alias(as: "subject") {
      ...CatalogueView_query @arguments(nodeId: $scId, catalogueId: $scId)
    }
  }
`;

export function homeVariables(url: URL): { scId: number; isAll: boolean } {
  const scId = intParam(url, 'scId', 0);
  return { scId, isAll: scId === 0 };
}

/** Only subjects (level 1) are home tabs: a level-2 id is shown by /catalog, a level-3 id inside its category. */
export function homeRedirect(data: HomeQuery['response']): string | null {
  const node = data.current;
  if (!node || node.level <= 1) return null;
  if (node.level === 2 || !node.parent) return `/catalog?scId=${node.catalogueId}`;
  return `/catalog?scId=${node.parent.catalogueId}&tcId=${node.catalogueId}`;
}
