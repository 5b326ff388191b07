import { usePreloadedQuery } from 'react-relay';
import type { SpecialQuery } from '../../__generated__/SpecialQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { TopicList } from '../../components/Topic/TopicList';
import { specialQuery } from './SpecialQuery';

/** /special (§2): the recommended topics, kept alive with its loaded pages and scroll position. */
export default function SpecialPage({ queryRef }: PageProps<SpecialQuery>) {
  const data = usePreloadedQuery<SpecialQuery>(specialQuery, queryRef);
  return <TopicList query={data} />;
}
