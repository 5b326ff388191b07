import { Box, Button, SimpleGrid } from '@chakra-ui/react';
import { useState, useTransition } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { RecommendedLecturers_query$key } from '../../__generated__/RecommendedLecturers_query.graphql';
import type { RecommendedLecturersRefetchQuery } from '../../__generated__/RecommendedLecturersRefetchQuery.graphql';
import { LecturerCard } from '../LecturerCard/LecturerCard';
import { ChevronRightIcon, RefreshIcon } from '../icons/Icons';
import { SectionHeader } from './SectionHeader';

const queryFragment = graphql`
  fragment RecommendedLecturers_query on Query
  @refetchable(queryName: "RecommendedLecturersRefetchQuery")
  @argumentDefinitions(batch: { type: "Int", defaultValue: 0 }) {
    recommendedAuthors(batch: $batch, size: 9) {
      id
      ...LecturerCard_author
    }
  }
`;

/** 名师推荐: 9 lecturers, 换一批 loads the next batch (the gateway wraps around), 查看更多 → /author. */
export function RecommendedLecturers({ query }: { readonly query: RecommendedLecturers_query$key }) {
  const [data, refetch] = useRefetchableFragment<RecommendedLecturersRefetchQuery, RecommendedLecturers_query$key>(
    queryFragment,
    query,
  );
  const [batch, setBatch] = useState(0);
  const [isPending, startRefetch] = useTransition();

  const nextBatch = () => {
    const next = batch + 1;
    setBatch(next);
    startRefetch(() => {
      refetch({ batch: next }, { fetchPolicy: 'store-or-network' });
    });
  };

  return (
    <Box as="section">
      <SectionHeader
        title="名师推荐"
        subtitle="名校名师 倾情讲授"
        actions={
          <>
            <Button
              size="sm"
              variant="ghost"
              color="gray.600"
              onClick={nextBatch}
              loading={isPending}
              loadingText="换一批"
            >
              <RefreshIcon />
              换一批
            </Button>
            <Button asChild size="sm" variant="ghost" color="gray.600">
              <RouterLink to="/author">
                查看更多
                <ChevronRightIcon />
              </RouterLink>
            </Button>
          </>
        }
      />
      {/* 9 a batch: always 3 × 3, so no width leaves a row half empty */}
      <SimpleGrid columns={3} gap="4" opacity={isPending ? 0.6 : 1} transition="opacity 0.2s">
        {data.recommendedAuthors.map((author) => (
          <LecturerCard key={author.id} author={author} layout="row" eager />
        ))}
      </SimpleGrid>
    </Box>
  );
}
