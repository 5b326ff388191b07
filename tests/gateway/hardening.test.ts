/** CSRF prevention, query limits, introspection and GraphiQL switches, upstream failures. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES } from '../../gateway/src/yoga/createGraphQLHandler';
import { QUERY_LIMITS } from '../../gateway/src/yoga/limits';
import { GRAPHIQL_PACKAGE, OfflineGraphiQL } from '../../gateway/src/http/graphiql';
import { startTestGateway, startUpstream, type TestGateway, type Upstream } from './harness';

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

/** Whether the offline GraphiQL bundle is installed (see gateway/src/http/graphiql.ts). */
function graphiqlInstalled(): boolean {
  return new OfflineGraphiQL().available;
}

describe('CSRF prevention', () => {
  const body = JSON.stringify({ query: '{ site { title } }' });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a POST with the simple content type %s and no CSRF header',
    async (contentType) => {
      const response = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      expect(response.status).toBe(403);
      const json = (await response.json()) as {
        data?: unknown;
        errors: { message: string; extensions: { code: string } }[];
      };
      expect(json.data).toBeUndefined();
      expect(json.errors[0]!.extensions.code).toBe('CSRF_REJECTED');
      expect(json.errors[0]!.message).toContain('x-graphql-yoga-csrf');
    },
  );

  it('refuses a GET operation without the header and accepts it with the header', async () => {
    const url = `${gateway.url}/graphql?query=${encodeURIComponent('{ site { title } }')}`;
    expect((await fetch(url, { headers: { accept: 'application/json' } })).status).toBe(403);
    const ok = await fetch(url, { headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { site: { title: '思政云课堂' } }, extensions: { upstreamRequests: 0 } });
  });

  it('accepts JSON, which no form can send without a preflight', async () => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
  });

  it('guards the SSE endpoint too', async () => {
    const response = await fetch(`${gateway.url}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', accept: 'text/event-stream' },
      body,
    });
    expect(response.status).toBe(403);
  });
});

describe('query limits', () => {
  it('refuses a query nested deeper than the depth limit', async () => {
    const nest = (levels: number) =>
      `{ catalogue(catalogueId: 1) { ${'parent { '.repeat(levels)}name${' }'.repeat(levels)} } }`;
    const allowed = await gateway.graphql(nest(QUERY_LIMITS.maxDepth - 2));
    expect(allowed.body.errors).toBeUndefined();
    const refused = await gateway.graphql(nest(QUERY_LIMITS.maxDepth + 1));
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors?.[0]).toMatchObject({
      message: `查询嵌套过深（最多 ${QUERY_LIMITS.maxDepth} 层）`,
      extensions: { code: 'QUERY_TOO_COMPLEX' },
    });
    expect(refused.body.extensions?.upstreamRequests).toBeUndefined();
  });

  it('refuses a query whose cost is over the limit before any upstream call', async () => {
    const query = `{
      courses(catalogueId: 0, first: 100) { edges { node { name
        relatedCourses(first: 100) { edges { node { name author { name intro } } } }
      } } }
    }`;
    const refused = await gateway.graphql(query);
    expect(refused.body.errors?.[0]).toMatchObject({
      message: `查询过于复杂（复杂度上限 ${QUERY_LIMITS.maxCost}）`,
      extensions: { code: 'QUERY_TOO_COMPLEX' },
    });
    expect(refused.body.data).toBeUndefined();
  });

  it('refuses too many aliases and too many tokens', async () => {
    const aliases = Array.from({ length: QUERY_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: site { title }`).join(' ');
    const manyAliases = await gateway.graphql(`{ ${aliases} }`);
    expect(manyAliases.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');

    const tokens = `{ site { ${'title '.repeat(QUERY_LIMITS.maxTokens)} } }`;
    const manyTokens = await gateway.graphql(tokens);
    expect(manyTokens.body.errors?.[0]).toMatchObject({
      message: `查询过长（最多 ${QUERY_LIMITS.maxTokens} 个词法单元）`,
      extensions: { code: 'QUERY_TOO_COMPLEX' },
    });
  });
});

describe('request size', () => {
  it('refuses a body over the limit with 413', async () => {
    const padding = 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1);
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ site { title } }', variables: { padding } }),
    });
    expect(response.status).toBe(413);
    await response.arrayBuffer();
  });
});

