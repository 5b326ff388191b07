/**
 * The main API's data, composed: the store (the floor: content, accounts, learning records) with
 * the engines that read it wired on top, the search indexes (search/) and the AI knowledge base
 * (ai/knowledge). The store knows neither; this module is where the two meet, so that another
 * store (PostgreSQL) brings its own engines here. The main API's server, its CLIs and the tests
 * that search or ask open the data with openMainApiData; the login service needs the store only.
 */
import { createKnowledgeBase, type KnowledgeBase } from '../ai/knowledge/knowledge-base';
import { createSqliteSearchEngine, type SearchEngine } from '../search/engine';
import { openStore, type SqliteStore, type Store } from '../store';

export interface MainApiData extends Store {
  /** the search indexes over the content (migration 0005): FTS5 on the store's file, kept current by triggers */
  readonly search: SearchEngine;
  /** the AI knowledge base: chunks of the course material for answers (migration 0008 and on) */
  readonly knowledge: KnowledgeBase;
}

/** the engines over an open store; closing the result closes the store */
export function withEngines(store: SqliteStore): MainApiData {
  // the store is a plain object of stores and functions (no getters): spreading it keeps every member
  return { ...store, search: createSqliteSearchEngine(store.sqlite), knowledge: createKnowledgeBase(store.sqlite) };
}

/** opens (and migrates) the store under dataDir with its engines */
export function openMainApiData(dataDir: string): MainApiData {
  return withEngines(openStore(dataDir));
}
