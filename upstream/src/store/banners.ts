/** Home banners in their sort order. */
import type { Database } from 'better-sqlite3';
import type { BannerRecord } from './records';
import { statementCache } from './statements';

export interface BannerStore {
  insert(banner: BannerRecord): void;
  list(limit: number): BannerRecord[];
}

export function createBannerStore(db: Database): BannerStore {
  const prepare = statementCache(db);
  return {
    insert(banner) {
      prepare(
        'INSERT INTO banners (id, title, image, goto_url, sort) VALUES (@id, @title, @image, @gotoUrl, @sort)',
      ).run(banner);
    },
    list(limit) {
      return prepare('SELECT id, title, image, goto_url AS gotoUrl, sort FROM banners ORDER BY sort, id LIMIT ?').all(
        limit,
      ) as BannerRecord[];
    },
  };
}
