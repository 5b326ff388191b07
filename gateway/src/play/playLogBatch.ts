/**
 * Play reports on their way to the main API, coalesced: 10 000 viewers report every 5 s (2 000 a
 * second), and one signed HTTP call per report costs the gateway and the main API more than the
 * report itself (a request to build, sign and parse on both sides, and a SQLite commit each). So a
 * report waits at most BATCH_WINDOW_MS for others, and they travel together to AddPlayLogs (upstream/API.md),
 * which writes them in one transaction and answers each one as AddPlayLog would: every viewer still
 * gets their own log id or their own refusal, in the order they were sent.
 *
 * An upstream without AddPlayLogs (answering 4004 接口不存在 for the path, as an older main API does)
 * gets AddPlayLog per report from then on. A call that fails fails every report it carried (each
 * report's caller turns that into 播放记录失败, as for a single call). The end user's address is not
 * sent with a coalesced call: AddPlayLog does not use it.
 */
import type { Logger } from '../logger';
import type { RequestScope, UpstreamClient } from '../upstream/client';
import { CODE_NOT_FOUND, isEnvelope } from '../upstream/envelope';
import { UpstreamBudgetExceeded, UpstreamError } from '../upstream/errors';
import type { PlayLogFields } from '../upstream/mainApi';
import { operationResult, type OperationResult } from '../upstream/operations';

export const ADD_PLAY_LOG_PATH = '/api/log/AddPlayLog';
export const ADD_PLAY_LOGS_PATH = '/api/log/AddPlayLogs';
/** how long a report may wait for others (a report's answer is not urgent: the player sends the next in 5 s) */
export const BATCH_WINDOW_MS = 5;
/** the most reports in one call (the main API's MAX_PLAY_LOGS_PER_CALL) */
export const BATCH_MAX_REPORTS = 100;

export type PlayLogResult = OperationResult<number | string | null>;

interface Waiting {
  fields: PlayLogFields;
  resolve: (result: PlayLogResult) => void;
  reject: (error: unknown) => void;
}

export interface PlayLogBatcherOptions {
  windowMs?: number;
  maxReports?: number;
  /** told the size of each coalesced call as it is sent (the operator's batch-size figure) */
  onBatch?: (reports: number) => void;
}

export class PlayLogBatcher {
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** the upstream answered that it has no AddPlayLogs: one call per report from then on */
  private singleOnly = false;
  /** the coalesced calls' own traffic: they belong to no one operation */
  private readonly scope: RequestScope = { clientAddress: null, upstreamRequests: 0 };
  private readonly windowMs: number;
  private readonly maxReports: number;
  private readonly onBatch?: (reports: number) => void;

  constructor(
    private readonly client: UpstreamClient,
    private readonly logger: Logger,
    options: PlayLogBatcherOptions = {},
  ) {
    this.windowMs = options.windowMs ?? BATCH_WINDOW_MS;
    this.maxReports = options.maxReports ?? BATCH_MAX_REPORTS;
    this.onBatch = options.onBatch;
  }

  /**
   * Sends one report (AddPlayLog's fields) and answers what AddPlayLog would: the log id, or the
   * refusal. It counts as one upstream request of the operation that makes it (`scope`, budgeted).
   */
  add(fields: PlayLogFields, scope: RequestScope): Promise<PlayLogResult> {
    if (scope.upstreamBudget !== undefined && scope.upstreamRequests >= scope.upstreamBudget) {
      scope.upstreamRefused = (scope.upstreamRefused ?? 0) + 1;
      return Promise.reject(new UpstreamBudgetExceeded(scope.upstreamBudget, ADD_PLAY_LOG_PATH));
    }
    scope.upstreamRequests += 1;
    if (this.singleOnly) return this.single(fields);
    return new Promise<PlayLogResult>((resolve, reject) => {
      this.waiting.push({ fields, resolve, reject });
      if (this.waiting.length >= this.maxReports) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  /** For tests and diagnostics: coalesced calls sent so far. */
  get callsSent(): number {
    return this.scope.upstreamRequests;
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    this.onBatch?.(batch.length);
    void this.send(batch);
  }

  private single(fields: PlayLogFields): Promise<PlayLogResult> {
    return this.client
      .call<number | string | null>(
        { method: 'POST', path: ADD_PLAY_LOG_PATH, params: { ...fields } },
        { ...this.scope },
      )
      .then((envelope) => operationResult(ADD_PLAY_LOG_PATH, envelope));
  }

  private async send(batch: Waiting[]): Promise<void> {
    let answers: unknown;
    try {
      const envelope = await this.client.call<unknown>(
        { method: 'POST', path: ADD_PLAY_LOGS_PATH, params: { logs: JSON.stringify(batch.map((w) => w.fields)) } },
        this.scope,
      );
      if (envelope.code === CODE_NOT_FOUND && !Array.isArray(envelope.items)) {
        this.logger.warn(
          `${ADD_PLAY_LOGS_PATH}: the main API does not have it (${envelope.message}); play logs go one call each`,
        );
        this.singleOnly = true;
        for (const w of batch) this.single(w.fields).then(w.resolve, w.reject);
        return;
      }
      const result = operationResult(ADD_PLAY_LOGS_PATH, envelope);
      if (!result.ok) {
        // the call itself was refused (a malformed batch): every report gets that refusal
        for (const w of batch) w.resolve(result);
        return;
      }
      answers = result.items;
      if (!Array.isArray(answers) || answers.length !== batch.length) {
        throw new UpstreamError(
          'bad-response',
          ADD_PLAY_LOGS_PATH,
          200,
          null,
          'the answer does not have one envelope per report',
        );
      }
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, index) => {
      const answer = (answers as unknown[])[index];
      try {
        if (!isEnvelope(answer))
          throw new UpstreamError(
            'bad-response',
            ADD_PLAY_LOGS_PATH,
            200,
            null,
            'a report was not answered with an envelope',
          );
        w.resolve(operationResult<number | string | null>(ADD_PLAY_LOG_PATH, answer as never));
      } catch (error) {
        w.reject(error);
      }
    });
  }
}
