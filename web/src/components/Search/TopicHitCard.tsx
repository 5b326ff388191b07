import { AspectRatio, Box, Image, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { TopicHitCard_hit$key } from '../../__generated__/TopicHitCard_hit.graphql';
import { Highlighted, plainText } from './Highlighted';

const hitFragment = graphql`
  fragment TopicHitCard_hit on TopicHit {
    topic {
      topicId
      image
      courseCount
    }
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    title {
      text
      hit
    }
    # eslint-disable-next-line relay/unused-fields -- text and hit are read by <Highlighted> and plainText()
    info {
      text
      hit
    }
  }
`;

/** A special topic found by a search: image, title, introduction snippet, course count; opens /special/des?id=. */
export function TopicHitCard({
  hit,
  eager = false,
}: {
  readonly hit: TopicHitCard_hit$key;
  /** on the first screen: the image loads at once instead of when scrolled near */
  readonly eager?: boolean;
}) {
  const data = useFragment(hitFragment, hit);
  const title = plainText(data.title);
  return (
    <Box
      asChild
      display="block"
      bg="white"
      borderRadius="xl"
      overflow="hidden"
      borderWidth="1px"
      borderColor="gray.100"
      transition="transform 0.2s, box-shadow 0.2s"
      _hover={{ transform: 'translateY(-3px)', boxShadow: '0 12px 24px rgba(15, 23, 42, 0.10)' }}
      className="group"
    >
      <RouterLink to={`/special/des?id=${data.topic.topicId}`} title={title}>
        {/* topic images carry their own headline: shown whole, at their 32:15 ratio */}
        <AspectRatio ratio={640 / 300} bg="gray.100">
          <Image src={data.topic.image} alt={title} loading={eager ? 'eager' : 'lazy'} objectFit="cover" />
        </AspectRatio>
        <Stack gap="1.5" p="3">
          <Text fontWeight="semibold" color="gray.800" lineClamp={1} _groupHover={{ color: 'red.600' }}>
            <Highlighted segments={data.title} />
          </Text>
          <Text fontSize="xs" color="gray.500" lineClamp={2} lineHeight="1.5" minH="3em">
            <Highlighted segments={data.info} />
          </Text>
          <Text fontSize="xs" color="red.600">{`共 ${data.topic.courseCount} 门课程`}</Text>
        </Stack>
      </RouterLink>
    </Box>
  );
}
