import { checkUserText } from '../../lib/userText';
import { PLAY_LIMITS, PLAY_TEXT } from './playText';

export interface ClipForm {
  readonly start: string;
  readonly end: string;
  readonly name: string;
}

export interface ClipRequest {
  readonly startTime: number;
  readonly endTime: number;
  /** null: the server names it <video name>-片段<n>. */
  readonly name: string | null;
}

const SECONDS = /^\d{1,7}$/;

/** The dialog's starting values: from the player's second, one minute long (within the video). */
export function defaultClip(currentTime: number, duration: number): { start: number; end: number } {
  const last = Math.max(0, Math.floor(duration) - 1);
  const start = Math.min(Math.max(0, Math.floor(currentTime)), last);
  return { start, end: Math.min(start + PLAY_LIMITS.clipDefaultSeconds, Math.floor(duration)) };
}

export function defaultClipName(videoName: string, existing: number): string {
  return `${videoName}-片段${existing + 1}`;
}

/**
 * §5 clip rules, checked before sending (the server checks the same and answers the same words):
 * the start between 0 and duration − 1, the end after the start, at most 180 s and not past the
 * video's end, a name of at most 50 characters (the text policy of lib/userText: one line, no
 * control characters or direction overrides), at most two clips of a video.
 */
export function checkClip(
  form: ClipForm,
  { duration, existing, defaultName }: { duration: number; existing: number | null; defaultName: string },
): { ok: true; request: ClipRequest } | { ok: false; message: string; field: 'start' | 'end' | 'name' | null } {
  const startText = form.start.trim();
  const endText = form.end.trim();
  const start = SECONDS.test(startText) ? Number(startText) : NaN;
  const end = SECONDS.test(endText) ? Number(endText) : NaN;
  if (!Number.isInteger(start) || start < 0 || start > Math.floor(duration) - 1) {
    return { ok: false, message: PLAY_TEXT.clipStartInvalid, field: 'start' };
  }
  if (!Number.isInteger(end) || end <= start) return { ok: false, message: PLAY_TEXT.clipEndBeforeStart, field: 'end' };
  if (end > start + PLAY_LIMITS.clipMaxSeconds) return { ok: false, message: PLAY_TEXT.clipTooLong, field: 'end' };
  if (end > duration) return { ok: false, message: PLAY_TEXT.clipPastEnd, field: 'end' };
  // the suggested default name is the server's to give, however long the video's name is
  const isDefault = form.name.trim() === defaultName;
  const typed = checkUserText(form.name, { multiline: false, maxLength: PLAY_LIMITS.clipNameLength });
  if (!isDefault && !typed.ok) {
    return {
      ok: false,
      message: typed.problem === 'tooLong' ? PLAY_TEXT.clipNameTooLong : PLAY_TEXT.clipNameInvalid,
      field: 'name',
    };
  }
  if (existing !== null && existing >= PLAY_LIMITS.clipsPerVideo)
    return { ok: false, message: PLAY_TEXT.clipLimitReached, field: null };
  const name = isDefault || !typed.ok || typed.text === '' ? null : typed.text;
  return { ok: true, request: { startTime: start, endTime: end, name } };
}
