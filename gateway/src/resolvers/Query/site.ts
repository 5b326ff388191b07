import type { Resolver, SiteResult } from '../../graphql/types';

export const site: Resolver<unknown, Record<string, never>, SiteResult> = (_parent, _args, { config }) => ({
  title: config.siteTitle,
  description: config.siteDescription,
  productId: config.productId,
  comId: config.comId,
  comCode: config.comCode,
});
