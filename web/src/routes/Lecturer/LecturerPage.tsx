import { usePreloadedQuery } from 'react-relay';
import type { LecturerQuery } from '../../__generated__/LecturerQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { LecturerList } from '../../components/Lecturer/LecturerList';
import { lecturerQuery } from './LecturerQuery';

/** /author (§2): 名校名师, kept alive with its filters, loaded pages and scroll position. */
export default function LecturerPage({ queryRef }: PageProps<LecturerQuery>) {
  const data = usePreloadedQuery<LecturerQuery>(lecturerQuery, queryRef);
  return <LecturerList query={data} catalogues={data} />;
}
