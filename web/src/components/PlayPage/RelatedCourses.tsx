import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { RelatedCourses_course$key } from '../../__generated__/RelatedCourses_course.graphql';
import { CourseCard } from '../CourseCard/CourseCard';

/** §9: 10 related courses. */
const courseFragment = graphql`
  fragment RelatedCourses_course on Course {
    relatedCourses(first: 10) {
      edges {
        node {
          id
          ...CourseCard_course
        }
      }
    }
  }
`;

/** 相关课程 under the page (GetRelevantList), as course cards. */
export function RelatedCourses({ course }: { readonly course: RelatedCourses_course$key }) {
  const { relatedCourses } = useFragment(courseFragment, course);
  if (relatedCourses.edges.length === 0) return null;
  return (
    <Stack as="section" aria-label="相关课程" gap="3">
      <Text as="h2" fontSize="lg" fontWeight="bold" color="gray.900">
        相关课程
      </Text>
      <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="4">
        {relatedCourses.edges.map(({ node }) => (
          <CourseCard key={node.id} course={node} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
