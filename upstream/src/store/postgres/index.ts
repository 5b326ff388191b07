/**
 * The store on PostgreSQL, as far as it goes: the login service's accounts (organisations, users,
 * tokens, login attempts, password-reset requests) and transactions. The rest of the store follows member by member, each checked by the
 * engines' contract tests before a server is wired to it.
 */
import type { Store } from '../index';
import { createPostgresOrganisationStore, createPostgresTokenStore, createPostgresUserStore } from './accounts';
import { connectPostgres, type PostgresOptions } from './connection';
import { createPostgresLoginAttemptStore, createPostgresPasswordResetStore } from './login-records';
import { migratePostgres } from './migrations';

export type AccountStore = Pick<
  Store,
  'organisations' | 'users' | 'tokens' | 'loginAttempts' | 'passwordResets' | 'transaction' | 'immediateTransaction'
> & {
  close(): Promise<void>;
};

/** connects, migrates and answers the account stores on the database at url */
export async function openPostgresAccounts(url: string, options: PostgresOptions = {}): Promise<AccountStore> {
  const connection = connectPostgres(url, options);
  try {
    await migratePostgres(connection);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return {
    organisations: createPostgresOrganisationStore(connection),
    users: createPostgresUserStore(connection),
    tokens: createPostgresTokenStore(connection),
    loginAttempts: createPostgresLoginAttemptStore(connection),
    passwordResets: createPostgresPasswordResetStore(connection),
    transaction: connection.transaction,
    immediateTransaction: connection.immediateTransaction,
    close: connection.close,
  };
}

export { connectPostgres, dropSchema, ensureSchema } from './connection';
export type { PostgresConnection, PostgresOptions } from './connection';
