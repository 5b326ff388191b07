import { useEffect, useMemo, useRef, useState } from 'react';
import { DANMAKU_CROSS_SECONDS, DANMAKU_DEFAULT_WIDTH_PX, DANMAKU_FONT_PX, DANMAKU_LANE_HEIGHT_PX } from './constants';
import { activeDanmaku, laneCount, layoutDanmaku } from './danmakuLayout';
import type { PlayerDanmaku } from './types';

interface Props {
  readonly danmaku: readonly PlayerDanmaku[];
  /** Seconds into the video. */
  readonly time: number;
  readonly opacity: number;
  readonly shown: boolean;
}

/**
 * The scrolling comments over the picture: a layer that lets every pointer event through, each
 * comment placed by the video's time (so pausing, seeking and speed changes carry it along):
 * left runs from 100 % to 0 while the comment's own width is pulled in, from just off the right
 * edge to just off the left one.
 */
export function DanmakuLayer({ danmaku, time, opacity, shown }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: DANMAKU_DEFAULT_WIDTH_PX, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setSize({ width: el.clientWidth || DANMAKU_DEFAULT_WIDTH_PX, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // jsdom and a picture not laid out yet have no height: keep a few lanes rather than one
  const lanes = size.height > 0 ? laneCount(size.height, DANMAKU_LANE_HEIGHT_PX) : 8;
  const laid = useMemo(() => layoutDanmaku(danmaku, { lanes, width: size.width }), [danmaku, lanes, size.width]);
  const active = shown ? activeDanmaku(laid, time, DANMAKU_CROSS_SECONDS) : [];
  return (
    <div
      ref={ref}
      className="szp-danmaku"
      data-testid="danmaku-layer"
      aria-hidden={!shown}
      style={{ opacity, display: shown ? undefined : 'none' }}
    >
      {active.map(({ item, progress }) => (
        <div
          key={item.id}
          className={item.mine ? 'szp-danmaku-item szp-danmaku-mine' : 'szp-danmaku-item'}
          data-testid="danmaku-item"
          data-lane={item.lane}
          style={{
            top: item.lane * DANMAKU_LANE_HEIGHT_PX,
            left: `${(1 - progress) * 100}%`,
            transform: `translateX(${-progress * 100}%)`,
            fontSize: DANMAKU_FONT_PX,
            lineHeight: `${DANMAKU_LANE_HEIGHT_PX}px`,
          }}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
