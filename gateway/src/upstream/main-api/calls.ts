/**
 * What every section of the main API shares within one request: the signed client, the request's
 * scope (counted and budgeted), the REST loader that sends identical reads of the operation once,
 * and the organisation and viewer the calls are made for. Reads answer their items or throw: 4000
 * and 4004 are the upstream's refusals (UpstreamRefusal), any other code an UpstreamError.
 * Operations answer their outcome (OperationResult) and are never de-duplicated: each is meant to happen.
 */
import type { RequestScope, UpstreamClient } from '../client';
import { CODE_BAD_PARAMETER, CODE_NOT_FOUND, CODE_READ_OK, type Envelope } from '../envelope';
import { UpstreamError, UpstreamRefusal } from '../errors';
import { operationResult, type OperationResult } from '../operations';
import { createRestLoader, type RestLoader } from '../restLoader';
import type { ParamValue } from '../sign';

/**
 * The organisation the calls are made for: the viewer's when they belong to one, else the site's
 * (product-spec §1). Asked for lazily: only the calls that name an organisation (topics, banners,
 * searches) wait for the viewer to be resolved.
 */
export interface Organisation {
  comId: number;
  comCode: string;
}

export type Params = Record<string, ParamValue>;

export class MainApiCalls {
  readonly rest: RestLoader;

  constructor(
    readonly client: UpstreamClient,
    readonly scope: RequestScope,
    readonly productId: number,
    readonly organisation: () => Promise<Organisation>,
    /**
     * The signed-in viewer's user id, null for anyone else: searches send it so that hot keywords
     * count people rather than addresses (a library's readers share one). Resolved with the
     * organisation, which the search calls need anyway.
     */
    readonly viewerUserId: () => Promise<number | null>,
  ) {
    this.rest = createRestLoader(client, scope);
  }

  /** A read that must succeed: 4000 and 4004 are the upstream's refusals (UpstreamRefusal), other codes an UpstreamError. */
  async read<T>(path: string, params: Params): Promise<T> {
    const envelope = await this.rest.load({ path, params });
    return this.expectRead<T>(path, envelope);
  }

  /** A read of one thing by id: unknown ids (4004) answer null. */
  async readOrNull<T>(path: string, params: Params): Promise<T | null> {
    const envelope = await this.rest.load({ path, params });
    if (envelope.code === CODE_NOT_FOUND) return null;
    return this.expectRead<T>(path, envelope);
  }

  expectRead<T>(path: string, envelope: Envelope): T {
    if (envelope.code === CODE_READ_OK) return envelope.items as T;
    if (envelope.code === CODE_BAD_PARAMETER || envelope.code === CODE_NOT_FOUND) {
      throw new UpstreamRefusal(path, envelope.code, envelope.message ?? '');
    }
    throw new UpstreamError('rejected', path, null, envelope.code, 'unexpected code for a read');
  }

  /**
   * An operation: sent as it is, once, never through the read loader. `kind` 'long' for one that
   * waits on long work of the service (cutting a clip: the spec's 85 s), else a write's time.
   */
  async operation<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Params,
    kind: 'write' | 'long' = 'write',
  ): Promise<OperationResult<T>> {
    const envelope = await this.client.call<T>({ method, path, params, kind }, this.scope);
    return operationResult(path, envelope);
  }
}
