/**
 * 继续学习: the courses a user has watched, with how far they got, read from their
 * play records (the same rows as 历史记录 and the resume point; the store keeps the newest
 * PLAY_LOG_KEEP, so this reads at most that many rows and at most `limit` courses).
 *
 * A video is learned (已看完) when at most LEARNED_REMAINING_SECONDS of it remain after where the user
 * stopped: the player's own resume rule (product-spec §4), so "learned" is exactly "the player would
 * start it again from the beginning".
 *
 * An organisation's network identity (the login service's shared account of a library or school
 * network, users.orgIdentityOf) is many people at once: it has no progress of its own, the answer is [].
 */
import { LEARNED_REMAINING_SECONDS, PLAY_LOG_KEEP } from '../../learning-limits';
import type { PlayLogRecord, Store } from '../../store';
import type { CourseProgressItem, ResumePoint, VideoProgressItem } from '../contract';
import { isoTime, toCourseItem } from '../presenters';
import { requireUser } from './center-user';

export interface LearningProgressService {
  /** the user's most recently watched courses, newest first, at most `limit` */
  recent(userId: number, limit: number): Promise<CourseProgressItem[]>;
  /** the user's progress in one course: [] when they have no record of it, else one item */
  ofCourse(userId: number, courseId: number): Promise<CourseProgressItem[]>;
}

export function videoProgress(record: Pick<PlayLogRecord, 'videoId' | 'lastPlayTime' | 'duration'>): VideoProgressItem {
  const duration = Math.max(0, record.duration);
  const at = Math.min(Math.max(0, record.lastPlayTime), duration);
  const learned = duration > 0 && duration - at <= LEARNED_REMAINING_SECONDS;
  return {
    videoId: record.videoId,
    lastPlayTime: at,
    duration,
    learned: learned ? 1 : 0,
    percent: learned ? 100 : duration > 0 ? Math.min(99, Math.floor((at * 100) / duration)) : 0,
  };
}

/**
 * Where 继续学习 opens: the video watched last, at the second the user stopped; when that
 * one is learned, the next video of the course in episode order (from where the user stopped in it,
 * unless that one is learned too: then the next after it), and after the course's last video the
 * first one not learned; when every video is learned, the last one again from the beginning.
 * `course` (the course's videos in episode order) is only read when the last video is learned.
 */
export function resumePoint(
  course: ReadonlyArray<{ id: number; name: string; sort: number }>,
  records: ReadonlyArray<Pick<PlayLogRecord, 'videoId' | 'lastPlayTime' | 'duration' | 'videoName' | 'videoSort'>>,
): ResumePoint {
  const last = records[0]!;
  const progressOf = new Map(records.map((r) => [r.videoId, videoProgress(r)]));
  const at = (video: { id: number; name: string; sort: number }): ResumePoint => {
    const progress = progressOf.get(video.id);
    return {
      videoId: video.id,
      videoName: video.name,
      numberShow: `第${video.sort}讲`,
      startAt: progress && !progress.learned ? progress.lastPlayTime : 0,
    };
  };
  const lastProgress = progressOf.get(last.videoId)!;
  if (!lastProgress.learned) {
    return {
      videoId: last.videoId,
      videoName: last.videoName,
      numberShow: `第${last.videoSort}讲`,
      startAt: lastProgress.lastPlayTime,
    };
  }
  const notLearned = (video: { id: number }) => progressOf.get(video.id)?.learned !== 1;
  const index = course.findIndex((v) => v.id === last.videoId);
  const next = course.slice(index + 1).find(notLearned) ?? course.find(notLearned);
  return next
    ? at(next)
    : { videoId: last.videoId, videoName: last.videoName, numberShow: `第${last.videoSort}讲`, startAt: 0 };
}

export function createLearningProgressService(store: Store): LearningProgressService {
  /** records grouped by course, newest course first (the order listByUser answers in) */
  async function coursesOf(userId: number): Promise<Map<number, PlayLogRecord[]>> {
    const user = await requireUser(store, userId);
    const byCourse = new Map<number, PlayLogRecord[]>();
    if (user.orgIdentityOf) return byCourse;
    for (const record of await store.playLogs.listByUser(userId, PLAY_LOG_KEEP)) {
      const list = byCourse.get(record.courseId);
      if (list) list.push(record);
      else byCourse.set(record.courseId, [record]);
    }
    return byCourse;
  }

  async function present(records: PlayLogRecord[]): Promise<CourseProgressItem | null> {
    const newest = records[0]!;
    const course = await store.courses.get(newest.courseId);
    if (!course) return null;
    const videos = [...records].sort((a, b) => a.videoSort - b.videoSort || a.videoId - b.videoId).map(videoProgress);
    return {
      course: toCourseItem(course),
      courseId: course.id,
      catalogId: newest.catalogId,
      videoCount: course.videoCount,
      learnedCount: videos.filter((v) => v.learned === 1).length,
      updateTime: isoTime(newest.updatedAt),
      lastVideo: { ...videoProgress(newest), videoName: newest.videoName, numberShow: `第${newest.videoSort}讲` },
      // the course's videos are read only when the last one is learned (the next one is wanted)
      resume: resumePoint(videoProgress(newest).learned ? await store.videos.listByCourse(course.id) : [], records),
      videos,
    };
  }

  return {
    async recent(userId, limit) {
      const items: CourseProgressItem[] = [];
      for (const records of (await coursesOf(userId)).values()) {
        if (items.length >= limit) break;
        const item = await present(records);
        if (item) items.push(item);
      }
      return items;
    },

    async ofCourse(userId, courseId) {
      const records = (await coursesOf(userId)).get(courseId);
      const item = records ? await present(records) : null;
      return item ? [item] : [];
    },
  };
}
