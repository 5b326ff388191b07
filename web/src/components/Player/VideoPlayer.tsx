import '@vidstack/react/player/styles/default/theme.css';
import '@vidstack/react/player/styles/default/layouts/video.css';
import './player.css';
import {
  isHLSProvider,
  MEDIA_KEY_SHORTCUTS,
  MediaPlayer,
  MediaProvider,
  MuteButton,
  Poster,
  Track,
  useMediaPlayer,
  useMediaRemote,
  useMediaState,
  type MediaKeyShortcut,
  type MediaKeyShortcuts,
  type MediaPlayerInstance,
  type MediaProviderAdapter,
  type TextTrack,
} from '@vidstack/react';
import {
  DefaultVideoLayout,
  defaultLayoutIcons,
  type DefaultLayoutTranslations,
} from '@vidstack/react/player/layouts/default';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ForwardedRef,
} from 'react';
import {
  CONTROLS_HIDE_MS,
  MEDIA_UNAVAILABLE_TEXT,
  NOT_ONLINE_TEXT,
  PLAYBACK_RATES,
  SEEK_STEP_SECONDS,
  SUBTITLE_NONE,
  SUBTITLE_NOTICE,
  SUBTITLE_NOTICE_MS,
  VOLUME_STEP,
} from './constants';
import { DanmakuBar } from './DanmakuBar';
import { DanmakuLayer } from './DanmakuLayer';
import { mergeDanmaku } from './danmakuLayout';
import { usePlayLog } from './PlayLog';
import { PlayerSettingsMenu } from './PlayerSettingsMenu';
import { loadPreferences, roundLevel, savePreferences, type PlayerPreferences } from './preferences';
import { startPosition } from './resume';
import { subtitleFailureMessage, watchSubtitleErrors } from './subtitleErrors';
import { captureFrame, screenshotFileName } from './screenshot';
import type { PlayerDanmaku, PlayerVideo, VideoPlayerHandle, VideoPlayerProps } from './types';
import { useFloatingPlayer } from './useFloatingPlayer';

/** The default layout's words in Chinese. */
const TRANSLATIONS: Partial<DefaultLayoutTranslations> = {
  Audio: '音频',
  Auto: '自动',
  Captions: '字幕',
  'Closed-Captions Off': '字幕已关闭',
  'Closed-Captions On': '字幕已开启',
  Default: '默认',
  'Enter Fullscreen': '全屏',
  'Exit Fullscreen': '退出全屏',
  'Enter PiP': '画中画',
  'Exit PiP': '退出画中画',
  Fullscreen: '全屏',
  Mute: '静音',
  Normal: '正常',
  Off: '关闭',
  Pause: '暂停',
  PiP: '画中画',
  Play: '播放',
  Quality: '清晰度',
  Replay: '重播',
  Seek: '进度',
  'Seek Backward': '快退',
  'Seek Forward': '快进',
  Settings: '设置',
  Speed: '倍速',
  Unmute: '取消静音',
  Volume: '音量',
};

/** Arrow up/down: volume ± 0.1, read from the <video> itself (the player's state lags behind fast presses). */
function volumeKey(keys: string, direction: 1 | -1): MediaKeyShortcut {
  return {
    keys,
    onKeyDown({ event, player }) {
      event.preventDefault();
      const media = player.el?.querySelector('video');
      const current = media ? media.volume : player.volume;
      const next = Math.min(1, Math.max(0, roundLevel(current + direction * VOLUME_STEP)));
      if (media) media.volume = next;
      else player.volume = next;
      if (direction > 0 && player.muted) player.muted = false;
    },
  };
}

function mediaSource(url: string) {
  return /\.m3u8($|\?)/i.test(url) ? { src: url, type: 'application/x-mpegurl' as const } : url;
}

/** The playing state of one video: where it starts, where it is (for the play log), whether it plays by itself. */
interface Session {
  readonly videoId: number;
  currentTime: number;
  duration: number;
  /** Seconds to start at, applied once the media can play. */
  start: number;
  startApplied: boolean;
  /** Play as soon as it can (the previous video ended or was playing, or the page asked to seek). */
  autoPlay: boolean;
  /** Subtitles on at the start (the saved preference when the video was opened). */
  readonly subtitlesDefault: boolean;
}

