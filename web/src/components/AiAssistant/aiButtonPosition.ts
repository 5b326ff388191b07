import { AI_BUTTON_POSITION_KEY } from './aiText';

/** Where the floating AI button sits: its top-left corner in window pixels. */
export interface ButtonPosition {
  readonly left: number;
  readonly top: number;
}

/** The button is a circle this many pixels across. */
export const AI_BUTTON_SIZE = 56;

/** Until dragged, the button sits this far from the window’s right and bottom edges (above the floating player). */
const DEFAULT_RIGHT = 24;
const DEFAULT_BOTTOM = 240;

/** Keeps the whole button inside a window of that size. */
export function clampToWindow(position: ButtonPosition, width: number, height: number): ButtonPosition {
  const maxLeft = Math.max(0, width - AI_BUTTON_SIZE);
  const maxTop = Math.max(0, height - AI_BUTTON_SIZE);
  return {
    left: Math.round(Math.min(Math.max(0, position.left), maxLeft)),
    top: Math.round(Math.min(Math.max(0, position.top), maxTop)),
  };
}

export function defaultPosition(width: number, height: number): ButtonPosition {
  return clampToWindow(
    { left: width - DEFAULT_RIGHT - AI_BUTTON_SIZE, top: height - DEFAULT_BOTTOM - AI_BUTTON_SIZE },
    width,
    height,
  );
}

/** The position the person dragged the button to last time, or null (also when storage is refused or holds junk). */
export function loadPosition(): ButtonPosition | null {
  try {
    const raw = window.localStorage.getItem(AI_BUTTON_POSITION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ButtonPosition> | null;
    if (!value || !Number.isFinite(value.left) || !Number.isFinite(value.top)) return null;
    return { left: Number(value.left), top: Number(value.top) };
  } catch {
    return null;
  }
}

export function savePosition(position: ButtonPosition): void {
  try {
    window.localStorage.setItem(AI_BUTTON_POSITION_KEY, JSON.stringify(position));
  } catch {
    // private mode or a full storage: the button just starts at its default place next time
  }
}
