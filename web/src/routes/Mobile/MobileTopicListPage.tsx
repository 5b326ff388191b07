import { usePreloadedQuery } from 'react-relay';
import type { MobileTopicListQuery } from '../../__generated__/MobileTopicListQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { MobileTopicList } from '../../components/Mobile/MobileTopicList';
import { mobileTopicListQuery } from './MobileTopicListQuery';

/** /m/special: 推荐专题, kept alive with its loaded pages and scroll position (as /special). */
export default function MobileTopicListPage({ queryRef }: PageProps<MobileTopicListQuery>) {
  const data = usePreloadedQuery<MobileTopicListQuery>(mobileTopicListQuery, queryRef);
  return <MobileTopicList query={data} />;
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileTopicListQuery } from './MobileTopicListQuery';
