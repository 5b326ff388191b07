import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { PlayLogReporter, sendPlayLogBeacon, sendPlayReport } from './playLogReporter';

export interface PlayLogSource {
  readonly videoId: number;
  readonly courseId: number;
  readonly catalogueId: number;
  /** The log to continue; null: a new viewing (each opening of a video). */
  readonly logId: string | null;
  readonly position: () => { readonly currentTime: number; readonly duration: number };
}

/**
 * The play log of the video shown (§7 Logging), one PlayLogReporter per video. Returns the current
 * reporter for the media events (playing, pause, waiting). The periodic reports go by fetch to the
 * gateway's play-log route (JSON answer with the log id; not the GraphQL reportPlay mutation, which
 * stays for other clients). A final log goes by beacon when the page
 * is hidden or left (pagehide, visibilitychange), when the player goes away (unmount, or a kept-alive
 * page being hidden) and when the video changes.
 */
export function usePlayLog(source: PlayLogSource): () => PlayLogReporter {
  const sourceRef = useRef(source);
  useLayoutEffect(() => {
    sourceRef.current = source;
  });
  const reporterRef = useRef<PlayLogReporter | null>(null);
  const reporterVideo = useRef<number | null>(null);

  const reporter = useCallback(() => {
    const current = sourceRef.current;
    if (!reporterRef.current || reporterVideo.current !== current.videoId) {
      // the previous video's final log, in case a media event of the new one came first
      reporterRef.current?.finish();
      reporterRef.current?.dispose();
      reporterVideo.current = current.videoId;
      reporterRef.current = new PlayLogReporter({
        videoId: current.videoId,
        courseId: current.courseId,
        catalogueId: current.catalogueId,
        logId: current.logId,
        position: current.position,
        send: (report) => sendPlayReport(report),
        beacon: (report) => sendPlayLogBeacon(report),
      });
    }
    return reporterRef.current;
  }, []);

  const { videoId } = source;
  useEffect(() => {
    const own = reporter();
    const onPageHide = () => own.finish();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') own.finish();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // leaving this video (or the page): the final log; the timers stop until it plays again
      own.finish();
      own.setPlaying(false);
      if (sourceRef.current.videoId !== videoId) {
        own.dispose();
        if (reporterRef.current === own) reporterRef.current = null;
      }
    };
  }, [videoId, reporter]);

  return reporter;
}
