/**
 * What the gateway remembers between requests about who is behind a token or an address, so that a
 * page's many operations do not each cost two or three login-service calls (product-spec §4 runs the
 * start-up sequence once per page load; the gateway runs it per request). Process-local and short:
 * several gateways share nothing, and a revocation made elsewhere (an operator disabling an account)
 * reaches this one after TOKEN_TTL_MS and the re-check that follows (at most TOKEN_TTL_MS +
 * TOKEN_STALE_MS when the login service does not answer). Changes made through this gateway (logout, profile,
 * avatar, password) evict at once.
 *
 * Keys are the SHA-256 of a token, never the token; the only tokens held are those this gateway hands
 * out again (a refreshed one, an organisation network's), in memory and for seconds. Each entry keeps
 * the keys and the user it concerns, so that an eviction compares strings instead of hashing tokens.
 * Bounded: each map drops its oldest entries past MAX_ENTRIES, expired ones when met.
 *
 * Evictions win over answers still on their way. A login-service answer is only as fresh as the moment
 * it was asked for: work records the moment it began (a Moment, counted in evictions), and what it
 * learned is not stored when the token or the user it concerns was forgotten after that moment. So a
 * validation that began before a logout cannot put the logged-out token back once the answer arrives,
 * and a request made after the logout never shares that validation (forgetToken detaches it).
 */
import { createHash } from 'node:crypto';
import type { Viewer } from './viewer';

/** How long a token's verdict (valid, refreshed, refused) is believed. */
export const TOKEN_TTL_MS = 30_000;
/**
 * How long after TOKEN_TTL_MS a valid verdict may still be served while the token is checked again in
 * the background (session.ts): a watching viewer's reports (every 5 s) do not wait for the login
 * service, and a re-check that lags behind under load does not hold every report up. So a token
 * revoked elsewhere (an operator disabling an account) is served at most TOKEN_TTL_MS plus the time
 * its re-check takes, and never longer than TOKEN_TTL_MS + TOKEN_STALE_MS (60 s) even when the login
 * service does not answer. Revocations through this gateway (logout, password, profile) still evict
 * at once: nothing stale is left to serve.
 */
export const TOKEN_STALE_MS = 30_000;
/** How long an address that IPAutoLogin did not recognise is not asked about again. */
export const NETWORK_MISS_TTL_MS = 60_000;
/** How long a browser's organisation-network token is handed out again while its cookie is on its way. */
export const NETWORK_LOGIN_TTL_MS = 30_000;
/**
 * Per map. A signed-in browser is one token entry: tens of thousands of people watching at once (each
 * player reports every 5 s, so each token is asked about constantly) must fit, or every report would
 * cost two login-service calls. An entry is about half a kilobyte: at most ≈ 25 MB.
 */
export const MAX_ENTRIES = 50_000;

export type TokenVerdict =
  | { kind: 'valid'; viewer: Viewer }
  /** expired less than 24 h ago and exchanged for a new token (the old one is revoked upstream) */
  | { kind: 'refreshed'; viewer: Viewer; token: string; expiresAt: string | null }
  | { kind: 'invalid' };

export interface NetworkLogin {
  token: string;
  viewer: Viewer;
}

/** When a piece of work began, counted in evictions: see ViewerCache.track. */
export interface Moment {
  readonly generation: number;
}

