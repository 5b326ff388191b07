/** One thing by its upstream id; an unknown id answers null. */
import { requireId } from '../../graphql/args';
import type { AuthorParent, CourseParent, QueryArgs, Resolver, TopicParent } from '../../graphql/types';

export const course: Resolver<unknown, QueryArgs['course'], CourseParent | null> = async (_parent, args, { api }) => {
  const play = await api.play.courseData(requireId('courseId', args.courseId));
  return play ? { ...play.course, videoList: play.videoList } : null;
};

export const author: Resolver<unknown, QueryArgs['author'], AuthorParent | null> = (_parent, args, { api }) =>
  api.authors.load(requireId('authorId', args.authorId));

export const topic: Resolver<unknown, QueryArgs['topic'], TopicParent | null> = (_parent, args, { api }) =>
  api.topics.detail(requireId('topicId', args.topicId));
