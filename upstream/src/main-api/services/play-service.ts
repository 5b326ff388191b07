/** The play page's data: the course, its videos with keyframes, and the video to start with. */
import { notFound } from '../../http/envelope';
import type { Store } from '../../store';
import { toCourseItem, toVideoItem, type CourseItem, type VideoItem } from '../presenters';
import type { CatalogueService } from './catalogue-service';
import type { CourseService } from './course-service';

export const VIDEO_NOT_FOUND = '视频不存在';

export interface PlayPageData {
  course: CourseItem;
  courseName: string;
  courseImage: string;
  videoList: VideoItem[];
  /** the requested video, else the first; null while the course has no videos */
  video: VideoItem | null;
}

export interface PlayService {
  playPageData(query: { courseId: number; catalogId: number; videoId: number }): PlayPageData;
}

export function createPlayService(store: Store, catalogues: CatalogueService, courses: CourseService): PlayService {
  return {
    playPageData({ courseId, catalogId, videoId }) {
      const course = toCourseItem(courses.requireCourse(courseId));
      catalogues.requireCatalogue(catalogId);
      const videoList = store.videos.listByCourse(courseId).map(toVideoItem);
      let video: VideoItem | null = videoList[0] ?? null;
      if (videoId !== 0) {
        video = videoList.find((v) => v.videoId === videoId) ?? null;
        if (!video) throw notFound(VIDEO_NOT_FOUND);
      }
      return { course, courseName: course.courseName, courseImage: course.courseImage, videoList, video };
    },
  };
}
