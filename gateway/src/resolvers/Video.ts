import { toGlobalId } from '../graphql/globalId';
import type { CourseParent, NoArgs, Resolver, VideoParent } from '../graphql/types';

const course: Resolver<VideoParent, NoArgs, CourseParent | null> = async (video, _args, { api }) => {
  const play = await api.playData(video.courseId);
  return play ? { ...play.course, videoList: play.videoList } : null;
};

export const Video = {
  // videos are read through their course, so the course id is part of the key
  id: (video: VideoParent) => toGlobalId('Video', `${video.courseId}:${video.videoId}`),
  videoId: (video: VideoParent) => video.videoId,
  courseId: (video: VideoParent) => video.courseId,
  name: (video: VideoParent) => video.videoName,
  properTitle: (video: VideoParent) => video.properTile ?? '',
  image: (video: VideoParent) => video.videoImage ?? '',
  code: (video: VideoParent) => video.videoCode ?? '',
  numberShow: (video: VideoParent) => video.numberShow ?? '',
  duration: (video: VideoParent) => video.duration ?? 0,
  abstract: (video: VideoParent) => video.videoAbstract ?? '',
  publishTime: (video: VideoParent) => video.publishTime ?? '',
  keyframes: (video: VideoParent) =>
    (video.videoKeyframes ?? []).map((keyframe) => ({
      timePoint: keyframe.timePoint ?? 0,
      keyPoints: keyframe.keyPoints ?? '',
      keyPointsShow: keyframe.keyPointsShow ?? '',
      description: keyframe.description ?? '',
    })),
  course,
};
