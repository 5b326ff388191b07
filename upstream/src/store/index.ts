/**
 * The data-access layer of the upstream: one SQLite file under DATA_DIR, opened in WAL mode
 * with foreign keys on, migrated on open. Services talk to the per-entity stores below and
 * never write SQL themselves, so another database can replace this module later.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createBannerStore, type BannerStore } from './banners';
import { createCatalogueStore, type CatalogueStore } from './catalogues';
import { createCourseStore, type CourseStore } from './courses';
import { createLecturerStore, type LecturerStore } from './lecturers';
import { createLoginAttemptStore, type LoginAttemptStore } from './login-attempts';
import { createMessageStore, type MessageStore } from './messages';
import { migrate } from './migrate';
import { createOrganisationStore, type OrganisationStore } from './organisations';
import { createTokenStore, type TokenStore } from './tokens';
import { createTopicStore, type TopicStore } from './topics';
import { createUserStore, type UserStore } from './users';
import { createVideoStore, type VideoStore } from './videos';
import { createVisitLogStore, type VisitLogStore } from './visit-logs';

export const DATABASE_FILE = 'sizheng.sqlite';

export interface Store {
  readonly dataDir: string;
  /** DATA_DIR/media: images, and later HLS renditions and subtitles */
  readonly mediaDir: string;
  readonly catalogues: CatalogueStore;
  readonly lecturers: LecturerStore;
  readonly courses: CourseStore;
  readonly videos: VideoStore;
  readonly topics: TopicStore;
  readonly banners: BannerStore;
  readonly visitLogs: VisitLogStore;
  /** accounts of the login service (migration 0002) */
  readonly organisations: OrganisationStore;
  readonly users: UserStore;
  readonly tokens: TokenStore;
  readonly loginAttempts: LoginAttemptStore;
  /** learning records of signed-in users (migration 0003) */
  readonly messages: MessageStore;
  /** true while no content has been written (the seeder's "first start" test) */
  isEmpty(): boolean;
  /** runs fn in one transaction (nested calls become savepoints) */
  transaction<T>(fn: () => T): T;
  close(): void;
}

export function openStore(dataDir: string): Store {
  const root = path.resolve(dataDir);
  const mediaDir = path.join(root, 'media');
  mkdirSync(mediaDir, { recursive: true });

  const db = new Database(path.join(root, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // The seeder and the API may open the same file: wait for a lock rather than fail at once.
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  migrate(db);

  const isEmpty = db.prepare(
    'SELECT NOT EXISTS (SELECT 1 FROM catalogues) AND NOT EXISTS (SELECT 1 FROM courses) AS empty',
  );

  return {
    dataDir: root,
    mediaDir,
    catalogues: createCatalogueStore(db),
    lecturers: createLecturerStore(db),
    courses: createCourseStore(db),
    videos: createVideoStore(db),
    topics: createTopicStore(db),
    banners: createBannerStore(db),
    visitLogs: createVisitLogStore(db),
    organisations: createOrganisationStore(db),
    users: createUserStore(db),
    tokens: createTokenStore(db),
    loginAttempts: createLoginAttemptStore(db),
    messages: createMessageStore(db),
    isEmpty: () => (isEmpty.get() as { empty: number }).empty === 1,
    transaction: (fn) => db.transaction(fn)(),
    close: () => db.close(),
  };
}

export type { CourseOrder, CourseFilter } from './courses';
export type { LecturerOrder, LecturerFilter } from './lecturers';
export type * from './records';
export type { OrganisationRecord, OrganisationInput } from './organisations';
export type { UserRecord, UserInput, UserType } from './users';
export type { TokenRecord, TokenKind } from './tokens';
