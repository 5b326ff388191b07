import { fetchQuery, graphql } from 'react-relay';
import { redirect } from 'react-router-dom';
import type { CenterGuardQuery } from '../__generated__/CenterGuardQuery.graphql';
import { ANONYMOUS_USER_TYPES } from '../constants';
import type { RouteRuntime } from '../routing/routeTypes';

const viewerQuery = graphql`
  query CenterGuardQuery {
    viewer {
      userType
    }
  }
`;

/**
 * §2 navigation guard: /center is for logged-in users; userType -1 or 0 is sent to /.
 * The viewer comes from the store when it is known and current; after a logout or a company login
 * (which invalidate it, see relay/ViewerIdentity.ts) the gateway is asked again. When that question
 * fails (the network, a busy gateway), the guard does not guess: a signed-in person is not sent home
 * for it. The centre opens, and its own query decides (it shows the error with 重试, or sends a
 * visitor home itself, CenterPage).
 */
export async function requireLogin(_url: URL, runtime: RouteRuntime): Promise<void> {
  let userType: number;
  try {
    const data = await fetchQuery<CenterGuardQuery>(
      runtime.environment,
      viewerQuery,
      {},
      {
        fetchPolicy: 'store-or-network',
      },
    ).toPromise();
    userType = data?.viewer.userType ?? -1;
  } catch {
    return;
  }
  if (ANONYMOUS_USER_TYPES.includes(userType)) throw redirect('/');
}
