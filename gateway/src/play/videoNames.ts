/**
 * What a play log carries besides the viewer's numbers (product-spec §7 AddPlayLog: courseName,
 * videoName, videoCode, catalogId): read from the course's play data once and kept for a few minutes
 * by the process, because a watching viewer reports every 5 s (10 000 viewers are 2 000 reports a
 * second) and each report would otherwise cost a GetPlayPageData beside its AddPlayLog. Names change
 * rarely and a stale one only labels a history row; the ids come from the report itself.
 *
 * Bounded (MAX_COURSES, oldest dropped first); concurrent misses of one course share one call; an
 * upstream failure is not remembered, an unknown course is (briefly).
 */
import type { MainApi } from '../upstream/mainApi';

export interface PlayVideoName {
  courseName: string;
  /** the course's own catalogue */
  catalogId: number;
  videoName: string;
  videoCode: string;
}

interface CourseNames {
  courseName: string;
  catalogId: number;
  videos: Map<number, { videoName: string; videoCode: string }>;
}

export const NAMES_TTL_MS = 5 * 60_000;
/** an unknown course is asked about again sooner: it may be being published */
export const UNKNOWN_COURSE_TTL_MS = 30_000;
export const MAX_COURSES = 5_000;

export class PlayVideoNames {
  private readonly courses = new Map<number, { names: CourseNames | null; until: number }>();
  private readonly loading = new Map<number, Promise<CourseNames | null>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The names of a video of a course, or null when the course does not have that video. */
  async of(api: MainApi, courseId: number, videoId: number): Promise<PlayVideoName | null> {
    const names = await this.course(api, courseId);
    const video = names?.videos.get(videoId);
    if (!names || !video) return null;
    return { courseName: names.courseName, catalogId: names.catalogId, ...video };
  }

  private course(api: MainApi, courseId: number): Promise<CourseNames | null> {
    const known = this.courses.get(courseId);
    if (known && known.until > this.now()) return Promise.resolve(known.names);
    if (known) this.courses.delete(courseId);
    const pending = this.loading.get(courseId);
    if (pending) return pending;
    const load = (async () => {
      try {
        const play = await api.playData(courseId);
        const names: CourseNames | null = play
          ? {
              courseName: play.course.courseName ?? play.courseName ?? '',
              catalogId: play.course.catalogId ?? 0,
              videos: new Map(play.videoList.map((video) => [video.videoId, { videoName: video.videoName ?? '', videoCode: video.videoCode ?? '' }])),
            }
          : null;
        this.remember(courseId, names);
        return names;
      } finally {
        this.loading.delete(courseId);
      }
    })();
    this.loading.set(courseId, load);
    return load;
  }

  private remember(courseId: number, names: CourseNames | null): void {
    this.courses.set(courseId, { names, until: this.now() + (names ? NAMES_TTL_MS : UNKNOWN_COURSE_TTL_MS) });
    while (this.courses.size > MAX_COURSES) {
      const oldest = this.courses.keys().next().value as number;
      this.courses.delete(oldest);
    }
  }
}
