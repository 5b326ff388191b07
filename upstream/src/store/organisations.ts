/** Organisations (schools, libraries) with their IP ranges and no-login link id (gid). */
import type { Database } from 'better-sqlite3';
import { statementCache } from './statements';

export interface OrganisationRecord {
  comId: number;
  name: string;
  comCode: string;
  gid: string;
  enabled: boolean;
  createdAt: number;
  /** canonical CIDR text, in insertion order */
  ipRanges: string[];
}

export interface OrganisationInput {
  name: string;
  comCode: string;
  /** undefined: the store picks a random one */
  gid?: string;
  enabled: boolean;
  ipRanges: string[];
}

export interface IpRangeRow {
  comId: number;
  cidr: string;
}

export interface OrganisationStore {
  /** returns the new organisation */
  insert(org: OrganisationInput, createdAt: number): OrganisationRecord;
  get(comId: number): OrganisationRecord | undefined;
  getByGid(gid: string): OrganisationRecord | undefined;
  list(): OrganisationRecord[];
  setEnabled(comId: number, enabled: boolean): boolean;
  /** every range of every enabled organisation (the IPAutoLogin lookup) */
  enabledRanges(): IpRangeRow[];
}

interface OrgRow {
  comId: number;
  name: string;
  comCode: string;
  gid: string;
  enabled: number;
  createdAt: number;
}

const COLUMNS = 'com_id AS comId, name, com_code AS comCode, gid, enabled, created_at AS createdAt';

export function createOrganisationStore(db: Database): OrganisationStore {
  const prepare = statementCache(db);
  const ranges = (comId: number) =>
    (
      prepare('SELECT cidr FROM organisation_ip_ranges WHERE com_id = ? ORDER BY id').all(comId) as { cidr: string }[]
    ).map((row) => row.cidr);
  const toRecord = (row: OrgRow | undefined): OrganisationRecord | undefined =>
    row && { ...row, enabled: row.enabled === 1, ipRanges: ranges(row.comId) };

  const store: OrganisationStore = {
    insert(org, createdAt) {
      return db.transaction(() => {
        const result =
          org.gid === undefined
            ? prepare('INSERT INTO organisations (name, com_code, enabled, created_at) VALUES (?, ?, ?, ?)').run(
                org.name,
                org.comCode,
                org.enabled ? 1 : 0,
                createdAt,
              )
            : prepare(
                'INSERT INTO organisations (name, com_code, gid, enabled, created_at) VALUES (?, ?, ?, ?, ?)',
              ).run(org.name, org.comCode, org.gid, org.enabled ? 1 : 0, createdAt);
        const comId = Number(result.lastInsertRowid);
        const addRange = prepare('INSERT OR IGNORE INTO organisation_ip_ranges (com_id, cidr) VALUES (?, ?)');
        for (const cidr of org.ipRanges) addRange.run(comId, cidr);
        return store.get(comId)!;
      })();
    },
    get(comId) {
      return toRecord(
        prepare(`SELECT ${COLUMNS} FROM organisations WHERE com_id = ?`).get(comId) as OrgRow | undefined,
      );
    },
    getByGid(gid) {
      return toRecord(prepare(`SELECT ${COLUMNS} FROM organisations WHERE gid = ?`).get(gid) as OrgRow | undefined);
    },
    list() {
      return (prepare(`SELECT ${COLUMNS} FROM organisations ORDER BY com_id`).all() as OrgRow[]).map((row) =>
        toRecord(row)!,
      );
    },
    setEnabled(comId, enabled) {
      return prepare('UPDATE organisations SET enabled = ? WHERE com_id = ?').run(enabled ? 1 : 0, comId).changes > 0;
    },
    enabledRanges() {
      return prepare(
        `SELECT r.com_id AS comId, r.cidr FROM organisation_ip_ranges r
         JOIN organisations o ON o.com_id = r.com_id WHERE o.enabled = 1 ORDER BY r.com_id, r.id`,
      ).all() as IpRangeRow[];
    },
  };
  return store;
}
