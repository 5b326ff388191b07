import { HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, useTransition } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { ResourceStatistics_query$key } from '../../__generated__/ResourceStatistics_query.graphql';
import type { ResourceStatisticsRefetchQuery } from '../../__generated__/ResourceStatisticsRefetchQuery.graphql';
import { formatCount } from '../../lib/formatCount';

const statisticsFragment = graphql`
  fragment ResourceStatistics_query on Query
  @refetchable(queryName: "ResourceStatisticsRefetchQuery")
  @argumentDefinitions(year: { type: "Int" }) {
    statistics(year: $year) {
      courseCount
      videoCount
    }
  }
`;

type Period = 'all' | 'thisYear' | 'lastYear';

function yearOf(period: Period): number | null {
  const now = new Date().getFullYear();
  return period === 'thisYear' ? now : period === 'lastYear' ? now - 1 : null;
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
      refetch({ year: yearOf(next) }, { fetchPolicy: 'store-or-network' });
    });
  };

  return (
    <Stack gap="2.5">
      <HStack justify="space-between">
        <Text fontSize="xs" color="gray.500">
          资源统计
        </Text>
        <NativeSelect.Root size="xs" width="auto">
          <NativeSelect.Field
            aria-label="统计范围"
            value={period}
            onChange={(e) => change(e.currentTarget.value as Period)}
            borderRadius="md"
          >
            <option value="all">全部</option>
            <option value="thisYear">今年</option>
            <option value="lastYear">去年</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <SimpleGrid columns={2} gap="2" opacity={isPending ? 0.5 : 1} transition="opacity 0.2s">
        <Stat label="课程" value={data.statistics.courseCount} unit="门" />
        <Stat label="视频" value={data.statistics.videoCount} unit="个" />
      </SimpleGrid>
    </Stack>
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
