import { RESUME_MIN_REMAINING_SECONDS } from './constants';
import type { PlayerResume } from './types';

export interface StartPositionInput {
  readonly videoId: number;
  /** The video's length in seconds (0 when not known). */
  readonly duration: number;
  readonly startAt?: number | null;
  readonly resume: PlayerResume | null;
}

/**
 * Where playback starts: ?vtime= when given (kept inside the video); otherwise the last position
 * of this video when more than RESUME_MIN_REMAINING_SECONDS remain after it (§4, §9); otherwise 0.
 */
export function startPosition({ videoId, duration, startAt, resume }: StartPositionInput): number {
  if (typeof startAt === 'number' && Number.isFinite(startAt)) {
    const at = Math.max(0, startAt);
    return duration > 0 ? Math.min(at, Math.max(0, duration - 1)) : at;
  }
  if (!resume || resume.videoId !== videoId) return 0;
  const length = duration > 0 ? duration : resume.duration;
  const last = resume.lastPlayTime;
  if (!Number.isFinite(last) || last <= 0 || !(length > 0)) return 0;
  return length - last > RESUME_MIN_REMAINING_SECONDS ? last : 0;
}
