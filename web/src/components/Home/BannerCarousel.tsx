import { AspectRatio, Box, Image } from '@chakra-ui/react';
import { startTransition, type MouseEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { BannerCarousel_query$key } from '../../__generated__/BannerCarousel_query.graphql';
import { HOME, MESSAGES } from '../../constants';
import { Carousel } from '../Carousel/Carousel';
import { showMessage } from '../ui/toaster';

const queryFragment = graphql`
  fragment BannerCarousel_query on Query {
    banners(limit: 5) {
      title
      image
      gotoUrl
      mobileOnly
    }
  }
`;

/** Banner images are 3:1 (upstream 1200×400); the slot keeps that ratio so nothing is cropped. */
export const BANNER_RATIO = 3;

/** Where a banner click goes (§2): mobile-only pages get a message, the player opens in a new tab. */
export type BannerTarget =
  { kind: 'mobileOnly' } | { kind: 'newTab'; url: string } | { kind: 'route'; path: string } | { kind: 'none' };

export function bannerTarget(gotoUrl: string, mobileOnly: boolean): BannerTarget {
  if (mobileOnly) return { kind: 'mobileOnly' };
  const url = gotoUrl.trim();
  if (!url) return { kind: 'none' };
  if (/^https?:\/\//i.test(url)) return { kind: 'newTab', url };
  const path = url.startsWith('/') ? url : `/${url}`;
  if (/^\/play(\?|$|\/)/i.test(path)) return { kind: 'newTab', url: path };
  return { kind: 'route', path };
}

export function BannerCarousel({ query }: { readonly query: BannerCarousel_query$key }) {
  const { banners } = useFragment(queryFragment, query);
  const navigate = useNavigate();

  const open = (event: MouseEvent, gotoUrl: string, mobileOnly: boolean) => {
    event.preventDefault();
    const target = bannerTarget(gotoUrl, mobileOnly);
    switch (target.kind) {
      case 'mobileOnly':
        showMessage(MESSAGES.mobileOnly, 'info');
        return;
      case 'newTab':
        window.open(target.url, '_blank', 'noopener');
        return;
      case 'route':
        startTransition(() => {
          void navigate(target.path);
        });
        return;
      case 'none':
        return;
    }
  };

  if (banners.length === 0) {
    return (
      <AspectRatio ratio={BANNER_RATIO}>
        <Box borderRadius="xl" bgGradient="to-r" gradientFrom="red.600" gradientTo="orange.400" />
      </AspectRatio>
    );
  }

  return (
    <Carousel
      label="首页轮播图"
      count={banners.length}
      intervalMs={HOME.bannerIntervalMs}
      aspectRatio={BANNER_RATIO}
      renderSlide={(i) => {
        const banner = banners[i]!;
        // The banner image carries its own headline; the title is its alt text and tooltip.
        return (
          <Box asChild display="block" height="100%" cursor="pointer">
            <a
              href={banner.gotoUrl || '#'}
              onClick={(e) => open(e, banner.gotoUrl, banner.mobileOnly)}
              title={banner.title}
            >
              {/* the first banner is the first screen's largest picture: fetched before the rest */}
              <Image
                src={banner.image}
                alt={banner.title}
                width="100%"
                height="100%"
                objectFit="cover"
                fetchPriority={i === 0 ? 'high' : 'auto'}
              />
            </a>
          </Box>
        );
      }}
    />
  );
}
