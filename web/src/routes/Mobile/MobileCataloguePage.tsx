import { Box, Heading, Text } from '@chakra-ui/react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { MobileCataloguePage_courses$key } from '../../__generated__/MobileCataloguePage_courses.graphql';
import type { MobileCatalogueCoursesPaginationQuery } from '../../__generated__/MobileCatalogueCoursesPaginationQuery.graphql';
import type { MobileCatalogueQuery } from '../../__generated__/MobileCatalogueQuery.graphql';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { PAGE_SIZE } from '../../constants';
import { usePageTitle } from '../../routing/pageTitle';
import type { OptionalQueryPageProps } from '../../routing/routeTypes';
import { mobileCatalogueQuery } from './MobileCatalogueQuery';
import { mobileCatalogueUrl } from '../../components/Mobile/mobileLinks';
import { MobilePagedCourses } from '../../components/Mobile/MobilePagedCourses';
import { MobileScroller } from '../../components/Mobile/MobileSections';

const coursesFragment = graphql`
  fragment MobileCataloguePage_courses on Query
  @refetchable(queryName: "MobileCatalogueCoursesPaginationQuery")
  @argumentDefinitions(catalogueId: { type: "Int!" }, n: { type: "Int", defaultValue: 18 }, after: { type: "String" }) {
    courses(catalogueId: $catalogueId, first: $n, after: $after) @connection(key: "MobileCataloguePage_courses") {
      edges {
        node {
          ...MobilePagedCourses_courses
        }
      }
    }
  }
`;

const NOT_FOUND = '分类不存在';

/**
 * /m/catalog?scId=: a part of the catalogue on a phone: its name (and the one above it), its
 * sub-categories as links, and its courses, 18 a page in infinite scroll, newest first.
 */
export default function MobileCataloguePage({ queryRef }: OptionalQueryPageProps<MobileCatalogueQuery>) {
  if (!queryRef) return <EmptyState text={NOT_FOUND} />;
  return <MobileCatalogue queryRef={queryRef} />;
}

function MobileCatalogue({ queryRef }: { readonly queryRef: PreloadedQuery<MobileCatalogueQuery> }) {
  const data = usePreloadedQuery<MobileCatalogueQuery>(mobileCatalogueQuery, queryRef);
  const node = data.catalogue;
  usePageTitle(node?.name);
  const {
    data: list,
    hasNext,
    isLoadingNext,
    loadNext,
  } = usePaginationFragment<MobileCatalogueCoursesPaginationQuery, MobileCataloguePage_courses$key>(
    coursesFragment,
    data,
  );
  if (!node) return <EmptyState text={NOT_FOUND} />;
  return (
    <>
      <Box bg="white" borderRadius="xl" p="4" mb="3">
        {node.parent && (
          <Box asChild fontSize="sm" color="gray.500" display="inline-flex" minH="24px" alignItems="center">
            <RouterLink to={mobileCatalogueUrl(node.parent.catalogueId)}>{node.parent.name}</RouterLink>
          </Box>
        )}
        <Heading as="h2" fontSize="xl">
          {node.name}
        </Heading>
        <Text fontSize="sm" color="gray.600">
          共 {node.resourceCount} 门课程
        </Text>
        {node.children.length > 0 && (
          <Box mt="3">
            <MobileScroller label="子分类">
              {node.children.map((child) => (
                <li key={child.catalogueId}>
                  <Box
                    asChild
                    display="inline-flex"
                    alignItems="center"
                    minH="36px"
                    px="3"
                    borderRadius="full"
                    bg="gray.100"
                    fontSize="sm"
                    whiteSpace="nowrap"
                  >
                    <RouterLink to={mobileCatalogueUrl(child.catalogueId)}>{child.name}</RouterLink>
                  </Box>
                </li>
              ))}
            </MobileScroller>
          </Box>
        )}
      </Box>
      <MobilePagedCourses
        title="课程"
        emptyText="暂无课程"
        courses={list.courses.edges.map((edge) => edge.node)}
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadMore={() => loadNext(PAGE_SIZE.lecturerCourses)}
      />
    </>
  );
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileCatalogueQuery } from './MobileCatalogueQuery';
