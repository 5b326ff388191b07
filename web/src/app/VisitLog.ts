import { useEffect, useRef } from 'react';
import { commitMutation, graphql } from 'react-relay';
import type { IEnvironment } from 'relay-runtime';
import type { VisitLogRecordMutation } from '../__generated__/VisitLogRecordMutation.graphql';

const recordVisitMutation = graphql`
  mutation VisitLogRecordMutation($input: RecordVisitInput!) {
    recordVisit(input: $input) {
      logId
    }
  }
`;

export interface Visit {
  /** react-router's location key: one log per navigation, even under StrictMode's double effects. */
  readonly locationKey: string;
  readonly pageUrl: string;
  readonly moduleName: string;
}

/**
 * §7 AddVisitLog on every route change: the page, the previous page and the page title as module
 * name. The gateway adds the user (or the guest id of the `tokenUser` cookie), sourceType PC and the
 * site's product and organisation. Failures are ignored silently (§8).
 */
export function useVisitLog(environment: IEnvironment, visit: Visit | null): void {
  const lastKey = useRef<string | null>(null);
  const previousUrl = useRef<string | null>(null);

  useEffect(() => {
    if (!visit || visit.locationKey === lastKey.current) return;
    lastKey.current = visit.locationKey;
    const previousPageUrl = previousUrl.current ?? externalReferrer();
    previousUrl.current = visit.pageUrl;
    commitMutation<VisitLogRecordMutation>(environment, {
      mutation: recordVisitMutation,
      variables: { input: { pageUrl: visit.pageUrl, previousPageUrl, moduleName: visit.moduleName } },
      onError: () => {},
    });
  }, [environment, visit]);
}

function externalReferrer(): string | null {
  return typeof document !== 'undefined' && document.referrer ? document.referrer : null;
}