describe('introspection and GraphiQL', () => {
  const INTROSPECTION = '{ __schema { queryType { name } } }';

  it('answers introspection by default', async () => {
    const response = await gateway.graphql(INTROSPECTION);
    expect(response.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('serves GraphiQL at /graphql without loading anything from another origin', async () => {
    const response = await fetch(`${gateway.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:/);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const html = await response.text();
    expect(html).not.toMatch(/(src|href)=["']?https?:/);
    expect(html).not.toContain('unpkg');
    if (graphiqlInstalled()) {
      expect(html).toContain('/graphiql/yoga-graphiql.js');
      for (const file of [
        'yoga-graphiql.js',
        'graphiql.css',
        'environment.js',
        'start.js',
        'editor.worker.js',
        'json.worker.js',
        'graphql.worker.js',
      ]) {
        const asset = await fetch(`${gateway.url}/graphiql/${file}`);
        expect(asset.status, file).toBe(200);
        await asset.arrayBuffer();
      }
      expect(html).toContain('"x-graphql-yoga-csrf":"1"');
    } else {
      // without the offline bundle the page says what to install instead of reaching for a CDN
      expect(html).toContain(GRAPHIQL_PACKAGE);
    }
  });

  it('turns introspection, suggestions and GraphiQL off by configuration', async () => {
    const locked = await startTestGateway(upstream.server.url, { INTROSPECTION: 'false', GRAPHIQL: 'false' });
    try {
      const refused = await locked.graphql(INTROSPECTION);
      expect(refused.body.data).toBeUndefined();
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('INTROSPECTION_DISABLED');
      const typeQuery = await locked.graphql('{ __type(name: "Course") { name } }');
      expect(typeQuery.body.errors?.[0]?.extensions?.code).toBe('INTROSPECTION_DISABLED');
      // Relay still needs __typename
      const typename = await locked.graphql('{ __typename site { __typename title } }');
      expect(typename.body.data).toEqual({ __typename: 'Query', site: { __typename: 'Site', title: '思政云课堂' } });
      const typo = await locked.graphql('{ sit { title } }');
      expect(typo.body.errors?.[0]?.message).not.toContain('Did you mean');

      // a browser is told GraphiQL is off (serving.test.ts), and gets none of it
      const page = await fetch(`${locked.url}/graphql`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(404);
      const html = await page.text();
      expect(html).toContain('GraphiQL 已关闭');
      expect(html).not.toContain('/graphiql/');
      expect((await fetch(`${locked.url}/graphiql/start.js`)).status).not.toBe(200);
    } finally {
      await locked.stop();
    }
  });
});

describe('upstream failures', () => {
  it('masks a wrong API_SECRET as an upstream error and leaks nothing', async () => {
    const wrong = await startTestGateway(upstream.server.url, { API_SECRET: 'not-the-secret' });
    try {
      const response = await wrong.graphql('{ site { title } course(courseId: 1) { name } }');
      expect(response.status).toBe(200);
      // the fields that need no upstream still answer; the nullable one that failed is null
      expect(response.body.data).toEqual({ site: { title: '思政云课堂' }, course: null });
      expect(response.body.errors).toHaveLength(1);
      expect(response.body.errors![0]).toMatchObject({
        message: '服务暂时不可用，请稍后再试',
        path: ['course'],
        extensions: { code: 'UPSTREAM_UNAVAILABLE' },
      });
      const text = JSON.stringify(response.body);
      expect(text).not.toContain('not-the-secret');
      expect(text).not.toMatch(/401|4001|sign/i);
    } finally {
      await wrong.stop();
    }
  });

  it('answers a GraphQL error when the upstream is down, and stays healthy', async () => {
    const doomed = await startUpstream();
    const alone = await startTestGateway(doomed.server.url);
    try {
      expect((await alone.graphql('{ subjects { name } }')).body.errors).toBeUndefined();
      await doomed.stop();
      const response = await alone.graphql('{ subjects { name } }');
      expect(response.status).toBe(200);
      expect(response.body.data).toBeNull();
      expect(response.body.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      const health = await fetch(`${alone.url}/healthz`);
      expect(health.status).toBe(200);
      expect((await alone.graphql('{ site { title } }')).body.data).toEqual({ site: { title: '思政云课堂' } });
    } finally {
      await alone.stop();
    }
  });

  it('gives up on an upstream that never answers, after the configured timeout', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent: Server = createServer(() => {
      // accept the request and never answer
    });
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const impatient = await startTestGateway(`http://127.0.0.1:${port}`, { UPSTREAM_TIMEOUT_MS: '300' });
    try {
      const response = await impatient.graphql('{ banners { title } }');
      // the service is there but slow: the client is told to try again shortly
      expect(response.body.errors?.[0]).toMatchObject({
        message: '服务繁忙，请稍后再试',
        extensions: { code: 'UPSTREAM_UNAVAILABLE' },
      });
    } finally {
      await impatient.stop();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
