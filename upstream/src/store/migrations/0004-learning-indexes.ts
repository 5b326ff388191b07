/**
 * Indexes for the per-user and per-address questions of 0003's tables:
 * - a user's expired fragments, deleted whenever their list is read (fragments.deleteExpired per user);
 * - the find-password page's limits: requests from one address within the hour, and from everyone
 *   within the hour; and its retention, which deletes requests handled more than 90 days ago.
 */
export const learningIndexes = `
CREATE INDEX fragments_by_user_expiry ON fragments (user_id, expires_at);
CREATE INDEX password_reset_requests_by_address ON password_reset_requests (client_ip, created_at);
CREATE INDEX password_reset_requests_by_time ON password_reset_requests (created_at);
CREATE INDEX password_reset_requests_handled ON password_reset_requests (handled_at) WHERE handled_at IS NOT NULL;
`;
