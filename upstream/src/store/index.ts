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

export const DATABASE_FILE = 'sizheng.sqlite';

export interface Store {
  readonly dataDir: string;
  /**
   * the SQLite connection, for the engines that keep their tables in the same file and are wired
   * on top of the store by a server's composition root (main-api/data.ts: the search indexes of
   * migration 0005, kept current by triggers, and the AI knowledge base of migration 0008)
   */
  readonly sqlite: Connection;
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
  /** failed password attempts and the addresses accounts signed in from (brute-force protection, migration 0011) */
  readonly loginAttempts: LoginAttemptStore;
  /** learning records of signed-in users (migration 0003) */
  readonly messages: MessageStore;
  readonly notes: NoteStore;
  /** likes and favourites */
  readonly userOperations: UserOperationStore;
  readonly playLogs: PlayLogStore;
  readonly fragments: FragmentStore;
  /** the find-password page's requests for the administrators (migration 0003) */
  readonly passwordResets: PasswordResetStore;
  /** searches per keyword, searcher and day, for the hot keywords (migration 0005) */
  readonly searchLogs: SearchLogStore;
  /** HLS renditions, posters, subtitles, keyframe thumbnails and pipeline jobs (migration 0006) */
  readonly media: MediaStore;
  /** scrolling comments (弹幕) of videos (migration 0007) */
  readonly danmaku: DanmakuStore;
  /** flowQuestion's questions and how their answers ended (migration 0008) */
  readonly aiQuestions: QuestionLog;
  /** AI content of videos and courses, written ahead by the content job (migration 0009) */
  readonly aiContent: AiContentStore;
  /** true while no content has been written (the seeder's "first start" test) */
  isEmpty(): boolean;
  /** runs fn in one transaction (nested calls become savepoints) */
  transaction<T>(fn: () => T): T;
  /** as transaction, but takes the write lock at once (BEGIN IMMEDIATE): a check-then-write that another process may race */
  immediateTransaction<T>(fn: () => T): T;
  /**
   * fn with the write lock tried once instead of waited for (busy_timeout 0, restored after): for
   * background writes, which must not hold up the event loop (and every request) for the 5 s
   * busy timeout while another process (a rebuild, an import) writes. Throws an error with code
   * SQLITE_BUSY when the lock is taken (isBusy): the caller tries again later.
   */
  withoutWaiting<T>(fn: () => T): T;
  close(): void;
}

/** Whether an error is SQLite's "database is locked" (the write lock held by another connection). */
export const isBusy = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');

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
    sqlite: db,
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
    notes: createNoteStore(db),
    userOperations: createUserOperationStore(db),
    playLogs: createPlayLogStore(db),
    fragments: createFragmentStore(db),
    passwordResets: createPasswordResetStore(db),
    searchLogs: createSearchLogStore(db),
    media: createMediaStore(db),
    danmaku: createDanmakuStore(db),
    aiQuestions: createQuestionLog(db),
    aiContent: createAiContentStore(db),
    isEmpty: () => (isEmpty.get() as { empty: number }).empty === 1,
    transaction: (fn) => db.transaction(fn)(),
    immediateTransaction: (fn) => db.transaction(fn).immediate(),
    withoutWaiting(fn) {
      // inside a transaction the lock is held already: nothing to wait for
      if (db.inTransaction) return fn();
      const usual = db.pragma('busy_timeout', { simple: true }) as number;
      db.pragma('busy_timeout = 0');
      try {
        return fn();
      } finally {
        db.pragma(`busy_timeout = ${usual}`);
      }
    },
    close: () => db.close(),
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
export type { PlayLogInput, PlayLogRecord } from './play-logs';
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
