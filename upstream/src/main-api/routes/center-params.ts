/** What every personal-centre route reads and answers alike. */
import { Code, type Envelope } from '../../http/envelope';
import type { Params } from '../../http/params';

/** userId ≥ 1: the signed-in viewer, filled by the gateway (whether it has an account is the services' rule) */
export const readUserId = (params: Params): number => params.int('userId', { min: 1 });

/** 2001 with the operation's own Chinese message (消息已删除, 历史记录已清空, ...) */
export const doneWith = async <T>(message: string, items: T | Promise<T>): Promise<Envelope<T>> => ({
  code: Code.done,
  message,
  items: await items,
});
