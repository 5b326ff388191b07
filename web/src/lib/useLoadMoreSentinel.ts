import { startTransition, useEffect, useEffectEvent, useRef } from 'react';
import { SCROLL_LOAD_TRIGGER_PX } from '../constants';

interface Options {
  readonly hasNext: boolean;
  readonly isLoadingNext: boolean;
  readonly loadNext: () => void;
  /** Changes when a page arrived (e.g. the edge count): observe again in case the end is still in view. */
  readonly itemCount: number;
}

/**
 * Infinite scroll trigger (used by <InfiniteList>): returns a ref for an element placed after the
 * list. When that element comes within 50 px of the viewport bottom, `loadNext` runs (in a
 * transition), but never while a page is loading or when there is no next page. Hidden
 * (kept-alive) pages clean their effects up, so they stop observing until they are shown again.
 */
export function useLoadMoreSentinel<T extends HTMLElement = HTMLDivElement>({
  hasNext,
  isLoadingNext,
  loadNext,
  itemCount,
}: Options) {
  const ref = useRef<T>(null);
  // the latest loadNext, without observing again each render
  const onNearEnd = useEffectEvent(() => startTransition(() => loadNext()));
  const enabled = hasNext && !isLoadingNext;

  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    let fired = false;
    const fire = () => {
      if (fired) return;
      fired = true;
      onNearEnd();
    };

    if (typeof IntersectionObserver !== 'undefined') {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) fire();
        },
        { rootMargin: `0px 0px ${SCROLL_LOAD_TRIGGER_PX}px 0px` },
      );
      observer.observe(element);
      return () => observer.disconnect();
    }

    // Without IntersectionObserver: measure on scroll and resize.
    const check = () => {
      if (element.getBoundingClientRect().top - window.innerHeight <= SCROLL_LOAD_TRIGGER_PX) fire();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, itemCount]);

  return ref;
}
