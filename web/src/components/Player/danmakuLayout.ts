import { DANMAKU_CROSS_SECONDS, DANMAKU_DEFAULT_WIDTH_PX, DANMAKU_FONT_PX } from './constants';
import type { PlayerDanmaku } from './types';

/** A scrolling comment with the lane (row from the top) it runs in. */
export interface LaidDanmaku extends PlayerDanmaku {
  readonly lane: number;
}

export interface DanmakuLayoutOptions {
  readonly lanes: number;
  /** Width of the picture in px. */
  readonly width?: number;
  readonly crossSeconds?: number;
  readonly fontPx?: number;
  /** Empty space kept behind a comment before the next one enters its lane, px. */
  readonly gapPx?: number;
}

/** Width of a comment in px: CJK and other wide characters a full em, the rest about half. */
export function danmakuWidth(content: string, fontPx = DANMAKU_FONT_PX): number {
  let ems = 0;
  for (const ch of content) ems += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 1 : 0.55;
  return Math.ceil(ems * fontPx);
}

function byTime(a: PlayerDanmaku, b: PlayerDanmaku): number {
  return a.vtime - b.vtime;
}

/**
 * Gives every comment a lane so that comments in one lane never overlap: a comment enters a lane
 * only when the previous one there has fully entered the picture (plus a gap) and will leave the
 * left edge before the new one, which moves faster when it is longer, can catch up with it.
 * Comments run right to left in `crossSeconds` whatever their length, so a longer one is faster.
 * When every lane is busy the comment takes the lane that frees up first (overlapping a little
 * rather than disappearing). Stable: comments at the same second keep their order (sent ones last).
 */
export function layoutDanmaku(list: readonly PlayerDanmaku[], options: DanmakuLayoutOptions): LaidDanmaku[] {
  const lanes = Math.max(1, Math.floor(options.lanes));
  const width = options.width && options.width > 0 ? options.width : DANMAKU_DEFAULT_WIDTH_PX;
  const cross = options.crossSeconds ?? DANMAKU_CROSS_SECONDS;
  const fontPx = options.fontPx ?? DANMAKU_FONT_PX;
  const gap = options.gapPx ?? fontPx * 2;
  // per lane: when its last comment has entered (time), and when that comment leaves the left edge
  const enteredAt = new Array<number>(lanes).fill(-Infinity);
  const leavesAt = new Array<number>(lanes).fill(-Infinity);
  const sorted = [...list].sort(byTime);
  return sorted.map((item) => {
    const w = danmakuWidth(item.content, fontPx);
    const speed = (width + w) / cross;
    // the time this comment's head reaches the left edge
    const headAtLeft = item.vtime + width / speed;
    let lane = -1;
    for (let i = 0; i < lanes; i += 1) {
      if (enteredAt[i]! <= item.vtime && leavesAt[i]! <= headAtLeft) {
        lane = i;
        break;
      }
    }
    if (lane < 0) {
      lane = 0;
      for (let i = 1; i < lanes; i += 1) if (enteredAt[i]! < enteredAt[lane]!) lane = i;
    }
    enteredAt[lane] = item.vtime + (w + gap) / speed;
    leavesAt[lane] = item.vtime + cross;
    return { ...item, lane };
  });
}

/** A comment on screen at a moment: how far it has run, 0 (entering at the right) to 1 (gone at the left). */
export interface ActiveDanmaku {
  readonly item: LaidDanmaku;
  readonly progress: number;
}

/** First index whose vtime is greater than `t` (the list is in time order). */
function upperBound(list: readonly LaidDanmaku[], t: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.vtime <= t) lo = mid + 1;
    else hi = mid;
  }
  return hi;
}

/** The comments on screen at `time`: those sent in the last `crossSeconds`, in time order. */
export function activeDanmaku(
  laid: readonly LaidDanmaku[],
  time: number,
  crossSeconds = DANMAKU_CROSS_SECONDS,
): ActiveDanmaku[] {
  const out: ActiveDanmaku[] = [];
  for (let i = upperBound(laid, time) - 1; i >= 0; i -= 1) {
    const item = laid[i]!;
    const elapsed = time - item.vtime;
    if (elapsed >= crossSeconds) break;
    out.push({ item, progress: elapsed / crossSeconds });
  }
  return out.reverse();
}

/** How many lanes fit in a picture of this height (the top 70 %, keeping the subtitles clear). */
export function laneCount(heightPx: number, laneHeightPx: number): number {
  return Math.max(1, Math.floor((heightPx * 0.7) / laneHeightPx));
}

/**
 * The comments the page loaded plus the ones sent here (shown at once): a sent comment the page
 * has since loaded under the same id is shown once.
 */
export function mergeDanmaku(
  loaded: readonly PlayerDanmaku[],
  sent: readonly PlayerDanmaku[],
): readonly PlayerDanmaku[] {
  if (sent.length === 0) return loaded;
  const ids = new Set(loaded.map((d) => d.id));
  const extra = sent.filter((d) => !ids.has(d.id));
  return extra.length === 0 ? loaded : [...loaded, ...extra];
}
