import { usePreloadedQuery } from 'react-relay';
import type { TopicListQuery } from '../../__generated__/TopicListQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { TopicList } from '../../components/Topic/TopicList';
import { topicListQuery } from './TopicListQuery';

/** /special (§2): the recommended topics, kept alive with its loaded pages and scroll position. */
export default function TopicListPage({ queryRef }: PageProps<TopicListQuery>) {
  const data = usePreloadedQuery<TopicListQuery>(topicListQuery, queryRef);
  return <TopicList query={data} />;
}
