import { intParam } from '../../routing/defineRoute';

/** /special/des?id=: the topic id, or 0 when the URL has none (the page then goes back). */
export function topicIdOf(url: URL | URLSearchParams): number {
  return intParam(url, 'id', 0);
}

export function topicVariables(url: URL): { topicId: number } {
  return { topicId: topicIdOf(url) };
}

export function skipTopic(url: URL): boolean {
  return topicIdOf(url) <= 0;
}
