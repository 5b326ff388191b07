/**
 * Play records (product-spec §7 "Logging": AddPlayLog 1 s after play starts, then every 5 s, and
 * the unload beacon; GetPalyLog for the resume point). Ingestion is the hottest write of the
 * platform, so report() reads nothing first: the store's one upsert checks the video (and its
 * course), and the foreign key on users answers for an unknown account.
 *
 * Nothing the client reports is taken on trust beyond what time allows: the position and length
 * are clamped to the video's real length, a report of length 0 keeps the resume point, and a
 * report adds to the stay time at most the seconds since the record's previous report plus
 * PLAY_LOG_STAY_SLACK_SECONDS (a new viewing starts at most that far in).
 */
import { ApiError, badParameter, notFound } from '../../http/envelope';
import { PLAY_LOG_STAY_SLACK_SECONDS } from '../../learning-limits';
import { isMissingReference, type PlayLogInput, type Store } from '../../store';
import { isoTime } from '../presenters';
import { requireUser, UNKNOWN_USER } from './center-user';
import { requireVideo, VIDEO_NOT_FOUND } from './videos';
import type { PlayLogItem } from '../contract';

export interface PlayReport {
  /** the id of the previous answer of this viewing; 0 = a new viewing */
  id: number;
  userId: number;
  userName: string;
  comId: number;
  videoId: number;
  /** 0 = not checked */
  courseId: number;
  catalogId: number;
  /** whole seconds (rounded down by the route) */
  lastPlayTime: number;
  duration: number;
  stayTime: number;
}

export interface PlayLogService {
  /** returns the record's id */
  report(report: PlayReport): Promise<number>;
  /**
   * Several reports (AddPlayLogs, the gateway's coalesced reports) in one transaction: one commit
   * instead of one per report, and on PostgreSQL one statement (store.playLogs.recordMany). Each is
   * answered as report() answers it, in order: its record's id, or the ApiError report() would
   * throw (given ApiErrors, reports the route refused, pass through). A report that fails leaves
   * the others written.
   */
  reportMany(reports: (PlayReport | ApiError)[]): Promise<(number | ApiError)[]>;
  last(query: { userId: number; videoId: number; courseId: number }): Promise<PlayLogItem | null>;
}

/** a report as the store takes it: the position within the reported length, the stay time capped by the clock */
const entryOf = (r: PlayReport): PlayLogInput => ({
  userId: r.userId,
  userName: r.userName,
  comId: r.comId,
  videoId: r.videoId,
  courseId: r.courseId,
  catalogId: r.catalogId,
  duration: r.duration,
  lastPlayTime: Math.min(Math.max(0, r.lastPlayTime), r.duration),
  stayTime: r.stayTime,
  viewingOf: r.id,
  stayCapSeconds: PLAY_LOG_STAY_SLACK_SECONDS,
});

export function createPlayLogService(store: Store, now: () => number = Date.now): PlayLogService {
  const service: PlayLogService = {
    async reportMany(reports) {
      const written = reports.filter((r): r is PlayReport => !(r instanceof ApiError));
      const outcomes = await store.playLogs.recordMany(written.map(entryOf), now());
      let next = 0;
      return reports.map((r) => {
        if (r instanceof ApiError) return r;
        const outcome = outcomes[next++];
        if (outcome === 'unknownUser') return badParameter(UNKNOWN_USER);
        if (outcome === null || outcome === undefined) return notFound(VIDEO_NOT_FOUND);
        return outcome;
      });
    },

    async report(r) {
      let id: number | null;
      try {
        id = await store.playLogs.record(entryOf(r), now());
      } catch (error) {
        if (isMissingReference(error)) throw badParameter(UNKNOWN_USER);
        throw error;
      }
      if (id === null) throw notFound(VIDEO_NOT_FOUND);
      return id;
    },

    async last({ userId, videoId, courseId }) {
      await requireUser(store, userId);
      await requireVideo(store, videoId, courseId);
      const log = await store.playLogs.find(userId, videoId);
      return log
        ? { id: log.id, lastWatchTime: isoTime(log.updatedAt), lastPlayTime: log.lastPlayTime, duration: log.duration }
        : null;
    },
  };
  return service;
}
