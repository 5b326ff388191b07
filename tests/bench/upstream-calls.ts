/**
 * Which REST calls one GraphQL operation makes, and the same calls made directly.
 *
 * Discovery: a gateway in this process, at LOG_LEVEL=debug, talks to the upstream through a small
 * recording proxy. The proxy keeps every request as sent (method, path, query or body) and holds
 * the answers until no new request has arrived for QUIET_MS, so calls that the gateway can only
 * make after an earlier answer (a second "round") are told apart from those it sends at once.
 * The gateway's own debug log and its extensions.upstreamRequests must agree with the recording.
 *
 * Replay: each round's calls concurrently (Promise.all, as the gateway's per-request DataLoader
 * sends them), rounds one after the other, each call freshly signed with the gateway's sign.ts.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool, request } from 'undici';
import { loadGatewayConfig, type GatewayConfig } from '../../gateway/src/config';
import type { Logger } from '../../gateway/src/logger';
import { startGateway } from '../../gateway/src/server';
import {
  AUDIENCE_PARAM,
  NONCE_PARAM,
  signedHeaders,
  withNonce,
  type SignedParams,
} from '../../gateway/src/upstream/sign';
import { BrokenError, GraphQLClient, type Operation } from './graphql-client';

const QUIET_MS = 100;

export interface RecordedCall {
  method: 'GET' | 'POST';
  /** path without the query string */
  path: string;
  /** the raw query string as the gateway sent it ('' when none) */
  query: string;
  /** what is signed: the query's parameters (GET) or the JSON body's fields (POST) */
  params: SignedParams;
  forwardedFor: string | undefined;
}

/** The calls of one operation, grouped in rounds that can only follow each other. */
export interface CallPlan {
  operation: string;
  rounds: RecordedCall[][];
  /** the gateway's debug log lines for the operation */
  debugLog: string[];
  /** extensions.upstreamRequests of the recorded run */
  reportedCount: number;
}

export const callCount = (plan: CallPlan): number => plan.rounds.reduce((sum, round) => sum + round.length, 0);

