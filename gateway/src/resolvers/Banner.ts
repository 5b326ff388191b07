import { toGlobalId } from '../graphql/globalId';
import type { BannerResolvers } from '../graphql/resolverTypes';

/** Pages of the mobile site live under /m/ (upstream/API.md): the web shows 请从手机端查看 instead. */
const MOBILE_PREFIX = '/m/';

export const Banner = {
  id: (banner) => toGlobalId('Banner', banner.id),
  title: (banner) => banner.title ?? '',
  image: (banner) => banner.imageUrl ?? '',
  gotoUrl: (banner) => banner.gotoUrl ?? '',
  mobileOnly: (banner) => (banner.gotoUrl ?? '').startsWith(MOBILE_PREFIX),
} satisfies BannerResolvers;
