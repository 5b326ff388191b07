import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders a first screen and while the browser hydrates it (both must
 * produce the same HTML), true from the next render on; true at once in a page the browser
 * renders by itself. For what only the browser knows (the window's size, localStorage): render the
 * server's answer until this turns true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
