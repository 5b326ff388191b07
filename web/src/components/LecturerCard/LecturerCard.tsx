import { Box, HStack, Image, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { LecturerCard_author$key } from '../../__generated__/LecturerCard_author.graphql';

const lecturerFragment = graphql`
  fragment LecturerCard_author on Author {
    authorId
    name
    position
    image
    courseCount
  }
`;

/**
 * A lecturer: portrait, name, position, course count; a link to the lecturer page. `row` lays it out
 * sideways (portrait left), for the home page's 3 × 3 recommendation grid.
 */
export function LecturerCard({
  author,
  layout = 'column',
  highlight,
  eager = false,
}: {
  readonly author: LecturerCard_author$key;
  readonly layout?: 'column' | 'row';
  /** Search results: the name and position with the keyword marked. */
  readonly highlight?: { readonly name?: ReactNode; readonly position?: ReactNode };
  /** on the first screen: the portrait loads at once instead of when scrolled near */
  readonly eager?: boolean;
}) {
  const data = useFragment(lecturerFragment, author);
  const name = highlight?.name ?? data.name;
  const position = highlight?.position ?? data.position;
  const location = useLocation();
  const portrait = (px: number) => (
    <Image
      src={data.image}
      alt={data.name}
      loading={eager ? 'eager' : 'lazy'}
      htmlWidth={px}
      htmlHeight={px}
      width={`${px}px`}
      height={`${px}px`}
      flexShrink={0}
      borderRadius="full"
      objectFit="cover"
      bg="gray.100"
      borderWidth="3px"
      borderColor="red.50"
    />
  );

  return (
    <Box
      asChild
      display="block"
      textAlign={layout === 'row' ? 'start' : 'center'}
      bg="white"
      borderRadius="xl"
      borderWidth="1px"
      borderColor="gray.100"
      px={layout === 'row' ? '4' : '3'}
      py="4"
      minW="0"
      transition="transform 0.2s, box-shadow 0.2s"
      _hover={{ transform: 'translateY(-3px)', boxShadow: '0 10px 20px rgba(15, 23, 42, 0.08)' }}
    >
      {/* a link, so it can be opened in a new tab too; the lecturer page's 返回列表 goes back in
          the history when it was opened from the list */}
      <RouterLink to={`/authorDes?id=${data.authorId}`} state={{ from: location.pathname }} title={data.name}>
        {layout === 'row' ? (
          <HStack gap="4" align="center">
            {portrait(76)}
            <Stack gap="1" minW="0" flex="1">
              <HStack justify="space-between" gap="2" minW="0">
                <Text fontWeight="semibold" fontSize="md" color="gray.800" truncate>
                  {name}
                </Text>
                <Text fontSize="xs" color="red.600" flexShrink={0}>
                  {`${data.courseCount} 门课程`}
                </Text>
              </HStack>
              <Text fontSize="sm" color="gray.500" lineClamp={2} lineHeight="1.5" minH="3em">
                {position}
              </Text>
            </Stack>
          </HStack>
        ) : (
          <Stack align="center" gap="2">
            {portrait(72)}
            <Text fontWeight="semibold" fontSize="sm" color="gray.800" truncate maxW="100%">
              {name}
            </Text>
            <Text fontSize="xs" color="gray.500" lineClamp={2} minH="2.8em" lineHeight="1.4">
              {position}
            </Text>
            <Text fontSize="xs" color="red.600">
              {`${data.courseCount} 门课程`}
            </Text>
          </Stack>
        )}
      </RouterLink>
    </Box>
  );
}
