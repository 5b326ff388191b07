import { act, fireEvent, screen } from '@testing-library/react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HomeQuery } from '../../web/src/__generated__/HomeQuery.graphql';
import { BannerCarousel, bannerTarget } from '../../web/src/components/Home/BannerCarousel';
import { homeQuery } from '../../web/src/routes/Home/HomeQuery';
import { preloadWithMocks } from './mockData';
import { renderWithProviders } from './render';

function BannerHarness({ queryRef }: { queryRef: PreloadedQuery<HomeQuery> }) {
  const data = usePreloadedQuery<HomeQuery>(homeQuery, queryRef);
  return data.recommendation ? <BannerCarousel query={data.recommendation} /> : null;
}

const BANNERS = [
  {
    id: 'b1',
    title: '青年大学习 · 手机专享活动',
    image: '/media/banners/1.jpg',
    gotoUrl: '/m/activity/2025',
    mobileOnly: true,
  },
  {
    id: 'b2',
    title: '党的二十大精神专题',
    image: '/media/banners/2.jpg',
    gotoUrl: '/special/des?id=3',
    mobileOnly: false,
  },
  {
    id: 'b3',
    title: '习近平新时代中国特色社会主义思想概论',
    image: '/media/banners/3.jpg',
    gotoUrl: '/Play?courseId=5&catalogId=2',
    mobileOnly: false,
  },
];

async function renderBanners() {
  const { environment, queryRef } = preloadWithMocks<HomeQuery>(
    homeQuery,
    { scId: 0, isAll: true },
    {
      Query: () => ({ banners: BANNERS }),
    },
  );
  let router!: ReturnType<typeof renderWithProviders>['router'];
  await act(async () => {
    router = renderWithProviders(<BannerHarness queryRef={queryRef} />, environment).router;
  });
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('home banner carousel', () => {
  it('a mobile-only banner shows 请从手机端查看 instead of navigating', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const router = await renderBanners();
    await act(async () => {
      fireEvent.click(screen.getByTitle(BANNERS[0]!.title));
    });
    expect(await screen.findByText('请从手机端查看')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(open).not.toHaveBeenCalled();
  });

  it('other banners navigate, and /Play opens in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const router = await renderBanners();
    await act(async () => {
      fireEvent.click(screen.getByTitle(BANNERS[2]!.title));
    });
    expect(open).toHaveBeenCalledWith('/Play?courseId=5&catalogId=2', '_blank', 'noopener');
    await act(async () => {
      fireEvent.click(screen.getByTitle(BANNERS[1]!.title));
    });
    expect(router.state.location.pathname + router.state.location.search).toBe('/special/des?id=3');
    expect(screen.queryByText('请从手机端查看')).toBeNull();
  });

  it('renders dots for every banner', async () => {
    await renderBanners();
    expect(screen.getAllByRole('button', { name: /^第 \d 张$/ })).toHaveLength(BANNERS.length);
  });

  it('classifies banner targets', () => {
    expect(bannerTarget('/m/x', true)).toEqual({ kind: 'mobileOnly' });
    expect(bannerTarget('https://example.org', false)).toEqual({ kind: 'newTab', url: 'https://example.org' });
    expect(bannerTarget('/play?courseId=1', false)).toEqual({ kind: 'newTab', url: '/play?courseId=1' });
    expect(bannerTarget('author', false)).toEqual({ kind: 'route', path: '/author' });
    expect(bannerTarget('  ', false)).toEqual({ kind: 'none' });
  });
});
