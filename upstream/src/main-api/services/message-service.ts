/** 消息: the user's messages, newest first, and deleting one (someone else's answers like an unknown id). */
import { refused } from '../../http/envelope';
import type { Store } from '../../store';
import { toMessageItem } from '../center-presenters';
import { requireUser, type PageWindow } from './center-user';
import type { MessageItem, Paged } from '../contract';

export const MESSAGE_DELETED = '消息已删除';
export const MESSAGE_NOT_FOUND = '消息不存在';

export interface MessageService {
  list(query: PageWindow & { userId: number }): Promise<Paged<MessageItem>>;
  /** refused with MESSAGE_NOT_FOUND unless the message is the user's */
  deleteOwn(userId: number, messageId: number): Promise<void>;
}

export function createMessageService(store: Store): MessageService {
  return {
    async list({ userId, limit, offset }) {
      await requireUser(store, userId);
      return {
        totalCount: await store.messages.countByUser(userId),
        dataList: (await store.messages.listByUser(userId, limit, offset)).map(toMessageItem),
      };
    },

    async deleteOwn(userId, messageId) {
      await requireUser(store, userId);
      if (!(await store.messages.deleteOwn(messageId, userId))) throw refused(MESSAGE_NOT_FOUND);
    },
  };
}
