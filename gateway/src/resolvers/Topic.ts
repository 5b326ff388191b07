import { requireLimit } from '../graphql/args';
import { toGlobalId } from '../graphql/globalId';
import type { Field, TopicResolvers } from '../graphql/resolverTypes';

/**
 * Lists carry the first 4 courses, the detail call all of them (schema.graphql). A topic found by
 * search carries none: its detail call answers them (one per topic, shared with topic(id) of the
 * operation; weighed in yoga/limits.ts UPSTREAM_FIELDS_BELOW).
 */
const courses: Field<TopicResolvers, 'courses'> = async (topic, _args, { api }) =>
  topic.courseList ?? (await api.topics.detail(topic.id))?.courseList ?? [];

/** One call per topic: weighed in yoga/limits.ts (UPSTREAM_FIELDS). */
const moreTopics: Field<TopicResolvers, 'moreTopics'> = (topic, args, { api }) =>
  api.topics.related(topic.id, requireLimit('limit', args.limit, 6));

export const Topic = {
  id: (topic) => toGlobalId('Topic', topic.id),
  topicId: (topic) => topic.id,
  title: (topic) => topic.title,
  info: (topic) => topic.info ?? '',
  image: (topic) => topic.imageUrl ?? '',
  courseCount: (topic) => topic.courseCount ?? 0,
  publishTime: (topic) => topic.publishTime ?? '',
  courses,
  moreTopics,
} satisfies TopicResolvers;
