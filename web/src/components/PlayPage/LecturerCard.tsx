import { HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { LecturerCard_playPage$key } from '../../__generated__/LecturerCard_playPage.graphql';
import { CourseCard } from '../CourseCard/CourseCard';
import { authorLink } from './catalogueLink';

const playPageFragment = graphql`
  fragment LecturerCard_playPage on PlayPage {
    course {
      authorName
      authorPosition
      author {
        authorId
        name
        position
        image
      }
    }
    authorCourses(first: 2) {
      id
      ...CourseCard_course
    }
  }
`;

/** 主讲老师: image, name, position (a link to /authorDes) and two other courses of theirs. */
export function LecturerCard({ playPage }: { readonly playPage: LecturerCard_playPage$key }) {
  const { course, authorCourses } = useFragment(playPageFragment, playPage);
  const author = course.author;
  const name = author?.name ?? course.authorName;
  const position = author?.position ?? course.authorPosition;
  const heading = (
    <Text fontWeight="bold" color="gray.900" fontSize="md">
      {name}
    </Text>
  );
  return (
    <Stack
      as="section"
      aria-label="主讲老师"
      gap="3"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
      p="4"
    >
      <Text as="h2" fontWeight="bold" color="gray.900">
        主讲老师
      </Text>
      <HStack gap="3">
        {author?.image ? (
          <Image
            src={author.image}
            alt={name}
            width="64px"
            height="64px"
            borderRadius="full"
            objectFit="cover"
            bg="gray.100"
            flexShrink={0}
          />
        ) : null}
        <Stack gap="0.5" minW="0">
          {author ? (
            <Link asChild _hover={{ color: 'red.600' }}>
              <RouterLink to={authorLink(author.authorId)}>{heading}</RouterLink>
            </Link>
          ) : (
            heading
          )}
          {position ? (
            <Text fontSize="xs" color="gray.500" lineClamp={2}>
              {position}
            </Text>
          ) : null}
        </Stack>
      </HStack>
      {authorCourses.length > 0 ? (
        <Stack gap="3" aria-label="讲师的其他课程">
          {authorCourses.map((c) => (
            <CourseCard key={c.id} course={c} compact />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
