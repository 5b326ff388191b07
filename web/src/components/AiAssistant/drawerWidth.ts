import { useSyncExternalStore } from 'react';
import { AI_LIMITS } from './aiText';

/** §9: 400 px, or a quarter of the window when the window is at least 1400 px wide. */
export function drawerWidthFor(windowWidth: number): number {
  return windowWidth >= AI_LIMITS.wideWindow ? Math.floor(windowWidth / 4) : AI_LIMITS.drawerWidth;
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The drawer's width now, following the window as it is resized. */
export function useDrawerWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => drawerWidthFor(window.innerWidth),
    () => AI_LIMITS.drawerWidth,
  );
}
