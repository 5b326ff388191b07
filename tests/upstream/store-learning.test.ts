/**
 * The learning stores on their own (a real SQLite file, the fixture content): note visibility for
 * notes.get and notes.collect, per-user expiry of fragments on its own index, and the find-password
 * requests' indexes, global hourly cap and retention (migration 0004).
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../upstream/src/logger';
import { loadUpstreamConfig } from '../../upstream/src/config';
import {
  createAccountService,
  RESET_REQUEST_RETENTION_MS,
  RESET_REQUESTS_PER_HOUR,
  type AccountService,
} from '../../upstream/src/login-service/services/account-service';
import { createAuthService } from '../../upstream/src/login-service/services/auth-service';
import { DATABASE_FILE, openStore, type Store } from '../../upstream/src/store';
import { FRAGMENT_SQL } from '../../upstream/src/store/fragments';
import { NOTE_TYPE } from '../../upstream/src/store/notes';
import { PASSWORD_RESET_SQL } from '../../upstream/src/store/password-resets';
import { seedIfEmpty } from '../../upstream/src/demo/seed';
import { addUser } from './centre-fixture';
import { fixtureContent } from './fixture';

const DAY = 24 * 3_600_000;
const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

let dataDir: string;
let store: Store;
/** a second connection to the same file, to read query plans and the schema */
let db: Database.Database;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-learning-'));
  store = openStore(dataDir);
  await seedIfEmpty(store, fixtureContent);
  db = new Database(path.join(dataDir, DATABASE_FILE), { readonly: true });
});
afterAll(async () => {
  db.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** the plan SQLite chooses for a statement, one line per step */
const planOf = (sql: string, ...params: unknown[]): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((row) => row.detail).join('\n');

describe('notes: visibility', () => {
  let author: number;
  let reader: number;
  let publicNote: number;
  let privateNote: number;

  beforeAll(async () => {
    author = await addUser(store, 'note-author');
    reader = await addUser(store, 'note-reader');
    const note = async (type: number, content: string) =>
      (await store.notes.insert(
        { userId: author, userName: '作者', videoId: 11, content, vtime: 5, type },
        Date.now(),
      ))!;
    publicNote = await note(NOTE_TYPE.public, '公开的笔记');
    privateNote = await note(NOTE_TYPE.private, '私密的笔记');
  });

  it('get: a public note for anyone, a private one for its author only (else like an unknown id)', async () => {
    expect(await store.notes.get(publicNote, reader)).toMatchObject({ id: publicNote, content: '公开的笔记' });
    expect(await store.notes.get(privateNote, author)).toMatchObject({
      id: privateNote,
      content: '私密的笔记',
      type: NOTE_TYPE.private,
    });
    expect(await store.notes.get(privateNote, reader)).toBeUndefined();
    expect(await store.notes.get(privateNote, 0)).toBeUndefined();
    expect(await store.notes.get(999_999, author)).toBeUndefined();
  });

  it("collect: someone else's private note is refused like an unknown one; a public one is collected once", async () => {
    expect(await store.notes.collect(reader, privateNote, Date.now())).toBe(false);
    expect(await store.notes.count({ userId: reader, kind: 'collected' })).toBe(0);
    const collections = () =>
      (
        db
          .prepare('SELECT count(*) AS n FROM note_collections WHERE user_id = ? AND note_id = ?')
          .get(reader, privateNote) as { n: number }
      ).n;
    expect(collections()).toBe(0);
    expect(await store.notes.collect(reader, 999_999, Date.now())).toBe(false);

    expect(await store.notes.collect(reader, publicNote, Date.now())).toBe(true);
    expect(await store.notes.collect(reader, publicNote, Date.now())).toBe(false);
    expect((await store.notes.get(publicNote, reader))?.collectedByViewer).toBe(true);
  });

  it('collect: the author may keep their own private note', async () => {
    expect(await store.notes.collect(author, privateNote, Date.now())).toBe(true);
    expect((await store.notes.get(privateNote, author))?.collectedByViewer).toBe(true);
  });
});

describe('fragments: expiry per user', () => {
  it('deletes only that user’s expired fragments, through the (user_id, expires_at) index', async () => {
    const now = Date.now();
    const alice = await addUser(store, 'frag-alice');
    const bob = await addUser(store, 'frag-bob');
    const clip = async (userId: number, createdAt: number) =>
      (await store.fragments.insert(
        { userId, videoId: 11, fragmentName: '片段', startTime: 0, endTime: 10, download: 0 },
        createdAt,
      ))!.id;
    const aliceOld = await clip(alice, now - 40 * DAY);
    const aliceNew = await clip(alice, now - DAY);
    const bobOld = await clip(bob, now - 40 * DAY);

    expect((await store.fragments.deleteExpired(now, alice)).map((f) => f.id)).toEqual([aliceOld]);
    expect(await store.fragments.get(aliceNew)).toBeDefined();
    expect(await store.fragments.get(bobOld)).toBeDefined();
    expect((await store.fragments.deleteExpired(now)).map((f) => f.id)).toEqual([bobOld]);

    expect(planOf(FRAGMENT_SQL.expiredOfUser, alice, now)).toContain(
      'USING INDEX fragments_by_user_expiry (user_id=? AND expires_at<?)',
    );
    expect(planOf(FRAGMENT_SQL.expired, now)).toContain('USING INDEX fragments_by_expiry');
    expect(FRAGMENT_SQL.expiredOfUser).not.toContain('IS NULL');
  });
});

describe('password_reset_requests: indexes, global cap, retention', () => {
  let accounts: AccountService;
  let clock: number;

  beforeAll(() => {
    clock = Date.now();
    const config = loadUpstreamConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const auth = createAuthService({ store, config, logger: silent, now: () => clock });
    accounts = createAccountService({ store, auth, logger: silent, now: () => clock });
  });

  it('has the indexes of migration 0004, and its statements use them', () => {
    const indexes = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('fragments', 'password_reset_requests')",
        )
        .all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'fragments_by_user_expiry',
        'password_reset_requests_by_address',
        'password_reset_requests_by_time',
        'password_reset_requests_handled',
      ]),
    );
    expect(planOf(PASSWORD_RESET_SQL.countFromAddress, '203.0.113.1', 0)).toContain(
      'password_reset_requests_by_address (client_ip=? AND created_at>?)',
    );
    expect(planOf(PASSWORD_RESET_SQL.countSince, 0)).toContain('password_reset_requests_by_time (created_at>?)');
    expect(planOf(PASSWORD_RESET_SQL.purgeHandledBefore, 0)).toContain('password_reset_requests_handled');
  });

  it(`stores at most ${RESET_REQUESTS_PER_HOUR} requests an hour from all addresses together; the next hour takes more`, async () => {
    expect(RESET_REQUESTS_PER_HOUR).toBe(200);
    const countAll = async () => (await store.passwordResets.list({ includeHandled: true })).length;
    const before = await countAll();
    // 4 per address, under the per-address limit of 5, from 60 addresses: 240 requests
    for (let i = 0; i < 240; i += 1) {
      await accounts.requestPasswordReset(`user${i}`, '13600000000', `203.0.113.${Math.floor(i / 4)}`);
    }
    expect((await countAll()) - before).toBe(200);
    clock += 3_600_000 + 1;
    await accounts.requestPasswordReset('next-hour', '13600000000', '198.51.100.9');
    expect((await countAll()) - before).toBe(201);
  });

  it('deletes requests handled more than 90 days ago whenever one is stored; open and recent ones stay', async () => {
    expect(RESET_REQUEST_RETENTION_MS).toBe(90 * DAY);
    clock += 2 * 3_600_000;
    const old = await store.passwordResets.add(
      { userName: 'old-done', contact: 'a@b.cn', clientIp: '192.0.2.1' },
      clock - 200 * DAY,
    );
    const oldOpen = await store.passwordResets.add(
      { userName: 'old-open', contact: 'a@b.cn', clientIp: '192.0.2.1' },
      clock - 200 * DAY,
    );
    const recent = await store.passwordResets.add(
      { userName: 'recent-done', contact: 'a@b.cn', clientIp: '192.0.2.1' },
      clock - 100 * DAY,
    );
    await store.passwordResets.markHandled(old, clock - 91 * DAY);
    await store.passwordResets.markHandled(recent, clock - 10 * DAY);

    await accounts.requestPasswordReset('trigger', '13600000000', '192.0.2.2');
    expect(await store.passwordResets.get(old)).toBeUndefined();
    expect(await store.passwordResets.get(oldOpen)).toBeDefined();
    expect(await store.passwordResets.get(recent)).toBeDefined();
  });
});
