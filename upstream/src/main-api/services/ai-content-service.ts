/**
 * The AI content block of the play page and the AI drawer's suggested questions (upstream/API.md
 * "Main API: AI"): both only read what the content job wrote ahead (upstream/src/ai/content);
 * nothing is generated inside a request. The catalogue trail and the lecturer of coreContent are
 * read fresh, so a renamed catalogue shows at once, before the content is regenerated.
 */
import { majorByCode } from '../../ai/majors';
import type { Store } from '../../store';
import { clockText } from '../presenters';
import type { CourseService } from './course-service';
import { requireVideo } from './videos';
import type { AiContentItem, AiSuggestion } from '../contract';

export const RECOMMEND_LIMIT_DEFAULT = 6;
export const RECOMMEND_LIMIT_MAX = 20;
/** key concepts shown as tags (tagType 3) */
const CONCEPT_TAGS = 5;

export const TAG_CATALOGUE = 1;
export const TAG_LECTURER = 2;
export const TAG_CONCEPT = 3;

export interface AiContentService {
  /** 4004 for an unknown video; null while no content has been written for it */
  content(videoId: number): Promise<AiContentItem | null>;
  /**
   * up to `limit` questions: the video's, then its course's, then general ones of the most played
   * courses (0 = none given for courseId and videoId); 4004 for an unknown course or video, or a
   * video not of the course
   */
  recommend(query: { courseId: number; videoId: number; limit: number }): Promise<AiSuggestion[]>;
}

export function createAiContentService(store: Store, courses: CourseService): AiContentService {
  return {
    async content(videoId) {
      const video = await requireVideo(store, videoId);
      const record = await store.aiContent.video(videoId);
      if (!record) return null;
      const course = await courses.requireCourse(video.courseId);
      const trail = course.catalogueTrail.map((entry, i) => ({
        tagName: entry.name,
        tagType: TAG_CATALOGUE,
        id: entry.id,
        parentId: course.catalogueTrail[i - 1]?.id ?? 0,
        catalogLevel: entry.level,
      }));
      const lecturer = {
        tagName: course.lecturerName,
        tagType: TAG_LECTURER,
        id: course.lecturerId,
        parentId: 0,
        catalogLevel: 0,
      };
      const concepts = record.concepts
        .slice(0, CONCEPT_TAGS)
        .map((name) => ({ tagName: name, tagType: TAG_CONCEPT, id: 0, parentId: 0, catalogLevel: 0 }));
      return {
        courseOverview: (await store.aiContent.course(video.courseId))?.overview ?? '',
        coreContent: [...trail, lecturer, ...concepts],
        videoAbstract: record.videoAbstract,
        videoKeyframes: record.keyPoints.map((point) => ({
          keyPointsShow: clockText(point.timePoint),
          timePoint: point.timePoint,
          description: point.description,
        })),
        guessYouAsk: record.guessYouAsk,
        relatedDisciplinesMajors: record.majors.flatMap((code) => majorByCode(code) ?? []),
        provider: record.provider,
        generatedAt: new Date(record.generatedAt).toISOString(),
      };
    },

    async recommend({ courseId, videoId, limit }) {
      const questions: string[] = [];
      let course = courseId;
      if (videoId !== 0) {
        course = (await requireVideo(store, videoId, courseId)).courseId;
        questions.push(...((await store.aiContent.video(videoId))?.guessYouAsk ?? []));
      } else if (courseId !== 0) {
        await courses.requireCourse(courseId);
      }
      // the video's own first; the rest of the list from wider and wider around it
      if (course !== 0 && questions.length < limit)
        questions.push(...(await store.aiContent.courseQuestions(course, limit * 2)));
      if (new Set(questions).size < limit) questions.push(...(await store.aiContent.generalQuestions(limit * 2)));
      return [...new Set(questions)].slice(0, limit).map((question) => ({ question }));
    },
  };
}
