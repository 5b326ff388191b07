/**
 * The content job's progress on stderr (stdout stays for the JSON summary), as the media jobs
 * show theirs (media/pipeline/progress.ts): a redrawn bar with the count when stderr is a
 * terminal, otherwise a plain line at every tenth (logs, CI, tests).
 */
const BAR_WIDTH = 28;
const REDRAW_MS = 100;

export function contentProgress(stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr) {
  const tty = Boolean(stream.isTTY);
  let lastDraw = 0;
  let lastTenth = -1;
  return (done: number, total: number) => {
    const fraction = total === 0 ? 1 : done / total;
    const label = `AI 内容 ${done}/${total}`;
    if (tty) {
      const now = Date.now();
      if (now - lastDraw < REDRAW_MS && done < total) return;
      lastDraw = now;
      const filled = Math.round(fraction * BAR_WIDTH);
      stream.write(
        `\r\x1b[2K${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%`,
      );
      if (done === total) stream.write('\n');
    } else {
      const tenth = Math.floor(fraction * 10);
      if (tenth <= lastTenth) return;
      lastTenth = tenth;
      stream.write(`${label} (${tenth * 10}%)\n`);
    }
  };
}
