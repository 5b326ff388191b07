/**
 * The player component as the play page uses it (jsdom has no media playback: real playing is
 * checked in Chromium by the e2e tests): 视频暂未上线 without media, the handle, the comment bar
 * with the saved preferences, and the play log's wiring to the play-log route (fetch, JSON answer)
 * and the leave beacon.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Activity, createRef } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { createMockEnvironment } from 'relay-test-utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MediaPlayer, MediaProvider, TextTrack, TextTrackList, TimeSlider } from '@vidstack/react';
import { PLAYER_PREFERENCES_KEY } from '../../web/src/components/Player/constants';
import { subtitleFailureMessage, watchSubtitleErrors } from '../../web/src/components/Player/subtitleErrors';
import { usePlayLog, type PlayLogSource } from '../../web/src/components/Player/PlayLog';
import type { PlayerVideo, VideoPlayerHandle } from '../../web/src/components/Player/types';
import { VideoPlayer } from '../../web/src/components/Player/VideoPlayer';
import DefaultVideoPlayer from '../../web/src/components/Player/VideoPlayer';
import { system } from '../../web/src/theme';
import { renderWithProviders } from './render';

beforeAll(() => {
  // vidstack waits for the player to be visible; jsdom has no IntersectionObserver
  if (!('IntersectionObserver' in window)) {
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    };
  }
});

const video = (extra: Partial<PlayerVideo> = {}): PlayerVideo => ({
  videoId: 7,
  courseId: 11,
  catalogueId: 3,
  name: '第一讲 绪论',
  videoUrl: '/media/videos/7/master.m3u8',
  poster: '/media/videos/7/poster.jpg',
  subtitleUrl: '/media/videos/7/subtitles.vtt',
  duration: 300,
  ...extra,
});

describe('the video player', () => {
  it('is the module default export as well (for React.lazy)', () => {
    expect(DefaultVideoPlayer).toBe(VideoPlayer);
  });

  it('shows 视频暂未上线 for a video without media, and its handle does nothing', () => {
    const handle = createRef<VideoPlayerHandle>();
    renderWithProviders(
      <VideoPlayer ref={handle} video={video({ videoUrl: '' })} resume={null} danmaku={[]} />,
      createMockEnvironment(),
    );
    expect(screen.getByText('视频暂未上线')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '弹幕内容' })).toBeNull();
    expect(handle.current!.currentTime()).toBe(0);
    expect(() => handle.current!.pause()).not.toThrow();
    expect(() => handle.current!.seek(30)).not.toThrow();
  });

  it('renders the player with the comment overlay inside it and the comment bar', () => {
    const handle = createRef<VideoPlayerHandle>();
    renderWithProviders(
      <VideoPlayer
        ref={handle}
        video={video()}
        resume={null}
        danmaku={[{ id: '1', vtime: 0, content: '开场弹幕', mine: false }]}
      />,
      createMockEnvironment(),
    );
    const player = screen.getByTestId('video-player');
    const mediaPlayer = player.querySelector('[data-media-player]')!;
    expect(mediaPlayer).toBeTruthy();
    // the overlay is a child of the media player, so fullscreen keeps it
    expect(mediaPlayer.contains(screen.getByTestId('danmaku-layer'))).toBe(true);
    expect(screen.getByTestId('danmaku-item').textContent).toBe('开场弹幕');
    expect(screen.getByRole('textbox', { name: '弹幕内容' })).toBeTruthy();
    expect(handle.current!.currentTime()).toBe(0);
  });

  it('restores the saved comment preferences and saves changes', () => {
    window.localStorage.setItem(
      PLAYER_PREFERENCES_KEY,
      JSON.stringify({
        volume: 0.3,
        danmakuOpacity: 0.5,
        danmakuShown: false,
        subtitlesShown: true,
        playbackRate: 1.25,
      }),
    );
    renderWithProviders(
      <VideoPlayer video={video()} resume={null} danmaku={[{ id: '1', vtime: 0, content: '开场弹幕', mine: false }]} />,
      createMockEnvironment(),
    );
    const toggle = screen.getByRole('button', { name: '弹幕' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryAllByTestId('danmaku-item')).toHaveLength(0);
    expect((screen.getByRole('slider', { name: '弹幕透明度' }) as HTMLInputElement).value).toBe('0.5');
    fireEvent.click(toggle);
    fireEvent.change(screen.getByRole('slider', { name: '弹幕透明度' }), { target: { value: '0.9' } });
    const saved = JSON.parse(window.localStorage.getItem(PLAYER_PREFERENCES_KEY)!);
    expect(saved).toMatchObject({ danmakuShown: true, danmakuOpacity: 0.9, volume: 0.3, playbackRate: 1.25 });
    expect(screen.getByTestId('danmaku-item').textContent).toBe('开场弹幕');
  });

  it('a comment sent from the bar shows in the overlay at once', async () => {
    const environment = createMockEnvironment();
    renderWithProviders(<VideoPlayer video={video()} resume={null} danmaku={[]} />, environment);
    const input = screen.getByRole('textbox', { name: '弹幕内容' });
    fireEvent.change(input, { target: { value: '第一条弹幕' } });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    expect(screen.getByTestId('danmaku-item').textContent).toBe('第一条弹幕');
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({
      input: { videoId: 7, vtime: 0, content: '第一条弹幕' },
    });
  });
});

describe('subtitles that cannot be shown (§8)', () => {
  it('a subtitle track that fails to load is reported, whether added before or after watching began, until watching stops', () => {
    const tracks = new TextTrackList();
    const failedEarly = new TextTrack({ id: 'early', kind: 'subtitles', src: '/media/a.vtt', type: 'vtt' });
    // the list holds this one before watching begins
    tracks.add(failedEarly);
    const failures: string[] = [];
    const stop = watchSubtitleErrors(tracks, (track) => failures.push(track.id));
    const later = new TextTrack({ id: 'later', kind: 'subtitles', src: '/media/b.vtt', type: 'vtt' });
    tracks.add(later);
    later.dispatchEvent(new Event('error'));
    expect(failures).toEqual(['later']);
    failedEarly.dispatchEvent(new Event('error'));
    expect(failures).toEqual(['later', 'early']);
    stop();
    later.dispatchEvent(new Event('error'));
    expect(failures).toEqual(['later', 'early']);
  });

  it('shows the media server’s message for a failed subtitle file, else 字幕加载失败', async () => {
    const answer = (status: number, body: string, type: string) => async () =>
      new Response(body, { status, headers: { 'content-type': type } });
    expect(
      await subtitleFailureMessage(
        '/media/x.vtt',
        answer(404, JSON.stringify({ code: 4004, message: '文件不存在' }), 'application/json; charset=utf-8'),
      ),
    ).toBe('文件不存在');
    expect(await subtitleFailureMessage('/media/x.vtt', answer(502, '<html>Bad gateway</html>', 'text/html'))).toBe(
      '字幕加载失败',
    );
    expect(await subtitleFailureMessage('/media/x.vtt', answer(200, 'not a vtt file', 'text/vtt'))).toBe(
      '字幕加载失败',
    );
    expect(
      await subtitleFailureMessage('/media/x.vtt', async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe('字幕加载失败');
  });
});

describe('a kept-alive play page', () => {
  it('takes the media player down while hidden and builds it again when shown (vidstack cannot be revived)', async () => {
    const environment = createMockEnvironment();
    const page = (mode: 'visible' | 'hidden') => (
      <ChakraProvider value={system}>
        <RelayEnvironmentProvider environment={environment}>
          <Activity mode={mode}>
            <VideoPlayer video={video()} resume={null} danmaku={[]} />
          </Activity>
        </RelayEnvironmentProvider>
      </ChakraProvider>
    );
    const { rerender } = render(page('visible'));
    expect(document.querySelector('[data-media-player]')).toBeTruthy();
    rerender(page('hidden'));
    // in the next frame (vidstack's slider preview has one pending: vidstack/player#1851)
    await waitFor(() => expect(document.querySelector('[data-media-player]')).toBeNull());
    rerender(page('visible'));
    expect(document.querySelector('[data-media-player]')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '弹幕内容' })).toBeTruthy();
  });
});

describe('the play log wiring', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  let reporterOf: ReturnType<typeof usePlayLog> | null = null;
  function Probe(props: PlayLogSource) {
    reporterOf = usePlayLog(props);
    return null;
  }

  it('reports by fetch to /beacon/play-log (not GraphQL) with the previous log id, and sends the final log by beacon when the player goes away', async () => {
    vi.useFakeTimers();
    const beacons: [string, FormData][] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: (url: string, body: FormData) => (beacons.push([url, body]), true),
    });
    const reports: [string, RequestInit][] = [];
    const answers = ['log-2', 'log-2'];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      reports.push([url, init]);
      return new Response(JSON.stringify({ id: answers.shift() ?? 'log-2' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const environment = createMockEnvironment();
    let time = 40;
    const source: PlayLogSource = {
      videoId: 7,
      courseId: 11,
      catalogueId: 3,
      logId: 'log-resume',
      position: () => ({ currentTime: time, duration: 300 }),
    };
    const view = render(
      <RelayEnvironmentProvider environment={environment}>
        <Probe {...source} />
      </RelayEnvironmentProvider>,
    );
    act(() => reporterOf!().setPlaying(true));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    expect(reports).toHaveLength(1);
    expect(reports[0]![0]).toBe('/beacon/play-log');
    expect(new Headers(reports[0]![1].headers).get('accept')).toBe('application/json');
    expect(Object.fromEntries(reports[0]![1].body as URLSearchParams)).toEqual({
      logId: 'log-resume',
      videoId: '7',
      courseId: '11',
      catalogueId: '3',
      lastPlayTime: '40',
      duration: '300',
      stayTime: '1',
    });
    time = 45.5;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(reports).toHaveLength(2);
    expect(Object.fromEntries(reports[1]![1].body as URLSearchParams)).toMatchObject({
      logId: 'log-2',
      lastPlayTime: '45.5',
      stayTime: '6',
    });

    time = 47;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    view.unmount();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]![0]).toBe('/beacon/play-log');
    expect(Object.fromEntries(beacons[0]![1].entries())).toEqual({
      logId: 'log-2',
      videoId: '7',
      courseId: '11',
      catalogueId: '3',
      lastPlayTime: '47',
      duration: '300',
      stayTime: '8',
    });
  });

  it('sends the final log when the page is hidden and when the video changes', async () => {
    vi.useFakeTimers();
    const beacons: FormData[] = [];
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: (_: string, body: FormData) => (beacons.push(body), true) });
    let answerFirst: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answerFirst = resolve)));
    const environment = createMockEnvironment();
    const source = (videoId: number): PlayLogSource => ({
      videoId,
      courseId: 11,
      catalogueId: 3,
      logId: null,
      position: () => ({ currentTime: videoId * 10, duration: 300 }),
    });
    const view = render(
      <RelayEnvironmentProvider environment={environment}>
        <Probe {...source(7)} />
      </RelayEnvironmentProvider>,
    );
    act(() => reporterOf!().setPlaying(true));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    // the first report is answered (until then no beacon goes: it would carry no log id)
    await act(async () => {
      answerFirst(
        new Response(JSON.stringify({ id: 'log-7' }), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(beacons.map((b) => b.get('videoId'))).toEqual(['7']);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    view.rerender(
      <RelayEnvironmentProvider environment={environment}>
        <Probe {...source(8)} />
      </RelayEnvironmentProvider>,
    );
    expect(beacons.map((b) => [b.get('logId'), b.get('videoId'), b.get('lastPlayTime'), b.get('stayTime')])).toEqual([
      ['log-7', '7', '70', '2'],
      ['log-7', '7', '70', '3'],
    ]);
    // the next video starts a new viewing of its own
    expect(reporterOf!().stayTime).toBe(0);
    expect(reporterOf!().currentLogId).toBeNull();
  });
});

describe('a player taken down before its next frame', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('leaves no animation frame of its time slider that throws once it is gone (vidstack/player#1851, patched)', async () => {
    // As Chromium does it: the page leaves the player, whose removed elements resize to nothing; the
    // time slider's preview, still observing, asks for a frame to place itself; vidstack destroys its
    // components in a timeout after React unmounts them, before that frame. Frames and resize
    // callbacks are run by hand here. The slider is vidstack's own, as our layout has it, rendered
    // without the layout (which jsdom, sizing nothing, leaves empty).
    const frames: FrameRequestCallback[] = [];
    const resized: ResizeObserverCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe() {
          resized.push(this.callback);
        }
        unobserve() {}
        disconnect() {
          resized.splice(resized.indexOf(this.callback) >>> 0, 1);
        }
      },
    );
    const { unmount } = render(
      <MediaPlayer title="第一讲 绪论">
        <MediaProvider />
        <TimeSlider.Root>
          <TimeSlider.Preview>
            <TimeSlider.Value />
          </TimeSlider.Preview>
        </TimeSlider.Root>
      </MediaPlayer>,
    );
    // (vidstack connects its components in a timeout after React mounts them)
    await waitFor(() => expect(resized.length).toBeGreaterThan(0));
    unmount();
    for (const callback of [...resized]) callback([], {} as ResizeObserver);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const pending = frames.splice(0);
    expect(pending.length).toBeGreaterThan(0);
    for (const frame of pending) expect(() => frame(performance.now())).not.toThrow();
  });
});
