/**
 * What the gateway remembers between requests about who is behind a token or an address, so that a
 * page's many operations do not each cost two or three login-service calls (product-spec §4 runs the
 * start-up sequence once per page load; the gateway runs it per request). Process-local and short:
 * several gateways share nothing, and a revocation made elsewhere (an operator disabling an account)
 * takes at most TOKEN_TTL_MS to reach this one. Changes made through this gateway (logout, profile,
 * avatar, password) evict at once.
 *
 * Keys are the SHA-256 of a token, never the token; the only tokens held are those this gateway hands
 * out again (a refreshed one, an organisation network's), in memory and for seconds.
 * Bounded: each map drops its oldest entries past MAX_ENTRIES, expired ones when met.
 */
import { createHash } from 'node:crypto';
import type { Viewer } from './viewer';

/** How long a token's verdict (valid, refreshed, refused) is believed. */
export const TOKEN_TTL_MS = 30_000;
/** How long an address that IPAutoLogin did not recognise is not asked about again. */
export const NETWORK_MISS_TTL_MS = 60_000;
/** How long a browser's organisation-network token is handed out again while its cookie is on its way. */
export const NETWORK_LOGIN_TTL_MS = 30_000;
export const MAX_ENTRIES = 10_000;

export type TokenVerdict =
  | { kind: 'valid'; viewer: Viewer }
  /** expired less than 24 h ago and exchanged for a new token (the old one is revoked upstream) */
  | { kind: 'refreshed'; viewer: Viewer; token: string; expiresAt: string | null }
  | { kind: 'invalid' };

export interface NetworkLogin {
  token: string;
  viewer: Viewer;
}

export function tokenKey(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  deleteWhere(test: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (test(entry.value)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface ViewerCacheOptions {
  now?: () => number;
  maxEntries?: number;
}

export class ViewerCache {
  private readonly tokens: ExpiringMap<TokenVerdict>;
  private readonly networkMisses: ExpiringMap<true>;
  private readonly networkLogins: ExpiringMap<NetworkLogin>;
  /** work under way, shared by the requests that want the same answer at the same time */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(options: ViewerCacheOptions = {}) {
    const now = options.now ?? Date.now;
    const max = options.maxEntries ?? MAX_ENTRIES;
    this.tokens = new ExpiringMap(TOKEN_TTL_MS, max, now);
    this.networkMisses = new ExpiringMap(NETWORK_MISS_TTL_MS, max, now);
    this.networkLogins = new ExpiringMap(NETWORK_LOGIN_TTL_MS, max, now);
  }

  tokenVerdict(key: string): TokenVerdict | undefined {
    return this.tokens.get(key);
  }

  rememberToken(key: string, verdict: TokenVerdict): void {
    this.tokens.set(key, verdict);
  }

  forgetToken(key: string): void {
    this.tokens.delete(key);
    this.networkLogins.deleteWhere((login) => tokenKey(login.token) === key);
  }

  /** Every verdict about one user's tokens (their profile changed, or their other sessions were revoked). */
  forgetUser(userId: number): void {
    this.tokens.deleteWhere((verdict) => verdict.kind !== 'invalid' && verdict.viewer.userId === userId);
    this.networkLogins.deleteWhere((login) => login.viewer.userId === userId);
  }

  isNetworkMiss(address: string): boolean {
    return this.networkMisses.get(address) === true;
  }

  rememberNetworkMiss(address: string): void {
    this.networkMisses.set(address, true);
  }

  /** keyed by address and guest id: one browser, whose parallel first requests should share one token */
  networkLogin(key: string): NetworkLogin | undefined {
    return this.networkLogins.get(key);
  }

  rememberNetworkLogin(key: string, login: NetworkLogin): void {
    this.networkLogins.set(key, login);
  }

  forgetNetworkLogin(key: string): void {
    this.networkLogins.delete(key);
  }

  /**
   * Runs `work` unless the same key is already being worked on, in which case its promise is shared.
   * Besides saving calls this matters for RefreshToken: the login service honours a refresh once (the
   * old token is revoked), so two parallel refreshes of one token would leave the second request
   * clearing the cookie the first one just set.
   */
  shared<T>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }

  get sizes(): { tokens: number; networkMisses: number; networkLogins: number; inFlight: number } {
    return { tokens: this.tokens.size, networkMisses: this.networkMisses.size, networkLogins: this.networkLogins.size, inFlight: this.inFlight.size };
  }
}
