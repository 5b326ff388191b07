/** All resolvers, one file per GraphQL type (Query fields grouped by page under Query/). */
import { Author } from './Author';
import { Banner } from './Banner';
import { Catalogue } from './Catalogue';
import { Course } from './Course';
import { recordVisit } from './Mutation/recordVisit';
import { Node } from './Node';
import { Query } from './Query';
import { Topic } from './Topic';
import { Video } from './Video';

export const resolvers = {
  Query,
  Mutation: { recordVisit },
  Node,
  Course,
  Video,
  Author,
  Topic,
  Catalogue,
  Banner,
};
