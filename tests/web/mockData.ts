import { loadQuery, type PreloadedQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { MockResolvers } from 'relay-test-utils';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';

export type MockEnvironment = ReturnType<typeof createMockEnvironment>;

/** Preloads a route query against a mock environment and answers it from resolvers. */
export function preloadWithMocks<Q extends OperationType>(
  query: GraphQLTaggedNode,
  variables: Q['variables'],
  resolvers: MockResolvers,
): { environment: MockEnvironment; queryRef: PreloadedQuery<Q> } {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<Q>(environment, query, variables);
  environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, resolvers));
  return { environment, queryRef };
}

let courseSeq = 0;

/** A course as the CourseCard fragment reads it. */
export function mockCourse(overrides: Record<string, unknown> = {}) {
  courseSeq += 1;
  return {
    __typename: 'Course',
    id: `Q291cnNlOj${courseSeq}`,
    courseId: 100 + courseSeq,
    catalogueId: 7,
    name: `课程${courseSeq}`,
    image: `/media/posters/${courseSeq}.jpg`,
    exclusive: false,
    authorName: '李老师',
    authorPosition: '副教授',
    videoCount: 8,
    viewCount: 321,
    ...overrides,
  };
}

export function mockConnection(nodes: ReadonlyArray<Record<string, unknown>>, hasNextPage: boolean) {
  return {
    edges: nodes.map((node, i) => ({ cursor: String(i + 1), node })),
    pageInfo: {
      hasNextPage,
      hasPreviousPage: false,
      startCursor: nodes.length ? '1' : null,
      endCursor: nodes.length ? String(nodes.length) : null,
    },
    totalCount: null,
  };
}
