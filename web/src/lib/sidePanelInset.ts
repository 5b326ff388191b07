import { useSyncExternalStore } from 'react';

/**
 * How many pixels at the right of the window a side panel covers now (the AI问答 drawer while it
 * is open), so that what floats over the page (the floating player) keeps clear of it instead of
 * hiding beneath it. 0 when nothing is open.
 */
let inset = 0;
const listeners = new Set<() => void>();

export function setSidePanelInset(px: number): void {
  const next = Math.max(0, Math.round(px));
  if (next === inset) return;
  inset = next;
  for (const listener of listeners) listener();
}

export function sidePanelInset(): number {
  return inset;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSidePanelInset(): number {
  return useSyncExternalStore(subscribe, sidePanelInset, () => 0);
}
