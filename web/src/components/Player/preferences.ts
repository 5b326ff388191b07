import { PLAYBACK_RATES, PLAYER_PREFERENCES_KEY } from './constants';

/** What the player remembers between visits (§9 "Saved preferences"), plus the speed. */
export interface PlayerPreferences {
  /** 0..1 */
  readonly volume: number;
  /** Opacity of the scrolling comments, 0.1..1. */
  readonly danmakuOpacity: number;
  readonly danmakuShown: boolean;
  readonly subtitlesShown: boolean;
  /** One of PLAYBACK_RATES. */
  readonly playbackRate: number;
}

/** §9: volume 0.7, comment opacity 0.7, comments shown, subtitles shown. */
export const DEFAULT_PREFERENCES: PlayerPreferences = {
  volume: 0.7,
  danmakuOpacity: 0.7,
  danmakuShown: true,
  subtitlesShown: true,
  playbackRate: 1,
};

export const DANMAKU_OPACITY_MIN = 0.1;

type ReadStorage = Pick<Storage, 'getItem'>;
type WriteStorage = Pick<Storage, 'setItem'>;

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // storage disabled (privacy settings): the defaults apply and nothing is saved
    return null;
  }
}

function numberIn(value: unknown, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** Rounds to two decimals so 0.7 + 0.1 is stored as 0.8. */
export function roundLevel(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The saved preferences, each field checked on its own: a missing, damaged or out-of-range field
 * takes its default and the others are kept.
 */
export function loadPreferences(storage: ReadStorage | null = browserStorage()): PlayerPreferences {
  let saved: Record<string, unknown> = {};
  try {
    const raw = storage?.getItem(PLAYER_PREFERENCES_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) saved = parsed as Record<string, unknown>;
  } catch {
    saved = {};
  }
  const rate = numberIn(saved.playbackRate, 0, 16);
  return {
    volume: numberIn(saved.volume, 0, 1) ?? DEFAULT_PREFERENCES.volume,
    danmakuOpacity: numberIn(saved.danmakuOpacity, DANMAKU_OPACITY_MIN, 1) ?? DEFAULT_PREFERENCES.danmakuOpacity,
    danmakuShown: typeof saved.danmakuShown === 'boolean' ? saved.danmakuShown : DEFAULT_PREFERENCES.danmakuShown,
    subtitlesShown:
      typeof saved.subtitlesShown === 'boolean' ? saved.subtitlesShown : DEFAULT_PREFERENCES.subtitlesShown,
    playbackRate:
      rate !== null && (PLAYBACK_RATES as readonly number[]).includes(rate) ? rate : DEFAULT_PREFERENCES.playbackRate,
  };
}

/** Saves the preferences (levels rounded to two decimals); a full or disabled storage is ignored. */
export function savePreferences(preferences: PlayerPreferences, storage: WriteStorage | null = browserStorage()): void {
  const value: PlayerPreferences = {
    ...preferences,
    volume: roundLevel(preferences.volume),
    danmakuOpacity: roundLevel(preferences.danmakuOpacity),
  };
  try {
    storage?.setItem(PLAYER_PREFERENCES_KEY, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the preference lasts for this page only
  }
}
