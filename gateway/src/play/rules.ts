/**
 * The play page's rules and sentences (product-spec §5, §6, §8, §9), checked by the gateway before
 * any upstream call; the upstream checks them again (upstream/API.md).
 */
import type { Logger } from '../logger';
import { userError, type UserErrorResult } from '../userErrors';
import { CODE_BAD_PARAMETER, CODE_NOT_FOUND, CODE_REFUSED } from '../upstream/envelope';
import type { OperationResult } from '../upstream/operations';
import type { Viewer } from '../viewer';

/** §9 play-page notes */
export const PLAY_PAGE_NOTES = 100;
export const NOTE_MAX_LENGTH = 500;
export const DANMAKU_MAX_LENGTH = 30;
export const FRAGMENT_NAME_MAX_LENGTH = 50;
/** the lecturer card: AuthorDetail pageSize 3, the first two courses other than this one (§7) */
export const AUTHOR_CARD_PAGE_SIZE = 3;
export const AUTHOR_CARD_COURSES = 2;
/** a play report's seconds beyond this are not a video anyone watches (a day, plus room for a running total) */
export const MAX_PLAY_SECONDS = 10_000_000;

export const MESSAGES = {
  noPermission: '当前账号无权进行此操作',
  /** §8 like or favourite failure */
  operationFailed: '操作失败，请稍后再试~',
  noteRequired: '请输入笔记内容',
  noteTooLong: `笔记内容不能超过${NOTE_MAX_LENGTH}字`,
  /** §8 note add failure */
  noteFailed: '笔记记录失败',
  /** §8 note collection failure */
  collectFailed: '操作失败',
  noteNotFound: '笔记不存在',
  danmakuRequired: '请输入弹幕内容',
  danmakuTooLong: `弹幕不能超过${DANMAKU_MAX_LENGTH}个字`,
  danmakuFailed: '弹幕发送失败',
  fragmentNameTooLong: `片段名称不能超过${FRAGMENT_NAME_MAX_LENGTH}个字`,
  clipFailed: '片段截取失败',
  videoNotFound: '视频不存在',
  playLogFailed: '播放记录失败',
  badLogId: '播放记录编号无效',
  badSeconds: '播放时间无效',
  badVtime: '时间点无效',
} as const;

/** §6: only userType 1 or 2 like, favourite, take notes, collect notes and clip. */
export function mayTakePart(viewer: Viewer): boolean {
  return viewer.userType === 1 || viewer.userType === 2;
}

/** Characters as a person counts them (code points, so 𠀀 is one). */
export const characters = (text: string): number => [...text].length;

/**
 * A refusal of a play-page operation as the user's error: the service's sentence when it gave one
 * (-1, 4000, and 4004 which here means a video or note it does not know), else the spec's sentence.
 */
export function playRefusal(
  result: Extract<OperationResult<unknown>, { ok: false }>,
  fallback: string,
  logger: Logger,
  path: string,
): UserErrorResult {
  if (result.code === CODE_REFUSED || result.code === CODE_NOT_FOUND)
    return userError('REFUSED', result.message || fallback);
  if (result.code === CODE_BAD_PARAMETER) return userError('INVALID', result.message || fallback);
  logger.warn(`${path}: the service answered code ${result.code}`);
  return userError('UNAVAILABLE', fallback);
}
