/**
 * The login service's other records on PostgreSQL: failed password attempts and known addresses
 * (brute-force protection) and the find-password page's requests, answering as the embedded
 * engine's store/login-attempts.ts and store/password-resets.ts do.
 */
import { sql } from 'kysely';
import type { Async } from '../async-door';
import type { FailureTally, LoginAttemptStore } from '../login-attempts';
import type { PasswordResetStore } from '../password-resets';
import type { PostgresConnection } from './connection';

export function createPostgresLoginAttemptStore(connection: PostgresConnection): Async<LoginAttemptStore> {
  const { db } = connection;
  const tally = () =>
    db()
      .selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('latest')]);
  const toTally = (row: { count: number | string; latest: number | null } | undefined): FailureTally => ({
    count: Number(row?.count ?? 0),
    latest: row?.latest ?? null,
  });
  return {
    async recordFailure(accountKey, address, at) {
      await db()
        .insertInto('login_failures')
        .values({ account_key: accountKey, client_ip: address, created_at: at })
        .execute();
    },
    failuresOfPair: async (accountKey, address, since) =>
      toTally(
        await tally()
          .where('account_key', '=', accountKey)
          .where('client_ip', '=', address)
          .where('created_at', '>', since)
          .executeTakeFirst(),
      ),
    failuresOfAddress: async (address, since) =>
      toTally(await tally().where('client_ip', '=', address).where('created_at', '>', since).executeTakeFirst()),
    failuresOfAccount: async (accountKey, since) =>
      toTally(await tally().where('account_key', '=', accountKey).where('created_at', '>', since).executeTakeFirst()),
    async clearPair(accountKey, address) {
      await db()
        .deleteFrom('login_failures')
        .where('account_key', '=', accountKey)
        .where('client_ip', '=', address)
        .execute();
    },
    async rememberAddress(userId, address, at) {
      await db()
        .insertInto('login_known_addresses')
        .values({ user_id: userId, address, last_signed_in: at })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'address']).doUpdateSet({
            last_signed_in: sql`greatest(login_known_addresses.last_signed_in, excluded.last_signed_in)`,
          }),
        )
        .execute();
    },
    isKnownAddress: async (userId, address, since) =>
      (await db()
        .selectFrom('login_known_addresses')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('address', '=', address)
        .where('last_signed_in', '>', since)
        .executeTakeFirst()) !== undefined,
    async purge(failuresBefore, addressesBefore) {
      await db().deleteFrom('login_failures').where('created_at', '<', failuresBefore).execute();
      await db().deleteFrom('login_known_addresses').where('last_signed_in', '<', addressesBefore).execute();
    },
  };
}

export function createPostgresPasswordResetStore(connection: PostgresConnection): Async<PasswordResetStore> {
  const { db } = connection;
  const selectRequest = () =>
    db()
      .selectFrom('password_reset_requests')
      .select([
        'id',
        'user_name as userName',
        'contact',
        'client_ip as clientIp',
        'created_at as createdAt',
        'handled_at as handledAt',
      ]);
  const count = async (query: Promise<{ n: number | string } | undefined>) => Number((await query)?.n ?? 0);
  return {
    add: async (request, createdAt) =>
      (
        await db()
          .insertInto('password_reset_requests')
          .values({
            user_name: request.userName,
            contact: request.contact,
            client_ip: request.clientIp,
            created_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    get: (id) => selectRequest().where('id', '=', id).executeTakeFirst(),
    list: (options = {}) =>
      (options.includeHandled ? selectRequest() : selectRequest().where('handled_at', 'is', null))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    markHandled: async (id, at) =>
      Number(
        (
          await db()
            .updateTable('password_reset_requests')
            .set({ handled_at: at })
            .where('id', '=', id)
            .where('handled_at', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0,
    countFromAddress: (clientIp, since) =>
      count(
        db()
          .selectFrom('password_reset_requests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('client_ip', '=', clientIp)
          .where('created_at', '>', since)
          .executeTakeFirst(),
      ),
    countSince: (since) =>
      count(
        db()
          .selectFrom('password_reset_requests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('created_at', '>', since)
          .executeTakeFirst(),
      ),
    purgeHandledBefore: async (before) =>
      Number(
        (
          await db()
            .deleteFrom('password_reset_requests')
            .where('handled_at', 'is not', null)
            .where('handled_at', '<', before)
            .executeTakeFirst()
        ).numDeletedRows,
      ),
  };
}
