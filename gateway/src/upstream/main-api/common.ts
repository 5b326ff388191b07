/** upstream/API.md "Main API: logging and common": the visit log and the end user's address as the upstream sees it. */
import type { OperationResult } from '../operations';
import type { MainApiCalls } from './calls';

export class CommonApi {
  constructor(private readonly calls: MainApiCalls) {}

  addVisitLog(fields: Record<string, string>): Promise<OperationResult<string | number>> {
    return this.calls.operation('POST', '/api/log/AddVisitLog', fields);
  }

  clientIp(): Promise<string | null> {
    return this.calls.read<string | null>('/api/Common/GetIP', {});
  }
}
