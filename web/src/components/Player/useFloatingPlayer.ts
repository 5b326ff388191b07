import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useSidePanelInset } from '../../lib/sidePanelInset';
import { FLOAT_BAR_HEIGHT_PX, FLOAT_WIDTH_PX } from './constants';
import {
  clampFloatPosition,
  defaultFloatPosition,
  dismissedAfterScroll,
  DRAG_THRESHOLD_PX,
  isFloating,
  type Point,
} from './floating';

/** The window: its title bar above the 16:9 picture (the title never covers the picture). */
const FLOAT_SIZE = { width: FLOAT_WIDTH_PX, height: FLOAT_BAR_HEIGHT_PX + Math.round((FLOAT_WIDTH_PX * 9) / 16) };

/** Where the window may be: the browser window less what a side panel (the AI drawer) covers at the right. */
function viewport(rightInset: number) {
  return { width: window.innerWidth - rightInset, height: window.innerHeight };
}

interface Drag {
  readonly pointerId: number;
  readonly startX: number;
  readonly startY: number;
  readonly from: Point;
  moved: boolean;
}

/**
 * The floating window of §4: past 600 px of page scroll the player leaves its place (which keeps
 * its height, so the page does not jump) for a small fixed window at the bottom right that can be
 * dragged anywhere in the viewport; × puts it back until the page is scrolled above 600 px again.
 * A press on the window that does not move is a click (`onClick`: play/pause).
 */
export function useFloatingPlayer(onClick: () => void, enabled = true) {
  const [scrollY, setScrollY] = useState(() => (typeof window === 'undefined' ? 0 : window.scrollY));
  const [dismissed, setDismissed] = useState(false);
  const [position, setPosition] = useState<Point | null>(null);
  const [inlineHeight, setInlineHeight] = useState<number | null>(null);
  const slotRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const floating = enabled && isFloating(scrollY, dismissed);
  const rightInset = useSidePanelInset();

  useEffect(() => {
    const onScroll = () => {
      const y = window.scrollY;
      setScrollY(y);
      setDismissed((d) => dismissedAfterScroll(y, d));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // the inline height, measured while docked, is what the place keeps while floating
  useEffect(() => {
    const el = slotRef.current;
    if (!el || floating) return;
    const measure = () => {
      if (el.offsetHeight > 0) setInlineHeight(el.offsetHeight);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [floating]);

  useEffect(() => {
    if (!floating) return;
    const area = () => viewport(rightInset);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- placed inside the viewport (measured here) when it starts floating
    setPosition((p) => (p ? clampFloatPosition(p, FLOAT_SIZE, area()) : defaultFloatPosition(FLOAT_SIZE, area())));
    const onResize = () => setPosition((p) => (p ? clampFloatPosition(p, FLOAT_SIZE, area()) : p));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [floating, rightInset]);

  const close = useCallback(() => setDismissed(true), []);

  const onPointerDown = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      // a button inside the window (×) keeps its own click
      if (event.button !== 0 || !position || (event.target as Element).closest('button')) return;
      drag.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        from: position,
        moved: false,
      };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    [position],
  );
  const onPointerMove = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== event.pointerId) return;
      const dx = event.clientX - d.startX;
      const dy = event.clientY - d.startY;
      if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      d.moved = true;
      setPosition(clampFloatPosition({ x: d.from.x + dx, y: d.from.y + dy }, FLOAT_SIZE, viewport(rightInset)));
    },
    [rightInset],
  );
  const onPointerUp = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== event.pointerId) return;
      drag.current = null;
      event.currentTarget.releasePointerCapture?.(event.pointerId);
      // a press without movement on the picture is a click; on the title bar it is nothing
      if (!d.moved && !event.currentTarget.hasAttribute('data-no-tap')) onClick();
    },
    [onClick],
  );
  const onPointerCancel = useCallback(() => {
    drag.current = null;
  }, []);

  return {
    floating,
    close,
    slotRef,
    /** Style of the inline place: its docked height while the player floats. */
    slotStyle: floating && inlineHeight ? { height: inlineHeight } : undefined,
    /** Style of the frame while floating. */
    frameStyle:
      floating && position
        ? { left: position.x, top: position.y, width: FLOAT_SIZE.width }
        : floating
          ? { right: 16, bottom: 16, width: FLOAT_SIZE.width }
          : undefined,
    dragHandlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel },
  };
}
