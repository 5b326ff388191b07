import { usePreloadedQuery } from 'react-relay';
import type { MobileAuthorListQuery } from '../../__generated__/MobileAuthorListQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { MobileAuthorList } from '../../components/Mobile/MobileAuthorList';
import { mobileAuthorListQuery } from './MobileAuthorListQuery';

/** /m/author: 名校名师, kept alive with its filters, loaded pages and scroll position (as /author). */
export default function MobileAuthorListPage({ queryRef }: PageProps<MobileAuthorListQuery>) {
  const data = usePreloadedQuery<MobileAuthorListQuery>(mobileAuthorListQuery, queryRef);
  return <MobileAuthorList query={data} catalogues={data} />;
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileAuthorListQuery } from './MobileAuthorListQuery';
