import { act, fireEvent, screen, within } from '@testing-library/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import type { ShellQuery } from '../../web/src/__generated__/ShellQuery.graphql';
import { LoginUrlProvider } from '../../web/src/lib/LoginPage';
import { Sidebar } from '../../web/src/components/Sidebar/Sidebar';
import { shellQuery } from '../../web/src/routes/Shell/ShellQuery';
import { preloadWithMocks } from './mockData';
import { renderWithProviders } from './render';

const CHILDREN = [
  '马克思主义基本原理',
  '毛泽东思想概论',
  '中国近现代史纲要',
  '思想道德与法治',
  '形势与政策',
  '党史',
  '新中国史',
  '改革开放史',
];

function SidebarHarness({ queryRef }: { queryRef: PreloadedQuery<ShellQuery> }) {
  const data = usePreloadedQuery<ShellQuery>(shellQuery, queryRef);
  return (
    <LoginUrlProvider loginUrl={data.site.loginUrl}>
      <Sidebar query={data} top="64px" />
    </LoginUrlProvider>
  );
}

describe('sidebar catalogue tree', () => {
  it('shows the first 5 children, 展开 reveals the rest and 收起 hides them again', async () => {
    const { environment, queryRef } = preloadWithMocks<ShellQuery>(
      shellQuery,
      {},
      {
        Query: () => ({
          subjects: [
            {
              id: 'subject-1',
              catalogueId: 1,
              name: '思想政治理论',
              children: CHILDREN.map((name, i) => ({ id: `child-${i}`, catalogueId: 10 + i, name })),
            },
          ],
        }),
        Viewer: () => ({ isLoggedIn: false, userType: -1 }),
        ResourceCount: () => ({ courseCount: 1097, videoCount: 56789 }),
      },
    );

    await act(async () => {
      renderWithProviders(<SidebarHarness queryRef={queryRef} />, environment);
    });

    const tree = screen.getByRole('region', { name: '思想政治理论' });
    for (const name of CHILDREN.slice(0, 5)) expect(within(tree).getByText(name)).toBeTruthy();
    for (const name of CHILDREN.slice(5)) expect(within(tree).queryByText(name)).toBeNull();

    fireEvent.click(within(tree).getByRole('button', { name: /展开/ }));
    for (const name of CHILDREN) expect(within(tree).getByText(name)).toBeTruthy();

    fireEvent.click(within(tree).getByRole('button', { name: /收起/ }));
    for (const name of CHILDREN.slice(5)) expect(within(tree).queryByText(name)).toBeNull();
    expect(within(tree).getByRole('button', { name: /展开/ })).toBeTruthy();

    // Statistics in 千/万 units, as every other count (1 097 is 1.1千 here as on a course card)
    expect(screen.getByText('1.1千')).toBeTruthy();
    expect(screen.getByText('5.7万')).toBeTruthy();
  });

  it('a child opens /catalog?scId={id}', async () => {
    const { environment, queryRef } = preloadWithMocks<ShellQuery>(
      shellQuery,
      {},
      {
        Query: () => ({
          subjects: [
            { id: 's', catalogueId: 1, name: '思想政治理论', children: [{ id: 'c', catalogueId: 42, name: '党史' }] },
          ],
        }),
        Viewer: () => ({ isLoggedIn: false, userType: -1 }),
        ResourceCount: () => ({ courseCount: 1, videoCount: 2 }),
      },
    );
    let router!: ReturnType<typeof renderWithProviders>['router'];
    await act(async () => {
      router = renderWithProviders(<SidebarHarness queryRef={queryRef} />, environment).router;
    });
    await act(async () => {
      fireEvent.click(screen.getByText('党史'));
    });
    expect(router.state.location.pathname + router.state.location.search).toBe('/catalog?scId=42');
  });

  it('资源统计: 今年 and 去年 are the platform’s years (site.currentYear)', async () => {
    const { environment, queryRef } = preloadWithMocks<ShellQuery>(
      shellQuery,
      {},
      {
        Query: () => ({ subjects: [] }),
        Site: () => ({ loginUrl: 'http://ketang.example:5200/login', currentYear: 2031 }),
        Viewer: () => ({ isLoggedIn: false, userType: -1 }),
        ResourceCount: () => ({ courseCount: 1, videoCount: 2 }),
      },
    );
    await act(async () => {
      renderWithProviders(<SidebarHarness queryRef={queryRef} />, environment);
    });
    // titled like the other sidebar sections
    expect(screen.getByRole('heading', { name: '资源统计' }).tagName).toBe(
      screen.getByRole('heading', { name: '合作伙伴' }).tagName,
    );
    const select = screen.getByRole('combobox', { name: '统计范围' });
    expect(within(select).getByRole('option', { name: '今年（2031）' })).toBeTruthy();
    await act(async () => {
      fireEvent.change(select, { target: { value: 'thisYear' } });
    });
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ year: 2031 });
    await act(async () => {
      environment.mock.resolveMostRecentOperation((op) =>
        MockPayloadGenerator.generate(op, {
          Site: () => ({ currentYear: 2031 }),
          ResourceCount: () => ({ courseCount: 1, videoCount: 2 }),
        }),
      );
    });
    await act(async () => {
      fireEvent.change(select, { target: { value: 'lastYear' } });
    });
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({ year: 2030 });
  });
});
