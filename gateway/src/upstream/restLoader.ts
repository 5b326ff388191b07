/**
 * The per-request REST loader: every GET of one GraphQL operation goes through it, so identical
 * calls (same path, same parameters) made by different resolvers are sent once. DataLoader's
 * batch window only collects keys; the main API has no batch endpoint, so each distinct key is
 * its own call, all sent in parallel. Every GET through it is a read (CallKind): it changes nothing,
 * so it has a read's short timeout and may be sent once more on a reset connection.
 */
import DataLoader from 'dataloader';
import type { Envelope } from './envelope';
import type { RequestScope, UpstreamClient } from './client';
import { toWireParams, type ParamValue } from './sign';

export interface RestGet {
  path: string;
  params: Record<string, ParamValue>;
}

export type RestLoader = DataLoader<RestGet, Envelope, string>;

/** path + parameters in sorted order: the identity of a GET for de-duplication. */
export function restKey(get: RestGet): string {
  const wire = toWireParams(get.params);
  const query = Object.keys(wire)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(wire[key] ?? '')}`)
    .join('&');
  return `${get.path}?${query}`;
}

export function createRestLoader(client: UpstreamClient, scope: RequestScope): RestLoader {
  return new DataLoader<RestGet, Envelope, string>(
    (gets) =>
      Promise.all(
        gets.map((get) =>
          client
            .call({ method: 'GET', path: get.path, params: get.params, kind: 'read' }, scope)
            .catch((error: unknown) =>
              // DataLoader expects failures per key as Error values, not a rejected batch
              error instanceof Error ? error : new Error(String(error)),
            ),
        ),
      ),
    { cacheKeyFn: restKey },
  );
}
