/**
 * Moves a platform that grew on the embedded SQLite file onto PostgreSQL (`npm run admin --
 * migrate-to-postgres`): every table the PostgreSQL schema has is copied from the SQLite file
 * (the columns both have, same names by design), parents before children, in one transaction,
 * then each identity column continues after the highest id copied. The tables' own triggers are
 * off while they are copied (the course counters arrive counted). Derived tables (the search
 * indexes, the AI knowledge base and their queues) are not copied: they are rebuilt from the
 * content. The target must hold no content yet.
 */
import type { Database } from 'better-sqlite3';
import { sql } from 'kysely';
import type { PostgresConnection } from './connection';

export interface CopySummary {
  /** rows copied per table, in the order copied */
  tables: { table: string; rows: number }[];
}

/** tables that are not data of their own */
const NOT_COPIED = new Set(['schema_migrations']);
const BATCH_ROWS = 500;

interface PgColumn {
  table: string;
  column: string;
  type: string;
  identity: boolean;
}

export async function copySqliteToPostgres(sqlite: Database, connection: PostgresConnection): Promise<CopySummary> {
  return connection.transaction(async () => {
    const db = connection.db();
    const { rows: columns } = await sql<PgColumn>`SELECT table_name AS table, column_name AS column, data_type AS type,
        is_identity = 'YES' AS identity
      FROM information_schema.columns WHERE table_schema = current_schema()
      ORDER BY table_name, ordinal_position`.execute(db);
    const { rows: references } = await sql<{ child: string; parent: string }>`SELECT DISTINCT
        tc.table_name AS child, ccu.table_name AS parent
      FROM information_schema.table_constraints tc
      JOIN information_schema.constraint_column_usage ccu
        ON ccu.constraint_name = tc.constraint_name AND ccu.constraint_schema = tc.constraint_schema
      WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()`.execute(db);

    const tables = [...new Set(columns.map((c) => c.table))].filter((t) => !NOT_COPIED.has(t));
    const { rows: present } = await sql<{ n: number }>`SELECT count(*) AS n FROM courses`.execute(db);
    if (Number(present[0]?.n ?? 0) > 0)
      throw new Error('the PostgreSQL database already holds content: migrate into an empty one');

    const summary: CopySummary = { tables: [] };
    for (const table of parentsFirst(tables, references)) {
      const sqliteColumns = new Set(
        (sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map(
          (row) => row.name,
        ),
      );
      if (sqliteColumns.size === 0) continue; // a table this SQLite file does not have (yet)
      const shared = columns.filter((c) => c.table === table && sqliteColumns.has(c.column));
      const names = shared.map((c) => c.column);
      const booleans = new Set(shared.filter((c) => c.type === 'boolean').map((c) => c.column));
      let copied = 0;
      // the copied rows already carry what triggers derive from them (the course counters of likes,
      // favourites and notes): a trigger must not count them again. Foreign keys stay checked.
      await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER USER`.execute(db);
      // names come from the two schemas' own catalogues, never from input
      const select = sqlite.prepare(`SELECT ${names.map((n) => `"${n}"`).join(', ')} FROM "${table}"`);
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await sql`INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))}) VALUES ${sql.join(
          batch.map((row) => sql`(${sql.join(names.map((n) => sql`${row[n]}`))})`),
        )}`.execute(db);
        copied += batch.length;
        batch = [];
      };
      for (const row of select.iterate() as Iterable<Record<string, unknown>>) {
        for (const column of booleans) if (row[column] !== null) row[column] = row[column] === 1;
        batch.push(row);
        if (batch.length >= BATCH_ROWS) await flush();
      }
      await flush();
      await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER USER`.execute(db);
      for (const c of shared.filter((c) => c.identity)) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, ${c.column}), GREATEST(COALESCE(MAX(${sql.ref(c.column)}), 0), 1), MAX(${sql.ref(c.column)}) IS NOT NULL)
          FROM ${sql.table(table)}`.execute(db);
      }
      summary.tables.push({ table, rows: copied });
    }
    return summary;
  });
}

/** the tables in an order where every table comes after those it references */
function parentsFirst(tables: string[], references: { child: string; parent: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const { parent } of references.filter((r) => r.child === table && r.parent !== table)) {
      if (tables.includes(parent)) visit(parent, path);
    }
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, new Set());
  return ordered;
}
