/**
 * A typed, signing client for the upstream main API, written from the contract
 * (upstream/API.md, ARCHITECTURE.md) and deliberately independent of the server's code:
 * sign = hex(md5|sha256(P + timespan + secret)), P = params sorted by key (code units),
 * `key=value` with raw values, joined by `&`. Every request carries a fresh `nonce` parameter, as
 * the gateway's do: the upstream accepts a sign once; a client told which service it calls signs
 * that too (`aud`), as the gateway does, so that no other service takes its sign.
 */
import { createHash, randomUUID } from 'node:crypto';

export type ParamValue = string | number | boolean;
export type ParamsInput = Record<string, ParamValue | undefined>;

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  items: T;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

/** the services a sign can be meant for (upstream/API.md "Transport", `aud`) */
export type Audience = 'main-api' | 'login-service';

export interface ClientOptions {
  baseUrl: string;
  secret?: string;
  algorithm?: 'md5' | 'sha256';
  /** the service at baseUrl, signed into every request as `aud`; none when absent */
  audience?: Audience;
}

/** Per-request overrides, to send what a broken or hostile caller would. */
export interface RequestTweaks {
  timespan?: string;
  sign?: string;
  /** null leaves the header out */
  productId?: string | null;
  headers?: Record<string, string>;
  /** the nonce parameter; null sends none, as a backend's caller that knows nothing of it would */
  nonce?: string | null;
  /** the aud parameter instead of the client's audience; null sends none */
  aud?: string | null;
}

export function signParams(
  params: [string, string][],
  timespan: string,
  secret: string,
  algorithm: 'md5' | 'sha256' = 'md5',
): string {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const p = sorted.map(([k, v]) => `${k}=${v}`).join('&');
  return createHash(algorithm)
    .update(p + timespan + secret, 'utf8')
    .digest('hex');
}

function toPairs(params: ParamsInput): [string, string][] {
  return Object.entries(params)
    .filter((entry): entry is [string, ParamValue] => entry[1] !== undefined)
    .map(([k, v]) => [k, String(v)]);
}

/**
 * the params with the request's nonce (a fresh one unless the tweaks say otherwise) and the
 * service they are meant for (`audience`, unless the tweaks say otherwise)
 */
export function withNonce<T extends ParamsInput>(params: T, tweaks: RequestTweaks = {}, audience?: Audience): T {
  const nonce = tweaks.nonce === undefined ? randomUUID() : tweaks.nonce;
  const aud = tweaks.aud === undefined ? audience : tweaks.aud;
  return { ...params, ...(nonce === null ? {} : { nonce }), ...(aud === null || aud === undefined ? {} : { aud }) };
}

export class UpstreamClient {
  readonly baseUrl: string;
  readonly secret: string;
  readonly algorithm: 'md5' | 'sha256';
  readonly audience: Audience | undefined;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.secret = options.secret ?? 'sizheng-dev-secret';
    this.algorithm = options.algorithm ?? 'md5';
    this.audience = options.audience;
  }

  private headers(pairs: [string, string][], tweaks: RequestTweaks): Record<string, string> {
    const timespan = tweaks.timespan ?? String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = {
      timespan,
      sign: tweaks.sign ?? signParams(pairs, timespan, this.secret, this.algorithm),
      ...tweaks.headers,
    };
    const productId = tweaks.productId === undefined ? '1' : tweaks.productId;
    if (productId !== null) headers.productId = productId;
    return headers;
  }

  private async send<T>(url: string, init: RequestInit): Promise<ApiResponse<T>> {
    const res = await fetch(url, init);
    const text = await res.text();
    let body: Envelope<T>;
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, headers: res.headers, body };
  }

  get<T = unknown>(path: string, params: ParamsInput = {}, tweaks: RequestTweaks = {}): Promise<ApiResponse<T>> {
    const pairs = toPairs(withNonce(params, tweaks, this.audience));
    const query = new URLSearchParams(pairs).toString();
    return this.send<T>(`${this.baseUrl}${path}${query ? `?${query}` : ''}`, {
      headers: this.headers(pairs, tweaks),
    });
  }

  /** the body as JSON with its values as given (numbers stay numbers); signed as String(value) */
  postJson<T = unknown>(path: string, body: ParamsInput, tweaks: RequestTweaks = {}): Promise<ApiResponse<T>> {
    const sent = withNonce(body, tweaks, this.audience);
    return this.send<T>(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...this.headers(toPairs(sent), tweaks), 'Content-Type': 'application/json' },
      body: JSON.stringify(sent),
    });
  }

  postForm<T = unknown>(path: string, body: ParamsInput, tweaks: RequestTweaks = {}): Promise<ApiResponse<T>> {
    const pairs = toPairs(withNonce(body, tweaks, this.audience));
    return this.send<T>(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { ...this.headers(pairs, tweaks), 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams(pairs).toString(),
    });
  }
}
