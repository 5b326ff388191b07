/**
 * Brute-force protection that slows guessers down without locking owners out (upstream/API.md
 * "Brute-force protection"). Nothing is ever locked: every counter answers with a wait before the
 * next attempt is even checked, and the wait doubles with each failure beyond a few, up to a cap.
 *
 * - One account from one address (the pair): 3 failures are answered at once, then 5 s, 10 s,
 *   20 s ... up to 15 minutes. A right password from there clears the pair.
 * - One address, whatever the accounts (spraying one password over many names): 20 failures within
 *   an hour, then the same doubling.
 * - One account, whatever the addresses: a high backstop against guessing from many addresses,
 *   100 failures within an hour, then the same doubling.
 *
 * The owner is judged by the pair alone where the guesser cannot reach: from an address the account
 * signed in from with its password before (a known address, remembered 90 days), or with a session
 * of the account (confirming the password to change it or a contact). So a stranger's failures
 * elsewhere, however many, never keep the owner out.
 *
 * The state lives in the store (LoginAttemptStore). The wait is judged and the attempt recorded in
 * one synchronous step, before the (slow, asynchronous) password check: a burst of parallel guesses
 * cannot all pass before any of them is counted. A shared store must keep them one step too.
 */
import { subscriberBlock } from '../../http/cidr';
import type { FailureTally, Store } from '../../store';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface FailureLimit {
  /** failures within the window answered without a wait */
  free: number;
  /** how long a failure counts */
  windowMs: number;
}

export const LOGIN_LIMITS = {
  /** one account from one address; remembered a day, so a guesser waiting out the cap stays at the cap */
  pair: { free: 3, windowMs: DAY },
  /** one address, across accounts */
  address: { free: 20, windowMs: HOUR },
  /** one account, across addresses: the backstop, far above what an owner mistypes */
  account: { free: 100, windowMs: HOUR },
  /** the wait after the first failure beyond the free ones; each further one doubles it */
  firstWaitMs: 5 * SECOND,
  /** the longest wait */
  maxWaitMs: 15 * MINUTE,
  /** how long an address stays known after the account last signed in from it */
  knownAddressMs: 90 * DAY,
} as const;

/** The wait after `failures` failures of a counter that answers `free` of them at once. */
export function waitAfter(failures: number, free: number): number {
  if (failures <= free) return 0;
  const doublings = Math.min(failures - free - 1, 30);
  return Math.min(LOGIN_LIMITS.maxWaitMs, LOGIN_LIMITS.firstWaitMs * 2 ** doublings);
}

/** What is left, at `at`, of the wait a counter's failures impose. */
function remaining(tally: FailureTally, limit: FailureLimit, at: number): number {
  if (tally.latest === null) return 0;
  return Math.max(0, tally.latest + waitAfter(tally.count, limit.free) - at);
}

/** One password attempt as the throttle sees it. */
export interface Attempt {
  /** the lower-cased user name (also of names that do not exist) */
  accountKey: string;
  /** the client's address as the service received it */
  clientIp: string;
  /** the account's user, when there is one */
  userId?: number;
  /** the caller holds a session of this account (a password confirmation) */
  signedIn: boolean;
}

export interface LoginThrottle {
  /**
   * Judges an attempt at `at`: the milliseconds to wait before it may be checked (the attempt is
   * not counted then), or 0, in which case it is counted as a failure at once and the password may
   * be checked.
   */
  admit(attempt: Attempt, at: number): Promise<number>;
  /** the password was right: the pair's failures are forgotten and the address becomes known */
  succeeded(attempt: Attempt & { userId: number }, at: number): Promise<void>;
}

/** How often old failures and addresses are dropped (on an attempt, at most this often). */
const PURGE_EVERY_MS = 10 * MINUTE;

export function createLoginThrottle(store: Store): LoginThrottle {
  const attempts = store.loginAttempts;
  let purgedAt = 0;

  async function purge(at: number): Promise<void> {
    if (at - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = at;
    const longest = Math.max(LOGIN_LIMITS.pair.windowMs, LOGIN_LIMITS.address.windowMs, LOGIN_LIMITS.account.windowMs);
    await attempts.purge(at - longest, at - LOGIN_LIMITS.knownAddressMs);
  }

  /** the owner's way in: a session of the account, or an address it signed in from before */
  async function owner(attempt: Attempt, address: string, at: number): Promise<boolean> {
    if (attempt.signedIn) return true;
    return (
      attempt.userId !== undefined &&
      (await attempts.isKnownAddress(attempt.userId, address, at - LOGIN_LIMITS.knownAddressMs))
    );
  }

  return {
    async admit(attempt, at) {
      await purge(at);
      const address = subscriberBlock(attempt.clientIp);
      const { pair, address: perAddress, account } = LOGIN_LIMITS;
      // check and count as one: guesses sent in parallel (to several login services, on PostgreSQL)
      // must each see the ones before them
      return store.immediateTransaction(async () => {
        let wait = remaining(await attempts.failuresOfPair(attempt.accountKey, address, at - pair.windowMs), pair, at);
        if (!(await owner(attempt, address, at))) {
          wait = Math.max(
            wait,
            remaining(await attempts.failuresOfAddress(address, at - perAddress.windowMs), perAddress, at),
            remaining(await attempts.failuresOfAccount(attempt.accountKey, at - account.windowMs), account, at),
          );
        }
        if (wait > 0) return wait;
        await attempts.recordFailure(attempt.accountKey, address, at);
        return 0;
      });
    },

    async succeeded(attempt, at) {
      const address = subscriberBlock(attempt.clientIp);
      await store.transaction(async () => {
        await attempts.clearPair(attempt.accountKey, address);
        await attempts.rememberAddress(attempt.userId, address, at);
      });
    },
  };
}
