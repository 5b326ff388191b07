import { FLOAT_MARGIN_PX, FLOAT_SCROLL_THRESHOLD_PX } from './constants';

/**
 * §4: scrolled more than 600 px, the player floats (unless closed with ×, which holds until the
 * page is back above the threshold); at or above it, it docks again.
 */
export function isFloating(scrollY: number, dismissed: boolean): boolean {
  return scrollY > FLOAT_SCROLL_THRESHOLD_PX && !dismissed;
}

/** A close (×) lasts while the page stays scrolled past the threshold; back above it, it is forgotten. */
export function dismissedAfterScroll(scrollY: number, dismissed: boolean): boolean {
  return scrollY > FLOAT_SCROLL_THRESHOLD_PX ? dismissed : false;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}
export interface Size {
  readonly width: number;
  readonly height: number;
}

/** Keeps the floating window inside the viewport (left/top in px), a margin from each edge when it fits. */
export function clampFloatPosition(position: Point, size: Size, viewport: Size, margin = FLOAT_MARGIN_PX): Point {
  const maxX = Math.max(margin, viewport.width - size.width - margin);
  const maxY = Math.max(margin, viewport.height - size.height - margin);
  return {
    x: Math.min(Math.max(position.x, Math.min(margin, maxX)), maxX),
    y: Math.min(Math.max(position.y, Math.min(margin, maxY)), maxY),
  };
}

/** Where the window first appears: the bottom right corner. */
export function defaultFloatPosition(size: Size, viewport: Size, margin = FLOAT_MARGIN_PX): Point {
  return clampFloatPosition(
    { x: viewport.width - size.width - margin, y: viewport.height - size.height - margin },
    size,
    viewport,
    margin,
  );
}

/** A press that moved less than this (px) is a click (play/pause), not a drag. */
export const DRAG_THRESHOLD_PX = 4;
