import { useEffect, useState } from 'react';

/** Once the page has painted after a player's place first rendered, later places need not wait. */
let painted = false;
/** the longest wait for the browser to report a marked element presented */
const PRESENTATION_WAIT_MS = 1_000;

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
    // Where the browser reports when marked elements were presented (PerformanceElementTiming:
    // Chromium), wait for that: a task queued after requestAnimationFrame can run before a busy
    // compositor has presented the frame. The frame-based wait stays as the bound.
    const marked = new Set(
      Array.from(
        document.querySelectorAll('[elementtiming]'),
        (element) => element.getAttribute('elementtiming') ?? '',
      ),
    );
    if (
      marked.size > 0 &&
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('element')
    ) {
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          marked.delete((entry as PerformanceEntry & { identifier?: string }).identifier ?? '');
        if (marked.size === 0) {
          observer.disconnect();
          done();
        }
      });
      observer.observe({ type: 'element', buffered: true });
      task = setTimeout(done, PRESENTATION_WAIT_MS);
      return () => {
        observer.disconnect();
        clearTimeout(task);
      };
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
