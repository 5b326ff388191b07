import { act, fireEvent, screen } from '@testing-library/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import type { HomeQuery } from '../../web/src/__generated__/HomeQuery.graphql';
import { CatalogueView } from '../../web/src/components/Catalogue/CatalogueView';
import { homeQuery } from '../../web/src/routes/Home/HomeQuery';
import { mockConnection, mockCourse, preloadWithMocks } from './mockData';
import { renderWithProviders } from './render';

function Harness({ queryRef }: { queryRef: PreloadedQuery<HomeQuery> }) {
  const data = usePreloadedQuery<HomeQuery>(homeQuery, queryRef);
  return data.subject ? <CatalogueView query={data.subject} /> : null;
}

const SUBJECT = {
  id: 'Q2F0YWxvZ3VlOjM=',
  catalogueId: 3,
  name: '思想政治教育',
  resourceCount: 123,
  children: [
    { id: 'c31', catalogueId: 31, name: '理论教育', resourceCount: 80 },
    { id: 'c32', catalogueId: 32, name: '实践教育', resourceCount: 43 },
  ],
};

function load(courses: ReturnType<typeof mockConnection>) {
  return preloadWithMocks<HomeQuery>(
    homeQuery,
    { scId: 3, isAll: false },
    {
      // the platform's year (UTC+8, from the gateway), deliberately not the browser's
      Site: () => ({ currentYear: 2031 }),
      Query: () => ({
        catalogue: SUBJECT,
        resourceCount: { courseCount: 123, videoCount: 4567 },
        courses,
      }),
    },
  );
}

describe('CatalogueView (catalogue listing)', () => {
  it('shows the title, the sub-category counts, 共找到 N 门课程，M 个视频 and 没有更多了 at the end', async () => {
    const { environment, queryRef } = load(
      mockConnection([mockCourse({ name: '思政课程甲' }), mockCourse({ name: '思政课程乙' })], false),
    );
    await act(async () => {
      renderWithProviders(<Harness queryRef={queryRef} />, environment, '/home?scId=3');
    });
    expect(screen.getByRole('heading', { name: '思想政治教育' })).toBeTruthy();
    expect(screen.getByText('共找到 123 门课程，4567 个视频')).toBeTruthy();
    expect(screen.getByRole('option', { name: '全部分类（123）' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '理论教育（80）' })).toBeTruthy();
    expect(screen.getByText('思政课程甲')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '排序' })).toBeTruthy();
    expect(screen.getByText('只看今年更新')).toBeTruthy();
  });

  it('loads the next 20 near the bottom, then ends with 没有更多了', async () => {
    const first = Array.from({ length: 20 }, (_, i) => mockCourse({ name: `第一页课程${i}` }));
    const { environment, queryRef } = load(mockConnection(first, true));
    await act(async () => {
      renderWithProviders(<Harness queryRef={queryRef} />, environment, '/home?scId=3');
    });
    // jsdom has no layout: the list end counts as within 50 px of the viewport bottom.
    const pagination = environment.mock.getMostRecentOperation();
    expect(pagination.request.node.params.name).toBe('CatalogueCourseListPaginationQuery');
    expect(pagination.request.variables).toMatchObject({ id: 3, n: 20, after: '20', sort: 'LATEST' });
    expect(screen.getByText('加载中...')).toBeTruthy();

    await act(async () => {
      environment.mock.resolveMostRecentOperation((op) =>
        MockPayloadGenerator.generate(op, {
          Query: () => ({ courses: mockConnection([mockCourse({ name: '第二页课程' })], false) }),
        }),
      );
    });
    expect(screen.getByText('第二页课程')).toBeTruthy();
    expect(screen.getByText('第一页课程0')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });

  it('changing the sort refetches from page 1', async () => {
    const { environment, queryRef } = load(mockConnection([mockCourse()], false));
    await act(async () => {
      renderWithProviders(<Harness queryRef={queryRef} />, environment, '/home?scId=3');
    });
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: '排序' }), { target: { value: 'MOST_PLAYED' } });
    });
    const refetch = environment.mock.getMostRecentOperation();
    expect(refetch.request.node.params.name).toBe('CatalogueViewRefetchQuery');
    expect(refetch.request.variables).toMatchObject({ nodeId: 3, catalogueId: 3, orderBy: 'MOST_PLAYED', year: null });
  });

  it('只看今年更新 asks for the platform’s year (site.currentYear), not the browser’s', async () => {
    const { environment, queryRef } = load(mockConnection([mockCourse()], false));
    await act(async () => {
      renderWithProviders(<Harness queryRef={queryRef} />, environment, '/home?scId=3');
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: '只看今年更新' }));
    });
    const refetch = environment.mock.getMostRecentOperation();
    expect(refetch.request.node.params.name).toBe('CatalogueViewRefetchQuery');
    expect(refetch.request.variables).toMatchObject({ nodeId: 3, catalogueId: 3, year: 2031 });
  });
});
