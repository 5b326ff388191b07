import { Box, Grid, Stack } from '@chakra-ui/react';
import { usePreloadedQuery } from 'react-relay';
import type { HomeQuery } from '../../__generated__/HomeQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { CatalogueView } from '../../components/Catalogue/CatalogueView';
import { ContinueLearning } from '../../components/ContinueLearning/ContinueLearning';
import { BannerCarousel } from '../../components/Home/BannerCarousel';
import { RecommendedLecturers } from '../../components/Home/RecommendedLecturers';
import { RecommendedCourses } from '../../components/Home/RecommendedCourses';
import { SelectedCourses } from '../../components/Home/SelectedCourses';
import { SubjectTabs } from '../../components/Home/SubjectTabs';
import { TopicCarousel } from '../../components/Home/TopicCarousel';
import { videoPlayUrl } from '../../lib/playUrl';
import { homeQuery } from './HomeQuery';

export default function HomePage({ queryRef }: PageProps<HomeQuery>) {
  const data = usePreloadedQuery<HomeQuery>(homeQuery, queryRef);
  const { scId } = queryRef.variables;
  const { recommendation, subject } = data;

  return (
    <Stack gap="6">
      <SubjectTabs query={data} activeId={scId} />
      {recommendation ? (
        <>
          <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 300px' }} gap="5">
            <BannerCarousel query={recommendation} />
            <SelectedCourses query={recommendation} />
          </Grid>
          {/* the signed-in viewer's 继续学习, asked after the first paint */}
          <ContinueLearning variant="desktop" playHref={videoPlayUrl} />
          <RecommendedLecturers query={recommendation} />
          <TopicCarousel query={recommendation} />
          <RecommendedCourses query={recommendation} />
        </>
      ) : null}
      {subject ? (
        <Box>
          <CatalogueView key={scId} query={subject} />
        </Box>
      ) : null}
    </Stack>
  );
}
