import { usePreloadedQuery } from 'react-relay';
import type { AuthorQuery } from '../../__generated__/AuthorQuery.graphql';
import type { PageProps } from '../../routing/routeTypes';
import { AuthorList } from '../../components/Author/AuthorList';
import { authorQuery } from './AuthorQuery';

/** /author (§2): 名校名师, kept alive with its filters, loaded pages and scroll position. */
export default function AuthorPage({ queryRef }: PageProps<AuthorQuery>) {
  const data = usePreloadedQuery<AuthorQuery>(authorQuery, queryRef);
  return <AuthorList query={data} catalogues={data} />;
}
