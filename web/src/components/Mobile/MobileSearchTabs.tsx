import { graphql, usePaginationFragment } from 'react-relay';
import type { MobileSearchTabs_lecturers$key } from '../../__generated__/MobileSearchTabs_lecturers.graphql';
import type { MobileSearchTabs_courses$key } from '../../__generated__/MobileSearchTabs_courses.graphql';
import type { MobileSearchTabs_points$key } from '../../__generated__/MobileSearchTabs_points.graphql';
import type { MobileSearchTabs_topics$key } from '../../__generated__/MobileSearchTabs_topics.graphql';
import type { MobileSearchTabsLecturersPaginationQuery } from '../../__generated__/MobileSearchTabsLecturersPaginationQuery.graphql';
import type { MobileSearchTabsCoursesPaginationQuery } from '../../__generated__/MobileSearchTabsCoursesPaginationQuery.graphql';
import type { MobileSearchTabsPointsPaginationQuery } from '../../__generated__/MobileSearchTabsPointsPaginationQuery.graphql';
import type { MobileSearchTabsTopicsPaginationQuery } from '../../__generated__/MobileSearchTabsTopicsPaginationQuery.graphql';
import { SearchResultGrid } from '../Search/SearchResultGrid';
import { LecturerHitTile, CourseHitRow, KnowledgePointRow, TopicHitRow } from './MobileSearchRows';

/*
 * The mobile search's four tabs (课程, 知识点, 专题, 讲师): each pages through Query.search by itself,
 * 21 a page (§9) in infinite scroll with 没有更多了 at the end (SearchResultGrid, as on /search).
 * Search is not a Node: the keyword is each list's refetch variable.
 */

const coursesFragment = graphql`
  fragment MobileSearchTabs_courses on Query
  @refetchable(queryName: "MobileSearchTabsCoursesPaginationQuery")
  @argumentDefinitions(
    keyword: { type: "String!" }
    first: { type: "Int", defaultValue: 21 }
    after: { type: "String" }
  ) {
    search(keyword: $keyword) {
      courses(first: $first, after: $after) @connection(key: "MobileSearchTabs_courses") {
        edges {
          node {
            course {
              id
            }
            ...MobileSearchRows_courseHit
          }
        }
      }
    }
  }
`;

const pointsFragment = graphql`
  fragment MobileSearchTabs_points on Query
  @refetchable(queryName: "MobileSearchTabsPointsPaginationQuery")
  @argumentDefinitions(
    keyword: { type: "String!" }
    first: { type: "Int", defaultValue: 21 }
    after: { type: "String" }
  ) {
    search(keyword: $keyword) {
      knowledgePoints(first: $first, after: $after) @connection(key: "MobileSearchTabs_knowledgePoints") {
        edges {
          node {
            id
            ...MobileSearchRows_point
          }
        }
      }
    }
  }
`;

const topicsFragment = graphql`
  fragment MobileSearchTabs_topics on Query
  @refetchable(queryName: "MobileSearchTabsTopicsPaginationQuery")
  @argumentDefinitions(
    keyword: { type: "String!" }
    first: { type: "Int", defaultValue: 21 }
    after: { type: "String" }
  ) {
    search(keyword: $keyword) {
      topics(first: $first, after: $after) @connection(key: "MobileSearchTabs_topics") {
        edges {
          node {
            topic {
              id
            }
            ...MobileSearchRows_topicHit
          }
        }
      }
    }
  }
`;

const lecturersFragment = graphql`
  fragment MobileSearchTabs_lecturers on Query
  @refetchable(queryName: "MobileSearchTabsLecturersPaginationQuery")
  @argumentDefinitions(
    keyword: { type: "String!" }
    first: { type: "Int", defaultValue: 21 }
    after: { type: "String" }
  ) {
    search(keyword: $keyword) {
      authors(first: $first, after: $after) @connection(key: "MobileSearchTabs_authors") {
        edges {
          node {
            author {
              id
            }
            ...MobileSearchRows_authorHit
          }
        }
      }
    }
  }
`;

export function MobileSearchCourses({ query }: { readonly query: MobileSearchTabs_courses$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    MobileSearchTabsCoursesPaginationQuery,
    MobileSearchTabs_courses$key
  >(coursesFragment, query);
  const edges = data.search.courses.edges;
  return (
    <SearchResultGrid
      label="课程"
      columns={1}
      itemCount={edges.length}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadNext={loadNext}
    >
      {edges.map((edge) => (
        <CourseHitRow key={edge.node.course.id} hit={edge.node} />
      ))}
    </SearchResultGrid>
  );
}

export function MobileSearchKnowledgePoints({ query }: { readonly query: MobileSearchTabs_points$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    MobileSearchTabsPointsPaginationQuery,
    MobileSearchTabs_points$key
  >(pointsFragment, query);
  const edges = data.search.knowledgePoints.edges;
  return (
    <SearchResultGrid
      label="知识点"
      columns={1}
      itemCount={edges.length}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadNext={loadNext}
    >
      {edges.map((edge) => (
        <KnowledgePointRow key={edge.node.id} point={edge.node} />
      ))}
    </SearchResultGrid>
  );
}

export function MobileSearchTopics({ query }: { readonly query: MobileSearchTabs_topics$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    MobileSearchTabsTopicsPaginationQuery,
    MobileSearchTabs_topics$key
  >(topicsFragment, query);
  const edges = data.search.topics.edges;
  return (
    <SearchResultGrid
      label="专题"
      columns={1}
      itemCount={edges.length}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadNext={loadNext}
    >
      {edges.map((edge) => (
        <TopicHitRow key={edge.node.topic.id} hit={edge.node} />
      ))}
    </SearchResultGrid>
  );
}

export function MobileSearchLecturers({ query }: { readonly query: MobileSearchTabs_lecturers$key }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    MobileSearchTabsLecturersPaginationQuery,
    MobileSearchTabs_lecturers$key
  >(lecturersFragment, query);
  const edges = data.search.authors.edges;
  return (
    <SearchResultGrid
      label="讲师"
      columns={3}
      itemCount={edges.length}
      hasNext={hasNext}
      isLoadingNext={isLoadingNext}
      loadNext={loadNext}
    >
      {edges.map((edge) => (
        <LecturerHitTile key={edge.node.author.id} hit={edge.node} />
      ))}
    </SearchResultGrid>
  );
}
