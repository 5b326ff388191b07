/**
 * The catalogue trees kept by the gateway process (gateway/src/loaders/catalogueTree.ts,
 * CATALOGUE_CACHE_MS): a second operation within the time makes no upstream request for them; past
 * it the kept tree is answered at once while one reload runs; past the stale time a request waits
 * for a fresh one; a failed load is not kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueTreeCache, type CatalogueIndex } from '../../gateway/src/loaders/catalogueTree';
import { startTestGateway, startUpstream, type TestGateway, type Upstream } from './harness';

const SUBJECTS = '{ subjects { catalogueId name children { catalogueId name } } }';

describe('through the gateway', () => {
  let upstream: Upstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    upstream = await startUpstream();
    gateway = await startTestGateway(upstream.server.url, { CATALOGUE_CACHE_MS: '60000' });
  });
  afterAll(async () => {
    await gateway?.stop();
    await upstream?.stop();
  });

  it('answers the subjects of a second operation from the kept tree, with no upstream request', async () => {
    const first = await gateway.graphql(SUBJECTS);
    expect(first.body.extensions!.upstreamRequests).toBe(1);
    const second = await gateway.graphql(SUBJECTS);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.extensions!.upstreamRequests).toBe(0);
  });
});

describe('CatalogueTreeCache', () => {
  const tree = (name: string): CatalogueIndex => ({ roots: [], byId: new Map([[1, { name } as never]]) });
  const nameOf = async (index: Promise<CatalogueIndex>) =>
    ((await index).byId.get(1) as unknown as { name: string }).name;

  it('keeps a tree while fresh, answers the kept one while reloading once when stale, waits when older', async () => {
    let now = 0;
    let loads = 0;
    const cache = new CatalogueTreeCache(1_000, () => now, 5_000);
    const load = (name: string) => () => {
      loads += 1;
      return Promise.resolve(tree(name));
    };
    expect(await nameOf(cache.get('subject', load('v1')))).toBe('v1');
    now = 999;
    expect(await nameOf(cache.get('subject', load('never')))).toBe('v1');
    expect(loads).toBe(1);
    // stale: the kept one at once, one reload behind it
    now = 1_500;
    expect(await nameOf(cache.get('subject', load('v2')))).toBe('v1');
    expect(await nameOf(cache.get('subject', load('v2-again')))).toBe('v2');
    expect(loads).toBe(2);
    // past the stale time: a request waits for a new one
    now = 1_500 + 1_000 + 5_000;
    expect(await nameOf(cache.get('subject', load('v3')))).toBe('v3');
    expect(loads).toBe(3);
    // the lecturer tree is kept apart
    expect(await nameOf(cache.get('author', load('a1')))).toBe('a1');
  });

  it('keeps no failure: the next request asks again', async () => {
    const cache = new CatalogueTreeCache(60_000, () => 0);
    await expect(cache.get('subject', () => Promise.reject(new Error('upstream away')))).rejects.toThrow(
      'upstream away',
    );
    expect(await nameOf(cache.get('subject', () => Promise.resolve(tree('back'))))).toBe('back');
  });

  it('keeps nothing with a time of 0', async () => {
    let loads = 0;
    const cache = new CatalogueTreeCache(0);
    for (let i = 0; i < 3; i += 1) await cache.get('subject', () => ((loads += 1), Promise.resolve(tree('x'))));
    expect(loads).toBe(3);
  });
});
