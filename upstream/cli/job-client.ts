/**
 * How the CLIs of long work (media:import, search:rebuild, ai:knowledge:rebuild) hand it to the job
 * queue on PostgreSQL (main-api/background.ts): the job is asked for, then followed until it ends,
 * its progress printed as it changes (on stderr; the outcome as JSON on stdout). `--no-wait` only
 * asks and prints the job's id. Ctrl-C stops the waiting, not the job: a worker keeps on with it
 * (`npm run admin -- jobs` follows it). A stately job already waiting is followed instead of a new one.
 */
import { jobsSchemaOf, openJobQueue, type JobData, type JobQueue, type JobRecord } from '../src/jobs/queue';
import { BACKGROUND_JOBS } from '../src/main-api/background';

export interface JobRequest {
  databaseUrl: string;
  name: string;
  data?: JobData;
  wait: boolean;
  /** how often the job is looked at while waiting (default 1 s) */
  pollMs?: number;
  out?: NodeJS.WritableStream;
  err?: NodeJS.WritableStream;
}

const progressLine = (job: JobRecord) => {
  const p = job.progress;
  if (!p) return null;
  const share = p.total > 0 ? ` ${Math.floor((100 * p.done) / p.total)}%` : '';
  return `  ${p.done}/${p.total}${share}${p.detail ? ` ${p.detail}` : ''}`;
};

/** asks for the job and, unless told not to wait, follows it; answers the exit code (0: completed) */
export async function runAsJob(request: JobRequest): Promise<number> {
  const out = request.out ?? process.stdout;
  const err = request.err ?? process.stderr;
  const queue = await openJobQueue(request.databaseUrl, { passive: true, schema: jobsSchemaOf(request.databaseUrl) });
  try {
    // the queues exist once a main API or the worker has started; the CLI may come first
    await queue.define(Object.values(BACKGROUND_JOBS), { missingOnly: true });
    let id = await queue.send(request.name, request.data ?? {});
    if (id === null) {
      const pending = (await queue.list(20, request.name)).find(
        (job) => job.state === 'created' || job.state === 'retry',
      );
      if (!pending) throw new Error(`a run of ${request.name} is already waiting`);
      id = pending.id;
      err.write(`已有一次 ${request.name} 在排队，跟随它 (a run is already waiting: following it) ${id}\n`);
    }
    if (!request.wait) {
      out.write(`${JSON.stringify({ queued: request.name, id }, null, 2)}\n`);
      return 0;
    }
    err.write(
      `任务 ${request.name} 已排队 (queued) ${id}; Ctrl-C 只停止等待，任务继续 (Ctrl-C stops waiting, not the job)\n`,
    );
    return await follow(queue, id, request.pollMs ?? 1_000, out, err);
  } finally {
    await queue.stop();
  }
}

async function follow(
  queue: JobQueue,
  id: string,
  pollMs: number,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  let lastState = '';
  let lastProgress: string | null = null;
  let failuresTold = 0;
  for (;;) {
    const job = await queue.get(id);
    if (!job) throw new Error(`job ${id} is gone`);
    // pg-boss counts a retry when it starts: a job waiting to be retried has failed once more
    const failures = job.retryCount + (job.state === 'retry' ? 1 : 0);
    if (failures > failuresTold && job.state !== 'failed') {
      err.write(
        `  失败，将重试 (failed, to be retried)${job.state === 'retry' ? `: ${JSON.stringify(job.output)}` : ''}\n`,
      );
      failuresTold = failures;
    }
    if (job.state !== lastState) {
      if (job.state === 'active')
        err.write(`  运行中 (running)${job.retryCount > 0 ? `, retry ${job.retryCount}` : ''}\n`);
      lastState = job.state;
    }
    const line = progressLine(job);
    if (line !== null && line !== lastProgress) {
      err.write(`${line}\n`);
      lastProgress = line;
    }
    if (job.state === 'completed') {
      out.write(`${JSON.stringify(job.output, null, 2)}\n`);
      return 0;
    }
    if (job.state === 'failed' || job.state === 'cancelled') {
      err.write(
        `错误 (error): 任务 ${job.state === 'failed' ? '失败' : '已取消'} (job ${job.state}): ${JSON.stringify(job.output)}\n`,
      );
      return 1;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** takes `--no-wait` out of the arguments */
export function takeNoWait(args: string[]): { args: string[]; wait: boolean } {
  return { args: args.filter((a) => a !== '--no-wait'), wait: !args.includes('--no-wait') };
}
