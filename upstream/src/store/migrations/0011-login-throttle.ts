/**
 * Brute-force protection that slows guessers without locking owners out
 * (login-service/services/login-throttle.ts). Failures are judged per account and address
 * together, so the pair gets an index of its own, and are dropped once the longest window has
 * passed (by time). The addresses an account signed in from with its password are remembered: its
 * owner there is judged by the failures from that address alone. Locks are gone: a wait follows
 * from the failures themselves.
 */
export const loginThrottle = `
CREATE INDEX login_failures_by_pair ON login_failures (account_key, client_ip, created_at);
CREATE INDEX login_failures_by_time ON login_failures (created_at);

CREATE TABLE login_known_addresses (
  user_id        INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  -- the address as login_failures.client_ip holds it (an IPv6 address's /64)
  address        TEXT    NOT NULL,
  last_signed_in INTEGER NOT NULL,
  PRIMARY KEY (user_id, address)
) WITHOUT ROWID;
CREATE INDEX login_known_addresses_by_time ON login_known_addresses (last_signed_in);

DROP TABLE login_locks;
`;
