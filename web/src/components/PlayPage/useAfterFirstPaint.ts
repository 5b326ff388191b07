import { useEffect, useState } from 'react';

/** Once the page has painted after a player's place first rendered, later places need not wait. */
let painted = false;

/**
 * false until the frame that shows the component's first render has been painted, then true.
 * The play page puts its heavy parts (the player's chunk, hls.js) behind it so the course paints
 * first: requestAnimationFrame runs just before a frame is painted, and a task queued from it runs
 * after that paint. A tab opened in the background paints nothing until it is shown, and then the
 * course comes first there too.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      painted = true;
      setReady(true);
    };
    if (typeof requestAnimationFrame !== 'function') {
      task = setTimeout(done, 0);
      return () => clearTimeout(task);
    }
    const frame = requestAnimationFrame(() => {
      task = setTimeout(done, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [ready]);
  return ready;
}
