/**
 * What a play log carries besides the viewer's numbers (product-spec §7 AddPlayLog: courseName,
 * videoName, videoCode, catalogId): read from the course's play data once and kept for a few minutes
 * by the process, because a watching viewer reports every 5 s (10 000 viewers are 2 000 reports a
 * second) and each report would otherwise cost a GetPlayPageData beside its AddPlayLog. Names change
 * rarely and a stale one only labels a history row; the ids come from the report itself.
 *
 * Bounded: the courses read last are kept (MAX_COURSES, least recently used dropped first); concurrent
 * misses of one course share one call; an upstream failure is not remembered. A video the cached
 * course does not have (published after the course was read) makes the course be read again, at
 * most once per RELOAD_THROTTLE_MS per course, before the report is refused. Unknown courses are
 * remembered briefly in a small map of their own (MAX_UNKNOWN_COURSES): reports naming made-up
 * courses cannot push the real ones out.
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
export const MAX_UNKNOWN_COURSES = 500;
/** a course whose cached videos lack the one reported is read again at most this often */
export const RELOAD_THROTTLE_MS = 10_000;

interface Known {
  names: CourseNames;
  until: number;
  /** when it was read from the upstream */
  readAt: number;
}

export class PlayVideoNames {
  /** in least-recently-used order (a Map keeps insertion order; a hit moves its course to the end) */
  private readonly courses = new Map<number, Known>();
  private readonly unknown = new Map<number, number>();
  private readonly loading = new Map<number, Promise<CourseNames | null>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The names of a video of a course, or null when the course does not have that video. */
  async of(api: MainApi, courseId: number, videoId: number): Promise<PlayVideoName | null> {
    let names = await this.course(api, courseId);
    let video = names?.videos.get(videoId);
    if (names && !video) {
      // perhaps published since the course was read: read it again, unless that was just done
      const known = this.courses.get(courseId);
      if (!known || this.now() - known.readAt >= RELOAD_THROTTLE_MS) {
        names = await this.load(api, courseId);
        video = names?.videos.get(videoId);
      }
    }
    if (!names || !video) return null;
    return { courseName: names.courseName, catalogId: names.catalogId, ...video };
  }

  private course(api: MainApi, courseId: number): Promise<CourseNames | null> {
    const now = this.now();
    const known = this.courses.get(courseId);
    if (known && known.until > now) {
      this.courses.delete(courseId);
      this.courses.set(courseId, known);
      return Promise.resolve(known.names);
    }
    const unknownUntil = this.unknown.get(courseId);
    if (unknownUntil !== undefined && unknownUntil > now) return Promise.resolve(null);
    return this.load(api, courseId);
  }

  private load(api: MainApi, courseId: number): Promise<CourseNames | null> {
    const pending = this.loading.get(courseId);
    if (pending) return pending;
    const load = (async () => {
      try {
        const play = await api.play.courseData(courseId);
        const names: CourseNames | null = play
          ? {
              courseName: play.course.courseName ?? play.courseName ?? '',
              catalogId: play.course.catalogId ?? 0,
              videos: new Map(
                play.videoList.map((video) => [
                  video.videoId,
                  { videoName: video.videoName ?? '', videoCode: video.videoCode ?? '' },
                ]),
              ),
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
    const now = this.now();
    this.courses.delete(courseId);
    this.unknown.delete(courseId);
    if (names) {
      this.courses.set(courseId, { names, until: now + NAMES_TTL_MS, readAt: now });
      dropOldest(this.courses, MAX_COURSES);
    } else {
      this.unknown.set(courseId, now + UNKNOWN_COURSE_TTL_MS);
      dropOldest(this.unknown, MAX_UNKNOWN_COURSES);
    }
  }

  /** For tests and diagnostics: how many courses are remembered, known and unknown. */
  get size(): { courses: number; unknown: number } {
    return { courses: this.courses.size, unknown: this.unknown.size };
  }
}

function dropOldest<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) map.delete(map.keys().next().value as K);
}
