/**
 * The store on PostgreSQL (DATABASE_URL=postgres://…): every member of the embedded engine's
 * Store, each answering as its SQLite twin does (the engines' contract tests hold them to it), on
 * one pool per process. Media files stay under DATA_DIR/media (ARCHITECTURE.md: "Media stay under
 * DATA_DIR/media unless configured otherwise"); nothing else is written to DATA_DIR.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Store } from '../index';
import { createPostgresOrganisationStore, createPostgresTokenStore, createPostgresUserStore } from './accounts';
import { createPostgresAiContentStore } from './ai-content';
import { createPostgresQuestionLog } from './ai-questions';
import { connectPostgres, type PostgresConnection, type PostgresOptions } from './connection';
import {
  createPostgresBannerStore,
  createPostgresCatalogueStore,
  createPostgresLecturerStore,
  createPostgresVisitLogStore,
} from './content';
import { createPostgresCourseStore, createPostgresTopicStore } from './courses';
import {
  createPostgresDanmakuStore,
  createPostgresMessageStore,
  createPostgresNoteStore,
  createPostgresUserOperationStore,
} from './learning';
import { createPostgresLoginAttemptStore, createPostgresPasswordResetStore } from './login-records';
import { createPostgresMediaStore } from './media';
import { migratePostgres } from './migrations';
import { createPostgresFragmentStore, createPostgresPlayLogStore } from './play';
import { createPostgresSearchLogStore } from './search-log';
import { createPostgresVideoStore } from './videos';

export type AccountStore = Pick<
  Store,
  'organisations' | 'users' | 'tokens' | 'loginAttempts' | 'passwordResets' | 'transaction' | 'immediateTransaction'
> & {
  close(): Promise<void>;
};

/** The store on PostgreSQL, with its connection for the engines wired on top (search, the AI knowledge base). */
export interface PostgresStore extends Store {
  readonly connection: PostgresConnection;
}

export interface PostgresStoreOptions extends PostgresOptions {
  /** DATA_DIR: its media/ folder holds the media files */
  dataDir: string;
}

/** connects, migrates and answers the whole store on the database at url */
export async function openPostgresStore(url: string, options: PostgresStoreOptions): Promise<PostgresStore> {
  const root = path.resolve(options.dataDir);
  const mediaDir = path.join(root, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const connection = connectPostgres(url, options);
  try {
    await migratePostgres(connection);
  } catch (error) {
    await connection.close();
    throw error;
  }
  let open = true;
  return {
    connection,
    dataDir: root,
    mediaDir,
    catalogues: createPostgresCatalogueStore(connection),
    lecturers: createPostgresLecturerStore(connection),
    courses: createPostgresCourseStore(connection),
    videos: createPostgresVideoStore(connection),
    topics: createPostgresTopicStore(connection),
    banners: createPostgresBannerStore(connection),
    visitLogs: createPostgresVisitLogStore(connection),
    organisations: createPostgresOrganisationStore(connection),
    users: createPostgresUserStore(connection),
    tokens: createPostgresTokenStore(connection),
    loginAttempts: createPostgresLoginAttemptStore(connection),
    messages: createPostgresMessageStore(connection),
    notes: createPostgresNoteStore(connection),
    userOperations: createPostgresUserOperationStore(connection),
    playLogs: createPostgresPlayLogStore(connection),
    fragments: createPostgresFragmentStore(connection),
    passwordResets: createPostgresPasswordResetStore(connection),
    searchLogs: createPostgresSearchLogStore(connection),
    media: createPostgresMediaStore(connection),
    danmaku: createPostgresDanmakuStore(connection),
    aiQuestions: createPostgresQuestionLog(connection),
    aiContent: createPostgresAiContentStore(connection),
    async isEmpty() {
      const { rows } = await sql<{ empty: boolean }>`SELECT NOT EXISTS (SELECT 1 FROM catalogues)
        AND NOT EXISTS (SELECT 1 FROM courses) AS empty`.execute(connection.db());
      return rows[0]!.empty;
    },
    transaction: connection.transaction,
    immediateTransaction: connection.immediateTransaction,
    // PostgreSQL has no database-wide write lock for a background write to wait on: writers wait
    // only for the rows they share, briefly, so the background work simply runs
    withoutWaiting: (fn) => fn(),
    async ping() {
      await connection.ping();
    },
    isOpen: () => open,
    async close() {
      if (!open) return;
      open = false;
      await connection.close();
    },
  };
}

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
