/**
 * UploadHeader over real HTTP (upstream/API.md, product-spec §5 "Image upload"): a signed
 * multipart upload whose sign covers the fields only; the type decided by decoding (a text file
 * named .jpg is refused, a PNG named .pdf is taken), the size and pixel limits with their exact
 * sentences, an oversized request cut off unread, and the stored avatar: a 300x300 JPEG without
 * metadata, served by the main API under /media, replacing (and deleting) the previous one.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../upstream/src/http/listen';
import { withEnginesOf } from '../../upstream/src/main-api/data';
import { startMainApi } from '../../upstream/src/main-api/server';
import { signParams } from './client';
import { from, startTestLogin, type TestLogin } from './login-harness';
import { postMultipart, type UploadPart } from './multipart';
import type { SessionToken, UserInfo, ProfileJson } from '../../upstream/src/login-service/contract';

const HOUR = 3_600_000;

async function image(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'gif',
  withExif = false,
): Promise<Buffer> {
  let pipeline = sharp({ create: { width, height, channels: 3, background: { r: 183, g: 28, b: 28 } } });
  if (withExif)
    pipeline = pipeline.withExif({ IFD0: { Copyright: 'secret-exif-marker', Artist: 'secret-exif-marker' } });
  return pipeline.toFormat(format).toBuffer();
}

/**
 * A real PNG header (signature, IHDR with its CRC, a tiny IDAT, IEND) claiming width x height:
 * a decompression bomb's shape, a few hundred bytes that would decode to width·height pixels.
 */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('UploadHeader', () => {
  let login: TestLogin;
  let mainApi: RunningServer;
  let token: string;
  let userId: number;
  const issued: string[] = [];

  beforeAll(async () => {
    login = await startTestLogin();
    // the main API on the same DATA_DIR serves /media, as in `npm start`
    mainApi = await startMainApi({ config: login.config, store: await withEnginesOf(login.store), port: 0 });
    const res = await login.client.postJson<SessionToken>(
      '/UserCenterApi/Login',
      { userName: 'student', password: 'Student2026' },
      from('192.0.2.80'),
    );
    token = res.body.items.token;
    issued.push(token);
    userId = (await login.store.users.getByName('student'))!.userId;
  });
  afterAll(async () => {
    await mainApi.close();
    await login.stop();
  });

  const upload = (
    bytes: Uint8Array,
    fileName = 'avatar.jpg',
    fields: Record<string, string> = { token },
    type = 'image/jpeg',
  ) =>
    postMultipart<string | null>(login.client, '/UserCenterApi/UploadHeader', fields, [
      { field: 'avatar', bytes, fileName, type },
    ]);
  const refusal = (message: string) => ({ code: -1, message, items: null });
  const avatarsDir = () => path.join(login.store.mediaDir, 'avatars');
  const avatarFiles = () => (existsSync(avatarsDir()) ? readdirSync(avatarsDir()) : []);

  it('refuses a text file named .jpg and declared image/jpeg: 仅限图片格式', async () => {
    const res = await upload(Buffer.from('这不是图片，只是改了扩展名的文本文件。\n'.repeat(50)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(refusal('仅限图片格式'));
  });

  it('refuses what the decoder could open but the platform does not take (SVG), and a truncated JPEG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>',
    );
    expect((await upload(svg, 'a.svg', { token }, 'image/svg+xml')).body).toEqual(refusal('仅限图片格式'));
    const jpeg = await image(800, 600, 'jpeg');
    expect((await upload(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).body).toEqual(refusal('仅限图片格式'));
    // a JPEG signature on garbage
    expect((await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]))).body).toEqual(
      refusal('仅限图片格式'),
    );
  });

  it('refuses a PNG of 200x200 (and 300x299): 图片最低像素为（宽*高）：300*300', async () => {
    expect((await upload(await image(200, 200, 'png'), 'small.png', { token }, 'image/png')).body).toEqual(
      refusal('图片最低像素为（宽*高）：300*300'),
    );
    expect((await upload(await image(300, 299, 'png'), 'thin.png', { token }, 'image/png')).body).toEqual(
      refusal('图片最低像素为（宽*高）：300*300'),
    );
    expect(avatarFiles()).toEqual([]);
  });

  it('refuses a 10.5 MB file: 单文件大小不能超过10240kb', async () => {
    const big = Buffer.alloc(Math.round(10.5 * 1024 * 1024), 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(big);
    expect(res.body).toEqual(refusal('单文件大小不能超过10240kb'));
  });

  it('answers a request declared over 11 MiB with the same sentence at once', async () => {
    const huge = Buffer.alloc(64 * 1024 * 1024, 2);
    const started = Date.now();
    const res = await upload(huge);
    expect(res.body).toEqual(refusal('单文件大小不能超过10240kb'));
    expect(Date.now() - started).toBeLessThan(10_000);
    // the service still answers afterwards
    expect((await login.client.get('/UserCenterApi/ValidateToken', { token })).body.code).toBe(2000);
  });

  it('cuts off a chunked request (no Content-Length) once it passes 11 MiB, without reading the rest', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(3);
    const boundary = 'x-boundary-1234';
    // a signed-in user's upload, signed as the gateway signs it, so that it is admitted (the fields
    // before the file are judged first): the size limit is what stops this one
    const fields: [string, string][] = [
      ['token', token],
      ['nonce', randomUUID()],
    ];
    const timespan = String(Math.floor(Date.now() / 1000));
    const start = Buffer.from(
      fields
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    let sent = 0;
    // 1 MiB every 50 ms: 64 MiB would take 3.2 s, longer than the server lingers after answering
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= 64) {
          controller.close();
          return;
        }
        if (sent > 0) await new Promise((resolve) => setTimeout(resolve, 50));
        sent += 1;
        controller.enqueue(sent === 1 ? Buffer.concat([start, chunk]) : chunk);
      },
    });
    const res = await fetch(`${login.server.url}/UserCenterApi/UploadHeader`, {
      method: 'POST',
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        timespan,
        sign: signParams(fields, timespan, login.config.apiSecret),
        productId: '1',
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(await res.json()).toEqual(refusal('单文件大小不能超过10240kb'));
    expect(sent).toBeLessThan(20);
    // the server reads (and throws away) the rest for a moment only, then ends the connection
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = sent;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent).toBe(after);
    expect(sent).toBeLessThan(64);
  });

  it('stores a valid 800x600 JPEG as a 300x300 JPEG without metadata, served under /media, and sets HeadPicture', async () => {
    const res = await upload(await image(800, 600, 'jpeg', true), 'photo.jpg');
    expect(res.body.code, res.body.message).toBe(2001);
    expect(res.body.message).toBe('头像上传成功');
    const url = res.body.items!;
    expect(url).toMatch(new RegExp(`^/media/avatars/${userId}-[a-f0-9]{16}\\.jpg$`));

    const served = await fetch(`${mainApi.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    expect(existsSync(path.join(login.store.mediaDir, url.slice('/media/'.length)))).toBe(true);

    const info = await login.client.get<UserInfo>('/UserCenterApi/GetUserInfo', { token });
    expect(info.body.items.HeadPicture).toBe(url);
    const extra = await login.client.get<ProfileJson>('/UserCenterApi/GetUserExtraInfo', { token });
    expect(extra.body.items.HeadPicture).toBe(url);
  });

  it('replaces the avatar: the new one (a WebP named .pdf, then a GIF) is stored, the previous file deleted', async () => {
    const before = (await login.store.users.get(userId))!.headPicture;
    expect(before).toMatch(/^\/media\/avatars\//);
    const webp = await upload(await image(400, 500, 'webp'), 'scan.pdf', { token }, 'application/pdf');
    expect(webp.body.code, webp.body.message).toBe(2001);
    expect(webp.body.items).not.toBe(before);
    expect((await fetch(`${mainApi.url}${before}`)).status).toBe(404);
    expect(avatarFiles()).toEqual([webp.body.items!.slice('/media/avatars/'.length)]);

    const gif = await upload(await image(320, 320, 'gif'), 'anim.gif', { token }, 'image/gif');
    expect(gif.body.code, gif.body.message).toBe(2001);
    expect(avatarFiles()).toEqual([gif.body.items!.slice('/media/avatars/'.length)]);
    const png = await upload(await image(1200, 300, 'png'), 'wide.png', { token, userId: String(userId) }, 'image/png');
    expect(png.body.code, png.body.message).toBe(2001);
    expect(avatarFiles()).toEqual([png.body.items!.slice('/media/avatars/'.length)]);
    expect((await login.store.users.get(userId))!.headPicture).toBe(png.body.items);
  });

  it('never deletes a head picture that is not one of its own files: another folder, another user, a ../ path', async () => {
    const lecturerFile = path.join(login.store.mediaDir, 'lecturers', 'x.svg');
    mkdirSync(path.dirname(lecturerFile), { recursive: true });
    writeFileSync(lecturerFile, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const otherId = (await login.store.users.getByName('teacher'))!.userId;
    const otherName = `${otherId}-0123456789abcdef.jpg`;
    const otherFile = path.join(avatarsDir(), otherName);
    writeFileSync(otherFile, await image(300, 300, 'jpeg'));
    const ownName = (await login.store.users.get(userId))!.headPicture.slice('/media/avatars/'.length);
    expect(ownName).toMatch(new RegExp(`^${userId}-[a-f0-9]{16}\\.jpg$`));
    const headPictures = [
      '/media/lecturers/x.svg',
      `/media/avatars/${otherName}`,
      '/media/avatars/../lecturers/x.svg',
      `/media/avatars/../avatars/${otherName}`,
      `/media/avatars/${ownName}/../../lecturers/x.svg`,
      `/media/avatars/../avatars/${ownName}`,
    ];
    for (const headPicture of headPictures) {
      await login.store.users.setHeadPicture(userId, headPicture);
      const res = await upload(await image(300, 300, 'jpeg'));
      expect(res.body.code, headPicture).toBe(2001);
      expect(existsSync(lecturerFile), headPicture).toBe(true);
      expect(existsSync(otherFile), headPicture).toBe(true);
      // the user's own earlier avatar, no longer referenced, is left alone too (only the URL decides)
      expect(existsSync(path.join(avatarsDir(), ownName)), headPicture).toBe(true);
    }
    expect(avatarFiles()).toContain(otherName);
  });

  it('refuses an image over 50 megapixels with 图片上传失败, from its header, before decoding it', async () => {
    const bomb = pngClaiming(8000, 7000); // 56 MP in a few hundred bytes
    expect(bomb.length).toBeLessThan(1024);
    const before = (await login.store.users.get(userId))!.headPicture;
    expect((await upload(bomb, 'bomb.png', { token }, 'image/png')).body).toEqual(refusal('图片上传失败'));
    expect((await upload(pngClaiming(50_000, 50_000), 'huge.png', { token }, 'image/png')).body).toEqual(
      refusal('图片上传失败'),
    );
    // exactly at the limit is not refused for its size (this header has no real pixels: 仅限图片格式)
    expect((await upload(pngClaiming(10_000, 5_000), 'edge.png', { token }, 'image/png')).body).toEqual(
      refusal('仅限图片格式'),
    );
    expect((await login.store.users.get(userId))!.headPicture).toBe(before);
    expect(login.logs.join('\n')).toContain('avatar refused: 8000x7000 is over the pixel limit');
  });

  it('answers no file with 4000, a foreign userId with 无权修改其他用户的资料, a dead token with 登录已失效', async () => {
    const noFile = await postMultipart(login.client, '/UserCenterApi/UploadHeader', { token }, []);
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ code: 4000, message: '缺少文件 avatar', items: null });
    const jpeg = await image(300, 300, 'jpeg');
    expect((await upload(jpeg, 'a.jpg', { token, userId: String(userId + 1) })).body).toEqual(
      refusal('无权修改其他用户的资料'),
    );
    expect((await upload(jpeg, 'a.jpg', { token: 'garbage' })).body).toEqual(refusal('登录已失效，请重新登录'));
    login.clock.advance(200 * HOUR);
    try {
      expect((await upload(jpeg)).body).toEqual(refusal('登录已失效，请重新登录'));
    } finally {
      login.clock.advance(-200 * HOUR);
    }
  });

  it('signs the fields only: a wrong sign or a sign over the file is 401, a plain form is refused', async () => {
    const jpeg = await image(300, 300, 'jpeg');
    const part: UploadPart = { field: 'avatar', bytes: jpeg, fileName: 'a.jpg', type: 'image/jpeg' };
    const wrong = await postMultipart(login.client, '/UserCenterApi/UploadHeader', { token }, [part], {
      sign: '0'.repeat(32),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(4001);
    const form = await login.client.postForm('/UserCenterApi/UploadHeader', { token });
    expect(form.status).toBe(415);
    expect(form.body.code).toBe(4000);
  });

  it("refuses an organisation's network identity: 机构网络账号不能修改个人信息", async () => {
    const network = await login.client.get<string>('/UserCenterApi/IPAutoLogin', {}, from('10.20.7.7'));
    issued.push(network.body.items);
    const res = await upload(await image(300, 300, 'jpeg'), 'a.jpg', { token: network.body.items });
    expect(res.body).toEqual(refusal('机构网络账号不能修改个人信息'));
  });

  it('never logs a token', () => {
    const text = login.logs.join('\n');
    expect(text).toContain(`avatar updated userId=${userId}`);
    for (const t of issued) expect(text).not.toContain(t);
  });
});
