/**
 * The platform as `npm start` runs it, with 8 strangers trickling avatar uploads into the gateway over
 * raw sockets (the CSRF header, a made-up `utoken` cookie, a GraphQL multipart body a byte a second):
 * each is turned away before its body is read and holds none of the 4 upload slots, so a signed-in
 * user's avatar upload goes through meanwhile. A signed-in sender who stalls is cut off at the upload
 * deadline (3 s here), which frees the slot.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_API_SECRET } from '../../upstream/src/config';
import type { RunningPlatform } from '../support/platform';
import { startSeededPlatform } from '../support/seeded-platform';
import { rawUpload, type RawUpload } from '../support/raw-upload';
import { UpstreamClient } from '../upstream/client';

const UPLOAD =
  'mutation Upload($file: File!) { uploadAvatar(input: { file: $file }) { headPicture errors { code message } } }';
const BOUNDARY = '----stranger-upload-boundary';
/** the multipart body's start up to the file's bytes, as a GraphQL upload client writes it */
const START = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${JSON.stringify({ query: UPLOAD, variables: { file: null } })}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="map"\r\n\r\n${JSON.stringify({ 0: ['variables.file'] })}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="0"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
);
const DECLARED = 2 * 1024 * 1024;

let platform: RunningPlatform;
let cookie: string;
let png: Buffer;

beforeAll(async () => {
  platform = await startSeededPlatform({ UPLOAD_READ_DEADLINE_MS: '3000' });
  const login = new UpstreamClient({ baseUrl: platform.loginUrl, secret: DEVELOPMENT_API_SECRET });
  const signedIn = await login.postJson<{ token: string }>('/UserCenterApi/Login', {
    userName: 'student',
    password: 'Student2026',
  });
  expect(signedIn.body.code).toBe(2000);
  cookie = `utoken=${signedIn.body.items.token}`;
  png = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 80, b: 200 } } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await platform?.stop();
});

const trickle = (utoken: string): RawUpload =>
  rawUpload(platform.baseUrl, '/graphql', {
    headers: {
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'x-graphql-yoga-csrf': '1',
      accept: 'application/json',
      cookie: `utoken=${utoken}`,
    },
    start: START.subarray(0, 1),
    total: DECLARED,
    trickle: { bytes: 1, everyMs: 1000 },
  });

async function uploadAvatar(): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: UPLOAD, variables: { file: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'avatar.png');
  const response = await fetch(`${platform.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'x-graphql-yoga-csrf': '1', accept: 'application/json', cookie },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

describe('avatar uploads while strangers trickle', () => {
  it("a signed-in user's upload goes through while 8 strangers trickle uploads", async () => {
    const strangers = Array.from({ length: 8 }, () => trickle(randomUUID()));
    try {
      await expect.poll(() => strangers.every((stranger) => stranger.sent() > 0), { timeout: 10_000 }).toBe(true);
      // the user's upload goes through, twice in a row, whatever the strangers are doing
      for (let round = 0; round < 2; round += 1) {
        const { status, body } = await uploadAvatar();
        expect(status, JSON.stringify(body)).toBe(200);
        expect(body.data.uploadAvatar.errors).toEqual([]);
        expect(body.data.uploadAvatar.headPicture).toMatch(/^\/media\/avatars\/\d+-[a-f0-9]+\.jpg$/);
      }
      // each stranger was turned away at the door, with most of its body never sent
      const answers: { status: number; body: string; sentWhenAnswered: number }[] = [];
      for (const stranger of strangers)
        void stranger.answer.then(
          (answer) => answers.push(answer),
          () => undefined,
        );
      await expect.poll(() => answers.length, { timeout: 30_000 }).toBe(strangers.length);
      for (const answer of answers) {
        expect(answer.status).toBe(401);
        expect(JSON.parse(answer.body)).toEqual({
          errors: [{ message: '请先登录', extensions: { code: 'LOGIN_REQUIRED' } }],
        });
        expect(answer.sentWhenAnswered).toBeLessThan(DECLARED / 100);
      }
    } finally {
      for (const stranger of strangers) stranger.close();
    }
  });

  it('a signed-in sender that trickles is cut off at the deadline, and the user can upload again', async () => {
    const slow = rawUpload(platform.baseUrl, '/graphql', {
      headers: {
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        'x-graphql-yoga-csrf': '1',
        accept: 'application/json',
        cookie,
      },
      start: START,
      total: DECLARED,
      trickle: { bytes: 1, everyMs: 1000 },
    });
    try {
      const answer = await slow.answer;
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({
        errors: [{ message: '图片上传超时，请检查网络后重试', extensions: { code: 'UPLOAD_TIMEOUT' } }],
      });
      await expect.poll(() => slow.closed(), { timeout: 10_000 }).toBe(true);
    } finally {
      slow.close();
    }
    const { status, body } = await uploadAvatar();
    expect(status).toBe(200);
    expect(body.data.uploadAvatar.errors).toEqual([]);
  });
});
