/** A scrolling comment (弹幕). Its global id names its video too: node(id:) finds it in the video's list. */
import { toGlobalId } from '../graphql/globalId';
import type { DanmakuResolvers } from '../graphql/resolverTypes';

const seconds = (value: unknown): number => (Number.isFinite(Number(value)) ? Math.round(Number(value) * 10) / 10 : 0);

export const Danmaku = {
  id: (comment) => toGlobalId('Danmaku', `${comment.videoId}:${comment.id}`),
  danmakuId: (comment) => comment.id,
  vtime: (comment) => seconds(comment.vtime),
  content: (comment) => (typeof comment.content === 'string' ? comment.content : ''),
  mine: (comment) => Number(comment.mine) === 1,
  createTime: (comment) => (typeof comment.createTime === 'string' ? comment.createTime : ''),
} satisfies DanmakuResolvers;
