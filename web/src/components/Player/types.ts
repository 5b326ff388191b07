/**
 * The contract between the play page (routes/Play) and the player (components/Player).
 * The page owns the data (Relay); the player owns playback, its controls, preferences,
 * scrolling comments and play-log reporting.
 *
 * Import the component only lazily (`lazy(() => import('../Player/VideoPlayer'))`, named and default
 * export `VideoPlayer`) and only types from here, so vidstack and hls.js stay out of the main chunk.
 */

export interface PlayerDanmaku {
  readonly id: string;
  readonly vtime: number; // seconds
  readonly content: string;
  readonly mine: boolean;
}

export interface PlayerVideo {
  readonly videoId: number;
  readonly courseId: number;
  readonly catalogueId: number;
  readonly name: string;
  /** HLS master playlist (a /media path); '' = no media yet (the player shows 视频暂未上线) */
  readonly videoUrl: string;
  readonly poster: string;
  /** WebVTT path or '' */
  readonly subtitleUrl: string;
  readonly duration: number; // seconds
  /** UNAVAILABLE: its lecture cannot be made here (本讲视频暂未生成 instead of 视频暂未上线); GENERATING is shown by MediaPending */
  readonly mediaState?: 'READY' | 'GENERATING' | 'UNAVAILABLE' | 'NONE';
}

export interface PlayerResume {
  readonly logId: string;
  readonly videoId: number;
  readonly lastPlayTime: number;
  readonly duration: number;
}

export interface VideoPlayerProps {
  readonly video: PlayerVideo;
  /** where the viewer stopped last time (the player resumes only if more than 10 s remain) */
  readonly resume: PlayerResume | null;
  /** ?vtime= from the URL: start here instead of the resume point */
  readonly startAt?: number | null;
  /** scrolling comments of this video, loaded by the page */
  readonly danmaku: readonly PlayerDanmaku[];
  /** called when the video ends (the page moves to the next video of the list) */
  readonly onEnded?: () => void;
  /**
   * §4's floating window past 600 px of scroll (default true). The mobile site turns it off: a
   * 360 px window would cover a phone's screen.
   */
  readonly floating?: boolean;
}

/** What the page can do with the player (React ref). */
export interface VideoPlayerHandle {
  /** seconds */
  currentTime(): number;
  pause(): void;
  /** seeks (and plays when autoplay is allowed) */
  seek(seconds: number): void;
}
