/**
 * The play page's reads (product-spec §7 "Play page"): the course with its videos and their media,
 * the resume point and the once-a-day view count, the course's tags, a video's keyframes, its
 * subtitles and manuscript, and the phone QR code.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { notFound, refused } from '../../http/envelope';
import { lectureMakerOf, type LectureMaker } from '../../media/lecture/on-open';
import { mediaSegments } from '../../media/serve-media';
import type { Store } from '../../store';
import { isoTime, toCourseItem, toKeyframeItem, toVideoItem } from '../presenters';
import type { CatalogueService } from './catalogue-service';
import { requireUser } from './center-user';
import type { CourseService } from './course-service';
import { chinaDay, requireVideo, VIDEO_NOT_FOUND } from './videos';
import type { CourseTag, KeyframeItem, LastPlay, PlayPageData, SubtitleData, VideoItem } from '../contract';

export { VIDEO_NOT_FOUND } from './videos';
export const NO_SUBTITLES = '该视频暂无字幕';

/** GetSubtitlesManuscriptUrl answers at most this many characters of the manuscript */
export const MANUSCRIPT_MAX_CHARS = 200_000;

/** MakePng: sides in pixels */
export const QR_SIDE_MIN = 64;
export const QR_SIDE_MAX = 1024;
export const QR_SIDE_DEFAULT = 200;

export interface QrQuery {
  catalogId: number;
  courseId: number;
  videoId: number;
  width: number;
  height: number;
  /** PUBLIC_BASE_URL */
  baseUrl: string;
}

export interface PlayService {
  playPageData(query: {
    courseId: number;
    catalogId: number;
    videoId: number;
    userId: number | null;
  }): Promise<PlayPageData>;
  courseTags(courseId: number): Promise<CourseTag[]>;
  keyframes(videoId: number, courseId: number): Promise<KeyframeItem[]>;
  subtitles(videoCode: string): Promise<SubtitleData>;
  /** a PNG of a QR code of the video's mobile play page */
  qrPng(query: QrQuery): Promise<Buffer>;
}

/** /m/play?catalogId=&courseId=&videoId= under the public base URL */
export function mobilePlayUrl(baseUrl: string, ids: { catalogId: number; courseId: number; videoId: number }): string {
  const query = new URLSearchParams({
    catalogId: String(ids.catalogId),
    courseId: String(ids.courseId),
    videoId: String(ids.videoId),
  });
  return `${baseUrl}/m/play?${query.toString()}`;
}

/** the file behind a /media/... site path, or null when the path is not one */
function mediaFile(mediaDir: string, sitePath: string): string | null {
  if (!sitePath.startsWith('/media/')) return null;
  try {
    return path.join(path.resolve(mediaDir), ...mediaSegments(sitePath));
  } catch {
    return null;
  }
}

const pngWidth = (png: Buffer): number => png.readUInt32BE(16);

export function createPlayService(
  store: Store,
  catalogues: CatalogueService,
  courses: CourseService,
  now: () => number = Date.now,
  /** makes the lecture of a demo video waiting for one, in the background, when it is opened */
  lectures: LectureMaker = lectureMakerOf(store),
): PlayService {
  return {
    async playPageData({ courseId, catalogId, videoId, userId }) {
      const courseRecord = await courses.requireCourse(courseId);
      await catalogues.requireCatalogue(catalogId);
      if (userId !== null) await requireUser(store, userId);
      const videos = await store.videos.listByCourse(courseId);
      const media = await store.media.getMany(videos.map((v) => v.id));
      const shownId = videoId !== 0 ? videoId : (videos[0]?.id ?? 0);
      if (videoId !== 0 && !videos.some((v) => v.id === videoId)) throw notFound(VIDEO_NOT_FOUND);
      // a person opening a video that waits for its lecture queues it (a background job, never this
      // request); a visitor's or a list's read of the course (no userId) starts nothing
      const opened = userId !== null && shownId !== 0 ? shownId : 0;
      if (opened !== 0) await lectures.open(opened);
      const videoList = videos.map((v) => toVideoItem(v, media.get(v.id), lectures.state(media.get(v.id))));
      const video: VideoItem | null = videoList.find((v) => v.videoId === shownId) ?? null;
      let lastPlay: LastPlay | null = null;
      const course = toCourseItem(courseRecord);
      if (userId !== null && video) {
        if (await store.courses.countView({ courseId, userId, videoId: video.videoId, day: chinaDay(now()) })) {
          course.viewCount += 1;
        }
        const log = await store.playLogs.find(userId, video.videoId);
        if (log) {
          lastPlay = {
            id: log.id,
            videoId: log.videoId,
            lastPlayTime: log.lastPlayTime,
            duration: log.duration,
            lastWatchTime: isoTime(log.updatedAt),
          };
        }
      }
      return { course, courseName: course.courseName, courseImage: course.courseImage, videoList, video, lastPlay };
    },

    async courseTags(courseId) {
      const course = await courses.requireCourse(courseId);
      return [
        ...course.catalogueTrail.map((c): CourseTag => ({ tagName: c.name, tagType: 1, id: c.id })),
        { tagName: course.lecturerName, tagType: 2, id: course.lecturerId },
      ];
    },

    async keyframes(videoId, courseId) {
      await requireVideo(store, videoId, courseId);
      return (await store.videos.keyframes(videoId)).map(toKeyframeItem);
    },

    async subtitles(videoCode) {
      const video = await store.videos.getByCode(videoCode);
      if (!video) throw notFound(VIDEO_NOT_FOUND);
      const media = await store.media.get(video.id);
      if (!media || !media.subtitlePath) throw refused(NO_SUBTITLES);
      let manuscript: string | null = null;
      const file = media.manuscriptPath ? mediaFile(store.mediaDir, media.manuscriptPath) : null;
      if (file) {
        try {
          manuscript = await readFile(file, 'utf8');
        } catch {
          manuscript = null; // a missing file: fall back to the stored transcript
        }
      }
      manuscript ??= (await store.videos.transcript(video.id)).map((p) => p.text).join('\n');
      const chars = [...manuscript];
      if (chars.length > MANUSCRIPT_MAX_CHARS) manuscript = chars.slice(0, MANUSCRIPT_MAX_CHARS).join('');
      return { url: media.masterPath, vtt: media.subtitlePath, manuscript: manuscript.trimEnd() };
    },

    async qrPng({ catalogId, courseId, videoId, width, height, baseUrl }) {
      await courses.requireCourse(courseId);
      await catalogues.requireCatalogue(catalogId);
      if (videoId !== 0) await requireVideo(store, videoId, courseId);
      const url = mobilePlayUrl(baseUrl, { catalogId, courseId, videoId });
      const side = Math.min(width, height);
      const square = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: side });
      if (width === height && pngWidth(square) === side) return square;
      // a long URL needs more pixels than the side asked for, or the sides differ: fit it into width × height on white
      return sharp(square)
        .resize(width, height, { fit: 'contain', background: '#ffffff', kernel: 'nearest' })
        .png()
        .toBuffer();
    },
  };
}
