/**
 * The main API's data, composed: the store (the floor: content, accounts, learning records) with
 * the engines that read it wired on top, the search indexes (search/) and the AI knowledge base
 * (ai/knowledge). The store knows neither; this module is where the two meet: the SQLite store
 * gets the engines that keep their tables in its file (FTS5), the PostgreSQL store those that keep
 * theirs in its database (jieba words in tsvectors; BM25 over postings). The main API's server,
 * its CLIs and the tests that search or ask open the data here; the login service needs the store only.
 */
import { createKnowledgeBase, type KnowledgeBase } from '../ai/knowledge/knowledge-base';
import { createPostgresKnowledgeBase } from '../ai/knowledge/postgres-knowledge-base';
import { createSqliteSearchEngine, type SearchEngine } from '../search/engine';
import { createPostgresSearchEngine } from '../search/postgres-engine';
import { openStore, type SqliteStore, type Store } from '../store';
import { openConfiguredStore, type StoreLocation } from '../store/open';
import type { PostgresStore } from '../store/postgres';

export interface MainApiData extends Store {
  /** the search indexes over the content, kept current from a queue of changes their triggers fill */
  readonly search: SearchEngine;
  /** the AI knowledge base: chunks of the course material for answers */
  readonly knowledge: KnowledgeBase;
}

/** the engines over an open SQLite store; closing the result closes the store */
export function withEngines(store: SqliteStore): MainApiData {
  // the store is a plain object of stores and functions (no getters): spreading it keeps every member
  return { ...store, search: createSqliteSearchEngine(store.sqlite), knowledge: createKnowledgeBase(store.sqlite) };
}

/** the engines over an open store of either engine (migrating their tables); closing the result closes the store */
export async function withEnginesOf(store: Store): Promise<MainApiData> {
  if ('sqlite' in store) return withEngines(store as SqliteStore);
  const { connection } = store as PostgresStore;
  return {
    ...store,
    search: await createPostgresSearchEngine(connection),
    knowledge: await createPostgresKnowledgeBase(connection),
  };
}

/** opens (and migrates) the SQLite store under dataDir with its engines */
export function openMainApiData(dataDir: string): MainApiData {
  return withEngines(openStore(dataDir));
}

/** opens the configured store (PostgreSQL at DATABASE_URL, else SQLite under DATA_DIR) with its engines */
export async function openConfiguredMainApiData(location: StoreLocation): Promise<MainApiData> {
  const store = await openConfiguredStore(location);
  try {
    return await withEnginesOf(store);
  } catch (error) {
    await store.close();
    throw error;
  }
}
