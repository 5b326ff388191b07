import type { QueryResolvers } from '../../graphql/resolverTypes';
import { aiSuggestedQuestions } from './aiSuggestedQuestions';
import { author, course, topic } from './byId';
import { authorCatalogues, catalogue, subjects } from './catalogue';
import { clientIp } from './clientIp';
import { banners, featuredTopics, recommendedAuthors, recommendedCourses, selectedCourses } from './home';
import { authors, courses, resourceCount, statistics, topics } from './lists';
import { node, nodes } from './node';
import { playPage } from './playPage';
import { catalogueSuggestions, hotKeywords, search } from './search';
import { searchSuggestions } from './searchSuggestions';
import { site } from './site';
import { viewer } from './viewer';

export const Query = {
  node,
  nodes,
  site,
  viewer,
  subjects,
  catalogue,
  banners,
  selectedCourses,
  recommendedCourses,
  recommendedAuthors,
  featuredTopics,
  topics,
  courses,
  resourceCount,
  statistics,
  authors,
  authorCatalogues,
  course,
  author,
  topic,
  clientIp,
  search,
  hotKeywords,
  catalogueSuggestions,
  searchSuggestions,
  playPage,
  aiSuggestedQuestions,
} satisfies QueryResolvers;
