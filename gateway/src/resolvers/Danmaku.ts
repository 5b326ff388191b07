/** A scrolling comment (弹幕). Its global id names its video too: node(id:) finds it in the video's list. */
import { toGlobalId } from '../graphql/globalId';
import type { DanmakuParent } from '../graphql/types';

const seconds = (value: unknown): number => (Number.isFinite(Number(value)) ? Math.round(Number(value) * 10) / 10 : 0);

export const Danmaku = {
  id: (comment: DanmakuParent) => toGlobalId('Danmaku', `${comment.videoId}:${comment.id}`),
  danmakuId: (comment: DanmakuParent) => comment.id,
  vtime: (comment: DanmakuParent) => seconds(comment.vtime),
  content: (comment: DanmakuParent) => (typeof comment.content === 'string' ? comment.content : ''),
  mine: (comment: DanmakuParent) => Number(comment.mine) === 1,
  createTime: (comment: DanmakuParent) => (typeof comment.createTime === 'string' ? comment.createTime : ''),
};
