/**
 * /api/log/*: the visit log of every route change (AddVisitLog), the play records of the player
 * (AddPlayLog, also behind the gateway's unload beacon) and the resume point (GetPalyLog, the
 * spelling of product-spec §7).
 */
import { ApiError, badParameter } from '../../http/envelope';
import { Params } from '../../http/params';
import type { PlayReport } from '../services/play-log-service';
import { readUserId } from './center-params';
import { wholeSeconds } from './play-params';
import { done, read, type RouteGroup } from './route';

const MAX_TEXT = 255;
const MAX_URL = 2048;
/** reports in one AddPlayLogs call (a JSON array of them stays well inside the 64 KB body limit) */
export const MAX_PLAY_LOGS_PER_CALL = 100;

/** AddPlayLog's parameters as the service's report (or the 4000 of the first bad one). */
function playReportOf(params: Params): PlayReport {
  // names and codes the client repeats (comCode, comName, courseName, videoName, videoCode,
  // esLogId) are validated only: the record joins the current ones from the catalogue
  for (const name of ['comCode', 'comName', 'courseName', 'videoName', 'videoCode', 'esLogId'])
    params.text(name, MAX_TEXT);
  return {
    id: params.optionalId('id'),
    userId: readUserId(params),
    userName: params.text('userName', MAX_TEXT),
    comId: params.optionalId('comId'),
    videoId: params.id('videoId'),
    courseId: params.optionalId('courseId'),
    catalogId: params.optionalId('catalogId'),
    // clamped into [0, duration] by the service: a player may report a moment just past the end
    lastPlayTime: wholeSeconds(params, 'lastPlayTime', { min: -1_000_000 }),
    duration: wholeSeconds(params, 'duration'),
    stayTime: wholeSeconds(params, 'stayTime'),
  };
}

/**
 * AddPlayLogs' `logs`: a JSON array of 1..MAX_PLAY_LOGS_PER_CALL objects with AddPlayLog's fields
 * (strings or numbers). A report with a bad field is answered with its own 4000; a `logs` that is
 * not such an array refuses the whole call.
 */
function playReportsOf(params: Params): (PlayReport | ApiError)[] {
  const raw = params.raw('logs');
  if (raw === undefined) throw badParameter('缺少参数 logs');
  let logs: unknown;
  try {
    logs = JSON.parse(raw);
  } catch {
    logs = null;
  }
  if (!Array.isArray(logs) || logs.length === 0 || logs.length > MAX_PLAY_LOGS_PER_CALL) {
    throw badParameter(`参数 logs 必须是 1 到 ${MAX_PLAY_LOGS_PER_CALL} 条播放记录的 JSON 数组`);
  }
  return logs.map((log: unknown, index) => {
    try {
      if (log === null || typeof log !== 'object' || Array.isArray(log))
        throw badParameter(`参数 logs 的第 ${index + 1} 条不是对象`);
      const pairs: [string, string][] = [];
      for (const [key, value] of Object.entries(log)) {
        if (value === null || value === undefined) continue;
        if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
          throw badParameter(`参数 ${key} 必须是文本或数字`);
        pairs.push([key, String(value)]);
      }
      return playReportOf(new Params(pairs));
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
  });
}

export const logRoutes: RouteGroup = ({ visitLogs, playLogs }) => [
  {
    method: 'POST',
    path: '/api/log/AddVisitLog',
    handle: ({ params, clientIp }) =>
      done(
        visitLogs.record({
          actId: params.text('actId', MAX_TEXT),
          customerCode: params.text('customerCode', MAX_TEXT),
          customerId: params.text('customerId', MAX_TEXT),
          customerName: params.text('customerName', MAX_TEXT),
          moduleName: params.text('moduleName', MAX_TEXT),
          pageUrl: params.text('pageUrl', MAX_URL, true),
          previousPageUrl: params.text('previousPageUrl', MAX_URL),
          productIds: params.text('productIds', MAX_TEXT),
          sourceType: params.text('sourceType', MAX_TEXT),
          userId: params.text('userId', MAX_TEXT),
          userName: params.text('userName', MAX_TEXT),
          clientIp,
        }),
      ),
  },
  {
    method: 'POST',
    path: '/api/log/AddPlayLog',
    handle: ({ params }) => done(playLogs.report(playReportOf(params))),
  },
  {
    method: 'POST',
    path: '/api/log/AddPlayLogs',
    handle: async ({ params }) => {
      const answers = (await playLogs.reportMany(playReportsOf(params))).map(async (answer) =>
        answer instanceof ApiError ? { code: answer.code, message: answer.message, items: null } : await done(answer),
      );
      return done(Promise.all(answers));
    },
  },
  {
    method: 'GET',
    path: '/api/log/GetPalyLog',
    handle: ({ params }) => {
      params.optionalId('catalogId');
      return read(
        playLogs.last({
          userId: readUserId(params),
          videoId: params.id('videoId'),
          courseId: params.optionalId('courseId'),
        }),
      );
    },
  },
];
