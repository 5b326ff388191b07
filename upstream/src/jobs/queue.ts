/**
 * Background work as jobs on PostgreSQL (pg-boss 10: a well-kept queue that keeps its jobs in the
 * platform's own database, with retries, time limits and schedules that fire once across every
 * process; 11 and later need Node 22). The tasks themselves are named and written by the main
 * API's composition root (main-api/background.ts); this module knows only queues.
 *
 * A queue is 'stately' by default: at most one job waiting and one running, so a schedule that
 * fires while the previous run still works, or an operator asking twice, does not pile up work; a
 * 'singleton' queue (media imports, each of its own folder) keeps every job asked for and works one
 * at a time across all processes. A job that throws is tried again after RETRY_DELAY_S, at most
 * retryLimit times; one that runs past its expiry is failed (and retried), and its task's signal
 * aborts then, so that a task that heeds it stops before its retry starts. What a running job has
 * done so far is kept in job_progress (a table of this module's schema) for `npm run admin -- jobs`
 * and for the CLIs that wait for the job they asked for.
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
  /** stately (default): one waiting and one running at most; singleton: any number waiting, one running */
  policy?: 'stately' | 'singleton';
}

/** what a job was asked with (a folder to import…): JSON, small */
export type JobData = Record<string, string | number | boolean | null>;

export interface JobRecord {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
  /** what it was asked with */
  data: JobData;
  /** what the task answered when it ended, or the error it failed with (its message) */
  output: unknown;
  /** the task's last report while running: done of total, and what it is doing */
  progress: { done: number; total: number; detail: string | null } | null;
}

/** what a task receives: what it was asked with, a signal that aborts when the queue stops or the job expires, and where to report progress */
export interface JobContext {
  id: string;
  data: JobData;
  signal: AbortSignal;
  progress(done: number, total: number, detail?: string): Promise<void>;
}

export type JobHandler = (context: JobContext) => Promise<unknown>;

export interface JobQueue {
  /**
   * creates the queues and their schedules, or brings them up to date (every process may: both are
   * idempotent); missingOnly: creates those that do not exist yet and leaves the others as their
   * workers defined them (a CLI asking for a run before any worker started)
   */
  define(definitions: readonly JobDefinition[], options?: { missingOnly?: boolean }): Promise<void>;
  /** works the named queue in this process; each job runs in one process only */
  work(name: string, handler: JobHandler): Promise<void>;
  /** asks for a run now; null when one is already waiting (a stately queue) */
  send(name: string, data?: JobData): Promise<string | null>;
  /** the newest jobs of every queue (or of one), newest first */
  list(limit: number, name?: string): Promise<JobRecord[]>;
  /** one job, or null when there is none by that id */
  get(id: string): Promise<JobRecord | null>;
  stop(): Promise<void>;
}

const RETRY_DELAY_S = 30;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const limitOf = (limit: number) => Math.max(1, Math.min(1000, Math.floor(limit)));

interface JobRow {
  id: string;
  name: string;
  state: JobRecord['state'];
  retry_count: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
  data: JobData | null;
  output: unknown;
  done: number | null;
  total: number | null;
  detail: string | null;
}

/** a failed job's output is the error pg-boss kept: its message is enough (no stack in the admin's list) */
function outcomeOf(output: unknown): unknown {
  if (output && typeof output === 'object' && 'stack' in output && 'message' in output)
    return { error: (output as { message: unknown }).message };
  return output ?? null;
}

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    retryCount: row.retry_count,
    createdOn: row.created_on.toISOString(),
    startedOn: row.started_on?.toISOString() ?? null,
    completedOn: row.completed_on?.toISOString() ?? null,
    data: row.data ?? {},
    output: outcomeOf(row.output),
    progress: row.done === null || row.total === null ? null : { done: row.done, total: row.total, detail: row.detail },
  };
}

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
  await progress.query(`ALTER TABLE ${schema}.job_progress ADD COLUMN IF NOT EXISTS detail text`);
  const stopping = new AbortController();

  const select = async (where: string, params: unknown[], limit: number): Promise<JobRecord[]> => {
    // pg-boss 10 keeps live jobs in job and finished ones, after a while, in archive
    const { rows } = await progress.query<JobRow>(
      `SELECT j.id, j.name, j.state, j.retry_count, j.created_on, j.started_on, j.completed_on, j.data, j.output, p.done, p.total, p.detail
       FROM (SELECT id, name, state::text, retry_count, created_on, started_on, completed_on, data, output FROM ${schema}.job
             UNION ALL
             SELECT id, name, state::text, retry_count, created_on, started_on, completed_on, data, output FROM ${schema}.archive) j
       LEFT JOIN ${schema}.job_progress p ON p.job_id = j.id
       WHERE j.name NOT LIKE '\\_\\_%' ${where}
       ORDER BY j.created_on DESC LIMIT ${limit}`,
      params,
    );
    return rows.map(toRecord);
  };

  return {
    async define(definitions, { missingOnly = false } = {}) {
      for (const d of definitions) {
        const queue = {
          name: d.name,
          policy: d.policy ?? ('stately' as const),
          retryLimit: d.retryLimit,
          retryDelay: d.retryDelaySeconds ?? RETRY_DELAY_S,
          retryBackoff: true,
          expireInSeconds: d.expireInSeconds,
        };
        const exists = Boolean(await boss.getQueue(d.name));
        if (exists && missingOnly) continue;
        if (exists) await boss.updateQueue(d.name, queue);
        else await boss.createQueue(d.name, queue);
        if (d.cron) await boss.schedule(d.name, d.cron);
        else await boss.unschedule(d.name);
      }
    },
    async work(name, handler) {
      await boss.work(
        name,
        { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          if (!job) return null;
          // pg-boss fails a job past its expiry but cannot stop the task: the task's signal tells it to
          const signal = AbortSignal.any([
            stopping.signal,
            AbortSignal.timeout(Math.max(1, job.expireInSeconds) * 1000),
          ]);
          // reports are written in the order made (tasks need not await them), all before the job ends
          let written: Promise<void> = Promise.resolve();
          const output = await handler({
            id: job.id,
            data: (job.data ?? {}) as JobData,
            signal,
            progress(done, total, detail) {
              const write = written.then(async () => {
                await progress.query(
                  `INSERT INTO ${schema}.job_progress (job_id, done, total, detail) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (job_id) DO UPDATE SET done = excluded.done, total = excluded.total, detail = excluded.detail, updated_at = now()`,
                  [job.id, Math.round(done), Math.round(total), detail ?? null],
                );
              });
              written = write.catch(() => {});
              return write;
            },
          });
          await written;
          return output;
        },
      );
    },
    send: (name, data = {}) => boss.send(name, data),
    list: (limit, name) =>
      name === undefined ? select('', [], limitOf(limit)) : select('AND j.name = $1', [name], limitOf(limit)),
    async get(id) {
      if (!UUID.test(id)) return null;
      return (await select('AND j.id = $1', [id], 1))[0] ?? null;
    },
    async stop() {
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await progress.end();
    },
  };
}
