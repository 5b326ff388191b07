import { Box, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, useTransition } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { ResourceStatistics_query$key } from '../../__generated__/ResourceStatistics_query.graphql';
import type { ResourceStatisticsRefetchQuery } from '../../__generated__/ResourceStatisticsRefetchQuery.graphql';
import { formatCount } from '../../lib/formatCount';
import { SectionTitle } from './SectionTitle';

const statisticsFragment = graphql`
  fragment ResourceStatistics_query on Query
  @refetchable(queryName: "ResourceStatisticsRefetchQuery")
  @argumentDefinitions(year: { type: "Int" }) {
    site {
      currentYear
    }
    statistics(year: $year) {
      courseCount
      videoCount
    }
  }
`;

export type Period = 'all' | 'thisYear' | 'lastYear';

/** 今年 is the platform's year (the gateway counts it in UTC+8), not the browser's. */
export function yearOf(period: Period, currentYear: number): number | null {
  return period === 'thisYear' ? currentYear : period === 'lastYear' ? currentYear - 1 : null;
}

/** Sidebar resource statistics: courses and videos, for all time, this year or last year. */
export function ResourceStatistics({ query }: { readonly query: ResourceStatistics_query$key }) {
  const [data, refetch] = useRefetchableFragment<ResourceStatisticsRefetchQuery, ResourceStatistics_query$key>(
    statisticsFragment,
    query,
  );
  const [period, setPeriod] = useState<Period>('all');
  const [isPending, startTransition] = useTransition();

  const change = (next: Period) => {
    setPeriod(next);
    startTransition(() => {
      refetch({ year: yearOf(next, data.site.currentYear) }, { fetchPolicy: 'store-or-network' });
    });
  };

  return (
    <Box as="section" aria-label="资源统计">
      <SectionTitle
        action={
          <NativeSelect.Root size="xs" width="auto">
            <NativeSelect.Field
              aria-label="统计范围"
              value={period}
              onChange={(e) => change(e.currentTarget.value as Period)}
              borderRadius="md"
            >
              <option value="all">全部</option>
              <option value="thisYear">{`今年（${data.site.currentYear}）`}</option>
              <option value="lastYear">{`去年（${data.site.currentYear - 1}）`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        }
      >
        资源统计
      </SectionTitle>
      <SimpleGrid columns={2} gap="2" px="1" opacity={isPending ? 0.5 : 1} transition="opacity 0.2s">
        <Stat label="课程" value={data.statistics.courseCount} unit="门" />
        <Stat label="视频" value={data.statistics.videoCount} unit="个" />
      </SimpleGrid>
    </Box>
  );
}

function Stat({ label, value, unit }: { label: string; value: number; unit: string }) {
  return (
    <Stack gap="0" bg="red.50" borderRadius="lg" px="3" py="2">
      <Text fontSize="xs" color="red.700">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="bold" color="red.700" lineHeight="1.3" title={`${value}${unit}`}>
        {formatCount(value)}
        <Text as="span" fontSize="xs" fontWeight="normal" ms="0.5">
          {unit}
        </Text>
      </Text>
    </Stack>
  );
}
