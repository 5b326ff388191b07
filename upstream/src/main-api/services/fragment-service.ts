/**
 * 截取片段 (product-spec §5 Clip, §6): a user of userType 1 or 2 cuts up to CLIP_MAX_SECONDS of a
 * video into an MP4 of their own, at most CLIPS_PER_VIDEO unexpired clips of one video, kept
 * FRAGMENT_RETENTION_DAYS. The cut runs inside the request as an ffmpeg child process (the event
 * loop stays free for other requests); at most MAX_CONCURRENT_CLIPS run at once, one per user, and
 * a request beyond them is refused as busy rather than queued behind minutes of encoding (so it is
 * not a job: upstream/SCALING.md). A cut (its probes included) is stopped after CLIP_DEADLINE_MS,
 * and its slot is free only once the process has exited. The slots are counted in this process,
 * or with REDIS_URL across every main API (createClipSlots: a lease outlives the longest cut, so
 * a replica that dies mid-cut frees its slots when their leases end).
 *
 * The personal centre lists the user's fragments not yet expired, newest first; expired ones are
 * deleted, files included, whenever the list meets them and by the main API's sweep (start-up and
 * hourly, sweepExpiredFragments); deleting one also removes its cut file. Someone else's fragment
 * answers exactly like an unknown id.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { notFound, refused } from '../../http/envelope';
import type { Redis } from 'ioredis';
import { createInProcessSlots, createRedisSlots, type StreamingSlots } from '../../ai/streaming-slots';
import {
  CLIP_DEADLINE_MS,
  CLIP_KILL_GRACE_MS,
  CLIP_MAX_SECONDS,
  CLIPS_PER_VIDEO,
  MAX_CONCURRENT_CLIPS,
} from '../../learning-limits';
import type { Logger } from '../../logger';
import { FRAGMENT_MEDIA_FOLDER, removeFragmentFile } from '../../media/fragment-files';
import { clipToMp4 } from '../../media/pipeline';
import { mediaSegments } from '../../media/serve-media';
import type { FragmentRecord, Store } from '../../store';
import { toFragmentItem } from '../center-presenters';
import { requireMember, requireUser, type PageWindow } from './center-user';
import { VIDEO_NOT_FOUND } from './videos';
import type { FragmentItem, Paged } from '../contract';

export const FRAGMENT_DELETED = '片段已删除';
export const FRAGMENT_NOT_FOUND = '片段不存在';
export const CLIP_DONE = '片段截取成功';
export const CLIP_START_INVALID = '开始时间无效';
export const CLIP_END_BEFORE_START = '结束时间必须大于开始时间';
export const CLIP_TOO_LONG = '片段不能超过3分钟';
export const CLIP_END_PAST_VIDEO = '结束时间超出视频时长';
export const CLIP_LIMIT_REACHED = `每个视频最多截取${CLIPS_PER_VIDEO}个片段`;
export const CLIP_NO_MEDIA = '该视频暂不支持截取';
export const CLIP_BUSY = '截取任务较多，请稍后再试';
export const CLIP_USER_BUSY = '上一个片段还在截取中，请稍后再试';
export const CLIP_FAILED = '片段截取失败，请稍后再试';

/** a reserved fragment still without its file this long after is a cut that never finished (the process stopped) */
const ABANDONED_AFTER_MS = 10 * 60_000;

export interface ClipRequest {
  userId: number;
  videoCode: string;
  /** whole seconds */
  startTime: number;
  endTime: number;
  /** trimmed; '' = the default name */
  fragmentName: string;
}

export interface FragmentService {
  list(query: PageWindow & { userId: number }): Promise<Paged<FragmentItem>>;
  /** refused with FRAGMENT_NOT_FOUND unless the fragment is the user's */
  deleteOwn(userId: number, fragmentId: number): Promise<void>;
  /** cuts the clip and answers its fragment once the MP4 is written */
  clip(request: ClipRequest): Promise<FragmentItem>;
}

export interface FragmentServiceOptions {
  now?: () => number;
  logger?: Logger;
  /** how long one cut may take, probes included; default CLIP_DEADLINE_MS */
  clipDeadlineMs?: number;
  /** where the cuts running are counted (one per user, MAX_CONCURRENT_CLIPS in all); default: this process */
  slots?: StreamingSlots;
}

const CLIP_LIMITS = { perUser: 1, everyone: MAX_CONCURRENT_CLIPS };

