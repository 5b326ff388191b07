import { Box, HStack, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { MobilePlayQuery } from '../../__generated__/MobilePlayQuery.graphql';
import type { OptionalQueryPageProps } from '../../app/routeTypes';
import { EmptyState } from '../../components/Feedback/EmptyState';
import { PlayIcon } from '../../components/icons/Icons';
import { formatCount } from '../../lib/formatCount';
import { formatMmSs } from '../../lib/formatTime';
import { mobileAuthorUrl, mobilePlayUrl } from './mobileLinks';
import { mobilePlayParams } from './mobileParams';
import { MobileSection } from './MobileSections';
import { mobilePlayQuery } from './MobilePlayQuery';

/**
 * /m/play?catalogId=&courseId=&videoId= (the 手机网页版 QR code of /Play and the guard's target):
 * the course and its videos, the current one marked. Playback comes with the player (issue 5):
 * the page says so instead of showing a player that does not play.
 */
export default function MobilePlayPage({ queryRef, search }: OptionalQueryPageProps<MobilePlayQuery>) {
  if (!queryRef) return <EmptyState text="课程不存在" />;
  return <MobilePlay queryRef={queryRef} videoId={mobilePlayParams(search).videoId} />;
}

function MobilePlay({ queryRef, videoId }: { readonly queryRef: PreloadedQuery<MobilePlayQuery>; readonly videoId: number }) {
  const { course } = usePreloadedQuery<MobilePlayQuery>(mobilePlayQuery, queryRef);
  if (!course) return <EmptyState text="课程不存在" />;
  const current = course.videos.find((v) => v.videoId === videoId) ?? course.videos[0] ?? null;
  return (
    <>
      <Box bg="white" borderRadius="xl" overflow="hidden" mb="3">
        <Box position="relative">
          <Image src={course.image} alt="" w="full" aspectRatio={16 / 9} objectFit="cover" bg="gray.100" />
          <Stack
            role="note"
            aria-label="播放提示"
            position="absolute"
            inset="0"
            align="center"
            justify="center"
            gap="1"
            bg="blackAlpha.600"
            color="white"
            textAlign="center"
            px="6"
          >
            <Text fontWeight="semibold">手机网页版暂不支持视频播放</Text>
            <Text fontSize="xs">视频播放将随播放器上线，届时可在手机上直接观看。</Text>
          </Stack>
        </Box>
        <Stack gap="1.5" p="4">
          {current && (
            <Text fontSize="sm" color="red.700">
              当前视频：{current.name}
            </Text>
          )}
          <Heading as="h2" fontSize="lg">
            {course.name}
          </Heading>
          <HStack fontSize="sm" color="gray.600" gap="2" wrap="wrap">
            {course.author ? (
              <RouterLink to={mobileAuthorUrl(course.author.authorId)}>
                <Text as="span" color="red.700" textDecoration="underline">
                  {course.authorName}
                </Text>
              </RouterLink>
            ) : (
              <span>{course.authorName}</span>
            )}
            {course.authorPosition && <span>{course.authorPosition}</span>}
          </HStack>
          <Text fontSize="xs" color="gray.500">
            {course.videoCount} 个视频 · {formatCount(course.viewCount)} 次观看
          </Text>
        </Stack>
      </Box>

      {course.info.trim() !== '' && (
        <MobileSection title="课程简介">
          <Text fontSize="sm" color="gray.700" lineHeight="1.8" whiteSpace="pre-line">
            {course.info}
          </Text>
        </MobileSection>
      )}

      <MobileSection title="课程目录">
        {course.videos.length === 0 ? (
          <EmptyState text="暂无视频" />
        ) : (
          <Stack as="ol" aria-label="课程目录" gap="0" listStyleType="none">
            {course.videos.map((video) => {
              const isCurrent = video.videoId === current?.videoId;
              return (
                <Box as="li" key={video.id} borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                  <RouterLink
                    to={mobilePlayUrl({ courseId: course.courseId, catalogueId: course.catalogueId, videoId: video.videoId })}
                    replace
                    aria-current={isCurrent ? 'true' : undefined}
                  >
                    <HStack minH="48px" py="2" gap="3" color={isCurrent ? 'red.700' : 'gray.800'} fontWeight={isCurrent ? 'semibold' : 'normal'}>
                      <Box fontSize="sm" flexShrink={0} aria-hidden>
                        {isCurrent ? <PlayIcon /> : null}
                      </Box>
                      <Text flex="1" fontSize="sm" lineClamp={2}>
                        {video.numberShow ? `${video.numberShow} ` : ''}
                        {video.name}
                      </Text>
                      <Text fontSize="xs" color="gray.500" flexShrink={0}>
                        {formatMmSs(video.duration)}
                      </Text>
                    </HStack>
                  </RouterLink>
                </Box>
              );
            })}
          </Stack>
        )}
      </MobileSection>
    </>
  );
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobilePlayQuery } from './MobilePlayQuery';
