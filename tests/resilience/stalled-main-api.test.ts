/**
 * The platform as `npm start` runs it (upstream/cli/platform.ts) while its main API stalls: the process
 * is stopped (SIGSTOP) for 15 s, so its connections are accepted and nothing comes back, as with a
 * service stuck on a lock or swapping. Before, every page read waited out the 85 s upstream timeout
 * (up to 22 s for the length of the stall), piled up in the gateway, and the backlog took seconds to
 * clear once the service went on. Now the home page's reads, a burst at the start and one every half
 * second for 10 s, are all answered while the main API is still stopped, each with the page's data or
 * 服务繁忙，请稍后再试 (UPSTREAM_UNAVAILABLE); the gateway stays healthy; and once the main API goes on
 * (SIGCONT), the home page's data comes back by itself and every read of a burst is answered with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The home page's recommendation tab as web/src/routes/Home/HomeQuery.ts asks for it (the fields its fragments read first). */
const HOME = `{
  subjects { id name }
  banners { id title image }
  selectedCourses { id name image }
  recommendedCourses(first: 14) { edges { node { id name image } } }
  recommendedAuthors { id name }
  featuredTopics { id title }
}`;

const BUSY = '服务繁忙，请稍后再试';

interface Answer {
  /** when it was asked and answered, ms since the main API was stopped */
  askedAt: number;
  answeredAt: number | null;
  status: number | null;
  /** 'data' (the page, no error), 'busy' (every error is 服务繁忙 / UPSTREAM_UNAVAILABLE), else what came */
  kind: string;
}

interface GraphQLBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

function classify(body: GraphQLBody): string {
  if (!body.errors && body.data) return 'data';
  if (
    body.errors &&
    body.errors.length > 0 &&
    body.errors.every((error) => error.message === BUSY && error.extensions?.code === 'UPSTREAM_UNAVAILABLE')
  ) {
    return 'busy';
  }
  return `unexpected: ${JSON.stringify(body).slice(0, 300)}`;
}

async function home(baseUrl: string, signal?: AbortSignal): Promise<{ status: number; kind: string }> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-graphql-yoga-csrf': '1' },
    body: JSON.stringify({ query: HOME }),
    signal,
  });
  return { status: response.status, kind: classify((await response.json()) as GraphQLBody) };
}

/** The pid the supervisor logged for the main API's start (`[platform] upstream started (pid N)`). */
function mainApiPid(output: string): number | undefined {
  const match = /\[platform\] upstream started \(pid (\d+)\)/.exec(output);
  return match ? Number(match[1]) : undefined;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

describe('a main API that stalls', () => {
  let platform: RunningPlatform;

  beforeAll(async () => {
    // the gateway's read timeout as shipped (startPlatform lengthens it for the browser tests)
    platform = await startSeededPlatform({ UPSTREAM_READ_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('answers every home-page read while it is stopped (data or 服务繁忙，请稍后再试), and serves the page again by itself once it goes on', async () => {
    const pid = mainApiPid(platform.output());
    expect(pid, platform.output()).toBeDefined();
    // the page answers before the stall (and its first reads have warmed the main API)
    await expect.poll(async () => (await home(platform.baseUrl)).kind, { timeout: 30_000, interval: 250 }).toBe('data');

    const answers: Answer[] = [];
    const ask = (stoppedAt: number): Promise<void> => {
      const answer: Answer = { askedAt: Date.now() - stoppedAt, answeredAt: null, status: null, kind: 'no answer' };
      answers.push(answer);
      // bounded only so that a gateway that waits (as it did, 85 s) fails the test rather than hangs it
      return home(platform.baseUrl, AbortSignal.timeout(60_000)).then(
        ({ status, kind }) => {
          answer.answeredAt = Date.now() - stoppedAt;
          answer.status = status;
          answer.kind = kind;
        },
        (error: unknown) => {
          answer.kind = `failed: ${(error as Error)?.message ?? String(error)}`;
        },
      );
    };

    let resumedAt: number;
    let gatewayHealthy: boolean | null = null;
    process.kill(pid!, 'SIGSTOP');
    const stoppedAt = Date.now();
    try {
      // a burst, as when many people open the page at once, then one read every half second for 10 s
      const pending: Promise<void>[] = Array.from({ length: 10 }, () => ask(stoppedAt));
      for (let i = 0; i < 20; i += 1) {
        await sleep(500);
        pending.push(ask(stoppedAt));
      }
      gatewayHealthy =
        (await fetch(`${platform.baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) })).status === 200;
      // stopped for 15 s in all, or until every read has had its answer if that takes longer (it did, before)
      await Promise.race([Promise.all(pending), sleep(60_000)]);
      await sleep(Math.max(0, stoppedAt + 15_000 - Date.now()));
    } finally {
      resumedAt = Date.now() - stoppedAt;
      process.kill(pid!, 'SIGCONT');
    }

    const latencies = answers.filter((a) => a.answeredAt !== null).map((a) => a.answeredAt! - a.askedAt);
    console.log(
      `stalled main API: ${answers.length} reads, ${answers.filter((a) => a.kind === 'busy').length} 服务繁忙, ` +
        `${answers.filter((a) => a.kind === 'data').length} data; answered in p50 ${percentile(latencies, 50)} ms, ` +
        `p95 ${percentile(latencies, 95)} ms, max ${Math.max(...latencies)} ms; resumed at ${resumedAt} ms`,
    );
    // every read was answered while the main API was still stopped, and said what the page shows
    expect(answers.filter((a) => a.answeredAt === null || a.answeredAt > resumedAt)).toEqual([]);
    expect(answers.filter((a) => a.status !== 200 || (a.kind !== 'busy' && a.kind !== 'data'))).toEqual([]);
    expect(answers.some((a) => a.kind === 'busy')).toBe(true);
    expect(gatewayHealthy).toBe(true);
    // the gateway stopped calling the stalled service, and said so in its log
    expect(platform.output()).toMatch(/calls in a row got no answer; calls are refused for \d+ ms/);

    // going on: the page's data comes back without anyone restarting anything
    const goneOn = Date.now();
    await expect
      .poll(async () => (await home(platform.baseUrl, AbortSignal.timeout(30_000))).kind, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe('data');
    console.log(`stalled main API: the home page answered its data again ${Date.now() - goneOn} ms after SIGCONT`);
    // and keeps answering it, to many at once
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => home(platform.baseUrl, AbortSignal.timeout(30_000))),
    );
    expect(burst.map((answer) => answer.kind)).toEqual(Array(10).fill('data'));
  });
});
