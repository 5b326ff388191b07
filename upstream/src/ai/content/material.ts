/**
 * The material of a video's AI content, read from the store a course at a time: the course
 * (name, info, lecturer, catalogue trail, its videos' names) and the video (name, abstract,
 * keyframes, transcript with the second each passage starts, as search times them).
 *
 * Two hashes say when stored content is stale. A video's hash covers its own material and its
 * course's, but not the other videos' names, so renaming one lecture makes only that lecture (and
 * its course's overview) stale; the course's hash covers what the overview is written from.
 * CONTENT_FORMAT is part of both: raising it regenerates everything once after a change of the
 * writers' output.
 */
import { createHash } from 'node:crypto';
import type { CatalogueTrailEntry, Store } from '../../store';
import type { ContentMaterial } from '../provider';

export const CONTENT_FORMAT = 1;

export interface VideoMaterial {
  videoId: number;
  courseId: number;
  lecturerId: number;
  durationSeconds: number;
  /** the course's catalogue, subject first */
  trail: CatalogueTrailEntry[];
  /** keywords are empty here: withKeyConcepts fills them when the content is written */
  material: ContentMaterial;
  videoHash: string;
  courseHash: string;
}

const sha256 = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** the materials of every video of a course in episode order; empty for an unknown course */
export async function courseMaterials(store: Store, courseId: number): Promise<VideoMaterial[]> {
  const course = await store.courses.get(courseId);
  if (!course) return [];
  const videos = await store.videos.listByCourse(courseId);
  const catalogueTrail = course.catalogueTrail.map((entry) => entry.name);
  const courseMaterial = {
    courseName: course.name,
    courseInfo: course.info,
    authorName: course.lecturerName,
    catalogueTrail,
  };
  const courseVideoNames = videos.map((video) => video.name);
  const courseHash = sha256([CONTENT_FORMAT, courseMaterial, courseVideoNames]);
  return Promise.all(
    videos.map(async (video) => {
      const own = {
        videoName: video.name,
        videoAbstract: video.abstract,
        keyframes: video.keyframes.map((k) => ({
          timePoint: k.timePoint,
          keyPoints: k.keyPoints,
          description: k.description,
        })),
        transcript: (await store.videos.transcript(video.id)).map((passage) => ({
          timePoint: Math.floor(passage.startMs / 1000),
          text: passage.text,
        })),
      };
      return {
        videoId: video.id,
        courseId,
        lecturerId: course.lecturerId,
        durationSeconds: video.durationSeconds,
        trail: course.catalogueTrail,
        material: { ...courseMaterial, courseVideoNames, ...own, keywords: [] },
        videoHash: sha256([CONTENT_FORMAT, courseMaterial, own]),
        courseHash,
      };
    }),
  );
}
