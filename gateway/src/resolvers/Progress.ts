/**
 * 继续学习: the viewer's progress in the courses they watched (GetLearningProgress), on
 * Viewer.continueLearning (the home page's row) and Course.viewerProgress (the play page's outline).
 * Only a signed-in person has progress: a visitor and an organisation's network identity (a whole
 * library network signed in as one account) get none, without an upstream call. The user id is always
 * the session's viewer, never the client's.
 */
import { requireIntInRange } from '../graphql/args';
import type { CourseProgressParent } from '../graphql/models';
import type {
  CourseProgressResolvers,
  CourseResolvers,
  Field,
  VideoProgressResolvers,
  ViewerResolvers,
} from '../graphql/resolverTypes';
import { isLoggedIn, isSharedIdentity, type Viewer } from '../viewer';

/** §9-like constants of the row: 6 courses by default, at most 20 (the upstream's limit) */
export const CONTINUE_LEARNING_DEFAULT = 6;
export const CONTINUE_LEARNING_MAX = 20;

const int = (value: unknown): number => (Number.isFinite(Number(value)) ? Math.trunc(Number(value)) : 0);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const hasProgress = (viewer: Viewer): viewer is Viewer & { userId: number } =>
  isLoggedIn(viewer) && !isSharedIdentity(viewer);

export const continueLearning: Field<ViewerResolvers, 'continueLearning'> = async (viewer, args, { api }) => {
  const limit = requireIntInRange('first', args.first ?? CONTINUE_LEARNING_DEFAULT, 1, CONTINUE_LEARNING_MAX);
  if (!hasProgress(viewer)) return [];
  return (await api.center.learningProgress(viewer.userId, { limit })).slice(0, limit);
};

export const courseViewerProgress: Field<CourseResolvers, 'viewerProgress'> = async (
  course,
  _args,
  { api, session },
) => {
  const viewer = await session.viewer();
  if (!hasProgress(viewer)) return null;
  const [found] = await api.center.learningProgress(viewer.userId, { courseId: course.courseId });
  return found ?? null;
};

/** /Play at the resume point: the second the viewer stopped, or the next video from its beginning. */
export function progressPlayPath(progress: CourseProgressParent): string {
  const params = new URLSearchParams({
    courseId: String(int(progress.courseId)),
    catalogId: String(int(progress.catalogId)),
    videoId: String(int(progress.resume?.videoId ?? progress.lastVideo?.videoId)),
  });
  const at = int(progress.resume?.startAt);
  if (at > 0) params.set('vtime', String(at));
  return `/Play?${params.toString()}`;
}

export const CourseProgress = {
  course: (progress) => progress.course,
  learnedCount: (progress) => int(progress.learnedCount),
  videoCount: (progress) => int(progress.videoCount),
  lastWatchTime: (progress) => text(progress.updateTime),
  lastVideo: (progress) => progress.lastVideo,
  lastVideoName: (progress) => text(progress.lastVideo?.videoName),
  lastVideoNumberShow: (progress) => text(progress.lastVideo?.numberShow),
  resumeVideo: (progress) => ({
    videoId: int(progress.resume?.videoId ?? progress.lastVideo?.videoId),
    videoName: text(progress.resume?.videoName ?? progress.lastVideo?.videoName),
    numberShow: text(progress.resume?.numberShow ?? progress.lastVideo?.numberShow),
    startAt: int(progress.resume?.startAt),
    isNext: int(progress.resume?.videoId ?? progress.lastVideo?.videoId) !== int(progress.lastVideo?.videoId),
  }),
  playPath: progressPlayPath,
  videos: (progress) => progress.videos ?? [],
} satisfies CourseProgressResolvers;

export const VideoProgress = {
  videoId: (video) => int(video.videoId),
  lastPlayTime: (video) => int(video.lastPlayTime),
  duration: (video) => int(video.duration),
  percent: (video) => Math.min(100, Math.max(0, int(video.percent))),
  learned: (video) => int(video.learned) === 1,
} satisfies VideoProgressResolvers;
