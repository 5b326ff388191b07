/** Visit logs of every route change (product-spec §7 AddVisitLog). */
import type { Store, VisitLogInput } from '../../store';

export interface VisitLogService {
  /** stores the log and returns its id */
  record(log: VisitLogInput): Promise<number>;
}

export function createVisitLogService(store: Store, now: () => number = Date.now): VisitLogService {
  return {
    record: (log) => store.visitLogs.insert(log, now()),
  };
}
