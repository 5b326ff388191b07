/**
 * The data-access layer of the upstream: one SQLite file under DATA_DIR, opened in WAL mode
 * with foreign keys on, migrated on open. Services talk to the per-entity stores below and
 * never write SQL themselves, so another database can replace this module later.
 */
import Database, { type Database as Connection } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createQuestionLog, type QuestionLog } from './ai-questions';
import { createAiContentStore, type AiContentStore } from './ai-content';
import { createBannerStore, type BannerStore } from './banners';
import { createCatalogueStore, type CatalogueStore } from './catalogues';
import { createCourseStore, type CourseStore } from './courses';
import { createDanmakuStore, type DanmakuStore } from './danmaku';
import { createFragmentStore, type FragmentStore } from './fragments';
import { createLecturerStore, type LecturerStore } from './lecturers';
import { createLoginAttemptStore, type LoginAttemptStore } from './login-attempts';
import { createMediaStore, type MediaStore } from './media';
import { createMessageStore, type MessageStore } from './messages';
import { migrate } from './migrate';
import { createNoteStore, type NoteStore } from './notes';
import { createOrganisationStore, type OrganisationStore } from './organisations';
import { createPlayLogStore, type PlayLogStore } from './play-logs';
import { createPasswordResetStore, type PasswordResetStore } from './password-resets';
import { createSearchLogStore, type SearchLogStore } from './search-logs';
import { createTokenStore, type TokenStore } from './tokens';
import { createTopicStore, type TopicStore } from './topics';
import { createUserOperationStore, type UserOperationStore } from './user-operations';
import { createUserStore, type UserStore } from './users';
import { createVideoStore, type VideoStore } from './videos';
import { createVisitLogStore, type VisitLogStore } from './visit-logs';
import { asyncDoor, TransactionGate, type Async } from './async-door';

export const DATABASE_FILE = 'sizheng.sqlite';

export interface Store {
  readonly dataDir: string;
  /** DATA_DIR/media: images, and later HLS renditions and subtitles */
  readonly mediaDir: string;
  readonly catalogues: Async<CatalogueStore>;
  readonly lecturers: Async<LecturerStore>;
  readonly courses: Async<CourseStore>;
  readonly videos: Async<VideoStore>;
  readonly topics: Async<TopicStore>;
  readonly banners: Async<BannerStore>;
  readonly visitLogs: Async<VisitLogStore>;
  /** accounts of the login service (migration 0002) */
  readonly organisations: Async<OrganisationStore>;
  readonly users: Async<UserStore>;
  readonly tokens: Async<TokenStore>;
  /** failed password attempts and the addresses accounts signed in from (brute-force protection, migration 0011) */
  readonly loginAttempts: Async<LoginAttemptStore>;
  /** learning records of signed-in users (migration 0003) */
  readonly messages: Async<MessageStore>;
  readonly notes: Async<NoteStore>;
  /** likes and favourites */
  readonly userOperations: Async<UserOperationStore>;
  readonly playLogs: Async<PlayLogStore>;
  readonly fragments: Async<FragmentStore>;
  /** the find-password page's requests for the administrators (migration 0003) */
  readonly passwordResets: Async<PasswordResetStore>;
  /** searches per keyword, searcher and day, for the hot keywords (migration 0005) */
  readonly searchLogs: Async<SearchLogStore>;
  /** HLS renditions, posters, subtitles, keyframe thumbnails and pipeline jobs (migration 0006) */
  readonly media: Async<MediaStore>;
  /** scrolling comments (弹幕) of videos (migration 0007) */
  readonly danmaku: Async<DanmakuStore>;
  /** flowQuestion's questions and how their answers ended (migration 0008) */
  readonly aiQuestions: Async<QuestionLog>;
  /** AI content of videos and courses, written ahead by the content job (migration 0009) */
  readonly aiContent: Async<AiContentStore>;
  /** true while no content has been written (the seeder's "first start" test) */
  isEmpty(): Promise<boolean>;
  /**
   * runs fn in one transaction (nested calls become savepoints); the store's calls made from fn
   * belong to it, everyone else's wait until it ends. fn should await only the store: a transaction
   * holds the embedded engine's only connection.
   */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** as transaction, but takes the write lock at once (BEGIN IMMEDIATE): a check-then-write that another process may race */
  immediateTransaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * fn with the write lock tried once instead of waited for (busy_timeout 0, restored after): for
   * background writes, which must not hold up the event loop (and every request) for the 5 s
   * busy timeout while another process (a rebuild, an import) writes. Throws an error with code
   * SQLITE_BUSY when the lock is taken (isBusy): the caller tries again later.
   */
  withoutWaiting<T>(fn: () => Promise<T>): Promise<T>;
  /** resolves when the database answers (the servers' /readyz), rejects when it does not */
  ping(): Promise<void>;
  /** false once closed (work that outlives a request stops instead of failing) */
  isOpen(): boolean;
  /** closes the connection (the pool); the store answers nothing after */
  close(): Promise<void>;
}

/** The embedded engine's store: one SQLite file under DATA_DIR. */
export interface SqliteStore extends Store {
  /**
   * the SQLite connection, for the engines that keep their tables in the same file and are wired
   * on top of the store by a server's composition root (main-api/data.ts: the search indexes of
   * migration 0005, kept current by triggers, and the AI knowledge base of migration 0008)
   */
  readonly sqlite: Connection;
}

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null ? String((error as { code?: unknown }).code) : '';

