import { Box, Image, SimpleGrid } from '@chakra-ui/react';
import { useContext } from 'react';
import { usePreloadedQuery } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { MobileHomeQuery } from '../../__generated__/MobileHomeQuery.graphql';
import { PageOriginContext } from '../../lib/pageOrigin';
import type { PageProps } from '../../routing/routeTypes';
import { ContinueLearning } from '../../components/ContinueLearning/ContinueLearning';
import { mobileHomeQuery } from './MobileHomeQuery';
import { MOBILE_LECTURERS, MOBILE_TOPICS, mobilePlayUrl } from '../../components/Mobile/mobileLinks';
import { mobileLinkFor } from './mobileLinkFor';
import {
  MobileLecturerTile,
  MobileScroller,
  MobileSection,
  MobileTopicTile,
} from '../../components/Mobile/MobileSections';
import { MobileRecommendedCourses } from '../../components/Mobile/MobileRecommendedCourses';

/** /m/home: banners, featured topics, recommended lecturers and recommended courses (infinite scroll). */
export default function MobileHomePage({ queryRef }: PageProps<MobileHomeQuery>) {
  const data = usePreloadedQuery<MobileHomeQuery>(mobileHomeQuery, queryRef);
  // the origin the banners' links are judged against: the browser's, or the one it asked the server
  // rendering this first screen (which has no window)
  const origin = useContext(PageOriginContext) ?? window.location.origin;
  return (
    <>
      {data.banners.length > 0 && (
        <Box mb="3">
          <MobileScroller label="轮播图">
            {data.banners.map((banner) => {
              const link = mobileLinkFor(banner.gotoUrl, origin);
              // banners are 3:1 (upstream 1200×400, as on the desktop carousel): the same ratio crops nothing
              const image = (
                <Image src={banner.image} alt={banner.title} w="full" aspectRatio={3 / 1} objectFit="cover" />
              );
              return (
                <Box
                  as="li"
                  key={banner.id}
                  flex="0 0 100%"
                  borderRadius="xl"
                  overflow="hidden"
                  css={{ scrollSnapAlign: 'center' }}
                >
                  {'internal' in link ? (
                    <RouterLink to={link.internal}>{image}</RouterLink>
                  ) : (
                    <a href={link.external} target="_blank" rel="noopener noreferrer">
                      {image}
                    </a>
                  )}
                </Box>
              );
            })}
          </MobileScroller>
        </Box>
      )}

      {/* the signed-in viewer's 继续学习, asked after the first paint */}
      <ContinueLearning variant="mobile" playHref={mobilePlayUrl} />

      {data.featuredTopics.length > 0 && (
        <MobileSection title="推荐专题" more={MOBILE_TOPICS}>
          <MobileScroller label="推荐专题">
            {data.featuredTopics.map((topic) => (
              <MobileTopicTile key={topic.id} topic={topic} />
            ))}
          </MobileScroller>
        </MobileSection>
      )}

      {data.recommendedAuthors.length > 0 && (
        <MobileSection title="名校名师" more={MOBILE_LECTURERS}>
          <SimpleGrid as="ul" aria-label="名校名师" columns={3} gap="2" listStyleType="none">
            {data.recommendedAuthors.map((author) => (
              <MobileLecturerTile key={author.id} author={author} name={author.name} position={author.position} />
            ))}
          </SimpleGrid>
        </MobileSection>
      )}

      <MobileRecommendedCourses query={data} />
    </>
  );
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileHomeQuery } from './MobileHomeQuery';
