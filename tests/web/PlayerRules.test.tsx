/**
 * The player's rules that need no browser: where playback starts (resume only with more than
 * 10 s left), the saved preferences and their defaults, the 30-character comment rule, the
 * floating threshold, the screenshot's file name and how scrolling comments are laid in lanes.
 */
import { describe, expect, it } from 'vitest';
import { PLAYER_PREFERENCES_KEY } from '../../web/src/components/Player/constants';
import {
  activeDanmaku,
  danmakuWidth,
  laneCount,
  layoutDanmaku,
  mergeDanmaku,
} from '../../web/src/components/Player/danmakuLayout';
import { checkDanmaku, clampDanmakuInput, danmakuLength } from '../../web/src/components/Player/danmakuText';
import {
  clampFloatPosition,
  defaultFloatPosition,
  dismissedAfterScroll,
  isFloating,
} from '../../web/src/components/Player/floating';
import { DEFAULT_PREFERENCES, loadPreferences, savePreferences } from '../../web/src/components/Player/preferences';
import { startPosition } from '../../web/src/components/Player/resume';
import { screenshotFileName } from '../../web/src/components/Player/screenshot';
import type { PlayerDanmaku, PlayerResume } from '../../web/src/components/Player/types';

const resumeOf = (lastPlayTime: number, videoId = 7, duration = 600): PlayerResume => ({
  logId: 'log-1',
  videoId,
  lastPlayTime,
  duration,
});

describe('where playback starts', () => {
  it('resumes at the last position when more than 10 s remain', () => {
    expect(startPosition({ videoId: 7, duration: 600, resume: resumeOf(125.5) })).toBe(125.5);
    expect(startPosition({ videoId: 7, duration: 600, resume: resumeOf(589) })).toBe(589);
  });

  it('starts from 0 when 10 s or less remain, or the resume is about another video', () => {
    expect(startPosition({ videoId: 7, duration: 600, resume: resumeOf(590) })).toBe(0);
    expect(startPosition({ videoId: 7, duration: 600, resume: resumeOf(599.5) })).toBe(0);
    expect(startPosition({ videoId: 7, duration: 600, resume: resumeOf(125, 8) })).toBe(0);
    expect(startPosition({ videoId: 7, duration: 600, resume: null })).toBe(0);
  });

  it('uses the resume duration when the video length is not known yet', () => {
    expect(startPosition({ videoId: 7, duration: 0, resume: resumeOf(100, 7, 105) })).toBe(0);
    expect(startPosition({ videoId: 7, duration: 0, resume: resumeOf(100, 7, 200) })).toBe(100);
  });

  it('?vtime= wins over the resume point and is kept inside the video', () => {
    expect(startPosition({ videoId: 7, duration: 600, startAt: 42, resume: resumeOf(300) })).toBe(42);
    expect(startPosition({ videoId: 7, duration: 600, startAt: 0, resume: resumeOf(300) })).toBe(0);
    expect(startPosition({ videoId: 7, duration: 600, startAt: 5000, resume: null })).toBe(599);
    expect(startPosition({ videoId: 7, duration: 600, startAt: -3, resume: null })).toBe(0);
    expect(startPosition({ videoId: 7, duration: 600, startAt: null, resume: resumeOf(300) })).toBe(300);
  });
});

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('player preferences (§9)', () => {
  it('defaults to volume 0.7, comment opacity 0.7, comments and subtitles shown, normal speed', () => {
    expect(loadPreferences(memoryStorage())).toEqual({
      volume: 0.7,
      danmakuOpacity: 0.7,
      danmakuShown: true,
      subtitlesShown: true,
      playbackRate: 1,
    });
    expect(loadPreferences(null)).toEqual(DEFAULT_PREFERENCES);
  });

  it('restores what was saved', () => {
    const storage = memoryStorage();
    savePreferences(
      { volume: 0.35, danmakuOpacity: 0.4, danmakuShown: false, subtitlesShown: false, playbackRate: 1.5 },
      storage,
    );
    expect(loadPreferences(storage)).toEqual({
      volume: 0.35,
      danmakuOpacity: 0.4,
      danmakuShown: false,
      subtitlesShown: false,
      playbackRate: 1.5,
    });
  });

  it('saves levels rounded to two decimals (0.7 + 0.1 is 0.8)', () => {
    const storage = memoryStorage();
    savePreferences({ ...DEFAULT_PREFERENCES, volume: 0.7 + 0.1 }, storage);
    expect(JSON.parse(storage.data.get(PLAYER_PREFERENCES_KEY)!).volume).toBe(0.8);
  });

  it('replaces each damaged or out-of-range field by its default and keeps the others', () => {
    const storage = memoryStorage({
      [PLAYER_PREFERENCES_KEY]: JSON.stringify({
        volume: 3,
        danmakuOpacity: 0.5,
        danmakuShown: 'no',
        subtitlesShown: false,
        playbackRate: 1.75,
      }),
    });
    expect(loadPreferences(storage)).toEqual({
      volume: 0.7,
      danmakuOpacity: 0.5,
      danmakuShown: true,
      subtitlesShown: false,
      playbackRate: 1,
    });
    expect(loadPreferences(memoryStorage({ [PLAYER_PREFERENCES_KEY]: '{not json' }))).toEqual(DEFAULT_PREFERENCES);
    expect(loadPreferences(memoryStorage({ [PLAYER_PREFERENCES_KEY]: '[1,2]' }))).toEqual(DEFAULT_PREFERENCES);
  });

  it('uses window.localStorage by default, and a storage that throws changes nothing', () => {
    savePreferences({ ...DEFAULT_PREFERENCES, volume: 0.2 });
    expect(loadPreferences().volume).toBe(0.2);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(loadPreferences(broken)).toEqual(DEFAULT_PREFERENCES);
    expect(() => savePreferences(DEFAULT_PREFERENCES, broken)).not.toThrow();
  });
});

