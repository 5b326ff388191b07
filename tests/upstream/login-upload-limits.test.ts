/**
 * What an upload must pass before the login service reads or parses it (upstream/API.md
 * "Transport" and UploadHeader): the signature headers are judged before a byte of the body is
 * read (an unsigned upload is answered while the client is still sending), the multipart body may
 * hold at most 8 parts with fields of at most 1 KB and one file, and one process handles at most 4
 * uploads of signed-in users at once (the 5th is answered -1 图片上传失败 at once). Strangers and
 * trickled bodies: tests/resilience/login-upload-slots.test.ts.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CONCURRENT_UPLOADS } from '../../upstream/src/login-service/server';
import { createUser } from '../../upstream/src/login-service/services/accounts';
import { rawUpload, type RawUpload } from '../support/raw-upload';
import { signParams, type Envelope } from './client';
import { from, startTestLogin, type TestLogin } from './login-harness';
import { postMultipart } from './multipart';
import type { SessionToken } from '../../upstream/src/login-service/contract';

const PATH = '/UserCenterApi/UploadHeader';
const BOUNDARY = '----upload-limits-test-boundary-0123456789';
const now = () => String(Math.floor(Date.now() / 1000));

interface SlowUpload {
  /** resolves with the answer and how many body bytes had been handed to the socket by then */
  answer: Promise<{ status: number; body: Envelope<unknown>; sentWhenAnswered: number }>;
  sent(): number;
  /** stops sending and drops the connection */
  abort(): void;
}

/**
 * A multipart POST whose body (total bytes, declared in Content-Length) trickles in: `chunk` bytes
 * every `delayMs`, or only the first chunk when `stall` is set, until answered or aborted.
 */
