/**
 * Scrolling comments (弹幕) of the player: any signed-in user sends one line of at most
 * DANMAKU_MAX_LENGTH characters at a moment of the video, at most DANMAKU_PER_MINUTE a minute;
 * the player loads a video's comments in time order. Who sent a comment is not shown to others:
 * userId is 0 on comments that are not the caller's.
 */
import { badParameter, notFound, refused } from '../../http/envelope';
import { DANMAKU_LIST_MAX, DANMAKU_MAX_LENGTH, DANMAKU_PER_MINUTE } from '../../learning-limits';
import type { DanmakuRecord, Store } from '../../store';
import { checkUserText } from '../../text/user-text';
import { isoTime } from '../presenters';
import { requireUser } from './center-user';
import { requireVideo, VIDEO_NOT_FOUND } from './videos';
import type { DanmakuItem } from '../contract';

export const DANMAKU_SENT = '发送成功';
export const DANMAKU_EMPTY = '请输入弹幕内容';
export const DANMAKU_TOO_LONG = `弹幕不能超过${DANMAKU_MAX_LENGTH}个字`;
export const DANMAKU_TOO_MANY = '发送太频繁，请稍后再试';
export const DANMAKU_BAD_CHARACTERS = '弹幕包含无法显示的字符';

export interface DanmakuService {
  /** from/to in seconds; to null = the video's end; viewerId 0 = nobody's comments are marked mine */
  list(query: { videoId: number; from: number; to: number | null; viewerId: number }): Promise<DanmakuItem[]>;
  send(comment: { userId: number; videoId: number; vtime: number; content: string }): Promise<DanmakuItem>;
}

/** a comment is one line (line breaks and tabs become a space); the rest of the text policy is text/user-text's */
const DANMAKU_FIELD = { multiline: false, maxLength: DANMAKU_MAX_LENGTH };

export function createDanmakuService(store: Store, now: () => number = Date.now): DanmakuService {
  const toItem = (d: DanmakuRecord, viewerId: number): DanmakuItem => {
    const mine = viewerId !== 0 && d.userId === viewerId;
    return {
      id: d.id,
      vtime: d.vtime,
      content: d.content,
      userId: mine ? d.userId : 0,
      mine: mine ? 1 : 0,
      createTime: isoTime(d.createdAt),
    };
  };

  return {
    async list({ videoId, from, to, viewerId }) {
      if (viewerId !== 0) await requireUser(store, viewerId);
      const video = await requireVideo(store, videoId);
      const end = to ?? video.durationSeconds;
      if (end < from) throw badParameter('参数 to 不能小于 from');
      return (await store.danmaku.listByVideo(videoId, from, end, DANMAKU_LIST_MAX)).map((d) => toItem(d, viewerId));
    },

    async send({ userId, videoId, vtime, content }) {
      await requireUser(store, userId);
      const video = await requireVideo(store, videoId);
      const verdict = checkUserText(content, DANMAKU_FIELD);
      if (!verdict.ok) throw refused(verdict.problem === 'tooLong' ? DANMAKU_TOO_LONG : DANMAKU_BAD_CHARACTERS);
      const text = verdict.text;
      if (text === '') throw refused(DANMAKU_EMPTY);
      const added = await store.danmaku.add(
        { userId, videoId, vtime: Math.min(vtime, video.durationSeconds), content: text },
        now(),
        DANMAKU_PER_MINUTE,
      );
      if (added === 'tooMany') throw refused(DANMAKU_TOO_MANY);
      if (added === null) throw notFound(VIDEO_NOT_FOUND); // deleted meanwhile
      return toItem(added, userId);
    },
  };
}
