import { Box, Checkbox, Flex, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useEffectEvent, useState, useTransition } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { CatalogueView_query$key } from '../../__generated__/CatalogueView_query.graphql';
import type { CatalogueViewRefetchQuery } from '../../__generated__/CatalogueViewRefetchQuery.graphql';
import { COURSE_ORDER_OPTIONS, type CourseOrderValue } from '../../constants';
import { CatalogueNotFound } from '../Feedback/CatalogueNotFound';
import { CatalogueCourseList } from './CatalogueCourseList';

const queryFragment = graphql`
  fragment CatalogueView_query on Query
  @refetchable(queryName: "CatalogueViewRefetchQuery")
  @argumentDefinitions(
    nodeId: { type: "Int!" }
    catalogueId: { type: "Int!" }
    year: { type: "Int" }
    orderBy: { type: "CourseOrder", defaultValue: LATEST }
  ) {
    site {
      currentYear
    }
    catalogue(catalogueId: $nodeId) {
      catalogueId
      name
      resourceCount(year: $year)
      children {
        id
        catalogueId
        name
        resourceCount(year: $year)
      }
    }
    resourceCount(catalogueId: $catalogueId, year: $year) {
      courseCount
      videoCount
    }
    ...CatalogueCourseList_query @arguments(id: $catalogueId, year: $year, sort: $orderBy)
  }
`;

interface Filters {
  /** A child of the node (the sub-category dropdown), or null for the whole node. */
  readonly childId: number | null;
  readonly thisYear: boolean;
  readonly order: CourseOrderValue;
}

interface Props {
  readonly query: CatalogueView_query$key;
  /**
   * The selected child when the page keeps it in its URL (/catalog's tcId): changes from outside
   * (back/forward) are applied, and `onChildChange` reports the user's choice.
   */
  readonly childId?: number | null;
  readonly onChildChange?: (childId: number | null) => void;
}

/**
 * The catalogue listing (§2 "classify view"): title, optional sub-category dropdown with resource
 * counts, 只看今年更新, the sort select, 共找到 N 门课程，M 个视频 and the course cards. Changing any
 * filter refetches from page 1.
 */
export function CatalogueView({ query, childId, onChildChange }: Props) {
  const [data, refetch] = useRefetchableFragment<CatalogueViewRefetchQuery, CatalogueView_query$key>(
    queryFragment,
    query,
  );
  const [filters, setFilters] = useState<Filters>({ childId: childId ?? null, thisYear: false, order: 'LATEST' });
  const [isPending, startTransition] = useTransition();

  const node = data.catalogue;
  const apply = (next: Filters) => {
    if (!node) return;
    setFilters(next);
    startTransition(() => {
      refetch(
        {
          catalogueId: next.childId ?? node.catalogueId,
          // 今年 is the platform's year (UTC+8, from the gateway), not the browser's
          year: next.thisYear ? data.site.currentYear : null,
          orderBy: next.order,
        },
        { fetchPolicy: 'store-or-network' },
      );
    });
  };
  const onChildFromUrl = useEffectEvent((wanted: number | null) => {
    if (wanted !== filters.childId) apply({ ...filters, childId: wanted });
  });

  // The page's URL changed the child (back/forward on /catalog).
  useEffect(() => {
    if (childId === undefined) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- back/forward changed the child: its courses are fetched as if chosen
    onChildFromUrl(childId ?? null);
  }, [childId]);

  if (!node) return <CatalogueNotFound />;

  const selectChild = (value: string) => {
    const next = value === '' ? null : Number(value);
    apply({ ...filters, childId: next });
    onChildChange?.(next);
  };

  return (
    <Stack gap="5">
      <Box bg="white" borderRadius="xl" borderWidth="1px" borderColor="gray.100" px="5" py="4">
        <Flex align="center" justify="space-between" gap="4" wrap="wrap">
          <HStack gap="3" align="center">
            <Box width="4px" height="20px" bg="red.600" borderRadius="full" />
            <Text as="h1" fontSize="xl" fontWeight="bold" color="gray.900">
              {node.name}
            </Text>
          </HStack>
          <HStack gap="4" wrap="wrap">
            {node.children.length > 0 ? (
              <NativeSelect.Root size="sm" width="auto" minW="44">
                <NativeSelect.Field
                  aria-label="子分类"
                  value={filters.childId === null ? '' : String(filters.childId)}
                  onChange={(e) => selectChild(e.currentTarget.value)}
                >
                  <option value="">{`全部分类（${node.resourceCount}）`}</option>
                  {node.children.map((child) => (
                    <option key={child.id} value={child.catalogueId}>
                      {`${child.name}（${child.resourceCount}）`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            ) : null}
            <Checkbox.Root
              size="sm"
              colorPalette="red"
              checked={filters.thisYear}
              onCheckedChange={(e) => apply({ ...filters, thisYear: e.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label fontSize="sm" color="gray.700">
                只看今年更新
              </Checkbox.Label>
            </Checkbox.Root>
            <NativeSelect.Root size="sm" width="auto" minW="32">
              <NativeSelect.Field
                aria-label="排序"
                value={filters.order}
                onChange={(e) => apply({ ...filters, order: e.currentTarget.value as CourseOrderValue })}
              >
                {COURSE_ORDER_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        </Flex>
        <Text mt="3" fontSize="sm" color="gray.500">
          {`共找到 ${data.resourceCount.courseCount} 门课程，${data.resourceCount.videoCount} 个视频`}
        </Text>
      </Box>
      <Box opacity={isPending ? 0.55 : 1} transition="opacity 0.2s" aria-busy={isPending}>
        <CatalogueCourseList query={data} />
      </Box>
    </Stack>
  );
}
