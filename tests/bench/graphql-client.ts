/**
 * Posts one GraphQL operation to a gateway the way the web app does (JSON, yoga's CSRF header,
 * the guest cookie a browser holds after its first visit) over a keep-alive undici pool, and
 * checks every answer: HTTP 200, data, no errors, the upstream request count in the extensions.
 */
import { Pool } from 'undici';

export interface Operation {
  name: string;
  text: string;
  variables: Record<string, unknown>;
}

export interface OperationResult {
  data: Record<string, unknown>;
  upstreamRequests: number;
}

export class BrokenError extends Error {}

export class GraphQLClient {
  private readonly pool: Pool;
  private readonly path: string;
  private cookie: string | undefined;
  private closing: Promise<void> | undefined;

  constructor(gatewayUrl: string, connections = 16) {
    const url = new URL('/graphql', gatewayUrl);
    this.pool = new Pool(url.origin, { connections, keepAliveTimeout: 10_000 });
    this.path = url.pathname;
  }

  async run(operation: Operation): Promise<OperationResult> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      'x-graphql-yoga-csrf': '1',
    };
    if (this.cookie) headers.cookie = this.cookie;
    const response = await this.pool.request({
      method: 'POST',
      path: this.path,
      headers,
      body: JSON.stringify({ query: operation.text, variables: operation.variables, operationName: operation.name }),
    });
    const text = await response.body.text();
    if (!this.cookie) {
      // keep the guest id the gateway hands out, as a browser would
      const setCookie = response.headers['set-cookie'];
      const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
      if (first) this.cookie = first.split(';')[0];
    }
    if (response.statusCode !== 200) {
      throw new BrokenError(`${operation.name}: HTTP ${response.statusCode}: ${text.slice(0, 500)}`);
    }
    let body: {
      data?: Record<string, unknown> | null;
      errors?: unknown[];
      extensions?: { upstreamRequests?: unknown };
    };
    try {
      body = JSON.parse(text);
    } catch {
      throw new BrokenError(`${operation.name}: the answer is not JSON: ${text.slice(0, 500)}`);
    }
    if (body.errors && body.errors.length > 0) {
      throw new BrokenError(`${operation.name}: GraphQL errors: ${JSON.stringify(body.errors).slice(0, 1000)}`);
    }
    if (!body.data) throw new BrokenError(`${operation.name}: no data in the answer`);
    const upstreamRequests = body.extensions?.upstreamRequests;
    if (typeof upstreamRequests !== 'number') {
      throw new BrokenError(`${operation.name}: extensions.upstreamRequests missing (is EXPOSE_UPSTREAM_COUNT=true?)`);
    }
    return { data: body.data, upstreamRequests };
  }

  close(): Promise<void> {
    this.closing ??= this.pool.close();
    return this.closing;
  }
}

/** Upstream requests per operation over a run: the gateway's count must stay bounded. */
export class RequestCounter {
  min = Infinity;
  max = -Infinity;
  total = 0;
  operations = 0;

  add(count: number): void {
    this.min = Math.min(this.min, count);
    this.max = Math.max(this.max, count);
    this.total += count;
    this.operations++;
  }

  describe(): string {
    if (this.operations === 0) return 'n/a';
    return this.min === this.max
      ? String(this.min)
      : `${this.min}–${this.max} (mean ${(this.total / this.operations).toFixed(2)})`;
  }
}
