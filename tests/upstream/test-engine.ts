/**
 * The store engine the upstream's contract tests run on: the embedded SQLite file (the default),
 * or PostgreSQL when TEST_STORE_ENGINE=postgres (the `upstream-postgres` Vitest project sets it;
 * TEST_DATABASE_URL names the server, each store a schema of its own, dropped after).
 */
import { randomUUID } from 'node:crypto';
import { openStore, type Store } from '../../upstream/src/store';
import { dropSchema, ensureSchema, openPostgresStore } from '../../upstream/src/store/postgres';

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
