/**
 * Answers streaming at once: at most MAX_STREAMING_PER_USER of one user and AI_MAX_CONCURRENT of
 * everyone (flow-question.ts takes a slot before an answer streams and gives it back when it ends).
 * The in-process slots count one main API; with REDIS_URL, replicas count together, so N main APIs
 * allow AI_MAX_CONCURRENT answers in all, not N times as many.
 *
 * In Redis each slot is a member of two sorted sets (everyone's and the user's) scored by the end of
 * its lease, taken and counted in one script, so two replicas cannot both take the last slot. A lease
 * outlives the longest stream (the stream deadline ends every answer before it); a replica that dies
 * mid-answer leaves its slots to expire with their leases instead of holding them for ever. Redis's
 * own clock (TIME) scores the leases: replicas' clocks may differ.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type SlotVerdict = { ok: true; release: () => void } | { ok: false; full: 'user' | 'everyone' };

export interface StreamingSlots {
  /** a slot for one of the user's answers, or which limit is full */
  take(userId: number): Promise<SlotVerdict>;
}

export interface SlotLimits {
  perUser: number;
  everyone: number;
}

export function createInProcessSlots(limits: SlotLimits): StreamingSlots {
  const byUser = new Map<number, number>();
  let total = 0;
  return {
    async take(userId) {
      const active = byUser.get(userId) ?? 0;
      if (active >= limits.perUser) return { ok: false, full: 'user' };
      if (total >= limits.everyone) return { ok: false, full: 'everyone' };
      byUser.set(userId, active + 1);
      total += 1;
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          total -= 1;
          const left = (byUser.get(userId) ?? 1) - 1;
          if (left > 0) byUser.set(userId, left);
          else byUser.delete(userId);
        },
      };
    },
  };
}

/** KEYS: everyone's set, the user's set; ARGV: slot id, lease ms, per-user limit, everyone's limit */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 2 end
local expiry = now + tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], expiry, ARGV[1])
redis.call('ZADD', KEYS[2], expiry, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 0
`;

export interface RedisSlotsOptions extends SlotLimits {
  /** REDIS_PREFIX: keys <prefix><name> and <prefix><name>:<userId> */
  prefix: string;
  /** what is counted (default ai:streaming; the clips being cut count as clips:cutting) */
  name?: string;
  /** how long a slot is held at most (longer than the stream deadline) */
  leaseMs: number;
  /** Redis did not answer: a slot is counted in this process meanwhile; a failed release is freed by its lease */
  onRedisFailed?: (error: unknown) => void;
}

export function createRedisSlots(redis: Redis, options: RedisSlotsOptions): StreamingSlots {
  const everyoneKey = `${options.prefix}${options.name ?? 'ai:streaming'}`;
  // while Redis does not answer, this replica counts its own answers (the limits hold per replica)
  const fallback = createInProcessSlots(options);
  return {
    async take(userId) {
      const userKey = `${everyoneKey}:${userId}`;
      const slot = randomUUID();
      let answer: number;
      try {
        answer = Number(
          await redis.eval(TAKE, 2, everyoneKey, userKey, slot, options.leaseMs, options.perUser, options.everyone),
        );
      } catch (error) {
        options.onRedisFailed?.(error);
        return fallback.take(userId);
      }
      if (answer === 1) return { ok: false, full: 'user' };
      if (answer === 2) return { ok: false, full: 'everyone' };
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          redis
            .multi()
            .zrem(everyoneKey, slot)
            .zrem(userKey, slot)
            .exec()
            .catch((error: unknown) => options.onRedisFailed?.(error));
        },
      };
    },
  };
}
