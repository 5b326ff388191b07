import { Badge, Breadcrumb, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { PlayHeader_playPage$key } from '../../__generated__/PlayHeader_playPage.graphql';
import { formatCount } from '../../lib/formatCount';
import { EyeIcon, VideoIcon } from '../icons/Icons';
import { authorLink, catalogueLink } from './catalogueLink';

const playPageFragment = graphql`
  fragment PlayHeader_playPage on PlayPage {
    course {
      name
      videoCount
      viewCount
      catalogueTrail {
        catalogueId
        # eslint-disable-next-line relay/unused-fields -- read by catalogueLink()
        level
        name
      }
    }
    tags {
      name
      type
      tagId
    }
  }
`;

/** 当前位置 (首页 › the catalogue trail › the course), the course title and its tags (GetCourseTags). */
export function PlayHeader({ playPage }: { readonly playPage: PlayHeader_playPage$key }) {
  const { course, tags } = useFragment(playPageFragment, playPage);
  return (
    <Stack gap="2">
      <Breadcrumb.Root size="sm" aria-label="当前位置">
        <Breadcrumb.List>
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to="/home">首页</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          {course.catalogueTrail.map((node) => (
            <Fragment key={node.catalogueId}>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <RouterLink to={catalogueLink(node)}>{node.name}</RouterLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
            </Fragment>
          ))}
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            <Breadcrumb.CurrentLink>{course.name}</Breadcrumb.CurrentLink>
          </Breadcrumb.Item>
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <Flex align="center" gap="3" wrap="wrap">
        {/* elementtiming: when the title paints (PerformanceElementTiming), before the player's code loads */}
        <Text asChild fontSize="xl" fontWeight="bold" color="gray.900">
          <h1 elementtiming="play-course-title">{course.name}</h1>
        </Text>
        <HStack gap="3" fontSize="xs" color="gray.500">
          <HStack gap="1">
            <VideoIcon />
            <Text>{course.videoCount} 个视频</Text>
          </HStack>
          <HStack gap="1" aria-label={`播放 ${course.viewCount} 次`}>
            <EyeIcon />
            <Text>{formatCount(course.viewCount)}</Text>
          </HStack>
        </HStack>
      </Flex>
      {tags.length > 0 ? (
        <HStack as="ul" aria-label="课程标签" gap="2" wrap="wrap" listStyleType="none">
          {tags.map((tag) => (
            <li key={`${tag.type}-${tag.tagId}`}>
              <Badge
                asChild
                size="md"
                variant="subtle"
                colorPalette={tag.type === 2 ? 'orange' : 'red'}
                borderRadius="full"
                px="3"
              >
                <RouterLink to={tag.type === 2 ? authorLink(tag.tagId) : `/catalog?scId=${tag.tagId}`}>
                  {tag.name}
                </RouterLink>
              </Badge>
            </li>
          ))}
        </HStack>
      ) : null}
    </Stack>
  );
}
