import { useEffect, useLayoutEffect, useRef } from 'react';
import { commitMutation, graphql } from 'react-relay';
import type { IEnvironment } from 'relay-runtime';
import type { VisitLogRecordMutation } from '../__generated__/VisitLogRecordMutation.graphql';
import type { Visit } from '../routing/routeTypes';

export type { Visit };

const recordVisitMutation = graphql`
  mutation VisitLogRecordMutation($input: RecordVisitInput!) {
    recordVisit(input: $input) {
      logId
    }
  }
`;

export interface VisitRecord {
  readonly pageUrl: string;
  readonly previousPageUrl: string | null;
  readonly moduleName: string;
}

/** A visit is sent once its page has stood this long; a replace before then takes its place. */
export const VISIT_SETTLE_MS = 400;
/** While a navigation is still running the visit waits for it, up to this long in all. */
const VISIT_MAX_WAIT_MS = 10_000;
const BUSY_RECHECK_MS = 100;

/**
 * The page the first visit came from, as the gateway takes it: a same-origin referrer becomes its
 * path and query (like every later previousPageUrl), another site's stays a full URL; anything
 * that is not http(s) is no page.
 */
export function referrerPageUrl(referrer: string | null | undefined, origin: string): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin === origin) return `${url.pathname}${url.search}`;
  url.hash = '';
  return url.toString();
}

interface Pending {
  readonly visit: Visit;
  readonly previousPageUrl: string | null;
  readonly since: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * Decides which route changes are logged (§7 AddVisitLog on every route change), without React.
 *
 * Only the final URL of a navigation that is immediately replaced counts: each visit waits
 * VISIT_SETTLE_MS (and for a navigation in flight to finish) before it is sent, and a REPLACE
 * navigation arriving meanwhile (a redirect rendered by a page, a URL put right) takes its place,
 * keeping its previous page. Any other navigation sends the waiting visit at once.
 */
export class VisitLogger {
  private pending: Pending | null = null;
  private lastKey: string | null = null;
  private lastUrl: string | null = null;

  constructor(
    private readonly send: (record: VisitRecord) => void,
    private readonly options: {
      readonly referrer: () => string | null;
      /** True while the router runs a navigation: its outcome may replace the waiting visit. */
      readonly isNavigating?: () => boolean;
      readonly settleMs?: number;
    },
  ) {}

  visit(visit: Visit): void {
    if (visit.locationKey === this.lastKey) return;
    this.lastKey = visit.locationKey;
    let previousPageUrl: string | null;
    if (this.pending && visit.replace) {
      previousPageUrl = this.pending.previousPageUrl;
      this.clearTimer();
      this.pending = null;
    } else {
      this.flush();
      previousPageUrl = this.lastUrl ?? this.options.referrer();
    }
    this.lastUrl = visit.pageUrl;
    this.pending = { visit, previousPageUrl, since: Date.now(), timer: null };
    this.arm(this.options.settleMs ?? VISIT_SETTLE_MS);
  }

  /** Sends the waiting visit now (the next navigation, or the page going away). */
  flush(): void {
    const pending = this.pending;
    if (!pending) return;
    this.clearTimer();
    this.pending = null;
    this.send({
      pageUrl: pending.visit.pageUrl,
      previousPageUrl: pending.previousPageUrl,
      moduleName: pending.visit.moduleName,
    });
  }

  private arm(delay: number): void {
    const pending = this.pending;
    if (!pending) return;
    pending.timer = setTimeout(() => {
      pending.timer = null;
      if (this.pending !== pending) return;
      const busy = this.options.isNavigating?.() ?? false;
      if (busy && Date.now() - pending.since < VISIT_MAX_WAIT_MS) this.arm(BUSY_RECHECK_MS);
      else this.flush();
    }, delay);
  }

  private clearTimer(): void {
    if (this.pending?.timer) clearTimeout(this.pending.timer);
    if (this.pending) this.pending.timer = null;
  }
}

/**
 * §7 AddVisitLog on every route change: the page, the previous page and the page title as module
 * name. The gateway adds the user (or the guest id of the `tokenUser` cookie), sourceType PC and the
 * site's product and organisation. Failures are ignored silently (§8).
 */
export function useVisitLog(environment: IEnvironment, visit: Visit | null, isNavigating?: () => boolean): void {
  const logger = useRef<VisitLogger | null>(null);
  const navigating = useRef(isNavigating);
  useLayoutEffect(() => {
    navigating.current = isNavigating;
  });

  useEffect(() => {
    if (!visit) return;
    logger.current ??= new VisitLogger(
      (record) => {
        commitMutation<VisitLogRecordMutation>(environment, {
          mutation: recordVisitMutation,
          variables: { input: record },
          onError: () => {},
        });
      },
      {
        referrer: () =>
          typeof document === 'undefined' ? null : referrerPageUrl(document.referrer, window.location.origin),
        isNavigating: () => navigating.current?.() ?? false,
      },
    );
    logger.current.visit(visit);
  }, [visit, environment]);

  // Leaving the site: send what is still waiting.
  useEffect(() => {
    const onPageHide = () => logger.current?.flush();
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);
}