export function tokenKey(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A verdict with what eviction compares: the key of the token it hands out (refreshed) and its user. */
interface TokenEntry {
  verdict: TokenVerdict;
  newKey: string | null;
  userId: number | null;
}

interface NetworkEntry {
  login: NetworkLogin;
  tokenKey: string;
  userId: number | null;
}

interface InFlight {
  promise: Promise<unknown>;
  /** the key of the token the work is about, if any: forgetting it detaches the work */
  tokenKey: string | null;
}

class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; until: number; staleUntil: number }>();

  /** staleMs: how long past its time an entry is still kept for getStale */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
    private readonly staleMs = 0,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      if (entry.staleUntil <= this.now()) this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** an entry past its time but within staleMs of it (undefined while it is fresh) */
  getStale(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.staleUntil <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.until <= now ? entry.value : undefined;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    const until = this.now() + this.ttlMs;
    this.entries.set(key, { value, until, staleUntil: until + this.staleMs });
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

/**
 * An eviction made here, for replicas that keep their own caches (replicas/viewerEvictions.ts sends
 * it over Redis and applies theirs with `notify` false). Token keys are hashes, never tokens.
 */
export type ViewerEviction = { kind: 'token'; key: string } | { kind: 'user'; userId: number };

export class ViewerCache {
  private readonly tokens: ExpiringMap<TokenEntry>;
  private readonly networkMisses: ExpiringMap<true>;
  private readonly networkLogins: ExpiringMap<NetworkEntry>;
  private readonly maxEntries: number;
  /** work under way, shared by the requests that want the same answer at the same time */
  private readonly inFlight = new Map<string, InFlight>();
  /** evictions so far: the clock Moments and "forgotten at" marks are read on */
  private generation = 0;
  /** token key → the generation it was last forgotten at */
  private readonly tokenForgottenAt = new Map<string, number>();
  /** user id → the generation their entries were last forgotten at */
  private readonly userForgottenAt = new Map<number, number>();
  /** the Moments of work under way: a mark no older than all of them concerns none of it */
  private readonly running = new Set<Moment>();
  /** work begun before this generation stores nothing (set when the marks overflowed) */
  private floor = 0;
  private readonly evictionListeners = new Set<(eviction: ViewerEviction) => void>();

  constructor(options: ViewerCacheOptions = {}) {
    const now = options.now ?? Date.now;
    const max = options.maxEntries ?? MAX_ENTRIES;
    this.maxEntries = max;
    this.tokens = new ExpiringMap(TOKEN_TTL_MS, max, now, TOKEN_STALE_MS);
    this.networkMisses = new ExpiringMap(NETWORK_MISS_TTL_MS, max, now);
    this.networkLogins = new ExpiringMap(NETWORK_LOGIN_TTL_MS, max, now);
  }

  tokenVerdict(key: string): TokenVerdict | undefined {
    return this.tokens.get(key)?.verdict;
  }

  /**
   * A valid verdict past TOKEN_TTL_MS by at most TOKEN_STALE_MS: what may be served while the token is
   * checked again (never a refused or refreshed one: those are acted on only when fresh).
   */
  staleValidVerdict(key: string): Extract<TokenVerdict, { kind: 'valid' }> | undefined {
    const verdict = this.tokens.getStale(key)?.verdict;
    return verdict?.kind === 'valid' ? verdict : undefined;
  }

  /**
   * Remembers what the login service said about a token. `since`: when the work that learned it began
   * (track, shared); the verdict is dropped when the token, the token it was refreshed into or its user
   * was forgotten after that. Without `since` it is stored as is. True when stored.
   */
  rememberToken(key: string, verdict: TokenVerdict, since?: Moment): boolean {
    const newKey = verdict.kind === 'refreshed' ? tokenKey(verdict.token) : null;
    const userId = verdict.kind === 'invalid' ? null : verdict.viewer.userId;
    if (since && this.forgottenSince(since, userId, key, newKey)) return false;
    this.tokens.set(key, { verdict, newKey, userId });
    return true;
  }

  /**
   * Everything about one token (it was revoked or replaced): its verdict, the verdicts of tokens that
   * were refreshed into it (which would hand it out again), the network logins that hand it out, and
   * any work under way about it (later requests ask afresh). Work that began earlier stores nothing.
   */
  forgetToken(key: string, notify = true): void {
    this.tokenForgottenAt.set(key, this.nextGeneration());
    this.tokens.delete(key);
    this.tokens.deleteWhere((entry) => entry.newKey === key);
    this.networkLogins.deleteWhere((entry) => entry.tokenKey === key);
    for (const [name, work] of this.inFlight) if (work.tokenKey === key) this.inFlight.delete(name);
    this.pruneMarks();
    if (notify) this.notify({ kind: 'token', key });
  }

  /**
   * Every verdict about one user's tokens (their profile changed, they logged out, or their other
   * sessions were revoked). Work that began earlier and learns about this user stores nothing.
   */
  forgetUser(userId: number, notify = true): void {
    this.userForgottenAt.set(userId, this.nextGeneration());
    this.tokens.deleteWhere((entry) => entry.userId === userId);
    this.networkLogins.deleteWhere((entry) => entry.userId === userId);
    this.pruneMarks();
    if (notify) this.notify({ kind: 'user', userId });
  }

  /**
   * Every verdict and network login, and any work under way stores nothing: for when evictions may
   * have been missed (the replicas' channel was down). Each token is asked about afresh.
   */
  forgetEverything(): void {
    this.floor = this.nextGeneration();
    this.tokens.deleteWhere(() => true);
    this.networkLogins.deleteWhere(() => true);
    this.inFlight.clear();
    this.tokenForgottenAt.clear();
    this.userForgottenAt.clear();
  }

  /** Calls `listener` with each eviction made with notify (those made here); returns its removal. */
  onEviction(listener: (eviction: ViewerEviction) => void): () => void {
    this.evictionListeners.add(listener);
    return () => this.evictionListeners.delete(listener);
  }

  private notify(eviction: ViewerEviction): void {
    for (const listener of this.evictionListeners) listener(eviction);
  }

  isNetworkMiss(address: string): boolean {
    return this.networkMisses.get(address) === true;
  }

  rememberNetworkMiss(address: string): void {
    this.networkMisses.set(address, true);
  }

  /** keyed by address and guest id: one browser, whose parallel first requests should share one token */
  networkLogin(key: string): NetworkLogin | undefined {
    return this.networkLogins.get(key)?.login;
  }

  /** As rememberToken: dropped when its token or user was forgotten after `since`. True when stored. */
  rememberNetworkLogin(key: string, login: NetworkLogin, since?: Moment): boolean {
    const loginKey = tokenKey(login.token);
    const userId = login.viewer.userId;
    if (since && this.forgottenSince(since, userId, loginKey, null)) return false;
    this.networkLogins.set(key, { login, tokenKey: loginKey, userId });
    return true;
  }

  forgetNetworkLogin(key: string): void {
    this.networkLogins.delete(key);
  }

  /** Runs `work` with the Moment it begins at, for the remember* calls it makes. */
  async track<T>(work: (since: Moment) => Promise<T>): Promise<T> {
    const since: Moment = { generation: this.generation };
    this.running.add(since);
    try {
      return await work(since);
    } finally {
      this.running.delete(since);
      if (this.running.size === 0) {
        this.tokenForgottenAt.clear();
        this.userForgottenAt.clear();
      }
    }
  }

  /**
   * Runs `work` (tracked, see track) unless the same key is already being worked on, in which case its
   * promise is shared. Besides saving calls this matters for RefreshToken: the login service honours a
   * refresh once (the old token is revoked), so two parallel refreshes of one token would leave the
   * second request clearing the cookie the first one just set. `aboutToken`: the key of the token the
   * work is about; forgetting that token detaches the work, so that nobody joins it afterwards.
   */
  shared<T>(key: string, work: (since: Moment) => Promise<T>, aboutToken: string | null = null): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running.promise as Promise<T>;
    const entry: InFlight = { promise: Promise.resolve(), tokenKey: aboutToken };
    const started = this.track(work).finally(() => {
      // a detached entry may have been replaced by newer work under the same key: leave that one
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
    });
    entry.promise = started;
    this.inFlight.set(key, entry);
    return started;
  }

  get sizes(): { tokens: number; networkMisses: number; networkLogins: number; inFlight: number; forgotten: number } {
    return {
      tokens: this.tokens.size,
      networkMisses: this.networkMisses.size,
      networkLogins: this.networkLogins.size,
      inFlight: this.inFlight.size,
      forgotten: this.tokenForgottenAt.size + this.userForgottenAt.size,
    };
  }

  private nextGeneration(): number {
    this.generation += 1;
    return this.generation;
  }

  private forgottenSince(since: Moment, userId: number | null, ...keys: (string | null)[]): boolean {
    if (since.generation < this.floor) return true;
    const after = (mark: number | undefined) => mark !== undefined && mark > since.generation;
    if (userId !== null && after(this.userForgottenAt.get(userId))) return true;
    return keys.some((key) => key !== null && after(this.tokenForgottenAt.get(key)));
  }

  /**
   * The marks matter only to work begun before them. Nothing running: none matter (track clears them).
   * Too many (a flood of logouts while some call hangs until its timeout): drop those older than all
   * running work, and if that is not enough, drop them all and let no work begun so far store anything.
   */
  private pruneMarks(): void {
    if (this.running.size === 0) {
      this.tokenForgottenAt.clear();
      this.userForgottenAt.clear();
      return;
    }
    if (this.tokenForgottenAt.size + this.userForgottenAt.size <= this.maxEntries) return;
    let oldest = Infinity;
    for (const moment of this.running) oldest = Math.min(oldest, moment.generation);
    for (const marks of [this.tokenForgottenAt, this.userForgottenAt] as Map<unknown, number>[]) {
      for (const [key, mark] of marks) if (mark <= oldest) marks.delete(key);
    }
    if (this.tokenForgottenAt.size + this.userForgottenAt.size > this.maxEntries) {
      this.floor = this.generation;
      this.tokenForgottenAt.clear();
      this.userForgottenAt.clear();
    }
  }
}
