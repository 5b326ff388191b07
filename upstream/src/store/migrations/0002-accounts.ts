/**
 * Accounts of the login service: organisations with their IP ranges and no-login link (gid),
 * users, issued tokens and the failed-login record behind brute-force protection.
 * Passwords and tokens are never stored in clear: users keep a self-describing scrypt hash,
 * tokens only their SHA-256. Times are unix milliseconds, as in 0001.
 */
export const accounts = `
CREATE TABLE organisations (
  com_id     INTEGER PRIMARY KEY,
  name       TEXT    NOT NULL,
  com_code   TEXT    NOT NULL DEFAULT '',
  -- the no-login link's id (/DissimilarLogin.aspx?gid=...); random unless an operator picks one
  gid        TEXT    NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(16)))),
  enabled    INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at INTEGER NOT NULL
);

-- CIDR text as written by the operator (canonical form); matching is done in code, where
-- prefix arithmetic over IPv4, IPv6 and IPv4-mapped IPv6 is exact.
CREATE TABLE organisation_ip_ranges (
  id     INTEGER PRIMARY KEY,
  com_id INTEGER NOT NULL REFERENCES organisations (com_id) ON DELETE CASCADE,
  cidr   TEXT    NOT NULL,
  UNIQUE (com_id, cidr)
);

CREATE TABLE users (
  user_id             INTEGER PRIMARY KEY,
  user_name           TEXT    NOT NULL COLLATE NOCASE UNIQUE,
  -- "scrypt$N$r$p$salt$hash" (base64url); NULL = no password login (an organisation's network identity)
  password_hash       TEXT,
  user_type           INTEGER NOT NULL CHECK (user_type IN (1, 2)),  -- 1 personal, 2 organisation member
  com_id              INTEGER REFERENCES organisations (com_id),
  real_name           TEXT    NOT NULL DEFAULT '',
  phone               TEXT    NOT NULL DEFAULT '',
  email               TEXT    NOT NULL DEFAULT '',
  head_picture        TEXT    NOT NULL DEFAULT '',
  gender              INTEGER NOT NULL DEFAULT 2 CHECK (gender IN (0, 1, 2)),
  address             TEXT    NOT NULL DEFAULT '',
  birthday            TEXT    NOT NULL DEFAULT '',
  school              TEXT    NOT NULL DEFAULT '',
  major               TEXT    NOT NULL DEFAULT '',
  class_name          TEXT    NOT NULL DEFAULT '',
  student_id          TEXT    NOT NULL DEFAULT '',
  info                TEXT    NOT NULL DEFAULT '',
  qq_bind_state       INTEGER NOT NULL DEFAULT 0,
  weixin_bind_state   INTEGER NOT NULL DEFAULT 0,
  weibo_bind_state    INTEGER NOT NULL DEFAULT 0,
  enabled             INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  -- the network identity of an organisation (one per organisation, created on demand)
  org_identity_of     INTEGER UNIQUE REFERENCES organisations (com_id),
  created_at          INTEGER NOT NULL
);
CREATE INDEX users_by_organisation ON users (com_id);

CREATE TABLE tokens (
  token_hash   TEXT    PRIMARY KEY,                -- hex SHA-256 of the token; the token itself is never stored
  user_id      INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  kind         TEXT    NOT NULL CHECK (kind IN ('password', 'network', 'company')),  -- how the session began; kept across refreshes
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX tokens_by_user ON tokens (user_id);
CREATE INDEX tokens_by_expiry ON tokens (expires_at);

-- One row per failed password login; counted per account key (lower-cased user name, also for
-- names that do not exist, so answers do not reveal which accounts exist) and per address.
CREATE TABLE login_failures (
  id          INTEGER PRIMARY KEY,
  account_key TEXT    NOT NULL,
  client_ip   TEXT    NOT NULL,
  created_at  INTEGER NOT NULL
);
CREATE INDEX login_failures_by_account ON login_failures (account_key, created_at);
CREATE INDEX login_failures_by_address ON login_failures (client_ip, created_at);

CREATE TABLE login_locks (
  scope        TEXT    NOT NULL CHECK (scope IN ('account', 'address')),
  subject      TEXT    NOT NULL,
  locked_until INTEGER NOT NULL,
  PRIMARY KEY (scope, subject)
) WITHOUT ROWID;
`;
