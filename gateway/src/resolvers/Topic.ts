import { requireLimit } from '../graphql/args';
import { toGlobalId } from '../graphql/globalId';
import type { Resolver, TopicArgs, TopicParent } from '../graphql/types';

/** One call per topic: weighed in yoga/limits.ts (UPSTREAM_FIELDS). */
const moreTopics: Resolver<TopicParent, TopicArgs['moreTopics'], TopicParent[]> = (topic, args, { api }) =>
  api.relatedTopics(topic.id, requireLimit('limit', args.limit, 6));

export const Topic = {
  id: (topic: TopicParent) => toGlobalId('Topic', topic.id),
  topicId: (topic: TopicParent) => topic.id,
  title: (topic: TopicParent) => topic.title,
  info: (topic: TopicParent) => topic.info ?? '',
  image: (topic: TopicParent) => topic.imageUrl ?? '',
  courseCount: (topic: TopicParent) => topic.courseCount ?? 0,
  publishTime: (topic: TopicParent) => topic.publishTime ?? '',
  // lists carry the first 4 courses, the detail call all of them (schema.graphql)
  courses: (topic: TopicParent) => topic.courseList ?? [],
  moreTopics,
};
