import { commitMutation, fetchQuery, graphql } from 'react-relay';
import type { IEnvironment } from 'relay-runtime';
import type { DissimilarLoginCompanyLoginMutation } from '../__generated__/DissimilarLoginCompanyLoginMutation.graphql';
import type { ShellQuery } from '../__generated__/ShellQuery.graphql';
import { forgetPreviousViewer } from '../relay/ViewerIdentity';
import { shellQuery } from '../routes/Shell/ShellQuery';

const companyLoginMutation = graphql`
  mutation DissimilarLoginCompanyLoginMutation($input: CompanyLoginInput!) {
    companyLogin(input: $input) {
      viewer {
        ...ViewerIdentity_viewer
      }
      openUrl
      errors {
        message
        code
      }
    }
  }
`;

/** What the company login came to (§2): the viewer is already updated in the store by then. */
export type CompanyLoginOutcome = 'loggedIn' | 'openedLink' | 'nothing';

/** Only a web page may be opened from the login service's -2 answer (never javascript: and the like). */
function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * CompanyLogin with cid = gid (the gateway adds the current token and keeps the new one in the
 * cookie). Code 2000: the payload's viewer is the organisation user, written over the old one.
 * Code -2: openUrl is a page to open in a new window. Anything else, a failed request included:
 * nothing further.
 */
export async function companyLogin(
  environment: IEnvironment,
  gid: string,
  {
    freshStart,
  }: {
    /**
     * The link opened the app (no page shown yet): the store holds nobody's personal lists, so
     * there is nothing to forget, and forgetting would make the shell load its data twice.
     */
    readonly freshStart: boolean;
  },
): Promise<CompanyLoginOutcome> {
  // The shell asks who the viewer is in parallel on a fresh page load; its answer was computed
  // with the old token, so it must land before ours, never after it and over it.
  await fetchQuery<ShellQuery>(environment, shellQuery, {}, { fetchPolicy: 'store-or-network' })
    .toPromise()
    .catch(() => undefined);

  const payload = await new Promise<DissimilarLoginCompanyLoginMutation['response']['companyLogin'] | null>(
    (resolve) => {
      commitMutation<DissimilarLoginCompanyLoginMutation>(environment, {
        mutation: companyLoginMutation,
        variables: { input: { gid } },
        updater: (store, data) => {
          if (!freshStart && data?.companyLogin?.errors.length === 0) forgetPreviousViewer(store);
        },
        onCompleted: (response) => resolve(response.companyLogin),
        onError: () => resolve(null),
      });
    },
  );
  if (!payload) return 'nothing';
  if (payload.openUrl && isWebUrl(payload.openUrl)) {
    // §2: code -2 opens the message as a link in a new window. This runs after two round trips,
    // with no click behind it, so a popup blocker may refuse; 'noopener' would hide that (open
    // returns null either way), so the opener is cut by hand and a refused window falls back to
    // following the link in this tab rather than losing it.
    openInNewWindow(payload.openUrl);
    return 'openedLink';
  }
  return payload.errors.length === 0 ? 'loggedIn' : 'nothing';
}

/** Opens url in a new window with no opener; when the browser refuses the window, follows it here. */
export function openInNewWindow(
  url: string,
  follow: (url: string) => void = (target) => window.location.assign(target),
): void {
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
  else follow(url);
}
