import { AspectRatio, Box, Button, Flex, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { startTransition } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { TopicCarousel_query$key } from '../../__generated__/TopicCarousel_query.graphql';
import { HOME } from '../../constants';
import { Carousel } from '../Carousel/Carousel';
import { CourseCard } from '../CourseCard/CourseCard';
import { ChevronRightIcon } from '../icons/Icons';
import { SectionHeader } from './SectionHeader';

const queryFragment = graphql`
  fragment TopicCarousel_query on Query {
    featuredTopics(limit: 6) {
      id
      topicId
      title
      info
      image
      courseCount
      courses {
        id
        ...CourseCard_course
      }
    }
  }
`;

/** 推荐专题: 6 topics, each with its courses; a topic opens /special/des?id=. */
export function TopicCarousel({ query }: { readonly query: TopicCarousel_query$key }) {
  const { featuredTopics } = useFragment(queryFragment, query);
  const navigate = useNavigate();
  const go = (to: string) =>
    startTransition(() => {
      void navigate(to);
    });

  if (featuredTopics.length === 0) return null;
  return (
    <Box as="section">
      <SectionHeader
        title="推荐专题"
        subtitle="聚焦主题 系统学习"
        actions={
          <Button size="sm" variant="ghost" color="gray.600" onClick={() => go('/special')}>
            全部专题
            <ChevronRightIcon />
          </Button>
        }
      />
      <Carousel
        label="推荐专题"
        count={featuredTopics.length}
        intervalMs={HOME.topicIntervalMs}
        dots="below"
        renderSlide={(i) => {
          const topic = featuredTopics[i]!;
          const open = () => go(`/special/des?id=${topic.topicId}`);
          return (
            <Flex
              bg="white"
              borderRadius="xl"
              borderWidth="1px"
              borderColor="gray.100"
              overflow="hidden"
              height="100%"
              gap="0"
              direction={{ base: 'column', lg: 'row' }}
            >
              <Stack
                as="button"
                onClick={open}
                flex={{ base: 'none', lg: '0 0 36%' }}
                gap="0"
                textAlign="start"
                title={topic.title}
                className="group"
                borderRightWidth={{ base: 0, lg: '1px' }}
                borderColor="gray.100"
              >
                {/* Topic images carry their own headline: shown whole, at their 32:15 ratio. */}
                <AspectRatio ratio={640 / 300} width="100%" bg="gray.100">
                  <Image src={topic.image} alt={topic.title} objectFit="cover" />
                </AspectRatio>
                <Stack gap="1.5" p="4">
                  <Text
                    fontSize="lg"
                    fontWeight="bold"
                    color="gray.900"
                    lineClamp={1}
                    _groupHover={{ color: 'red.600' }}
                  >
                    {topic.title}
                  </Text>
                  <Text fontSize="sm" color="gray.500" lineClamp={2} lineHeight="1.6">
                    {topic.info}
                  </Text>
                  <Text fontSize="xs" color="red.600">{`共 ${topic.courseCount} 门课程 · 查看专题 ›`}</Text>
                </Stack>
              </Stack>
              <SimpleGrid columns={{ base: 2, xl: 3 }} gap="4" p="4" flex="1" alignContent="start">
                {topic.courses.slice(0, 3).map((course, index) => (
                  <Box key={course.id} display={{ base: index === 2 ? 'none' : 'block', xl: 'block' }}>
                    <CourseCard course={course} compact />
                  </Box>
                ))}
              </SimpleGrid>
            </Flex>
          );
        }}
      />
    </Box>
  );
}