/**
 * The video player of the play page (product-spec §2 player surface, §4, §9): vidstack's
 * default video layout (play/pause, seek, volume, fullscreen, PiP) with §9's exact speeds, the HLS
 * renditions, subtitles with their AI notice, a screenshot button and scrolling comments; saved
 * preferences, resume, next video on end, the floating window and the play log. A video without
 * media shows 视频暂未上线 (本讲视频暂未生成 for a demo lecture that cannot be made here).
 *
 * Load it lazily (`React.lazy(() => import('…/Player/VideoPlayer'))`): vidstack and hls.js stay out
 * of the main chunk; hls.js itself is a further chunk, fetched from this site when the HLS
 * provider starts (vidstack would fetch it from a CDN).
 */
export const VideoPlayer = forwardRef<VideoPlayerHandle, VideoPlayerProps>(function VideoPlayer(props, ref) {
  if (!props.video.videoUrl) return <NotOnline video={props.video} handleRef={ref} />;
  return <OnlinePlayer {...props} handleRef={ref} />;
});

export default VideoPlayer;

function NotOnline({
  video,
  handleRef,
}: {
  readonly video: PlayerVideo;
  readonly handleRef: ForwardedRef<VideoPlayerHandle>;
}) {
  useImperativeHandle(handleRef, () => ({ currentTime: () => 0, pause: () => {}, seek: () => {} }), []);
  return (
    <div
      className="szp-not-online"
      role="status"
      style={video.poster ? { backgroundImage: `url(${JSON.stringify(video.poster)})` } : undefined}
    >
      <span>{video.mediaState === 'UNAVAILABLE' ? MEDIA_UNAVAILABLE_TEXT : NOT_ONLINE_TEXT}</span>
    </div>
  );
}

interface OnlineProps extends VideoPlayerProps {
  readonly handleRef: ForwardedRef<VideoPlayerHandle>;
}

