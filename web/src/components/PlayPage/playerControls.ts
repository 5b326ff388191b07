import { createContext, useContext, useMemo, type RefObject } from 'react';
import type { VideoPlayerHandle } from '../Player/types';

/**
 * What the parts around the player may do with it (notes, keyframes, the clip dialog): read the
 * current second, pause, seek. Before the player's code has loaded, the time is 0 and the rest
 * does nothing.
 */
export interface PlayerControls {
  /** Seconds (fractional). */
  currentTime(): number;
  pause(): void;
  seek(seconds: number): void;
}

const idle: PlayerControls = { currentTime: () => 0, pause: () => {}, seek: () => {} };

export const PlayerControlsContext = createContext<PlayerControls>(idle);

export function usePlayerControls(): PlayerControls {
  return useContext(PlayerControlsContext);
}

/** Controls over the player's ref (the page passes the same ref to the player). */
export function usePlayerControlsOf(handle: RefObject<VideoPlayerHandle | null>): PlayerControls {
  return useMemo<PlayerControls>(
    () => ({
      currentTime: () => {
        const t = handle.current?.currentTime() ?? 0;
        return Number.isFinite(t) && t > 0 ? t : 0;
      },
      pause: () => handle.current?.pause(),
      seek: (seconds) => handle.current?.seek(Math.max(0, seconds)),
    }),
    [handle],
  );
}
