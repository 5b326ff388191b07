/**
 * The AI types of schema.graphql: the answer stream's events (AIAnswerEvent and AISource) and the
 * play page's AI content block (AIContent). Upstream values are coerced, never trusted for shape:
 * the content is generated text, and a source's link goes into an <a href>.
 */
import type { AnswerEvent } from '../ai/types';
import type { AISourceParent } from '../graphql/models';
import type {
  AIAnswerDoneResolvers,
  AIAnswerEventResolvers,
  AIContentResolvers,
  AISourceResolvers,
} from '../graphql/resolverTypes';
import { safeVideoAddress } from './Records';
import { formatTimePoint } from './Search';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const int = (value: unknown): number => (Number.isFinite(Number(value)) ? Math.trunc(Number(value)) : 0);
const second = (value: unknown): number => Math.max(0, int(value));
const list = <T>(value: T[] | null | undefined): T[] =>
  Array.isArray(value) ? value.filter((item) => item !== null && typeof item === 'object') : [];

const EVENT_TYPES = { thinking: 'AIThinkingDelta', answer: 'AIAnswerDelta', done: 'AIAnswerDone' } as const;

export const AIAnswerEvent = {
  // `failed` never gets here: Subscription.askAI's resolve throws for it
  __resolveType: (event: AnswerEvent) => (event.kind === 'failed' ? null : EVENT_TYPES[event.kind]),
} satisfies AIAnswerEventResolvers;

export const AIAnswerDone = {
  sources: (event) =>
    event.sources.filter((source) => int(source.videoId) > 0).sort((a, b) => int(a.index) - int(b.index)),
} satisfies AIAnswerDoneResolvers;

/** The player at the source's second: /Play?catalogId=&courseId=&videoId=&vtime= (product-spec §2). */
export function sourcePlayPath(source: AISourceParent): string {
  const params = new URLSearchParams({
    catalogId: String(int(source.catalogId)),
    courseId: String(int(source.courseId)),
    videoId: String(int(source.videoId)),
    vtime: String(second(source.timePoint)),
  });
  return `/Play?${params.toString()}`;
}

export const AISource = {
  index: (source) => int(source.index),
  videoId: (source) => int(source.videoId),
  courseId: (source) => int(source.courseId),
  catalogueId: (source) => int(source.catalogId),
  videoName: (source) => text(source.videoName),
  courseName: (source) => text(source.courseName),
  timePoint: (source) => second(source.timePoint),
  timeLabel: (source) => text(source.keyPointsShow) || formatTimePoint(second(source.timePoint)),
  excerpt: (source) => text(source.excerpt),
  image: (source) => safeVideoAddress(source.videoImage),
  playPath: sourcePlayPath,
} satisfies AISourceResolvers;

export const AIContent = {
  courseOverview: (content) => text(content.courseOverview),
  coreContent: (content) =>
    list(content.coreContent)
      .filter((tag) => text(tag.tagName) !== '')
      .map((tag) => ({
        tagId: int(tag.id),
        tagName: text(tag.tagName),
        tagType: int(tag.tagType),
        parentId: int(tag.parentId),
        catalogLevel: int(tag.catalogLevel),
      })),
  videoAbstract: (content) => text(content.videoAbstract),
  keyPoints: (content) =>
    list(content.videoKeyframes)
      .map((point) => ({
        timePoint: second(point.timePoint),
        keyPointsShow: text(point.keyPointsShow) || formatTimePoint(second(point.timePoint)),
        description: text(point.description),
      }))
      .sort((a, b) => a.timePoint - b.timePoint),
  guessYouAsk: (content) =>
    (Array.isArray(content.guessYouAsk) ? content.guessYouAsk : []).filter(
      (question): question is string => typeof question === 'string' && question.trim() !== '',
    ),
  relatedMajors: (content) =>
    list(content.relatedDisciplinesMajors)
      .filter((major) => text(major.name) !== '')
      .map((major) => ({
        code: text(major.code),
        name: text(major.name),
        majorClass: text(major.majorClass),
        discipline: text(major.discipline),
      })),
} satisfies AIContentResolvers;
