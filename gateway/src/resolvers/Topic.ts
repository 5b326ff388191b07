import { requireLimit } from '../graphql/args';
import { toGlobalId } from '../graphql/globalId';
import type { CourseParent, NoArgs, Resolver, TopicArgs, TopicParent } from '../graphql/types';

/**
 * Lists carry the first 4 courses, the detail call all of them (schema.graphql). A topic found by
 * search carries none: its detail call answers them (one per topic, shared with topic(id) of the
 * operation; weighed in yoga/limits.ts UPSTREAM_FIELDS_BELOW).
 */
const courses: Resolver<TopicParent, NoArgs, CourseParent[]> = async (topic, _args, { api }) =>
  topic.courseList ?? (await api.topics.detail(topic.id))?.courseList ?? [];

/** One call per topic: weighed in yoga/limits.ts (UPSTREAM_FIELDS). */
const moreTopics: Resolver<TopicParent, TopicArgs['moreTopics'], TopicParent[]> = (topic, args, { api }) =>
  api.topics.related(topic.id, requireLimit('limit', args.limit, 6));

export const Topic = {
  id: (topic: TopicParent) => toGlobalId('Topic', topic.id),
  topicId: (topic: TopicParent) => topic.id,
  title: (topic: TopicParent) => topic.title,
  info: (topic: TopicParent) => topic.info ?? '',
  image: (topic: TopicParent) => topic.imageUrl ?? '',
  courseCount: (topic: TopicParent) => topic.courseCount ?? 0,
  publishTime: (topic: TopicParent) => topic.publishTime ?? '',
  courses,
  moreTopics,
};
