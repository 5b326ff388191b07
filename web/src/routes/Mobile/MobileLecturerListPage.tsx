import { usePreloadedQuery } from 'react-relay';
import type { MobileLecturerListQuery } from '../../__generated__/MobileLecturerListQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { MobileLecturerList } from '../../components/Mobile/MobileLecturerList';
import { mobileLecturerListQuery } from './MobileLecturerListQuery';

/** /m/author: 名校名师, kept alive with its filters, loaded pages and scroll position (as /author). */
export default function MobileLecturerListPage({ queryRef }: PageProps<MobileLecturerListQuery>) {
  const data = usePreloadedQuery<MobileLecturerListQuery>(mobileLecturerListQuery, queryRef);
  return <MobileLecturerList query={data} catalogues={data} />;
}

/** The route's query, loaded with this page's chunk (one file for both: see app/router). */
export { mobileLecturerListQuery } from './MobileLecturerListQuery';
