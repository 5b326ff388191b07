import { Box, Image, Stack, Text } from '@chakra-ui/react';
import { startTransition } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { AuthorCard_author$key } from '../../__generated__/AuthorCard_author.graphql';

const authorFragment = graphql`
  fragment AuthorCard_author on Author {
    authorId
    name
    position
    image
    courseCount
  }
`;

/** A lecturer: portrait, name, position, course count; opens the lecturer page. */
export function AuthorCard({ author }: { readonly author: AuthorCard_author$key }) {
  const data = useFragment(authorFragment, author);
  const navigate = useNavigate();
  return (
    <Box
      as="button"
      textAlign="center"
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
      px="3"
      py="4"
      transition="transform 0.2s, box-shadow 0.2s"
      _hover={{ transform: 'translateY(-3px)', boxShadow: '0 10px 20px rgba(15, 23, 42, 0.08)' }}
      onClick={() =>
        startTransition(() => {
          void navigate(`/authorDes?id=${data.authorId}`);
        })
      }
      title={data.name}
    >
      <Stack align="center" gap="2">
        <Image
          src={data.image}
          alt={data.name}
          loading="lazy"
          width="72px"
          height="72px"
          borderRadius="full"
          objectFit="cover"
          bg="gray.100"
          borderWidth="3px"
          borderColor="red.50"
        />
        <Text fontWeight="semibold" fontSize="sm" color="gray.800" truncate maxW="100%">
          {data.name}
        </Text>
        <Text fontSize="xs" color="gray.500" lineClamp={2} minH="2.8em" lineHeight="1.4">
          {data.position}
        </Text>
        <Text fontSize="xs" color="red.600">
          {`${data.courseCount} 门课程`}
        </Text>
      </Stack>
    </Box>
  );
}
