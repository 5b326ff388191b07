/** Special topics: the /special list, a topic's page and the "more topics" lists. */
import { notFound } from '../../http/envelope';
import type { Store, TopicRecord } from '../../store';
import { toTopicItem } from '../presenters';
import type { Paged, TopicItem } from '../contract';

export const TOPIC_NOT_FOUND = '专题不存在';
/** list answers carry a preview of each topic's courses */
export const TOPIC_PREVIEW_COURSES = 4;

export interface TopicService {
  page(query: { limit: number; offset: number }): Paged<TopicItem>;
  details(id: number): TopicItem;
  more(query: { excludeId: number; limit: number }): TopicItem[];
  related(query: { id: number; limit: number }): TopicItem[];
}

export function createTopicService(store: Store): TopicService {
  const withPreviews = (topics: TopicRecord[]): TopicItem[] => {
    const courses = store.topics.coursesOf(
      topics.map((t) => t.id),
      TOPIC_PREVIEW_COURSES,
    );
    return topics.map((t) => toTopicItem(t, courses.get(t.id) ?? []));
  };
  const requireTopic = (id: number): TopicRecord => {
    const topic = store.topics.get(id);
    if (!topic) throw notFound(TOPIC_NOT_FOUND);
    return topic;
  };

  return {
    page: ({ limit, offset }) => ({
      totalCount: store.topics.count(),
      dataList: withPreviews(store.topics.listNewest(limit, offset)),
    }),

    details(id) {
      const topic = requireTopic(id);
      return toTopicItem(topic, store.topics.coursesOf([id], null).get(id) ?? []);
    },

    more({ excludeId, limit }) {
      if (excludeId !== 0) requireTopic(excludeId);
      return withPreviews(store.topics.listBySort(excludeId, limit));
    },

    related({ id, limit }) {
      requireTopic(id);
      return withPreviews(store.topics.listRelated(id, limit));
    },
  };
}