describe('the comment input (30 characters, §5/§9)', () => {
  it('keeps at most 30 characters, counting an emoji as one', () => {
    const long = '一二三四五六七八九十'.repeat(4);
    expect(clampDanmakuInput(long)).toBe('一二三四五六七八九十'.repeat(3));
    expect(danmakuLength(clampDanmakuInput(long))).toBe(30);
    const emoji = '😀'.repeat(31);
    expect(danmakuLength(clampDanmakuInput(emoji))).toBe(30);
    expect(clampDanmakuInput('好')).toBe('好');
  });

  it('refuses an empty or blank comment with 请输入弹幕内容 and trims the rest', () => {
    expect(checkDanmaku('')).toEqual({ ok: false, message: '请输入弹幕内容' });
    expect(checkDanmaku('   \n ')).toEqual({ ok: false, message: '请输入弹幕内容' });
    expect(checkDanmaku('  讲得好  ')).toEqual({ ok: true, content: '讲得好' });
  });
});

describe('the floating window (§4: past 600 px of scroll)', () => {
  it('floats only beyond 600 px and not after a close', () => {
    expect(isFloating(0, false)).toBe(false);
    expect(isFloating(600, false)).toBe(false);
    expect(isFloating(601, false)).toBe(true);
    expect(isFloating(2000, true)).toBe(false);
  });

  it('a close lasts while scrolled past the threshold and is forgotten above it', () => {
    expect(dismissedAfterScroll(900, true)).toBe(true);
    expect(dismissedAfterScroll(600, true)).toBe(false);
    expect(dismissedAfterScroll(100, true)).toBe(false);
    expect(dismissedAfterScroll(900, false)).toBe(false);
  });

  it('starts at the bottom right and cannot be dragged out of the viewport', () => {
    const size = { width: 360, height: 203 };
    const viewport = { width: 1280, height: 800 };
    expect(defaultFloatPosition(size, viewport)).toEqual({ x: 1280 - 360 - 16, y: 800 - 203 - 16 });
    expect(clampFloatPosition({ x: -500, y: -10 }, size, viewport)).toEqual({ x: 16, y: 16 });
    expect(clampFloatPosition({ x: 5000, y: 5000 }, size, viewport)).toEqual({ x: 904, y: 581 });
    expect(clampFloatPosition({ x: 300, y: 200 }, size, viewport)).toEqual({ x: 300, y: 200 });
  });
});

