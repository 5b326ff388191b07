import { useEffect, useRef } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { useFreshCourseProgressQuery } from '../../__generated__/useFreshCourseProgressQuery.graphql';

/**
 * The viewer's progress in a course, asked again: the outline's marks (已看完, 已看 N%) were read
 * with the page, and the viewer has been watching since. The answer lands on the course's record
 * in the store, so every outline of that course shows it without a reload.
 */
const freshCourseProgressQuery = graphql`
  query useFreshCourseProgressQuery($courseId: Int!) {
    course(courseId: $courseId) {
      # eslint-disable-next-line relay/unused-fields -- written to the store, read by the outlines' fragments
      viewerProgress {
        learnedCount
        videos {
          videoId
          percent
          learned
        }
      }
    }
  }
`;

/**
 * Asks for the course's progress again whenever the outline is shown again (a kept-alive /Play
 * coming back: its effects run again), when another video is chosen (`currentVideoId`: the one
 * left has new progress) and when the tab comes to the front again (the viewer may have watched
 * elsewhere). Not on the first show: the page's own query has just answered it.
 */
export function useFreshCourseProgress(courseId: number, currentVideoId: number | null): void {
  const environment = useRelayEnvironment();
  /** the course whose outline this component has shown already */
  const shown = useRef<number | null>(null);
  useEffect(() => {
    let subscription: { unsubscribe: () => void } | null = null;
    const refresh = () => {
      if (document.visibilityState === 'hidden') return;
      subscription?.unsubscribe();
      subscription = fetchQuery<useFreshCourseProgressQuery>(
        environment,
        freshCourseProgressQuery,
        { courseId },
        { fetchPolicy: 'network-only' },
      ).subscribe({
        error: () => undefined, // the marks stay as they were
      });
    };
    if (shown.current === courseId) refresh();
    else shown.current = courseId;
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
      subscription?.unsubscribe();
    };
  }, [environment, courseId, currentVideoId]);
}
