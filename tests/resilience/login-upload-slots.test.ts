/**
 * The login service's avatar upload (UploadHeader) against senders that trickle their bodies, over
 * raw sockets: strangers (made-up tokens, or no token sent yet) never hold one of the 4 upload slots,
 * so a signed-in user's upload goes through while 8 of them trickle a byte a second; one user holds
 * at most one slot; and a body that does not arrive within the upload deadline (3 s here) is answered
 * `-1 图片上传超时，请重试` and cut off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUpstreamConfig, type UpstreamConfig } from '../../upstream/src/config';
import { MAX_CONCURRENT_UPLOADS, startLoginService, type RunningServer } from '../../upstream/src/login-service/server';
import { createUser } from '../../upstream/src/login-service/services/accounts';
import type { Logger } from '../../upstream/src/logger';
import { openStore, type Store } from '../../upstream/src/store';
import { rawUpload, type RawUpload } from '../support/raw-upload';
import { signParams, UpstreamClient } from '../upstream/client';
import { postMultipart } from '../upstream/multipart';

const PATH = '/UserCenterApi/UploadHeader';
const DEADLINE_MS = 3_000;
const PASSWORD = 'Passw0rd2026';
const BOUNDARY = '----trickle-test-boundary';
/** what a trickled body declares: far more than a byte a second delivers before the deadline */
const DECLARED = 200 * 1024;

let dataDir: string;
let config: UpstreamConfig;
let store: Store;
let server: RunningServer;
let client: UpstreamClient;
const logs: string[] = [];
const tokens = new Map<string, string>();
let jpeg: Buffer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sizheng-upload-slots-'));
  config = loadUpstreamConfig({ DATA_DIR: dataDir, LOGIN_PORT: '0', LOG_LEVEL: 'silent' });
  store = openStore(dataDir);
  const logger: Logger = {
    debug: () => undefined,
    info: (m) => logs.push(`INFO ${m}`),
    warn: (m) => logs.push(`WARN ${m}`),
    error: (m, e) => logs.push(`ERROR ${m} ${e instanceof Error ? e.stack : String(e ?? '')}`),
  };
  server = await startLoginService({ config, store, port: 0, logger, uploadReadDeadlineMs: DEADLINE_MS });
  client = new UpstreamClient({ baseUrl: server.url, secret: config.apiSecret, algorithm: config.signAlgorithm });
  for (const userName of ['reader', 'hog', 'bystander']) {
    await createUser(store, { userName, password: PASSWORD, userType: 1, realName: userName }, Date.now());
    const answer = await client.postJson<{ token: string }>('/UserCenterApi/Login', { userName, password: PASSWORD });
    expect(answer.body.code).toBe(2000);
    tokens.set(userName, answer.body.items.token);
  }
  jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await server?.close();
  await store?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The headers and the body's start the gateway would send for `token`: the signed fields, then the file part's header. */
function signedStart(token: string): { headers: Record<string, string>; start: Buffer } {
  const fields: [string, string][] = [
    ['token', token],
    ['nonce', randomUUID()],
  ];
  const timespan = String(Math.floor(Date.now() / 1000));
  const start =
    fields
      .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    headers: {
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      timespan,
      sign: signParams(fields, timespan, config.apiSecret, config.signAlgorithm),
      productId: '1',
    },
    start: Buffer.from(start, 'utf8'),
  };
}

/** A stranger's headers: a sign of the right shape and time that nobody computed (no secret). */
function strangerHeaders(): Record<string, string> {
  return {
    'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
    timespan: String(Math.floor(Date.now() / 1000)),
    sign: randomUUID().replace(/-/g, ''),
    productId: '1',
  };
}

const upload = (userName: string) =>
  postMultipart<string | null>(client, PATH, { token: tokens.get(userName)! }, [
    { field: 'avatar', bytes: jpeg, fileName: 'a.jpg', type: 'image/jpeg' },
  ]);

const envelope = (text: string) => JSON.parse(text) as { code: number; message: string; items: unknown };

