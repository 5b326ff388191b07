/** The visit log of every route change, kept for the statistics of later issues. */
import type { Database } from 'better-sqlite3';
import type { VisitLogInput, VisitLogRecord } from './records';
import { statementCache } from './statements';

export interface VisitLogStore {
  /** returns the new log id */
  insert(log: VisitLogInput, createdAt: number): number;
  get(id: number): VisitLogRecord | undefined;
}

export function createVisitLogStore(db: Database): VisitLogStore {
  const prepare = statementCache(db);
  return {
    insert(log, createdAt) {
      const result = prepare(
        `INSERT INTO visit_logs (act_id, customer_code, customer_id, customer_name, module_name, page_url,
           previous_page_url, product_ids, source_type, user_id, user_name, client_ip, created_at)
         VALUES (@actId, @customerCode, @customerId, @customerName, @moduleName, @pageUrl,
           @previousPageUrl, @productIds, @sourceType, @userId, @userName, @clientIp, @createdAt)`,
      ).run({ ...log, createdAt });
      return Number(result.lastInsertRowid);
    },
    get(id) {
      return prepare(
        `SELECT id, act_id AS actId, customer_code AS customerCode, customer_id AS customerId,
           customer_name AS customerName, module_name AS moduleName, page_url AS pageUrl,
           previous_page_url AS previousPageUrl, product_ids AS productIds, source_type AS sourceType,
           user_id AS userId, user_name AS userName, client_ip AS clientIp, created_at AS createdAt
         FROM visit_logs WHERE id = ?`,
      ).get(id) as VisitLogRecord | undefined;
    },
  };
}
