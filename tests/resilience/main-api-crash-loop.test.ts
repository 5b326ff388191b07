/**
 * The platform as `npm start` runs it (upstream/cli/platform.ts) while its main API crashes again and
 * again: killed (SIGKILL) 7 times within 20 s, each time as soon as the supervisor has started it again.
 * The gateway and the login service keep answering /healthz all along, the supervisor never gives up,
 * and the main API comes back by itself once it is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pids the supervisor logged for the main API's starts (`[platform] upstream started (pid N)`), in order. */
function mainApiPids(output: string): number[] {
  return [...output.matchAll(/\[platform\] upstream started \(pid (\d+)\)/g)].map((match) => Number(match[1]));
}

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('a main API that keeps crashing', () => {
  let platform: RunningPlatform;

  beforeAll(async () => {
    platform = await startSeededPlatform();
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('is restarted on its own for as long as it takes, while the gateway and the login service keep serving', async () => {
    expect(await healthy(platform.upstreamUrl)).toBe(true);

    // the other two services, asked every 200 ms for as long as the crashes go on
    const failures: string[] = [];
    let probes = 0;
    let probing = true;
    const probeFailed = () => failures.length > 0;
    const probe = (async () => {
      while (probing) {
        const [gateway, login] = await Promise.all([healthy(platform.baseUrl), healthy(platform.loginUrl)]);
        probes += 1;
        if (!gateway) failures.push(`gateway /healthz failed at probe ${probes}`);
        if (!login) failures.push(`login service /healthz failed at probe ${probes}`);
        await sleep(200);
      }
    })();

    const killed: number[] = [];
    try {
      const killsDeadline = Date.now() + 60_000;
      while (killed.length < 7) {
        if (Date.now() > killsDeadline || probeFailed()) {
          throw new Error(
            `after ${killed.length} kills the platform is no longer restarting its main API:\n${platform.output().slice(-4000)}`,
          );
        }
        // the newest main-API process the supervisor started and we have not killed yet: killed as soon as it is
        // there, so the seven crashes take only the supervisor's waits (0.25 + 0.5 + 1 + 2 + 4 + 8 s)
        const pid = mainApiPids(platform.output()).find((candidate) => !killed.includes(candidate));
        if (pid === undefined) {
          await sleep(20);
          continue;
        }
        if (alive(pid)) process.kill(pid, 'SIGKILL');
        killed.push(pid);
      }

      // left alone now: the supervisor starts it an eighth time and it answers again
      const deadline = Date.now() + 90_000;
      while (!(await healthy(platform.upstreamUrl))) {
        if (Date.now() > deadline)
          throw new Error(`the main API did not come back within 90 s:\n${platform.output().slice(-4000)}`);
        await sleep(250);
      }
    } finally {
      probing = false;
      await probe;
    }

    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(10);
    const pids = mainApiPids(platform.output());
    expect(pids.length).toBeGreaterThanOrEqual(8);
    expect(killed.every((pid) => !alive(pid))).toBe(true);
    // each restart was logged with its wait, and the wait grew (capped), never a give-up
    const waits = [
      ...platform
        .output()
        .matchAll(/\[platform\] upstream \(pid \d+\) exited \(SIGKILL\) after [\d.]+ s; restarting it in (\d+) ms/g),
    ].map((match) => Number(match[1]));
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 8000, 10000]);
    expect(platform.output()).not.toMatch(/giving up/);
    // and the platform serves a page's data through the gateway again
    const courses = async (): Promise<number | null> => {
      try {
        const answer = await fetch(`${platform.baseUrl}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
          body: JSON.stringify({ query: '{ recommendedCourses(first: 1) { edges { node { id } } } }' }),
        });
        const body = (await answer.json()) as { data?: { recommendedCourses?: { edges: unknown[] } } };
        return body.data?.recommendedCourses?.edges.length ?? null;
      } catch {
        return null;
      }
    };
    await expect.poll(courses, { timeout: 30_000, interval: 250 }).toBe(1);
  });
});
