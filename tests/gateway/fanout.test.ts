/**
 * Upstream fan-out: fields that cost an upstream request per object weigh in the cost limit, so a
 * list of 100 courses asking each for its videos is refused before any call; what the estimate
 * cannot see is stopped by the per-operation upstream budget at run time.
 */
import path from 'node:path';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config';
import { createSchema } from '../../gateway/src/schema';
import {
  COST_MODEL,
  DEFAULT_UPSTREAM_BUDGET,
  QUERY_LIMITS,
  UPSTREAM_CALL_COST,
  costVerdict,
} from '../../gateway/src/yoga/limits';
import { measureOperation } from '../../gateway/src/yoga/operationCost';
import { globalId, startTestGateway, startUpstream, type TestGateway, type Upstream } from './harness';

const TOO_COMPLEX = {
  message: `查询过于复杂（复杂度上限 ${QUERY_LIMITS.maxCost}）`,
  extensions: { code: 'QUERY_TOO_COMPLEX' },
};

/** `params.text` of a Relay artifact: exactly what the web app posts. */
async function artifactText(name: string): Promise<string> {
  const file = path.resolve(__dirname, '../../web/src/__generated__', `${name}.graphql.ts`);
  const loaded = (await import(file)) as { default: { params: { text: string } } };
  return loaded.default.params.text;
}

/** The operation's required variables filled with plain values, then the given ones. */
function variablesFor(text: string, given: Record<string, unknown>): Record<string, unknown> {
  const operation = parse(text).definitions.find((d) => d.kind === 'OperationDefinition');
  const filled: Record<string, unknown> = {};
  for (const definition of operation && 'variableDefinitions' in operation
    ? (operation.variableDefinitions ?? [])
    : []) {
    if (definition.type.kind !== 'NonNullType' || definition.defaultValue) continue;
    const type = definition.type.type.kind === 'NamedType' ? definition.type.type.name.value : '';
    filled[definition.variable.name.value] = type === 'Boolean' ? true : type === 'String' || type === 'ID' ? '' : 1;
  }
  return { ...filled, ...given };
}

