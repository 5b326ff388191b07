import { Box, Heading, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ChevronRightIcon } from '../icons/Icons';
import { mobileLecturerUrl, mobileTopicUrl } from './mobileLinks';

/** A titled block of a mobile page; `more` puts a 更多 link (a 44 px target) beside the title. */
export function MobileSection({
  title,
  children,
  label,
  more,
}: {
  readonly title: string;
  readonly children: ReactNode;
  readonly label?: string;
  readonly more?: string;
}) {
  const heading = (
    <Heading as="h2" fontSize="md" borderLeftWidth="4px" borderColor="red.600" pl="2" lineHeight="1.2">
      {title}
    </Heading>
  );
  return (
    <Box as="section" aria-label={label ?? title} bg="white" borderRadius="xl" p="3" mb="3">
      {more ? (
        <HStack justify="space-between" mb="1" mt="-2">
          {heading}
          <Box asChild display="flex" alignItems="center" minH="44px" px="2" fontSize="sm" color="gray.500">
            <RouterLink to={more} aria-label={`更多${title}`}>
              更多
              <ChevronRightIcon aria-hidden />
            </RouterLink>
          </Box>
        </HStack>
      ) : (
        <Box mb="3">{heading}</Box>
      )}
      {children}
    </Box>
  );
}

/** Two columns of cards (phones); three from a small tablet's width. */
export function MobileGrid({ children, label }: { readonly children: ReactNode; readonly label?: string }) {
  return (
    <SimpleGrid as="ul" aria-label={label} columns={{ base: 2, sm: 3 }} gap="3" listStyleType="none">
      {children}
    </SimpleGrid>
  );
}

/** A horizontal strip that scrolls with the finger (scroll snap), for topics and tabs. */
export function MobileScroller({ children, label }: { readonly children: ReactNode; readonly label?: string }) {
  return (
    <HStack
      as="ul"
      aria-label={label}
      listStyleType="none"
      gap="3"
      overflowX="auto"
      pb="1"
      align="stretch"
      css={{ scrollSnapType: 'x mandatory', WebkitOverflowScrolling: 'touch', scrollbarWidth: 'none' }}
    >
      {children}
    </HStack>
  );
}

export function MobileTopicTile({
  topic,
}: {
  readonly topic: {
    readonly topicId: number;
    readonly title: string;
    readonly image: string;
    readonly courseCount: number;
  };
}) {
  return (
    <Box as="li" flex="0 0 70%" css={{ scrollSnapAlign: 'start' }}>
      <Box asChild display="block" borderRadius="lg" overflow="hidden" borderWidth="1px" bg="white">
        <RouterLink to={mobileTopicUrl(topic.topicId)}>
          {/* topic images carry their own headline: shown whole, at their 32:15 ratio (as on /special), the words under it */}
          <Image
            src={topic.image}
            alt=""
            loading="lazy"
            w="full"
            aspectRatio={640 / 300}
            objectFit="cover"
            bg="gray.100"
          />
          <Stack gap="0" p="2">
            <Text fontSize="sm" fontWeight="semibold" color="gray.900" truncate>
              {topic.title}
            </Text>
            <Text fontSize="xs" color="gray.500">
              {topic.courseCount} 门课程
            </Text>
          </Stack>
        </RouterLink>
      </Box>
    </Box>
  );
}

export function MobileLecturerTile({
  author,
  name,
  position,
}: {
  readonly author: { readonly authorId: number; readonly image: string };
  readonly name: ReactNode;
  readonly position: ReactNode;
}) {
  return (
    <Box as="li">
      <Box
        asChild
        display="flex"
        flexDirection="column"
        alignItems="center"
        gap="1"
        py="2"
        textAlign="center"
        minH="44px"
      >
        <RouterLink to={mobileLecturerUrl(author.authorId)}>
          <Image
            src={author.image}
            alt=""
            loading="lazy"
            boxSize="64px"
            borderRadius="full"
            objectFit="cover"
            bg="gray.100"
          />
          <Text fontSize="sm" fontWeight="semibold" color="gray.900" truncate maxW="full">
            {name}
          </Text>
          <Text fontSize="xs" color="gray.500" lineClamp={2}>
            {position}
          </Text>
        </RouterLink>
      </Box>
    </Box>
  );
}
