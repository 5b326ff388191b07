/**
 * One play-log report (product-spec §7 "Logging": 1 s after play starts, then every 5 s, and a last
 * one by beacon when the page is left), shared by the reportPlay mutation and POST /beacon/play-log.
 * The client says where it is in which video; the gateway says who is watching (the signed-in viewer,
 * never an id the client sends) and adds the names the log carries (videoNames.ts).
 */
import { invalid, orUnavailable, type UserErrorResult } from '../userErrors';
import type { Logger } from '../logger';
import type { MainApi } from '../upstream/mainApi';
import type { PlayLogBatcher } from './playLogBatch';
import type { SignedInViewer } from '../viewer';
import { MAX_PLAY_SECONDS, MESSAGES, playRefusal } from './rules';
import type { PlayVideoNames } from './videoNames';

/** The fields of ReportPlayInput (the mutation's input, the beacon's form). */
export interface PlayReport {
  /** the logId of the previous report of this viewing; absent, null or '' for a new viewing */
  logId?: string | null;
  videoId: number;
  courseId: number;
  catalogueId?: number | null;
  lastPlayTime: number;
  duration: number;
  stayTime: number;
}

export interface PlayReportOutcome {
  logId: string | null;
  errors: UserErrorResult[];
  /** the main API's envelope code when it refused the report (-1, 4000, 4004): the JSON route answers by it */
  upstreamCode?: number;
}

export interface PlayLogDeps {
  api: MainApi;
  playVideos: PlayVideoNames;
  logger: Logger;
  /** the process's coalescing of reports (playLogBatch.ts); absent: one AddPlayLog call each */
  playLogs?: PlayLogBatcher;
}

const isId = (value: number, min: number) => Number.isSafeInteger(value) && value >= min;
const isSeconds = (value: number) => Number.isFinite(value) && value >= 0 && value <= MAX_PLAY_SECONDS;

/** The previous report's log id as the upstream takes it (0 = a new viewing), or null when it is not one. */
export function parseLogId(logId: string | null | undefined): number | null {
  if (logId === null || logId === undefined || logId === '') return 0;
  return /^\d{1,15}$/.test(logId) ? Number(logId) : null;
}

/** The first rule the report breaks, as the user's error; null when it is well formed. */
export function checkPlayReport(report: PlayReport): UserErrorResult | null {
  if (parseLogId(report.logId) === null) return invalid('logId', MESSAGES.badLogId);
  if (!isId(report.videoId, 1)) return invalid('videoId', MESSAGES.videoNotFound);
  if (!isId(report.courseId, 1)) return invalid('courseId', MESSAGES.videoNotFound);
  if (report.catalogueId !== null && report.catalogueId !== undefined && !isId(report.catalogueId, 0)) {
    return invalid('catalogueId', '参数 catalogueId 必须是非负整数');
  }
  for (const field of ['lastPlayTime', 'duration', 'stayTime'] as const) {
    if (!isSeconds(report[field])) return invalid(field, MESSAGES.badSeconds);
  }
  return null;
}

/** Sends the report for the viewer (AddPlayLog) and answers the log id to send with the next one. */
export async function reportPlayFor(
  deps: PlayLogDeps,
  viewer: SignedInViewer,
  report: PlayReport,
): Promise<PlayReportOutcome> {
  const failed = (error: UserErrorResult): PlayReportOutcome => ({ logId: null, errors: [error] });
  const problem = checkPlayReport(report);
  if (problem) return failed(problem);
  return orUnavailable(async () => {
    const names = await deps.playVideos.of(deps.api, report.courseId, report.videoId);
    if (!names) return failed(invalid('videoId', MESSAGES.videoNotFound));
    const fields = {
      id: parseLogId(report.logId) ?? 0,
      userId: viewer.userId,
      userName: viewer.name ?? '',
      comId: viewer.comId ?? 0,
      comCode: viewer.comCode ?? '',
      comName: viewer.comName ?? '',
      catalogId: report.catalogueId || names.catalogId,
      courseId: report.courseId,
      courseName: names.courseName,
      videoName: names.videoName,
      videoId: report.videoId,
      videoCode: names.videoCode,
      lastPlayTime: report.lastPlayTime,
      duration: report.duration,
      stayTime: report.stayTime,
      esLogId: '',
    };
    const result = deps.playLogs
      ? await deps.playLogs.add(fields, deps.api.scope)
      : await deps.api.play.addPlayLog(fields);
    if (!result.ok)
      return {
        ...failed(playRefusal(result, MESSAGES.playLogFailed, deps.logger, '/api/log/AddPlayLog')),
        upstreamCode: result.code,
      };
    const logId = typeof result.items === 'number' || typeof result.items === 'string' ? String(result.items) : null;
    return { logId, errors: [] };
  }, failed);
}
