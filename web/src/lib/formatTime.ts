/** Times as the personal centre shows them. */

/**
 * A position or length in a video as mm:ss (`75` → `01:15`); minutes keep counting past an hour
 * (`3725` → `62:05`). Negative, fractional or non-finite input is treated as its floor, clamped at 0.
 */
export function formatMmSs(seconds: number | null | undefined): string {
  const total = typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** An ISO 8601 time in the browser's local time as `YYYY-MM-DD HH:mm`; what cannot be read is shown as it came. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `YYYY-MM-DD` of a local date. */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `HH:mm` of an ISO time in local time, or '' when it cannot be read. */
export function formatClock(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