describe('screenshot file name', () => {
  it('is the video name and the time, without characters file systems refuse', () => {
    expect(screenshotFileName('第一讲 绪论', 75.4)).toBe('第一讲 绪论_01-15.png');
    expect(screenshotFileName('a/b:c*?"<>|d', 3725)).toBe('a b c d_62-05.png');
    expect(screenshotFileName('  ', 0)).toBe('视频截图_00-00.png');
  });
});

const d = (id: string, vtime: number, content = '弹幕', mine = false): PlayerDanmaku => ({ id, vtime, content, mine });

describe('scrolling comment lanes and timing', () => {
  it('puts comments sent together in different lanes, and reuses a lane once it is free', () => {
    const laid = layoutDanmaku([d('a', 1), d('b', 1), d('c', 1.2), d('e', 6)], { lanes: 4, width: 800 });
    expect(laid.map((x) => [x.id, x.lane])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['e', 0],
    ]);
  });

  it('never lets a later, longer (so faster) comment catch up with the one ahead in its lane', () => {
    const short = d('short', 0, '好');
    const long = d('long', 1, '这是一条非常非常长的弹幕内容用来测试追尾情况');
    const laid = layoutDanmaku([short, long], { lanes: 2, width: 800 });
    expect(laid.find((x) => x.id === 'long')!.lane).toBe(1);
  });

  it('with every lane busy, takes the lane that frees up first rather than dropping the comment', () => {
    const laid = layoutDanmaku([d('a', 0), d('b', 0.1), d('c', 0.2)], { lanes: 2, width: 800 });
    expect(laid).toHaveLength(3);
    expect(laid.find((x) => x.id === 'c')!.lane).toBe(0);
  });

  it('lays out in time order whatever order the list came in', () => {
    const laid = layoutDanmaku([d('late', 30), d('early', 2)], { lanes: 3 });
    expect(laid.map((x) => x.id)).toEqual(['early', 'late']);
  });

  it('shows a comment from its second for 8 s, with how far it has run', () => {
    const laid = layoutDanmaku([d('a', 10), d('b', 12), d('c', 30)], { lanes: 3 });
    expect(activeDanmaku(laid, 9.9)).toEqual([]);
    expect(activeDanmaku(laid, 10).map((x) => [x.item.id, x.progress])).toEqual([['a', 0]]);
    expect(activeDanmaku(laid, 14).map((x) => [x.item.id, x.progress])).toEqual([
      ['a', 0.5],
      ['b', 0.25],
    ]);
    expect(activeDanmaku(laid, 18).map((x) => x.item.id)).toEqual(['b']);
    expect(activeDanmaku(laid, 25)).toEqual([]);
    expect(activeDanmaku(laid, 31).map((x) => x.item.id)).toEqual(['c']);
  });

  it('measures CJK characters a full em and Latin ones about half', () => {
    expect(danmakuWidth('中文', 20)).toBe(40);
    expect(danmakuWidth('ab', 20)).toBe(22);
  });

  it('fits lanes into the top 70 % of the picture, at least one', () => {
    expect(laneCount(450, 30)).toBe(10);
    expect(laneCount(10, 30)).toBe(1);
  });

  it('adds the comments sent here to the loaded ones, once each', () => {
    const loaded = [d('1', 1), d('2', 2)];
    expect(mergeDanmaku(loaded, [])).toBe(loaded);
    expect(mergeDanmaku(loaded, [d('local-1', 3, '我的', true)]).map((x) => x.id)).toEqual(['1', '2', 'local-1']);
    expect(mergeDanmaku(loaded, [d('2', 2, '弹幕', true)]).map((x) => x.id)).toEqual(['1', '2']);
  });
});