function OnlinePlayer({ video, resume, startAt, danmaku, onEnded, floating = true, handleRef }: OnlineProps) {
  const playerRef = useRef<MediaPlayerInstance>(null);
  const [prefs, setPrefs] = useState<PlayerPreferences>(loadPreferences);
  // kept in step by updatePrefs, the only writer: read by callbacks without re-creating them
  const prefsRef = useRef(prefs);
  const updatePrefs = useCallback((patch: Partial<PlayerPreferences>) => {
    const next = { ...prefsRef.current, ...patch };
    if ((Object.keys(patch) as (keyof PlayerPreferences)[]).every((k) => prefsRef.current[k] === next[k])) return;
    prefsRef.current = next;
    savePreferences(next);
    setPrefs(next);
  }, []);

  // one session per video; the previous one stays with the previous video's play log
  const playingRef = useRef(false);
  const endedRef = useRef(false);
  const sessionRef = useRef<Session | null>(null);
  /* eslint-disable react-hooks/refs -- the session (start second, autoplay, subtitles) is made during the render that shows a
     new video, so the first render of its <MediaPlayer> already starts right; the player's events write its time into it */
  if (!sessionRef.current || sessionRef.current.videoId !== video.videoId) {
    const start = startPosition({ videoId: video.videoId, duration: video.duration, startAt, resume });
    sessionRef.current = {
      videoId: video.videoId,
      currentTime: start,
      duration: video.duration,
      start,
      startApplied: false,
      autoPlay: sessionRef.current !== null && (playingRef.current || endedRef.current),
      subtitlesDefault: prefsRef.current.subtitlesShown,
    };
  }
  const session = sessionRef.current;
  /* eslint-enable react-hooks/refs */

  const reporter = usePlayLog({
    videoId: video.videoId,
    courseId: video.courseId,
    catalogueId: video.catalogueId,
    // every opening of a video is a new viewing: its first report carries no log id (API.md AddPlayLog)
    logId: null,
    position: () => ({ currentTime: session.currentTime, duration: session.duration }),
  });

  // a notice over the picture (also seen in fullscreen): the AI subtitles one, a failed screenshot
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const showNotice = useCallback((text: string) => {
    if (noticeTimer.current) clearTimeout(noticeTimer.current);
    setNotice(text);
    noticeTimer.current = setTimeout(() => setNotice(null), SUBTITLE_NOTICE_MS);
  }, []);
  useEffect(
    () => () => {
      if (noticeTimer.current) clearTimeout(noticeTimer.current);
    },
    [],
  );

  // comments sent here, shown at once (for this video only)
  const [sent, setSent] = useState<{ readonly videoId: number; readonly items: readonly PlayerDanmaku[] }>({
    videoId: video.videoId,
    items: [],
  });
  const sentItems = sent.videoId === video.videoId ? sent.items : null;
  const allDanmaku = useMemo(() => mergeDanmaku(danmaku, sentItems ?? []), [danmaku, sentItems]);
  const onSending = useCallback(
    (item: PlayerDanmaku) =>
      setSent((s) => ({ videoId: video.videoId, items: [...(s.videoId === video.videoId ? s.items : []), item] })),
    [video.videoId],
  );
  const onSettled = useCallback((localId: string, stored: PlayerDanmaku | null) => {
    setSent((s) => ({
      videoId: s.videoId,
      items: stored ? s.items.map((d) => (d.id === localId ? stored : d)) : s.items.filter((d) => d.id !== localId),
    }));
  }, []);

  const togglePlay = useCallback(() => {
    const player = playerRef.current;
    if (!player) return;
    if (player.paused) void player.play().catch(() => {});
    else void player.pause();
  }, []);
  const {
    floating: isFloating,
    slotRef,
    slotStyle,
    frameStyle,
    dragHandlers,
    close: closeFloating,
  } = useFloatingPlayer(togglePlay, floating);

  useImperativeHandle(
    handleRef,
    () => ({
      currentTime: () => playerRef.current?.currentTime ?? sessionRef.current?.currentTime ?? 0,
      pause: () => {
        void playerRef.current?.pause();
      },
      seek: (seconds: number) => {
        const to = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
        const player = playerRef.current;
        const current = sessionRef.current;
        if (player && player.state.canPlay) {
          player.currentTime = to;
          void player.play().catch(() => {});
        } else if (current) {
          current.start = to;
          current.startApplied = false;
          current.autoPlay = true;
        }
      },
    }),
    [],
  );

  // A kept-alive page is hidden under React's <Activity>: effects are cleaned up but the components
  // stay, and vidstack cannot come back from that (its instance is destroyed, the next render
  // throws). So the media player is taken down while hidden and built afresh when shown, paused at
  // the second it was left.
  const [mediaMounted, setMediaMounted] = useState(true);
  // which <MediaPlayer> is up: each teardown (hidden, unmounted) starts another
  const mediaGeneration = useRef(0);
  // the frame in which the hidden page's player is taken down (below)
  const teardownFrame = useRef(0);
  useEffect(() => {
    cancelAnimationFrame(teardownFrame.current);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- shown again under <Activity>: the player taken down below is built afresh
    setMediaMounted(true);
    return () => {
      const current = sessionRef.current;
      if (current && current.startApplied) {
        current.start = current.currentTime;
        current.startApplied = false;
        current.autoPlay = false;
      }
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the player shown when the page is hidden, not the one at mount
      playerRef.current?.el?.querySelector('video')?.pause();
      mediaGeneration.current += 1;
      // taken down in the next frame: vidstack's time-slider preview places itself in an animation
      // frame it cannot cancel (vidstack/player#1851), and a player destroyed before that frame
      // throws "disabled is not a function" from it (a page hidden right after its player was built)
      cancelAnimationFrame(teardownFrame.current);
      teardownFrame.current = requestAnimationFrame(() => setMediaMounted(false));
    };
  }, []);

  const keyShortcuts = useMemo<MediaKeyShortcuts>(
    () => ({
      ...MEDIA_KEY_SHORTCUTS,
      volumeUp: volumeKey('ArrowUp', 1),
      volumeDown: volumeKey('ArrowDown', -1),
      toggleCaptions: {
        keys: 'c C',
        onKeyDown({ event, player, remote }) {
          if (!player.textTracks.getByKind('subtitles').length) {
            showNotice(SUBTITLE_NONE);
            return;
          }
          const on = !!player.state.textTrack;
          remote.toggleCaptions(event);
          updatePrefs({ subtitlesShown: !on });
        },
      },
    }),
    [updatePrefs, showNotice],
  );

  // §8: a subtitle file that fails to load (it loads when the subtitles are turned on) says why
  useEffect(() => {
    const player = playerRef.current;
    if (!mediaMounted || !player || !video.subtitleUrl) return;
    let live = true;
    const stop = watchSubtitleErrors(player.textTracks, (track) => {
      void subtitleFailureMessage(track.src || video.subtitleUrl).then((message) => {
        if (live) showNotice(message);
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, [mediaMounted, video.subtitleUrl, video.videoId, showNotice]);

  const src = useMemo(() => mediaSource(video.videoUrl), [video.videoUrl]);

  const onProviderChange = useCallback((provider: MediaProviderAdapter | null) => {
    // self-hosted hls.js (vidstack would load it from a CDN); the full build: the renditions
    // share one alternate audio group, which hls.js/light cannot play
    if (isHLSProvider(provider)) {
      // vidstack tells its player when hls.js has loaded: a player taken down meanwhile (the page
      // left, or hidden) has none and that would throw; for it the load never ends instead
      const generation = mediaGeneration.current;
      provider.library = () =>
        import('hls.js').then((hls) => (generation === mediaGeneration.current ? hls : new Promise<never>(() => {})));
      // hls.js loads from the start second (?vtime=, resume): a seek on canplay alone lands back at 0
      // when the second is inside the first segment, which hls.js starts from after it
      const start = sessionRef.current?.start ?? 0;
      if (start > 0) provider.config = { ...provider.config, startPosition: start };
    }
  }, []);

  const onCanPlay = useCallback(() => {
    const player = playerRef.current;
    const current = sessionRef.current;
    if (!player || !current || current.startApplied) return;
    current.startApplied = true;
    if (current.start > 0) player.currentTime = current.start;
    // a new source resets the element's speed while vidstack's state keeps the old one: set it on the element
    const media = player.el?.querySelector('video');
    const rate = prefsRef.current.playbackRate;
    if (media && media.playbackRate !== rate) media.playbackRate = rate;
    if (current.autoPlay) void player.play().catch(() => {});
  }, []);

  const onTextTrackChange = useCallback(
    (track: TextTrack | null) => {
      if (track && (track.kind === 'subtitles' || track.kind === 'captions')) showNotice(SUBTITLE_NOTICE);
      else setNotice((n) => (n === SUBTITLE_NOTICE ? null : n));
    },
    [showNotice],
  );

  const subtitlesChosen = useCallback((shown: boolean) => updatePrefs({ subtitlesShown: shown }), [updatePrefs]);
  const setDanmakuOpacity = useCallback((danmakuOpacity: number) => updatePrefs({ danmakuOpacity }), [updatePrefs]);
  const setDanmakuShown = useCallback((danmakuShown: boolean) => updatePrefs({ danmakuShown }), [updatePrefs]);

  const slots = useMemo(
    () => ({
      googleCastButton: null,
      airPlayButton: null,
      muteButton: <MuteToggleButton />,
      // shown without subtitles too: turning them on then says 该视频暂无字幕
      captionButton: video.subtitleUrl ? (
        <SubtitleButton onChoice={subtitlesChosen} />
      ) : (
        <NoSubtitleButton onClick={() => showNotice(SUBTITLE_NONE)} />
      ),
      beforeFullscreenButton: (
        <>
          <DanmakuToggleButton shown={prefs.danmakuShown} onChange={setDanmakuShown} />
          <ScreenshotButton videoName={video.name} onFailure={() => showNotice('截图失败，请稍后再试')} />
        </>
      ),
      settingsMenu: (
        <PlayerSettingsMenu
          danmakuOpacity={prefs.danmakuOpacity}
          onDanmakuOpacityChange={setDanmakuOpacity}
          onSubtitlesChoice={subtitlesChosen}
        />
      ),
    }),
    [
      video.subtitleUrl,
      video.name,
      prefs.danmakuShown,
      prefs.danmakuOpacity,
      subtitlesChosen,
      setDanmakuShown,
      setDanmakuOpacity,
      showNotice,
    ],
  );

  return (
    <div className="szp-root" data-testid="video-player">
      <div ref={slotRef} style={slotStyle}>
        <div
          className={isFloating ? 'szp-frame szp-floating' : 'szp-frame'}
          style={frameStyle}
          data-floating={isFloating ? '' : undefined}
        >
          {mediaMounted ? (
            <MediaPlayer
              ref={playerRef}
              src={src}
              title={video.name}
              poster={video.poster || undefined}
              playsInline
              // lectures are always on demand: an 'unknown' stream type while the next video loads
              // would unmount the controls (and trip vidstack's slider preview on a disposed slider)
              streamType="on-demand"
              controlsDelay={CONTROLS_HIDE_MS}
              keyShortcuts={keyShortcuts}
              // vidstack applies these again to each new source: the current preferences, not the first ones
              volume={prefs.volume}
              playbackRate={prefs.playbackRate}
              onProviderChange={onProviderChange}
              onCanPlay={onCanPlay}
              onTimeUpdate={({ currentTime }) => {
                sessionRef.current!.currentTime = currentTime;
              }}
              onDurationChange={(duration) => {
                if (duration > 0) sessionRef.current!.duration = duration;
              }}
              onPlaying={() => {
                playingRef.current = true;
                endedRef.current = false;
                reporter().setStalled(false);
                reporter().setPlaying(true);
              }}
              onPause={() => {
                playingRef.current = false;
                reporter().setPlaying(false);
              }}
              onWaiting={() => reporter().setStalled(true)}
              onEnded={() => {
                playingRef.current = false;
                endedRef.current = true;
                reporter().setPlaying(false);
                void reporter().report();
                onEnded?.();
              }}
              onVolumeChange={({ volume }) => updatePrefs({ volume: roundLevel(volume) })}
              onRateChange={(rate) => {
                if ((PLAYBACK_RATES as readonly number[]).includes(rate)) updatePrefs({ playbackRate: rate });
              }}
              onTextTrackChange={onTextTrackChange}
            >
              <MediaProvider>
                <Poster className="vds-poster" alt={`${video.name}的封面`} />
                {video.subtitleUrl ? (
                  <Track
                    key={`subtitles-${video.videoId}`}
                    id={`subtitles-${video.videoId}`}
                    kind="subtitles"
                    lang="zh-CN"
                    label="中文（AI字幕）"
                    type="vtt"
                    src={video.subtitleUrl}
                    // eslint-disable-next-line react-hooks/refs -- the video's session, made above for this render
                    default={session.subtitlesDefault}
                  />
                ) : null}
              </MediaProvider>
              <DanmakuOverlay danmaku={allDanmaku} opacity={prefs.danmakuOpacity} shown={prefs.danmakuShown} />
              {notice ? (
                <div className="szp-notice" role="status">
                  {notice}
                </div>
              ) : null}
              <DefaultVideoLayout
                icons={defaultLayoutIcons}
                colorScheme="dark"
                seekStep={SEEK_STEP_SECONDS}
                translations={TRANSLATIONS}
                noModal
                slots={slots}
              />
            </MediaPlayer>
          ) : (
            <div className="szp-media-placeholder" />
          )}
          {isFloating ? (
            <>
              <div className="szp-float-surface" aria-hidden="true" {...dragHandlers} />
              <div className="szp-float-bar" data-no-tap="" {...dragHandlers}>
                <span className="szp-float-title">{video.name}</span>
                <button type="button" className="szp-float-close" aria-label="关闭小窗" onClick={closeFloating}>
                  ×
                </button>
              </div>
            </>
          ) : null}
        </div>
      </div>
      <DanmakuBar
        videoId={video.videoId}
        shown={prefs.danmakuShown}
        onShownChange={setDanmakuShown}
        opacity={prefs.danmakuOpacity}
        onOpacityChange={setDanmakuOpacity}
        currentTime={() => playerRef.current?.currentTime ?? 0}
        onSending={onSending}
        onSettled={onSettled}
      />
    </div>
  );
}

/** A camera (vidstack's icon set needs a package of its own). */
function CameraIcon() {
  return (
    <svg className="vds-icon" viewBox="0 0 32 32" fill="none" aria-hidden="true" focusable="false">
      <path
        d="M11.5 8.5 13 6h6l1.5 2.5H25a2 2 0 0 1 2 2V23a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V10.5a2 2 0 0 1 2-2h4.5Z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="16" cy="16.5" r="4.5" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The comments over the picture, moved by the video's own clock. */
function DanmakuOverlay(props: {
  readonly danmaku: readonly PlayerDanmaku[];
  readonly opacity: number;
  readonly shown: boolean;
}) {
  const time = useMediaState('currentTime');
  return <DanmakuLayer time={time} {...props} />;
}

function SubtitleButton({ onChoice }: { readonly onChoice: (shown: boolean) => void }) {
  const track = useMediaState('textTrack');
  const remote = useMediaRemote();
  const on = !!track;
  return (
    <button
      type="button"
      className="vds-caption-button vds-button"
      aria-label={on ? '关闭字幕' : '开启字幕'}
      aria-pressed={on}
      title={on ? '关闭字幕' : '开启字幕'}
      onClick={(event) => {
        remote.toggleCaptions(event.nativeEvent);
        onChoice(!on);
      }}
    >
      {on ? (
        <defaultLayoutIcons.CaptionButton.On className="vds-icon" />
      ) : (
        <defaultLayoutIcons.CaptionButton.Off className="vds-icon" />
      )}
    </button>
  );
}

/**
 * The mute button, named by what a press does: 静音, or 取消静音 while muted (vidstack's default
 * button keeps the label 静音 in both states and only its tooltip changes).
 */
function MuteToggleButton() {
  const muted = useMediaState('muted');
  const volume = useMediaState('volume');
  const label = muted ? TRANSLATIONS.Unmute : TRANSLATIONS.Mute;
  const Icon =
    muted || volume === 0
      ? defaultLayoutIcons.MuteButton.Mute
      : volume < 0.5
        ? defaultLayoutIcons.MuteButton.VolumeLow
        : defaultLayoutIcons.MuteButton.VolumeHigh;
  return (
    <MuteButton className="vds-mute-button vds-button" aria-label={label} title={label}>
      <Icon className="vds-icon" />
    </MuteButton>
  );
}

/** The subtitle button of a video without subtitles: turning them on says there are none. */
function NoSubtitleButton({ onClick }: { readonly onClick: () => void }) {
  return (
    <button
      type="button"
      className="vds-caption-button vds-button"
      aria-label="开启字幕"
      aria-pressed={false}
      title="开启字幕"
      onClick={onClick}
    >
      <defaultLayoutIcons.CaptionButton.Off className="vds-icon" />
    </button>
  );
}

function DanmakuToggleButton({
  shown,
  onChange,
}: {
  readonly shown: boolean;
  readonly onChange: (shown: boolean) => void;
}) {
  return (
    <button
      type="button"
      className="vds-button szp-tool-button"
      aria-label={shown ? '关闭弹幕' : '开启弹幕'}
      aria-pressed={shown}
      title={shown ? '关闭弹幕' : '开启弹幕'}
      onClick={() => onChange(!shown)}
    >
      弹
    </button>
  );
}

function ScreenshotButton({ videoName, onFailure }: { readonly videoName: string; readonly onFailure: () => void }) {
  const player = useMediaPlayer();
  return (
    <button
      type="button"
      className="vds-button"
      aria-label="截图"
      title="截图"
      onClick={() => {
        const media = player?.el?.querySelector('video');
        if (!player || !media) return onFailure();
        void captureFrame(media, screenshotFileName(videoName, player.currentTime)).then((ok) => {
          if (!ok) onFailure();
        });
      }}
    >
      <CameraIcon />
    </button>
  );
}