describe('the cost of an operation (pure)', () => {
  const schema = createSchema();
  const measure = (query: string, variables: Record<string, unknown> = {}) =>
    measureOperation(schema, parse(query), undefined, variables, COST_MODEL)!;

  it('counts the fields that call the upstream once per object, times the lists around them', () => {
    expect(
      measure('{ courses(catalogueId: 0, first: 100) { edges { node { videos { name } } } } }').upstreamCalls,
    ).toBe(100);
    expect(
      measure('{ courses(catalogueId: 0, first: 100) { edges { node { name authorName } } } }').upstreamCalls,
    ).toBe(0);
    // topics' default page is 12 (schema.graphql)
    expect(measure('{ topics { edges { node { moreTopics { title } } } } }').upstreamCalls).toBe(12);
    expect(
      measure(
        '{ authors(first: 10) { edges { node { courses(first: 5) { edges { node { relatedCourses { totalCount } } } } } } } }',
      ).upstreamCalls,
    ).toBe(10 + 10 * 5);
    expect(
      measure(`{ nodes(ids: ${JSON.stringify(['a', 'b', 'c'])}) { id } node(id: "x") { id } }`).upstreamCalls,
    ).toBe(4);
    // the lecturers of one list are loaded together
    expect(measure('{ courses(catalogueId: 0, first: 20) { edges { node { author { name } } } } }').upstreamCalls).toBe(
      1,
    );
    // a resource count by year reads the node's siblings; without a year it comes with the tree
    expect(measure('{ subjects { children { resourceCount } } }').upstreamCalls).toBe(0);
    expect(measure('{ subjects { children { resourceCount(year: 2024) } } }').upstreamCalls).toBe(1);
  });

  it('reads list sizes from variables, their defaults and through fragments, and honours @skip/@include', () => {
    const paged =
      'query P($n: Int = 20) { courses(catalogueId: 0, first: $n) { edges { node { ...C } } } } fragment C on Course { videos { name } }';
    expect(measure(paged, { n: 100 }).upstreamCalls).toBe(100);
    expect(measure(paged).upstreamCalls).toBe(20);
    const conditional =
      'query Q($all: Boolean!) { courses(catalogueId: 0, first: 50) { edges { node { videos @include(if: $all) { name } } } } }';
    expect(measure(conditional, { all: true }).upstreamCalls).toBe(50);
    expect(measure(conditional, { all: false }).upstreamCalls).toBe(0);
    // first over the page maximum is the resolver's to refuse; the estimate counts the maximum
    expect(measure('{ topics(first: 100000) { edges { node { moreTopics { title } } } } }').upstreamCalls).toBe(100);
  });

  it('gives one upstream call the weight that makes the default budget the whole limit', () => {
    expect(UPSTREAM_CALL_COST * DEFAULT_UPSTREAM_BUDGET).toBe(QUERY_LIMITS.maxCost);
    expect(loadGatewayConfig({}).upstreamBudgetPerOperation).toBe(DEFAULT_UPSTREAM_BUDGET);
    expect(loadGatewayConfig({ UPSTREAM_BUDGET_PER_OPERATION: '12' }).upstreamBudgetPerOperation).toBe(12);
    expect(() => loadGatewayConfig({ UPSTREAM_BUDGET_PER_OPERATION: '0' })).toThrow(/UPSTREAM_BUDGET_PER_OPERATION/);
  });

  it("keeps the web app's own operations far inside the limit", async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['HomeQuery', { scId: 0, isAll: true }],
      ['HomeQuery', { scId: 1, isAll: false }],
      ['CatalogueQuery', { scId: 1, catalogueId: 1 }],
    ];
    for (const [name, given] of cases) {
      const text = await artifactText(name);
      const cost = measureOperation(schema, parse(text), name, variablesFor(text, given), COST_MODEL);
      expect(cost, name).not.toBeNull();
      expect(costVerdict(cost), name).toBeNull();
      expect(cost!.structure + cost!.upstreamCalls * UPSTREAM_CALL_COST, name).toBeLessThan(QUERY_LIMITS.maxCost / 4);
    }
  });
});

