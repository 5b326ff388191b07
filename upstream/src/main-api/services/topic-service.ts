/** Special topics: the /special list, a topic's page and the "more topics" lists. */
import { notFound } from '../../http/envelope';
import type { Store, TopicRecord } from '../../store';
import { toTopicItem } from '../presenters';
import type { Paged, TopicItem } from '../contract';

export const TOPIC_NOT_FOUND = '专题不存在';
/** list answers carry a preview of each topic's courses */
export const TOPIC_PREVIEW_COURSES = 4;

export interface TopicService {
  page(query: { limit: number; offset: number }): Promise<Paged<TopicItem>>;
  details(id: number): Promise<TopicItem>;
  more(query: { excludeId: number; limit: number }): Promise<TopicItem[]>;
  related(query: { id: number; limit: number }): Promise<TopicItem[]>;
}

export function createTopicService(store: Store): TopicService {
  const withPreviews = async (topics: TopicRecord[]): Promise<TopicItem[]> => {
    const courses = await store.topics.coursesOf(
      topics.map((t) => t.id),
      TOPIC_PREVIEW_COURSES,
    );
    return topics.map((t) => toTopicItem(t, courses.get(t.id) ?? []));
  };
  const requireTopic = async (id: number): Promise<TopicRecord> => {
    const topic = await store.topics.get(id);
    if (!topic) throw notFound(TOPIC_NOT_FOUND);
    return topic;
  };

  return {
    page: async ({ limit, offset }) => ({
      totalCount: await store.topics.count(),
      dataList: await withPreviews(await store.topics.listNewest(limit, offset)),
    }),

    async details(id) {
      const topic = await requireTopic(id);
      return toTopicItem(topic, (await store.topics.coursesOf([id], null)).get(id) ?? []);
    },

    async more({ excludeId, limit }) {
      if (excludeId !== 0) await requireTopic(excludeId);
      return withPreviews(await store.topics.listBySort(excludeId, limit));
    },

    async related({ id, limit }) {
      await requireTopic(id);
      return withPreviews(await store.topics.listRelated(id, limit));
    },
  };
}
