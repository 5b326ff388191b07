/**
 * The login service's accounts on PostgreSQL: organisations, users and tokens, answering as the
 * embedded engine's stores do (store/organisations.ts, users.ts, tokens.ts: the same records,
 * the same rules), checked by the same contract tests (tests/upstream/store-engines.test.ts).
 */
import { sql, type Updateable } from 'kysely';
import type { Async } from '../async-door';
import type { OrganisationRecord, OrganisationStore } from '../organisations';
import type { TokenStore } from '../tokens';
import type { OAuthProviderKey, UserRecord, UserStore, UserType } from '../users';
import type { PostgresConnection } from './connection';
import type { UsersTable } from './tables';

const changed = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }): number =>
  Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

export function createPostgresOrganisationStore(connection: PostgresConnection): Async<OrganisationStore> {
  const { db } = connection;
  const selectOrganisation = () =>
    db()
      .selectFrom('organisations')
      .select(['com_id as comId', 'name', 'com_code as comCode', 'gid', 'enabled', 'created_at as createdAt']);
  type Row = Omit<OrganisationRecord, 'ipRanges'>;

  const withRanges = async (rows: Row[]): Promise<OrganisationRecord[]> => {
    if (rows.length === 0) return [];
    const ranges = await db()
      .selectFrom('organisation_ip_ranges')
      .select(['com_id', 'cidr'])
      .where(
        'com_id',
        'in',
        rows.map((row) => row.comId),
      )
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, ipRanges: ranges.filter((r) => r.com_id === row.comId).map((r) => r.cidr) }));
  };
  const one = async (row: Row | undefined) => (row ? (await withRanges([row]))[0] : undefined);

  const store: Async<OrganisationStore> = {
    insert: (org, createdAt) =>
      connection.transaction(async () => {
        const { com_id: comId } = await db()
          .insertInto('organisations')
          .values({ name: org.name, com_code: org.comCode, gid: org.gid, enabled: org.enabled, created_at: createdAt })
          .returning('com_id')
          .executeTakeFirstOrThrow();
        if (org.ipRanges.length > 0) {
          await db()
            .insertInto('organisation_ip_ranges')
            .values(org.ipRanges.map((cidr) => ({ com_id: comId, cidr })))
            .onConflict((conflict) => conflict.doNothing())
            .execute();
        }
        return (await store.get(comId))!;
      }),
    get: async (comId) => one(await selectOrganisation().where('com_id', '=', comId).executeTakeFirst()),
    getByGid: async (gid) => one(await selectOrganisation().where('gid', '=', gid).executeTakeFirst()),
    list: async () => withRanges(await selectOrganisation().orderBy('com_id').execute()),
    setEnabled: async (comId, enabled) =>
      changed(await db().updateTable('organisations').set({ enabled }).where('com_id', '=', comId).executeTakeFirst()) >
      0,
    enabledRanges: () =>
      db()
        .selectFrom('organisation_ip_ranges as r')
        .innerJoin('organisations as o', 'o.com_id', 'r.com_id')
        .select(['r.com_id as comId', 'r.cidr'])
        .where('o.enabled', '=', true)
        .orderBy('r.com_id')
        .orderBy('r.id')
        .execute(),
  };
  return store;
}

const BIND_COLUMNS = {
  qq: 'qq_bind_state',
  weixin: 'weixin_bind_state',
  weibo: 'weibo_bind_state',
} as const satisfies Record<OAuthProviderKey, string>;