/** the cuts running, counted in Redis across every main API (REDIS_PREFIX + clips:cutting) */
export function createClipSlots(redis: Redis, prefix: string, logger?: Logger): StreamingSlots {
  return createRedisSlots(redis, {
    ...CLIP_LIMITS,
    prefix,
    name: 'clips:cutting',
    leaseMs: CLIP_DEADLINE_MS + CLIP_KILL_GRACE_MS + 60_000,
    onRedisFailed: (error) =>
      logger?.warn(
        `redis: clips being cut counted in this process: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
}

/** the file behind a /media/... site path, or null */
function mediaFile(mediaDir: string, sitePath: string): string | null {
  if (!sitePath.startsWith('/media/')) return null;
  try {
    return path.join(path.resolve(mediaDir), ...mediaSegments(sitePath));
  } catch {
    return null;
  }
}

// The row goes first: a file without a row is harmless garbage, a row without its file is a broken download.
const removeFiles = (store: Store, rows: FragmentRecord[]) => {
  for (const row of rows) removeFragmentFile(store.mediaDir, row.videoAddress);
};

/** Deletes every user's fragments expired at `at`, rows then cut files; returns how many. */
export async function sweepExpiredFragments(store: Store, at: number): Promise<number> {
  const rows = await store.fragments.deleteExpired(at);
  removeFiles(store, rows);
  return rows.length;
}

export function createFragmentService(store: Store, options: FragmentServiceOptions = {}): FragmentService {
  const now = options.now ?? Date.now;
  const deadlineMs = options.clipDeadlineMs ?? CLIP_DEADLINE_MS;
  /** the cuts running (their ffmpeg has not exited yet) */
  const slots = options.slots ?? createInProcessSlots(CLIP_LIMITS);

  return {
    async list({ userId, limit, offset }) {
      await requireUser(store, userId);
      const at = now();
      removeFiles(store, await store.fragments.deleteExpired(at, userId));
      return {
        totalCount: await store.fragments.countActive(userId, at),
        dataList: (await store.fragments.listActive(userId, at, limit, offset)).map(toFragmentItem),
      };
    },

    async deleteOwn(userId, fragmentId) {
      await requireUser(store, userId);
      const row = await store.fragments.deleteOwn(fragmentId, userId);
      if (!row) throw refused(FRAGMENT_NOT_FOUND);
      removeFiles(store, [row]);
    },

    async clip({ userId, videoCode, startTime, endTime, fragmentName }) {
      await requireMember(store, userId);
      const video = await store.videos.getByCode(videoCode);
      if (!video) throw notFound(VIDEO_NOT_FOUND);
      const media = await store.media.get(video.id);
      const source = media ? mediaFile(store.mediaDir, media.masterPath) : null;
      if (!source) throw refused(CLIP_NO_MEDIA);

      const duration = video.durationSeconds;
      if (startTime < 0 || startTime > duration - 1) throw refused(CLIP_START_INVALID);
      if (endTime <= startTime) throw refused(CLIP_END_BEFORE_START);
      if (endTime > startTime + CLIP_MAX_SECONDS) throw refused(CLIP_TOO_LONG);
      if (endTime > duration) throw refused(CLIP_END_PAST_VIDEO);
      // the slot is taken before anything else is awaited (the in-process slots count at once; Redis's
      // in one script): requests arriving together each see the ones before them; held until the cut settles
      const slot = await slots.take(userId);
      if (!slot.ok) throw refused(slot.full === 'user' ? CLIP_USER_BUSY : CLIP_BUSY);
      let reserved: Exclude<Awaited<ReturnType<typeof store.fragments.reserve>>, 'limit' | null>;
      let videoAddress: string;
      try {
        // Reserved before the cut: two requests at once cannot both take the last of a video's clips.
        const at = now();
        await store.fragments.deleteAbandoned(userId, video.id, at - ABANDONED_AFTER_MS);
        const reservation = await store.fragments.reserve(
          {
            userId,
            videoId: video.id,
            fragmentName: fragmentName === '' ? null : fragmentName,
            defaultName: (n) => `${video.name}-片段${n}`,
            startTime,
            endTime,
            download: 1,
            perVideo: CLIPS_PER_VIDEO,
          },
          at,
        );
        if (reservation === 'limit') throw refused(CLIP_LIMIT_REACHED);
        if (reservation === null) throw notFound(VIDEO_NOT_FOUND);
        reserved = reservation;

        // The id alone could name a file again: SQLite reuses the highest id once its row is deleted, and
        // browsers keep /media answers for a day. A random part makes every cut's address new, and
        // 128 bits of it make the address of someone else's cut impossible to guess.
        const fileName = `${reserved.id}-${randomBytes(16).toString('hex')}.mp4`;
        videoAddress = `/media/${FRAGMENT_MEDIA_FOLDER}/${userId}/${fileName}`;
        const outFile = path.join(store.mediaDir, FRAGMENT_MEDIA_FOLDER, String(userId), fileName);
        try {
          await clipToMp4({
            masterOrSource: source,
            startSeconds: startTime,
            endSeconds: endTime,
            outFile,
            signal: AbortSignal.timeout(deadlineMs),
          });
        } catch (error) {
          options.logger?.error(
            `clip of video ${video.id} (${startTime}-${endTime} s) for user ${userId} failed`,
            error,
          );
          await store.fragments.deleteOwn(reserved.id, userId);
          removeFragmentFile(store.mediaDir, videoAddress);
          throw refused(CLIP_FAILED);
        }
      } finally {
        // clipToMp4 settles once its tool has exited (also when stopped)
        slot.release();
      }
      // the user may have deleted the fragment while it was being cut: then the file goes too
      if (!(await store.fragments.setVideoAddress(reserved.id, videoAddress))) {
        removeFragmentFile(store.mediaDir, videoAddress);
        throw refused(FRAGMENT_NOT_FOUND);
      }
      return toFragmentItem((await store.fragments.get(reserved.id))!);
    },
  };
}
