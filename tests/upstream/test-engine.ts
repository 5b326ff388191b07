/**
 * The store engine the upstream's contract tests run on: the embedded SQLite file (the default),
 * or PostgreSQL when TEST_STORE_ENGINE=postgres (the `upstream-postgres` Vitest project sets it;
 * TEST_DATABASE_URL names the server, each store a schema of its own, dropped after).
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sql } from 'kysely';
import { DATABASE_FILE, openStore, type SqliteStore, type Store } from '../../upstream/src/store';
import { dropSchema, ensureSchema, openPostgresStore, type PostgresStore } from '../../upstream/src/store/postgres';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export const STORE_ENGINE: 'sqlite' | 'postgres' = process.env.TEST_STORE_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestStore {
  store: Store;
  /** closes the store and drops what it kept (the PostgreSQL schema; the caller removes dataDir) */
  dispose(): Promise<void>;
}

/** a new, empty, migrated store on the engine under test; media under dataDir */
export async function openTestStore(dataDir: string): Promise<TestStore> {
  if (STORE_ENGINE === 'sqlite') {
    const store = openStore(dataDir);
    return { store, dispose: () => store.close() };
  }
  const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await ensureSchema(TEST_DATABASE_URL, schema);
  const store = await openPostgresStore(TEST_DATABASE_URL, { schema, dataDir, poolSize: 4 });
  return {
    store,
    async dispose() {
      await store.close();
      await dropSchema(TEST_DATABASE_URL, schema);
    },
  };
}

export interface RawConnection {
  /** one SQL statement with ? placeholders, as another process would write it (not through the store) */
  run(text: string, ...params: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** a connection of its own to the store's database: SQLite's file, or PostgreSQL (the test's schema) */
export function rawConnection(store: Store): RawConnection {
  if ('sqlite' in store) {
    const db = new Database(path.join((store as SqliteStore).dataDir, DATABASE_FILE));
    db.pragma('busy_timeout = 5000');
    return {
      run: async (text, ...params) => void db.prepare(text).run(...params),
      close: async () => {
        db.close();
      },
    };
  }
  const { connection } = store as PostgresStore;
  return {
    async run(text, ...params) {
      const parts = text.split('?');
      const statement = sql.join(
        parts.flatMap((part, i) => (i < params.length ? [sql.raw(part), sql`${params[i]}`] : [sql.raw(part)])),
        sql``,
      );
      await statement.execute(connection.db());
    },
    close: async () => {},
  };
}
