import { toGlobalId } from '../graphql/globalId';
import type { BannerParent } from '../graphql/types';

/** Pages of the mobile site live under /m/ (upstream/API.md): the web shows 请从手机端查看 instead. */
const MOBILE_PREFIX = '/m/';

export const Banner = {
  id: (banner: BannerParent) => toGlobalId('Banner', banner.id),
  title: (banner: BannerParent) => banner.title ?? '',
  image: (banner: BannerParent) => banner.imageUrl ?? '',
  gotoUrl: (banner: BannerParent) => banner.gotoUrl ?? '',
  mobileOnly: (banner: BannerParent) => (banner.gotoUrl ?? '').startsWith(MOBILE_PREFIX),
};