function slowUpload(
  baseUrl: string,
  headers: Record<string, string>,
  options: { total: number; chunk?: number; delayMs?: number; stall?: boolean },
): SlowUpload {
  const { total, chunk = 64 * 1024, delayMs = 20, stall = false } = options;
  let sent = 0;
  let stopped = false;
  const req = http.request(`${baseUrl}${PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Content-Length': String(total),
      ...headers,
    },
  });
  const answer = new Promise<{ status: number; body: Envelope<unknown>; sentWhenAnswered: number }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        const sentWhenAnswered = sent;
        stopped = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (text += part));
        res.on('end', () => {
          req.destroy();
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope<unknown>, sentWhenAnswered });
          } catch (error) {
            reject(error);
          }
        });
      });
      req.on('error', (error) => {
        if (!stopped) reject(error);
      });
    },
  );
  const pump = () => {
    if (stopped) return;
    if (sent >= total) {
      req.end();
      return;
    }
    const size = Math.min(chunk, total - sent);
    req.write(Buffer.alloc(size, 0x41), () => {
      sent += size;
      if (!stall) setTimeout(pump, delayMs);
    });
  };
  pump();
  return {
    answer,
    sent: () => sent,
    abort: () => {
      stopped = true;
      req.destroy();
    },
  };
}

describe('UploadHeader limits', () => {
  let login: TestLogin;
  let token: string;
  let jpeg: Buffer;

  beforeAll(async () => {
    login = await startTestLogin();
    const res = await login.client.postJson<SessionToken>(
      '/UserCenterApi/Login',
      { userName: 'student', password: 'Student2026' },
      from('192.0.2.81'),
    );
    token = res.body.items.token;
    jpeg = await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 10, g: 90, b: 160 } } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => login.stop());

  const upload = (fields: Record<string, string> = { token }) =>
    postMultipart<string | null>(login.client, PATH, fields, [
      { field: 'avatar', bytes: jpeg, fileName: 'a.jpg', type: 'image/jpeg' },
    ]);

  describe('refused from the headers, before the body is read', () => {
    const FIVE_MB = 5 * 1024 * 1024;
    const cases: [string, () => Record<string, string>, number, number][] = [
      ['no sign, no timespan', () => ({ productId: '1' }), 401, 4001],
      ['a malformed sign', () => ({ timespan: now(), sign: 'not-a-sign', productId: '1' }), 401, 4001],
      ['a sign of the wrong length', () => ({ timespan: now(), sign: 'ab'.repeat(20), productId: '1' }), 401, 4001],
      [
        'a timespan outside the 300 s window',
        () => ({ timespan: String(Number(now()) - 301), sign: '0'.repeat(32), productId: '1' }),
        401,
        4001,
      ],
      ['a wrong productId', () => ({ timespan: now(), sign: '0'.repeat(32), productId: '2' }), 400, 4000],
      ['no productId', () => ({ timespan: now(), sign: '0'.repeat(32) }), 400, 4000],
    ];
    for (const [what, headers, status, code] of cases) {
      it(`an unsigned 5 MB upload with ${what} is answered ${code} while the client is still sending`, async () => {
        const started = Date.now();
        // 64 KB every 20 ms: the whole body would take over 1.6 s to send
        const slow = slowUpload(login.server.url, headers(), { total: FIVE_MB });
        const { status: answered, body, sentWhenAnswered } = await slow.answer;
        expect(answered).toBe(status);
        expect(body.code).toBe(code);
        expect(sentWhenAnswered).toBeLessThan(FIVE_MB / 4);
        expect(Date.now() - started).toBeLessThan(1500);
        slow.abort();
      });
    }

    it('a signed upload still passes, and a plausible but wrong sign is a 401 once the fields are read', async () => {
      expect((await upload()).body).toMatchObject({ code: 2001 });
      const wrong = await postMultipart(
        login.client,
        PATH,
        { token },
        [{ field: 'avatar', bytes: jpeg, fileName: 'a.jpg' }],
        { sign: 'f'.repeat(32) },
      );
      expect([wrong.status, wrong.body.code]).toEqual([401, 4001]);
    });
  });

  describe('the multipart structure is bounded before parsing', () => {
    it('a body with 10 000 tiny fields is a 4000', async () => {
      const fields: Record<string, string> = { token };
      for (let i = 0; i < 10_000; i += 1) fields[`f${i}`] = 'x';
      const res = await upload(fields);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 4000, message: '请求体的字段过多（最多 8 个）', items: null });
    });

    it('is refused as soon as the parts are too many, without reading the rest', async () => {
      // the first 64 KB already hold far more than 8 boundaries; the declared 5 MB never arrive
      const parts = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n`.repeat(1000));
      const req = http.request(`${login.server.url}${PATH}`, {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          'Content-Length': String(5 * 1024 * 1024),
          timespan: now(),
          sign: '0'.repeat(32),
          productId: '1',
        },
      });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (part: string) => (text += part));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
      });
      req.write(parts);
      const res = await answer;
      req.destroy();
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ code: 4000, message: '请求体的字段过多（最多 8 个）' });
    });

    it('8 parts are taken; 9 are not', async () => {
      // token, four extras and the nonce and aud the client adds: seven fields and the file
      const seven: Record<string, string> = { token };
      for (let i = 0; i < 4; i += 1) seven[`extra${i}`] = 'x';
      expect((await upload(seven)).body.code).toBe(2001);
      const eight = { ...seven, extra4: 'x' };
      expect((await upload(eight)).body).toEqual({ code: 4000, message: '请求体的字段过多（最多 8 个）', items: null });
    });

    it('a field over 1 KB is a 4000 (1 KB is taken)', async () => {
      expect((await upload({ token, note: 'n'.repeat(1024) })).body.code).toBe(2001);
      const res = await upload({ token, note: 'n'.repeat(1025) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 4000, message: '请求体的字段过长（每个字段最多 1024 字节）', items: null });
      // bytes, not characters: 342 three-byte characters are 1026 bytes
      expect((await upload({ token, note: '字'.repeat(342) })).body.code).toBe(4000);
    });

    it('exactly one file: a second one is a 4000, none is 缺少文件 avatar', async () => {
      const two = await postMultipart(login.client, PATH, { token }, [
        { field: 'avatar', bytes: jpeg, fileName: 'a.jpg', type: 'image/jpeg' },
        { field: 'other', bytes: jpeg, fileName: 'b.jpg', type: 'image/jpeg' },
      ]);
      expect(two.status).toBe(400);
      expect(two.body).toEqual({ code: 4000, message: '请求体的文件过多（最多 1 个）', items: null });
      const none = await postMultipart(login.client, PATH, { token }, []);
      expect(none.body).toEqual({ code: 4000, message: '缺少文件 avatar', items: null });
    });

    it('a missing or malformed boundary is a 4000, never parsed', async () => {
      for (const contentType of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        `multipart/form-data; boundary=${'b'.repeat(71)}`,
      ]) {
        const timespan = now();
        const res = await fetch(`${login.server.url}${PATH}`, {
          method: 'POST',
          headers: {
            'Content-Type': contentType,
            timespan,
            sign: signParams([], timespan, login.config.apiSecret),
            productId: '1',
          },
          body: 'whatever',
        });
        expect(res.status, contentType).toBe(400);
        expect(((await res.json()) as Envelope<null>).code).toBe(4000);
      }
    });
  });

  describe('the fields come before the file', () => {
    it('a field sent after the file is refused 401/4001: the sign is judged over the fields before the file', async () => {
      const fields: [string, string][] = [
        ['token', token],
        ['nonce', randomUUID()],
      ];
      const timespan = now();
      const body = Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpeg,
        Buffer.from(
          `\r\n` +
            fields
              .map(
                ([name, value]) =>
                  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
              )
              .join('') +
            `--${BOUNDARY}--\r\n`,
        ),
      ]);
      const res = await fetch(`${login.server.url}${PATH}`, {
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
          timespan,
          sign: signParams(fields, timespan, login.config.apiSecret),
          productId: '1',
        },
        body,
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as Envelope<null>).code).toBe(4001);
      // the same fields before the file are taken
      expect((await upload()).body.code).toBe(2001);
    });

    it('a body whose file has not begun within the room 8 parts of fields take is a 4000, while the client is still sending', async () => {
      // 5 MB of bytes that are no multipart at all, behind headers that pass the checks made before reading
      const slow = slowUpload(
        login.server.url,
        { timespan: now(), sign: '0'.repeat(32), productId: '1' },
        { total: 5 * 1024 * 1024 },
      );
      const { status, body, sentWhenAnswered } = await slow.answer;
      slow.abort();
      expect(status).toBe(400);
      expect(body).toEqual({ code: 4000, message: '请求体不是有效的 multipart/form-data', items: null });
      expect(sentWhenAnswered).toBeLessThan(1024 * 1024);
    });
  });

  describe('at most 4 uploads at once per process', () => {
    /** The start of an upload as the gateway sends it for `token`: the signed fields, then the file part's header. */
    function signedStart(userToken: string): { headers: Record<string, string>; start: Buffer } {
      const fields: [string, string][] = [
        ['token', userToken],
        ['nonce', randomUUID()],
      ];
      const timespan = now();
      const start =
        fields
          .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
          .join('') +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="avatar"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
      const headers = {
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        timespan,
        sign: signParams(fields, timespan, login.config.apiSecret),
        productId: '1',
      };
      return { headers, start: Buffer.from(start, 'utf8') };
    }

    it(`answers the ${MAX_CONCURRENT_UPLOADS + 1}th concurrent upload with -1 图片上传失败 at once, and takes uploads again once they end`, async () => {
      expect(MAX_CONCURRENT_UPLOADS).toBe(4);
      // four signed-in users (one slot each) whose uploads send their fields and file header, then wait
      const stalled: RawUpload[] = [];
      for (let i = 0; i < MAX_CONCURRENT_UPLOADS; i += 1) {
        const userName = `slot-holder-${i}`;
        await createUser(
          login.store,
          { userName, password: 'Passw0rd2026', userType: 1, realName: userName },
          Date.now(),
        );
        const signedIn = await login.client.postJson<SessionToken>(
          '/UserCenterApi/Login',
          { userName, password: 'Passw0rd2026' },
          from('192.0.2.82'),
        );
        const { headers, start } = signedStart(signedIn.body.items.token);
        stalled.push(rawUpload(login.server.url, PATH, { headers, start, total: 1024 * 1024 }));
      }
      try {
        await expect.poll(() => stalled.every((s) => s.sent() > 0), { timeout: 5000 }).toBe(true);
        // the slots are taken once the fields are judged: the fifth upload is refused when all four are
        await expect
          .poll(async () => (await upload()).body, { timeout: 5000, interval: 100 })
          .toEqual({ code: -1, message: '图片上传失败', items: null });
        expect(login.logs.join('\n')).toContain(`upload refused: ${MAX_CONCURRENT_UPLOADS} already in progress`);
        expect(stalled.every((s) => !s.closed())).toBe(true);
      } finally {
        for (const s of stalled) s.close();
      }
      // the slots are freed when those clients go away
      await expect.poll(async () => (await upload()).body.code, { timeout: 5000, interval: 100 }).toBe(2001);
    });
  });
});