describe('upload slots and strangers', () => {
  it('a signed-in user uploads while 8 strangers trickle a byte a second; the trickles are cut off at the deadline', async () => {
    const strangers: RawUpload[] = [];
    try {
      // four send nothing of their body but a byte a second: no token to judge yet
      for (let i = 0; i < 4; i += 1) {
        strangers.push(
          rawUpload(server.url, PATH, {
            headers: strangerHeaders(),
            start: Buffer.alloc(0),
            total: DECLARED,
            trickle: { bytes: 1, everyMs: 1000 },
          }),
        );
      }
      // four send their fields at once, signed as the gateway would, with made-up tokens, then trickle the file
      const madeUp = Array.from({ length: 4 }, () => {
        const { headers, start } = signedStart(randomUUID());
        return rawUpload(server.url, PATH, { headers, start, total: DECLARED, trickle: { bytes: 1, everyMs: 1000 } });
      });
      strangers.push(...madeUp);
      await expect.poll(() => strangers.every((s) => s.sent() > 0 || s.closed()), { timeout: 10_000 }).toBe(true);

      // the made-up tokens are refused before a slot is taken and before the file is read
      for (const stranger of madeUp) {
        const answer = await stranger.answer;
        expect(envelope(answer.body)).toEqual({ code: -1, message: '登录已失效，请重新登录', items: null });
      }

      // a real user's upload goes through, twice in a row, while the four others still trickle
      for (let round = 0; round < 2; round += 1) {
        const res = await upload('reader');
        expect(res.body.code, JSON.stringify(res.body)).toBe(2001);
        expect(res.body.message).toBe('头像上传成功');
      }

      // the trickling bodies never arrive: each is answered at the deadline and its connection cut
      for (const stranger of strangers.slice(0, 4)) {
        const answer = await stranger.answer;
        expect(answer.status).toBe(408);
        expect(envelope(answer.body)).toEqual({ code: -1, message: '图片上传超时，请重试', items: null });
        await expect.poll(() => stranger.closed(), { timeout: 10_000 }).toBe(true);
        // far less than the declared body made it
        expect(answer.sentWhenAnswered).toBeLessThan(DECLARED / 100);
      }
      expect(logs.join('\n')).toContain(`upload cut off: its body did not arrive within ${DEADLINE_MS} ms`);
    } finally {
      for (const stranger of strangers) stranger.close();
    }
  });

  it(`one user holds one slot: their further uploads are refused at once, other users still upload (${MAX_CONCURRENT_UPLOADS} slots in all)`, async () => {
    // the hog sends four uploads' fields and file headers, then stalls
    const hog = Array.from({ length: MAX_CONCURRENT_UPLOADS }, () => {
      const { headers, start } = signedStart(tokens.get('hog')!);
      return rawUpload(server.url, PATH, { headers, start, total: DECLARED });
    });
    try {
      // three are answered at once (a slot of their own is all a user gets); one is admitted and waits for its file
      const answered: string[] = [];
      for (const attempt of hog)
        void attempt.answer.then(
          (a) => answered.push(a.body),
          () => undefined,
        );
      await expect.poll(() => answered.length, { timeout: 10_000 }).toBe(MAX_CONCURRENT_UPLOADS - 1);
      for (const body of answered) expect(envelope(body)).toEqual({ code: -1, message: '图片上传失败', items: null });
      expect(logs.join('\n')).toMatch(/upload refused: user \d+ already has 1 in progress/);

      // everybody else is not locked out
      const other = await upload('bystander');
      expect(other.body.code, JSON.stringify(other.body)).toBe(2001);

      // the admitted one stalls: cut off at the deadline, which frees the hog's slot
      const admitted = await Promise.race(
        hog.map((attempt) => attempt.answer.then((a) => (a.status === 408 ? a : new Promise<never>(() => undefined)))),
      );
      expect(envelope(admitted.body)).toEqual({ code: -1, message: '图片上传超时，请重试', items: null });
      const again = await upload('hog');
      expect(again.body.code, JSON.stringify(again.body)).toBe(2001);
    } finally {
      for (const attempt of hog) attempt.close();
    }
  });
});