describe('fan-out through the gateway', () => {
  let upstream: Upstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startTestGateway(upstream.server.url);
  });

  afterAll(async () => {
    await gateway?.stop();
    await upstream?.stop();
  });

  it('refuses a page of 100 courses asking each for its videos before any upstream request', async () => {
    const refused = await gateway.graphql(
      '{ courses(catalogueId: 0, first: 100) { edges { node { videos { name } } } } }',
    );
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toEqual([TOO_COMPLEX]);
    // the operation never ran: no upstream request was accounted
    expect(refused.body.extensions?.upstreamRequests).toBeUndefined();
  });

  it('refuses it too when the page size comes in a variable', async () => {
    const query = 'query P($n: Int!) { courses(catalogueId: 0, first: $n) { edges { node { videos { name } } } } }';
    const refused = await gateway.graphql(query, { n: 100 });
    expect(refused.body.errors).toEqual([TOO_COMPLEX]);
    const allowed = await gateway.graphql(query, { n: 20 });
    expect(allowed.body.errors).toBeUndefined();
    expect(allowed.body.data.courses.edges).toHaveLength(20);
    // one list, one play-page call per course
    expect(allowed.body.extensions?.upstreamRequests).toBe(21);
  });

  it.each([
    [
      'related courses of 100 courses',
      '{ courses(catalogueId: 0, first: 100) { edges { node { relatedCourses(first: 1) { totalCount } } } } }',
    ],
    ['more topics of 100 topics', '{ topics(first: 100) { edges { node { moreTopics { title } } } } }'],
    ['the courses of 100 lecturers', '{ authors(first: 100) { edges { node { courses(first: 1) { totalCount } } } } }'],
    ["the course of 100 selected courses' videos", '{ selectedCourses(limit: 100) { videos { course { name } } } }'],
  ])('refuses %s', async (_label, query) => {
    const refused = await gateway.graphql(query);
    expect(refused.body.errors).toEqual([TOO_COMPLEX]);
  });

  it('limits nodes(ids:) with a clear message, and reads a permitted number of ids', async () => {
    const query = 'query N($ids: [ID!]!) { nodes(ids: $ids) { id ... on Course { name } } }';
    const tooMany = Array.from({ length: QUERY_LIMITS.maxIds + 1 }, (_, i) => globalId('Course', i + 1));
    const refused = await gateway.graphql(query, { ids: tooMany });
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors).toEqual([
      { message: `参数 ids 最多包含 ${QUERY_LIMITS.maxIds} 个 id`, extensions: { code: 'QUERY_TOO_COMPLEX' } },
    ]);
    const hundred = Array.from({ length: 100 }, (_, i) => globalId('Course', i + 1));
    expect((await gateway.graphql(query, { ids: hundred })).body.errors?.[0]?.extensions?.code).toBe(
      'QUERY_TOO_COMPLEX',
    );

    const allowed = await gateway.graphql(query, { ids: tooMany.slice(0, QUERY_LIMITS.maxIds) });
    expect(allowed.body.errors).toBeUndefined();
    expect(allowed.body.data.nodes).toHaveLength(QUERY_LIMITS.maxIds);
    expect(allowed.body.extensions?.upstreamRequests).toBeLessThanOrEqual(QUERY_LIMITS.maxIds);
  });

  it("runs the web app's home and catalogue operations well within the limits", async () => {
    const home = await artifactText('HomeQuery');
    const homeResponse = await gateway.graphql(home, variablesFor(home, { scId: 0, isAll: true }));
    expect(homeResponse.body.errors).toBeUndefined();
    expect(homeResponse.body.extensions?.upstreamRequests).toBeLessThanOrEqual(DEFAULT_UPSTREAM_BUDGET / 4);
    const catalogue = await artifactText('CatalogueQuery');
    const catalogueResponse = await gateway.graphql(catalogue, variablesFor(catalogue, { scId: 1, catalogueId: 1 }));
    expect(catalogueResponse.body.errors).toBeUndefined();
    expect(catalogueResponse.body.extensions?.upstreamRequests).toBeLessThanOrEqual(DEFAULT_UPSTREAM_BUDGET / 4);
  });
});

describe('the per-operation upstream budget', () => {
  let upstream: Upstream;
  let gateway: TestGateway;
  const BUDGET = 5;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startTestGateway(upstream.server.url, { UPSTREAM_BUDGET_PER_OPERATION: String(BUDGET) });
  });

  afterAll(async () => {
    await gateway?.stop();
    await upstream?.stop();
  });

  it('sends no more than the budget and fails the further calls with QUERY_TOO_COMPLEX', async () => {
    // within the cost limit (9 estimated calls) but over this gateway's budget of 5
    const response = await gateway.graphql(
      '{ courses(catalogueId: 0, first: 8) { edges { node { courseId videos { name } } } } }',
    );
    expect(response.body.extensions?.upstreamRequests).toBe(BUDGET);
    expect(response.body.errors?.length).toBeGreaterThan(0);
    for (const error of response.body.errors!) {
      expect(error).toMatchObject({
        message: `查询过于复杂：一次查询最多向后端发出 ${BUDGET} 个请求，请减少查询的内容`,
        extensions: { code: 'QUERY_TOO_COMPLEX' },
      });
      expect(error.path?.at(-1)).toBe('videos');
    }
    expect(JSON.stringify(response.body)).not.toMatch(/GetPlayPageData|api\//);
  });

  it('starts afresh for every operation', async () => {
    const first = await gateway.graphql('{ subjects { name } banners { id } }');
    const second = await gateway.graphql('{ subjects { name } banners { id } }');
    expect(first.body.errors).toBeUndefined();
    expect(second.body.errors).toBeUndefined();
    expect(second.body.extensions?.upstreamRequests).toBe(2);
  });
});
