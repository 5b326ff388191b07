/**
 * Media work as resumable jobs: a job is a named list of steps; each finished step is recorded
 * in the store (media_job_steps) with its result, and running the same job again skips the steps
 * already done, so an import interrupted by a crash or Ctrl-C resumes where it stopped. A step
 * may say its recorded result no longer holds (its files are gone): then it runs again, and so
 * does every step after it.
 */
import type { Async } from '../../store/async-door';
import type { MediaJobStore } from '../../store/media';
import { silentReporter, type ProgressReporter } from './progress';

export interface StepContext {
  /** results of the steps before this one (recorded ones included), by step name */
  results: ReadonlyMap<string, unknown>;
  /** reports the fraction done of this step (0..1) */
  progress(fraction: number | null): void;
  signal?: AbortSignal;
}

export interface JobStep {
  name: string;
  run(context: StepContext): Promise<unknown>;
  /** whether a recorded result still holds (e.g. its files exist); default: it does */
  stillDone?(result: unknown): boolean | Promise<boolean>;
}

export interface JobDefinition {
  /** identifies the work: the same key resumes the same job */
  key: string;
  kind: string;
  /** shown in the progress output */
  title: string;
  steps: readonly JobStep[];
}

export interface JobOutcome {
  jobId: number;
  ran: string[];
  skipped: string[];
  results: Map<string, unknown>;
}

export async function runMediaJob(
  jobs: Async<MediaJobStore>,
  job: JobDefinition,
  options: { reporter?: ProgressReporter; signal?: AbortSignal } = {},
): Promise<JobOutcome> {
  const reporter = options.reporter ?? silentReporter;
  const names = new Set<string>();
  for (const step of job.steps) {
    if (names.has(step.name)) throw new Error(`job ${job.key}: step ${step.name} twice`);
    names.add(step.name);
  }
  const record = await jobs.start(job.key, job.kind);
  const results = new Map<string, unknown>();
  const ran: string[] = [];
  const skipped: string[] = [];
  let redoRest = false;
  try {
    for (const [i, step] of job.steps.entries()) {
      reporter.stepStarted(job.title, step.name, i + 1, job.steps.length);
      const recorded = record.steps.has(step.name) && !redoRest;
      if (recorded) {
        const result = record.steps.get(step.name);
        if (!step.stillDone || (await step.stillDone(result))) {
          results.set(step.name, result);
          skipped.push(step.name);
          reporter.stepFinished(true);
          continue;
        }
      }
      redoRest = true;
      options.signal?.throwIfAborted();
      const result = await step.run({ results, progress: (f) => reporter.progress(f), signal: options.signal });
      await jobs.finishStep(record.id, step.name, result ?? null);
      results.set(step.name, result ?? null);
      ran.push(step.name);
      reporter.stepFinished(false);
    }
    await jobs.finish(record.id);
    reporter.jobFinished(true);
    return { jobId: record.id, ran, skipped, results };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await jobs.fail(record.id, message);
    reporter.jobFinished(false, message);
    throw error;
  }
}
