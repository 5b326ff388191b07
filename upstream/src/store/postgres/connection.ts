/**
 * The PostgreSQL engine of the store (DATABASE_URL=postgres://…), for platforms that run several
 * main APIs and login services at once. Kysely over node-postgres: a typed query builder that
 * speaks PostgreSQL's dialect, with the plain `sql` tag where a statement is clearer as SQL.
 *
 * Transactions follow the embedded engine's contract (store/index.ts): the store calls made
 * inside `transaction(fn)` run on that transaction's connection (carried by AsyncLocalStorage, so
 * no call site passes it along), nested calls become savepoints, and `immediateTransaction`
 * serialises the check-then-write transactions of every replica on one advisory lock, as SQLite's
 * BEGIN IMMEDIATE serialises them on its write lock.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { PostgresTables } from './tables';

export type Executor = Kysely<PostgresTables> | Transaction<PostgresTables>;

export interface PostgresConnection {
  /** the open transaction's executor inside transaction(fn), else the pool */
  readonly db: () => Executor;
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  immediateTransaction<T>(fn: () => Promise<T>): Promise<T>;
  /** true when the database answers */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** int8 (counts, unix-millisecond times) as numbers: every such value here is below 2^53 */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** the lock that immediateTransaction holds to its end (any constant; this one spells 思政) */
const IMMEDIATE_LOCK = 0x601d_652f;

export interface PostgresOptions {
  /** a schema of its own (created when missing): each test run, or several platforms on one database */
  schema?: string;
  /** connections of this process (default 10) */
  poolSize?: number;
}

export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function connectPostgres(url: string, options: PostgresOptions = {}): PostgresConnection {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`not a schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types,
    // each connection reads and writes this schema (the name is checked above, never user input);
    // no JIT: every statement here is short, and the planner's estimate of a search over a large
    // index (a common word, hundreds of thousands of rows) passes jit_above_cost, so 100–250 ms of
    // compilation came before a query that ran in 10 (upstream/src/search/README.md)
    options: `-c jit=off${schema ? ` -c search_path=${schema}` : ''}`,
  });
  const kysely = new Kysely<PostgresTables>({ dialect: new PostgresDialect({ pool }) });
  const current = new AsyncLocalStorage<Transaction<PostgresTables>>();
  let savepoints = 0;

  const run = async <T>(fn: () => Promise<T>, immediate: boolean): Promise<T> => {
    const open = current.getStore();
    if (open) {
      const name = sql.raw(`nested_${++savepoints}`);
      await sql`SAVEPOINT ${name}`.execute(open);
      try {
        const result = await fn();
        await sql`RELEASE SAVEPOINT ${name}`.execute(open);
        return result;
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(open);
        throw error;
      }
    }
    return kysely.transaction().execute(async (trx) => {
      if (immediate) await sql`SELECT pg_advisory_xact_lock(${IMMEDIATE_LOCK})`.execute(trx);
      return current.run(trx, fn);
    });
  };

  return {
    db: () => current.getStore() ?? kysely,
    transaction: (fn) => run(fn, false),
    immediateTransaction: (fn) => run(fn, true),
    async ping() {
      await sql`SELECT 1`.execute(kysely);
      return true;
    },
    async close() {
      await kysely.destroy();
    },
  };
}

/** creates the schema when missing (tests and shared databases), on a connection of its own */
export async function ensureSchema(url: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`not a schema name: ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await client.end();
  }
}

/** drops a schema and everything in it (tests clean up after themselves) */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`not a schema name: ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
