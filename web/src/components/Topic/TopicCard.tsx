import { AspectRatio, Box, Image, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { TopicCard_topic$key } from '../../__generated__/TopicCard_topic.graphql';

const topicFragment = graphql`
  fragment TopicCard_topic on Topic {
    topicId
    title
    info
    image
    courseCount
  }
`;

/** A special topic: image, title, introduction, course count; opens /special/des?id=. */
export function TopicCard({ topic }: { readonly topic: TopicCard_topic$key }) {
  const data = useFragment(topicFragment, topic);
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
      <RouterLink to={`/special/des?id=${data.topicId}`} title={data.title}>
        {/* topic images carry their own headline: shown whole, at their 32:15 ratio */}
        <AspectRatio ratio={640 / 300} bg="gray.100">
          <Image src={data.image} alt={data.title} loading="lazy" objectFit="cover" />
        </AspectRatio>
        <Stack gap="1.5" p="3">
          <Text fontWeight="semibold" color="gray.800" lineClamp={1} _groupHover={{ color: 'red.600' }}>
            {data.title}
          </Text>
          <Text fontSize="xs" color="gray.500" lineClamp={2} lineHeight="1.5" minH="3em">
            {data.info}
          </Text>
          <Text fontSize="xs" color="red.600">{`共 ${data.courseCount} 门课程`}</Text>
        </Stack>
      </RouterLink>
    </Box>
  );
}