export function describeCall(call: RecordedCall): string {
  // the nonce differs on every run and says nothing about the call, nor does the service it names
  const query = new URLSearchParams(call.query);
  query.delete(NONCE_PARAM);
  query.delete(AUDIENCE_PARAM);
  const shown = query.toString();
  return `${call.method} ${call.path}${shown ? `?${shown}` : ''}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The recording proxy in front of the upstream. */
class RecordingProxy {
  private server!: Server;
  private round = 0;
  private gates: Deferred[] = [];
  private timer: NodeJS.Timeout | undefined;
  calls: { round: number; call: RecordedCall }[] = [];
  url = '';

  constructor(private readonly upstreamUrl: string) {}

  reset(): void {
    clearTimeout(this.timer);
    for (const gate of this.gates) gate.resolve();
    this.round = 0;
    this.gates = [deferred()];
    this.calls = [];
  }

  async start(): Promise<void> {
    this.reset();
    this.server = createServer((req, res) => {
      this.handle(req).then(
        ({ status, headers, body }) => {
          res.writeHead(status, headers);
          res.end(body);
        },
        (error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(String(error));
        },
      );
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
    const body = await readBody(req);
    const target = new URL(req.url ?? '/', 'http://proxy.invalid');
    const method = req.method === 'POST' ? 'POST' : 'GET';
    let params: SignedParams = {};
    if (method === 'GET') {
      params = Object.fromEntries(target.searchParams);
    } else if (body) {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      params = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    }
    const round = this.round;
    const gate = this.gates[round]!;
    const forwardedFor = req.headers['x-forwarded-for'];
    this.calls.push({
      round,
      call: {
        method,
        path: target.pathname,
        query: target.search.replace(/^\?/, ''),
        params,
        forwardedFor: Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor,
      },
    });
    // the round ends once the gateway has been quiet for QUIET_MS; only then do answers go back
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.round++;
      this.gates.push(deferred());
      gate.resolve();
    }, QUIET_MS);

    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (key === 'host' || key === 'connection' || key === 'content-length' || value === undefined) continue;
      headers[key] = Array.isArray(value) ? value.join(', ') : value;
    }
    const answer = await request(`${this.upstreamUrl}${req.url}`, {
      method,
      headers,
      body: method === 'POST' ? body : undefined,
    });
    const answerBody = Buffer.from(await answer.body.arrayBuffer());
    await gate.promise;
    const contentType = answer.headers['content-type'];
    return {
      status: answer.statusCode,
      headers: { 'content-type': typeof contentType === 'string' ? contentType : 'application/json' },
      body: answerBody,
    };
  }

  rounds(): RecordedCall[][] {
    const rounds: RecordedCall[][] = [];
    for (const { round, call } of this.calls) (rounds[round] ??= []).push(call);
    return rounds.filter((round) => round !== undefined);
  }

  async stop(): Promise<void> {
    this.reset();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

function capturingLogger(lines: string[], problems: string[]): Logger {
  const text = (args: unknown[]) =>
    args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  return {
    debug: (...args) => {
      const line = text(args);
      if (line.startsWith('upstream ') || line.startsWith('operation ')) lines.push(line);
    },
    info: () => {},
    warn: (...args) => problems.push(text(args)),
    error: (...args) => problems.push(text(args)),
    isDebug: () => true,
  };
}

/**
 * Runs each operation twice (the first warms the in-process gateway up) through a debug-level
 * gateway behind the recording proxy, and returns the calls of the second run.
 */
export async function discoverCalls(options: {
  upstreamUrl: string;
  loginUrl: string;
  operations: Operation[];
}): Promise<CallPlan[]> {
  const proxy = new RecordingProxy(options.upstreamUrl);
  await proxy.start();
  const lines: string[] = [];
  const problems: string[] = [];
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  let client: GraphQLClient | undefined;
  try {
    const config = loadGatewayConfig({
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      UPSTREAM_URL: proxy.url,
      LOGIN_URL: options.loginUrl,
      EXPOSE_UPSTREAM_COUNT: 'true',
      LOG_LEVEL: 'debug',
    });
    gateway = await startGateway(config, { logger: capturingLogger(lines, problems) });
    client = new GraphQLClient(gateway.url, 1);
    const plans: CallPlan[] = [];
    for (const operation of options.operations) {
      await client.run(operation);
      proxy.reset();
      lines.length = 0;
      const result = await client.run(operation);
      const rounds = proxy.rounds();
      const plan: CallPlan = {
        operation: operation.name,
        rounds,
        debugLog: [...lines],
        reportedCount: result.upstreamRequests,
      };
      const recorded = callCount(plan);
      const logged = lines.filter((line) => line.startsWith('upstream ')).length;
      if (recorded !== result.upstreamRequests || logged !== recorded) {
        throw new BrokenError(
          `${operation.name}: the gateway reports ${result.upstreamRequests} upstream requests, its debug log ${logged}, the proxy saw ${recorded}`,
        );
      }
      plans.push(plan);
    }
    if (problems.length > 0) throw new BrokenError(`the discovery gateway logged problems:\n${problems.join('\n')}`);
    return plans;
  } finally {
    await client?.close();
    await gateway?.close();
    await proxy.stop();
  }
}

/** The upstream main API called directly, signed like the gateway signs. */
export class DirectUpstream {
  private readonly pool: Pool;
  private readonly origin: string;
  private readonly config: GatewayConfig;
  private closing: Promise<void> | undefined;

  constructor(upstreamUrl: string) {
    this.config = loadGatewayConfig({ ...process.env, UPSTREAM_URL: upstreamUrl });
    this.origin = new URL(upstreamUrl).origin;
    // the gateway's own pool settings (gateway/src/upstream/client.ts)
    this.pool = new Pool(this.origin, { connections: 64, keepAliveTimeout: 10_000 });
  }

  async call(call: RecordedCall): Promise<unknown> {
    // the recorded nonce was spent when the gateway sent the call: a fresh one, as the gateway would
    const params = withNonce(call.params, 'main-api');
    const query = call.method === 'GET' ? new URLSearchParams(params).toString() : call.query;
    const headers: Record<string, string> = {
      ...signedHeaders(params, {
        secret: this.config.apiSecret,
        algorithm: this.config.signAlgorithm,
        productId: this.config.productId,
      }),
      accept: 'application/json',
    };
    if (call.forwardedFor) headers['x-forwarded-for'] = call.forwardedFor;
    let body: string | undefined;
    if (call.method === 'POST') {
      body = JSON.stringify(params);
      headers['content-type'] = 'application/json';
    }
    const response = await this.pool.request({
      method: call.method,
      path: query ? `${call.path}?${query}` : call.path,
      headers,
      body,
    });
    const text = await response.body.text();
    let envelope: { code?: unknown; items?: unknown };
    try {
      envelope = JSON.parse(text);
    } catch {
      throw new BrokenError(`${describeCall(call)}: HTTP ${response.statusCode}, not JSON`);
    }
    if (response.statusCode !== 200 || (envelope.code !== 2000 && envelope.code !== 2001)) {
      throw new BrokenError(
        `${describeCall(call)}: HTTP ${response.statusCode}, code ${String(envelope.code)}: ${text.slice(0, 300)}`,
      );
    }
    return envelope.items;
  }

  /** One operation's calls: each round concurrently, the rounds in order. */
  async replay(plan: CallPlan): Promise<void> {
    for (const round of plan.rounds) await Promise.all(round.map((call) => this.call(call)));
  }

  close(): Promise<void> {
    this.closing ??= this.pool.close();
    return this.closing;
  }
}
