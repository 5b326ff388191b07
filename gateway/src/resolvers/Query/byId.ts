/** One thing by its upstream id; an unknown id answers null. */
import { requireId } from '../../graphql/args';
import type { Field, QueryResolvers } from '../../graphql/resolverTypes';

export const course: Field<QueryResolvers, 'course'> = async (_parent, args, { api }) => {
  const play = await api.play.courseData(requireId('courseId', args.courseId));
  return play ? { ...play.course, videoList: play.videoList } : null;
};

export const author: Field<QueryResolvers, 'author'> = (_parent, args, { api }) =>
  api.lecturers.load(requireId('authorId', args.authorId));

export const topic: Field<QueryResolvers, 'topic'> = (_parent, args, { api }) =>
  api.topics.detail(requireId('topicId', args.topicId));
