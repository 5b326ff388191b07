/**
 * Which engine a server's store runs on: PostgreSQL when DATABASE_URL is set (several main APIs
 * and login services share it), else the embedded SQLite file under DATA_DIR.
 */
import { openStore, type Store } from './index';
import { openPostgresStore } from './postgres';

export interface StoreLocation {
  dataDir: string;
  /** postgres://… or null for the embedded SQLite file */
  databaseUrl: string | null;
}

export async function openConfiguredStore({ dataDir, databaseUrl }: StoreLocation): Promise<Store> {
  return databaseUrl ? openPostgresStore(databaseUrl, { dataDir }) : openStore(dataDir);
}