export function createPostgresUserStore(connection: PostgresConnection): Async<UserStore> {
  const { db } = connection;
  const selectUser = () =>
    db()
      .selectFrom('users')
      .select([
        'user_id as userId',
        'user_name as userName',
        'user_type as userType',
        'com_id as comId',
        'real_name as realName',
        'phone',
        'email',
        'head_picture as headPicture',
        'gender',
        'address',
        'birthday',
        'school',
        'major',
        'class_name as className',
        'student_id as studentId',
        'info',
        'qq_bind_state as qqBindState',
        'weixin_bind_state as weixinBindState',
        'weibo_bind_state as weiboBindState',
        'enabled',
        'org_identity_of as orgIdentityOf',
        'created_at as createdAt',
        sql<boolean>`password_hash IS NOT NULL`.as('hasPassword'),
      ]);
  type Row = Omit<UserRecord, 'userType'> & { userType: number };
  const toRecord = (row: Row | undefined): UserRecord | undefined =>
    row && { ...row, userType: row.userType as UserType };
  const update = async (userId: number, values: Updateable<UsersTable>) =>
    changed(await db().updateTable('users').set(values).where('user_id', '=', userId).executeTakeFirst()) > 0;

  const store: Async<UserStore> = {
    async insert(user, createdAt) {
      const { user_id: userId } = await db()
        .insertInto('users')
        .values({
          user_name: user.userName,
          password_hash: user.passwordHash,
          user_type: user.userType,
          com_id: user.comId,
          real_name: user.realName ?? '',
          org_identity_of: user.orgIdentityOf ?? null,
          created_at: createdAt,
        })
        .returning('user_id')
        .executeTakeFirstOrThrow();
      return (await store.get(userId))!;
    },
    get: async (userId) => toRecord(await selectUser().where('user_id', '=', userId).executeTakeFirst()),
    // ASCII case only, as the embedded engine's COLLATE NOCASE (lower() would also fold other letters)
    getByName: async (userName) =>
      toRecord(
        await selectUser()
          .where(
            sql<string>`translate(user_name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`,
            '=',
            asciiLower(userName),
          )
          .executeTakeFirst(),
      ),
    orgIdentity: async (comId) => toRecord(await selectUser().where('org_identity_of', '=', comId).executeTakeFirst()),
    list: async () => (await selectUser().orderBy('user_id').execute()).map((row) => toRecord(row)!),
    async passwordHashOf(userId) {
      const row = await db()
        .selectFrom('users')
        .select('password_hash')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.password_hash ?? null;
    },
    setPasswordHash: (userId, hash) => update(userId, { password_hash: hash }),
    setEnabled: (userId, enabled) => update(userId, { enabled }),
    updateProfile: (userId, p) =>
      update(userId, {
        real_name: p.realName,
        gender: p.gender,
        address: p.address,
        birthday: p.birthday,
        school: p.school,
        major: p.major,
        class_name: p.className,
        student_id: p.studentId,
        info: p.info,
      }),
    setHeadPicture: (userId, url) => update(userId, { head_picture: url }),
    setBindState: (userId, provider, bound) =>
      update(userId, { [BIND_COLUMNS[provider]]: bound ? 1 : 0 } as Updateable<UsersTable>),
    setEmail: (userId, email) => update(userId, { email }),
    setPhone: (userId, phone) => update(userId, { phone }),
  };
  return store;
}

/** lower-cases A-Z only */
const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

export function createPostgresTokenStore(connection: PostgresConnection): Async<TokenStore> {
  const { db } = connection;
  const removed = async (query: Promise<{ numDeletedRows: bigint }>) => Number((await query).numDeletedRows);
  return {
    async insert(token) {
      await db()
        .insertInto('tokens')
        .values({
          token_hash: token.tokenHash,
          user_id: token.userId,
          kind: token.kind,
          created_at: token.createdAt,
          expires_at: token.expiresAt,
          last_used_at: token.lastUsedAt,
        })
        .execute();
    },
    get: (tokenHash) =>
      db()
        .selectFrom('tokens')
        .select([
          'token_hash as tokenHash',
          'user_id as userId',
          'kind',
          'created_at as createdAt',
          'expires_at as expiresAt',
          'last_used_at as lastUsedAt',
        ])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),
    async touch(tokenHash, lastUsedAt) {
      await db().updateTable('tokens').set({ last_used_at: lastUsedAt }).where('token_hash', '=', tokenHash).execute();
    },
    setExpiry: async (tokenHash, expiresAt) =>
      changed(
        await db()
          .updateTable('tokens')
          .set({ expires_at: expiresAt })
          .where('token_hash', '=', tokenHash)
          .executeTakeFirst(),
      ) > 0,
    revoke: async (tokenHash) =>
      (await removed(db().deleteFrom('tokens').where('token_hash', '=', tokenHash).executeTakeFirst())) > 0,
    revokeAllOf: (userId) => removed(db().deleteFrom('tokens').where('user_id', '=', userId).executeTakeFirst()),
    revokeOthersOf: (userId, keep) =>
      removed(
        db().deleteFrom('tokens').where('user_id', '=', userId).where('token_hash', '<>', keep).executeTakeFirst(),
      ),
    purgeExpired: (before) => removed(db().deleteFrom('tokens').where('expires_at', '<', before).executeTakeFirst()),
    async countOf(userId) {
      const row = await db()
        .selectFrom('tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
