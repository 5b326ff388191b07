/**
 * Gateway replicas share viewer evictions over Redis (gateway/src/replicas/viewerEvictions.ts, REDIS_URL):
 * signed in through gateway A, logged out through gateway B, refused on A at once, although A had the
 * session cached for 30 s; an avatar changed through B shows on A at once. Below the servers, two
 * viewer caches on one channel: evictions cross, their own are not applied twice, junk is ignored, and
 * a subscriber that lost its connection forgets everything once it is back (it may have missed some).
 * Real Redis (127.0.0.1:6379, REDIS_URL to override); each run on a prefix of its own.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../gateway/src/logger';
import {
  shareViewerEvictions,
  VIEWER_EVICTIONS_CHANNEL,
  type SharedViewerEvictions,
} from '../../gateway/src/replicas/viewerEvictions';
import { tokenKey, ViewerCache, type Viewer } from '../../gateway/src/viewer';
import { startPlatform, TEST_PASSWORD, type Platform, type TestGateway } from './harness';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const VIEWER = '{ viewer { isLoggedIn userId name } }';
const LOGOUT = 'mutation { logout(input: {}) { viewer { isLoggedIn } errors { code message } } }';
const UPLOAD =
  'mutation Upload($file: File!) { uploadAvatar(input: { file: $file }) { headPicture errors { code message } } }';

describe('two gateways on one Redis', () => {
  let platform: Platform;
  let a: TestGateway;
  let b: TestGateway;

  beforeAll(async () => {
    platform = await startPlatform();
    const shared = { REDIS_URL, REDIS_PREFIX: `test:${randomUUID()}:` };
    [a, b] = await Promise.all([platform.gateway(shared), platform.gateway(shared)]);
  });

  afterAll(async () => {
    await platform?.stop();
  });

  it('refuses on A at once a session logged out through B, though A had it cached', async () => {
    const userId = await platform.addUser('replica-reader');
    const { token } = await platform.signIn('replica-reader', TEST_PASSWORD);
    const cookie = `utoken=${token}`;
    expect((await a.graphql(VIEWER, undefined, { cookie })).body.data.viewer).toMatchObject({
      isLoggedIn: true,
      userId,
    });
    expect((await b.graphql(VIEWER, undefined, { cookie })).body.data.viewer).toMatchObject({
      isLoggedIn: true,
      userId,
    });
    expect((await b.graphql(LOGOUT, undefined, { cookie })).body.data.logout).toEqual({
      viewer: { isLoggedIn: false },
      errors: [],
    });
    expect((await a.graphql(VIEWER, undefined, { cookie })).body.data.viewer).toEqual({
      isLoggedIn: false,
      userId: null,
      name: null,
    });
  });

  it('shows on A at once an avatar changed through B', async () => {
    await platform.addUser('replica-painter');
    const { token } = await platform.signIn('replica-painter', TEST_PASSWORD);
    const cookie = `utoken=${token}`;
    const picture = async (gateway: TestGateway) =>
      (await gateway.graphql('{ viewer { headPicture } }', undefined, { cookie })).body.data.viewer.headPicture;
    const before = await picture(a);
    const form = new FormData();
    form.append('operations', JSON.stringify({ query: UPLOAD, variables: { file: null } }));
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 20, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    form.append('0', new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'avatar.png');
    const response = await fetch(`${b.url}/graphql`, {
      method: 'POST',
      headers: { accept: 'application/json', 'x-graphql-yoga-csrf': '1', cookie },
      body: form,
    });
    const uploaded = (await response.json()).data.uploadAvatar;
    expect(uploaded.errors).toEqual([]);
    expect(uploaded.headPicture).not.toBe(before);
    expect(await picture(a)).toBe(uploaded.headPicture);
  });
});

describe('viewer caches sharing one channel', () => {
  const prefix = `test:${randomUUID()}:`;
  const logger = createLogger('silent');
  const viewer: Viewer = { userId: 7, userName: 'u7', userType: 1 } as unknown as Viewer;
  let first: ViewerCache;
  let second: ViewerCache;
  let shares: SharedViewerEvictions[] = [];
  let admin: Redis;

  beforeAll(async () => {
    first = new ViewerCache();
    second = new ViewerCache();
    shares = await Promise.all(
      [first, second].map((cache) => shareViewerEvictions(cache, { redisUrl: REDIS_URL, prefix, logger })),
    );
    admin = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    await Promise.all(shares.map((share) => share.close()));
    await admin?.quit();
  });

  const remember = (cache: ViewerCache, token: string) =>
    cache.rememberToken(tokenKey(token), { kind: 'valid', viewer });

  it('carries a token eviction and a user eviction to the other cache', async () => {
    remember(first, 'token-one');
    remember(second, 'token-one');
    second.forgetToken(tokenKey('token-one'));
    await expect.poll(() => first.tokenVerdict(tokenKey('token-one'))).toBeUndefined();

    remember(first, 'token-two');
    second.forgetUser(7);
    await expect.poll(() => first.tokenVerdict(tokenKey('token-two'))).toBeUndefined();
  });

  it('ignores what is not an eviction and keeps serving', async () => {
    remember(first, 'token-three');
    const channel = `${prefix}${VIEWER_EVICTIONS_CHANNEL}`;
    for (const junk of [
      'not json',
      '{}',
      JSON.stringify({ origin: 'x', eviction: { kind: 'token', key: 'short' } }),
      JSON.stringify({ origin: 'x', eviction: { kind: 'user', userId: 'all' } }),
    ]) {
      await admin.publish(channel, junk);
    }
    // a real eviction published after the junk arrives, so the junk has been read by then
    remember(first, 'token-four');
    second.forgetToken(tokenKey('token-four'));
    await expect.poll(() => first.tokenVerdict(tokenKey('token-four'))).toBeUndefined();
    expect(first.tokenVerdict(tokenKey('token-three'))?.kind).toBe('valid');
  });

  it('forgets everything after its subscription was cut: evictions published meanwhile are lost to it', async () => {
    remember(first, 'token-five');
    const channel = `${prefix}${VIEWER_EVICTIONS_CHANNEL}`;
    expect(Number((await admin.pubsub('NUMSUB', channel))[1])).toBe(2);
    // cut this channel's subscribers (by their connection names: other test files' stay)
    const ours = String(await admin.client('LIST'))
      .split('\n')
      .filter((line) => line.includes(` name=${prefix}gateway-evictions `))
      .map((line) => /\bid=(\d+)/.exec(line)![1]!);
    expect(ours).toHaveLength(2);
    for (const id of ours) await admin.client('KILL', 'ID', id);
    await expect.poll(async () => Number((await admin.pubsub('NUMSUB', channel))[1]), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => first.tokenVerdict(tokenKey('token-five'))).toBeUndefined();
  });
});
