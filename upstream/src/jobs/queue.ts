/**
 * Background work as jobs on PostgreSQL (pg-boss 10: a well-kept queue that keeps its jobs in the
 * platform's own database, with retries, time limits and schedules that fire once across every
 * process; 11 and later need Node 22). The tasks themselves are named and written by the main
 * API's composition root (main-api/background.ts); this module knows only queues.
 *
 * Each queue is 'stately': at most one job waiting and one running, so a schedule that fires while
 * the previous run still works, or an operator asking twice, does not pile up work. A job that
 * throws is tried again after RETRY_DELAY_S, at most retryLimit times; one that runs past its
 * expiry is failed (and retried). What a running job has done so far is kept in job_progress
 * (a table of this module's schema) for `npm run admin -- jobs`.
 */
import PgBoss from 'pg-boss';
import pg from 'pg';

export interface JobDefinition {
  name: string;
  /** cron (minutes) when it runs by itself; absent: only when sent */
  cron?: string;
  /** a run is failed past this (and retried) */
  expireInSeconds: number;
  retryLimit: number;
  /** seconds before the first retry (default RETRY_DELAY_S), doubling after */
  retryDelaySeconds?: number;
}

export interface JobRecord {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
  /** what the task answered when it ended, or the error it failed with */
  output: unknown;
  /** the task's last report while running: done of total */
  progress: { done: number; total: number } | null;
}

/** what a task receives: a signal that aborts when the queue stops, and where to report progress */
export interface JobContext {
  signal: AbortSignal;
  progress(done: number, total: number): Promise<void>;
}

export type JobHandler = (context: JobContext) => Promise<unknown>;

export interface JobQueue {
  /** creates the queues and their schedules (every process may: both are idempotent) */
  define(definitions: readonly JobDefinition[]): Promise<void>;
  /** works the named queue in this process; each job runs in one process only */
  work(name: string, handler: JobHandler): Promise<void>;
  /** asks for a run now; null when one is already waiting */
  send(name: string): Promise<string | null>;
  /** the newest jobs of every queue, newest first */
  list(limit: number): Promise<JobRecord[]>;
  stop(): Promise<void>;
}

const RETRY_DELAY_S = 30;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface JobQueueOptions {
  /** the schema pg-boss keeps its tables in (default pgboss) */
  schema?: string;
  /** how often an idle worker looks for a job (default 2 s) */
  pollingIntervalSeconds?: number;
  /** only sends and lists (the admin CLI): no schedules fired, no maintenance from this process */
  passive?: boolean;
}

/**
 * The schema of a platform's jobs: beside its tables' schema when DATABASE_URL names one
 * (`?options=-c search_path=NAME`, several platforms on one database: NAME_jobs), else pgboss.
 */
export function jobsSchemaOf(databaseUrl: string): string {
  let options = '';
  try {
    options = new URL(databaseUrl).searchParams.get('options') ?? '';
  } catch {
    return 'pgboss';
  }
  const schema = /search_path\s*=\s*([a-z_][a-z0-9_]*)/.exec(options)?.[1];
  return schema && SCHEMA_NAME.test(`${schema}_jobs`) ? `${schema}_jobs` : 'pgboss';
}

export async function openJobQueue(url: string, options: JobQueueOptions = {}): Promise<JobQueue> {
  const schema = options.schema ?? 'pgboss';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`not a schema name: ${schema}`);
  const boss = new PgBoss({
    connectionString: url,
    schema,
    max: 3,
    application_name: 'sizheng-jobs',
    ...(options.passive ? { supervise: false, schedule: false } : {}),
  });
  // pg-boss reports connection trouble as events: without a listener an 'error' event ends the process
  const errors: Error[] = [];
  boss.on('error', (error) => {
    errors.push(error);
    if (errors.length > 20) errors.shift();
  });
  await boss.start();
  const progress = new pg.Pool({ connectionString: url, max: 2 });
  await progress.query(`CREATE TABLE IF NOT EXISTS ${schema}.job_progress (
    job_id uuid PRIMARY KEY, done integer NOT NULL, total integer NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`);
  const stopping = new AbortController();

  return {
    async define(definitions) {
      for (const d of definitions) {
        const queue = { name: d.name, policy: 'stately' as const, retryLimit: d.retryLimit, retryDelay: d.retryDelaySeconds ?? RETRY_DELAY_S, retryBackoff: true, expireInSeconds: d.expireInSeconds };
        if (await boss.getQueue(d.name)) await boss.updateQueue(d.name, queue);
        else await boss.createQueue(d.name, queue);
        if (d.cron) await boss.schedule(d.name, d.cron);
        else await boss.unschedule(d.name);
      }
    },
    async work(name, handler) {
      await boss.work(name, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
        if (!job) return null;
        return handler({
          signal: stopping.signal,
          async progress(done, total) {
            await progress.query(
              `INSERT INTO ${schema}.job_progress (job_id, done, total) VALUES ($1, $2, $3)
               ON CONFLICT (job_id) DO UPDATE SET done = excluded.done, total = excluded.total, updated_at = now()`,
              [job.id, done, total],
            );
          },
        });
      });
    },
    send: (name) => boss.send(name, {}),
    async list(limit) {
      // pg-boss 10 keeps live jobs in job and finished ones, after a while, in archive
      const { rows } = await progress.query<{
        id: string;
        name: string;
        state: JobRecord['state'];
        retry_count: number;
        created_on: Date;
        started_on: Date | null;
        completed_on: Date | null;
        output: unknown;
        done: number | null;
        total: number | null;
      }>(
        `SELECT j.id, j.name, j.state, j.retry_count, j.created_on, j.started_on, j.completed_on, j.output, p.done, p.total
         FROM (SELECT id, name, state::text, retry_count, created_on, started_on, completed_on, output FROM ${schema}.job
               UNION ALL
               SELECT id, name, state::text, retry_count, created_on, started_on, completed_on, output FROM ${schema}.archive) j
         LEFT JOIN ${schema}.job_progress p ON p.job_id = j.id
         WHERE j.name NOT LIKE '\\_\\_%'
         ORDER BY j.created_on DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        state: row.state,
        retryCount: row.retry_count,
        createdOn: row.created_on.toISOString(),
        startedOn: row.started_on?.toISOString() ?? null,
        completedOn: row.completed_on?.toISOString() ?? null,
        output: row.output,
        progress: row.done === null || row.total === null ? null : { done: row.done, total: row.total },
      }));
    },
    async stop() {
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await progress.end();
    },
  };
}
