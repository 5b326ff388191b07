/**
 * How a media job shows its progress in the terminal (on stderr, so stdout stays for results):
 * a redrawn bar when stderr is a TTY, plain lines otherwise (logs, CI), at most one per quarter.
 */
export interface ProgressReporter {
  stepStarted(job: string, step: string, index: number, total: number): void;
  /** fraction 0..1 of the running step, or null when its length is unknown */
  progress(fraction: number | null): void;
  stepFinished(skipped: boolean): void;
  jobFinished(ok: boolean, message?: string): void;
}

export const silentReporter: ProgressReporter = {
  stepStarted() {},
  progress() {},
  stepFinished() {},
  jobFinished() {},
};

const BAR_WIDTH = 28;
const REDRAW_MS = 100;

export function terminalReporter(
  stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
): ProgressReporter {
  const tty = Boolean(stream.isTTY);
  let label = '';
  let started = 0;
  let lastDraw = 0;
  let lastQuarter = -1;

  const bar = (fraction: number) => {
    const filled = Math.round(fraction * BAR_WIDTH);
    return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%`;
  };

  return {
    stepStarted(job, step, index, total) {
      label = `${job} ${index}/${total} ${step}`;
      started = Date.now();
      lastQuarter = -1;
      lastDraw = 0;
      if (tty) stream.write(`\r\x1b[2K${label} …`);
      else stream.write(`${label} …\n`);
    },
    progress(fraction) {
      if (fraction === null) return;
      const now = Date.now();
      if (tty) {
        if (now - lastDraw < REDRAW_MS && fraction < 1) return;
        lastDraw = now;
        stream.write(`\r\x1b[2K${label} ${bar(fraction)}`);
      } else {
        const quarter = Math.floor(fraction * 4);
        if (quarter <= lastQuarter || quarter === 0 || quarter >= 4) return;
        lastQuarter = quarter;
        stream.write(`${label} ${quarter * 25}%\n`);
      }
    },
    stepFinished(skipped) {
      const text = skipped
        ? '已完成，跳过 (done before, skipped)'
        : `完成 (done, ${((Date.now() - started) / 1000).toFixed(1)} s)`;
      stream.write(tty ? `\r\x1b[2K${label} ${text}\n` : `${label} ${text}\n`);
    },
    jobFinished(ok, message) {
      if (!ok) stream.write(`${tty ? '\n' : ''}失败 (failed): ${message ?? ''}\n`);
    },
  };
}