/**
 * Whether an error is "the lock is taken": SQLite's "database is locked" (the write lock held by
 * another connection), PostgreSQL's lock_not_available (55P03, a lock_timeout ran out).
 */
export const isBusy = (error: unknown): boolean => codeOf(error).startsWith('SQLITE_BUSY') || codeOf(error) === '55P03';

/** Whether an error is a write that refers to a row that does not exist (a foreign key), in either engine. */
export const isMissingReference = (error: unknown): boolean =>
  codeOf(error) === 'SQLITE_CONSTRAINT_FOREIGNKEY' || codeOf(error) === '23503';

export function openStore(dataDir: string): SqliteStore {
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

  const usualBusyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  const gate = new TransactionGate();
  let savepoints = 0;
  const transaction = <T>(fn: () => Promise<T>, begin: 'BEGIN' | 'BEGIN IMMEDIATE'): Promise<T> => {
    if (gate.inside()) {
      // nested: a savepoint of the open transaction
      const name = `nested_${++savepoints}`;
      db.exec(`SAVEPOINT ${name}`);
      return fn().then(
        (result) => {
          db.exec(`RELEASE ${name}`);
          return result;
        },
        (error: unknown) => {
          db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
          throw error;
        },
      );
    }
    return gate.exclusive(fn, {
      begin: () => db.exec(begin),
      end: () => db.exec('COMMIT'),
      abort: () => {
        if (db.inTransaction) db.exec('ROLLBACK');
      },
    });
  };

  return {
    dataDir: root,
    sqlite: db,
    mediaDir,
    catalogues: asyncDoor(createCatalogueStore(db), gate),
    lecturers: asyncDoor(createLecturerStore(db), gate),
    courses: asyncDoor(createCourseStore(db), gate),
    videos: asyncDoor(createVideoStore(db), gate),
    topics: asyncDoor(createTopicStore(db), gate),
    banners: asyncDoor(createBannerStore(db), gate),
    visitLogs: asyncDoor(createVisitLogStore(db), gate),
    organisations: asyncDoor(createOrganisationStore(db), gate),
    users: asyncDoor(createUserStore(db), gate),
    tokens: asyncDoor(createTokenStore(db), gate),
    loginAttempts: asyncDoor(createLoginAttemptStore(db), gate),
    messages: asyncDoor(createMessageStore(db), gate),
    notes: asyncDoor(createNoteStore(db), gate),
    userOperations: asyncDoor(createUserOperationStore(db), gate),
    playLogs: asyncDoor(createPlayLogStore(db), gate),
    fragments: asyncDoor(createFragmentStore(db), gate),
    passwordResets: asyncDoor(createPasswordResetStore(db), gate),
    searchLogs: asyncDoor(createSearchLogStore(db), gate),
    media: asyncDoor(createMediaStore(db), gate),
    danmaku: asyncDoor(createDanmakuStore(db), gate),
    aiQuestions: asyncDoor(createQuestionLog(db), gate),
    aiContent: asyncDoor(createAiContentStore(db), gate),
    isEmpty: () => gate.run(() => (isEmpty.get() as { empty: number }).empty === 1),
    transaction: (fn) => transaction(fn, 'BEGIN'),
    immediateTransaction: (fn) => transaction(fn, 'BEGIN IMMEDIATE'),
    async withoutWaiting(fn) {
      // inside a transaction the lock is held already: nothing to wait for
      if (gate.inside()) return fn();
      return gate.exclusive(fn, {
        begin: () => db.pragma('busy_timeout = 0'),
        end: () => db.pragma(`busy_timeout = ${usualBusyTimeout}`),
        abort: () => db.pragma(`busy_timeout = ${usualBusyTimeout}`),
      });
    },
    ping: () => gate.run(() => void db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get()),
    isOpen: () => db.open,
    close: async () => {
      db.close();
    },
  };
}

export type { CourseOrder, CourseFilter } from './courses';
export type { LecturerOrder, LecturerFilter } from './lecturers';
export type * from './records';
export type { OrganisationRecord, OrganisationInput } from './organisations';
export type { UserRecord, UserInput, UserType } from './users';
export type { ProfileInput, OAuthProviderKey } from './users';
export type { PasswordResetRecord, PasswordResetInput } from './password-resets';
export type { TokenRecord, TokenKind } from './tokens';
export type { MessageInput, MessageRecord } from './messages';
export type { NoteInput, NoteKind, NoteQuery, NoteRecord } from './notes';
export type { FavouriteCourseRecord, OperateType, UserOperationInput } from './user-operations';
export type { PlayLogInput, PlayLogOutcome, PlayLogRecord } from './play-logs';
export type { FragmentInput, FragmentRecord } from './fragments';
export type { KnowledgePointKey, NewVideo, StoredKeyframe, StoredVideo, VideoSummary } from './videos';
export type { DanmakuInput, DanmakuRecord } from './danmaku';
export type { AiContentVideoRef, AiCourseContentRecord, AiKeyPoint, AiVideoContentRecord } from './ai-content';
export type { FragmentReservation } from './fragments';
export type { VideoOperationState } from './user-operations';
export type { VideoNoteQuery } from './notes';
export type { HotKeywordRecord } from './search-logs';
export type { FailureTally } from './login-attempts';
export type { KeyframeImage, MediaJobRecord, MediaQuality, VideoMediaRecord } from './media';
