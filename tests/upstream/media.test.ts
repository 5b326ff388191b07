/** GET /media/*: unsigned, cacheable, Range, HEAD, a sandboxing policy on every answer, and no way out of the media directory. */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BINARY_BYTES, BINARY_FILE } from './fixture';
import { startTestApi, type TestApi } from './harness';

/** A raw request: fetch() would normalise "/media/../x" before sending it. */
function rawGet(baseUrl: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('media serving', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    // a secret next to the media directory, which no media URL may reach
    writeFileSync(path.join(api.dataDir, 'secret.txt'), 'top secret');
    mkdirSync(path.join(api.store.mediaDir, 'links'), { recursive: true });
    symlinkSync(path.join(api.dataDir, 'secret.txt'), path.join(api.store.mediaDir, 'links', 'escape.txt'));
  });
  afterAll(() => api.stop());

  const url = (p: string) => `${api.server.url}${p}`;
  const MEDIA_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  const expectMediaHeaders = (headers: Headers | Record<string, string | string[] | undefined>, label: string) => {
    const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
    expect(get('content-security-policy'), label).toBe(MEDIA_CSP);
    expect(get('x-content-type-options'), label).toBe('nosniff');
  };

  it('serves a seeded SVG by the URL an answer gives, without a signature, with its headers', async () => {
    const course = await api.client.get<{ dataList: { courseId: number; courseImage: string }[] }>(
      '/api/courses/GetListByCatalogId',
      { catalogId: 100, pageIndex: 1, pageSize: 20 },
    );
    const image = course.body.items.dataList.find((c) => c.courseId === 1)!.courseImage;
    const res = await fetch(url(image));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe(MEDIA_CSP);
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers.get('last-modified')).toMatch(/GMT$/);
    expect(await res.text()).toContain('<svg');
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since', async () => {
    const first = await fetch(url('/media/avatars/1.svg'));
    const etag = first.headers.get('etag')!;
    const again = await fetch(url('/media/avatars/1.svg'), { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const since = await fetch(url('/media/avatars/1.svg'), {
      headers: { 'If-Modified-Since': first.headers.get('last-modified')! },
    });
    expect(since.status).toBe(304);
    const changed = await fetch(url('/media/avatars/1.svg'), { headers: { 'If-None-Match': '"other"' } });
    expect(changed.status).toBe(200);
  });

  it('serves byte ranges with 206 and refuses unsatisfiable ones with 416', async () => {
    const whole = await fetch(url(`/media/${BINARY_FILE}`));
    expect(whole.headers.get('content-type')).toBe('application/octet-stream');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(BINARY_BYTES);

    const part = await fetch(url(`/media/${BINARY_FILE}`), { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(part.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(BINARY_BYTES.slice(100, 200));

    const open = await fetch(url(`/media/${BINARY_FILE}`), { headers: { Range: 'bytes=990-' } });
    expect(open.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(BINARY_BYTES.slice(990));

    const suffix = await fetch(url(`/media/${BINARY_FILE}`), { headers: { Range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(BINARY_BYTES.slice(990));

    const clipped = await fetch(url(`/media/${BINARY_FILE}`), { headers: { Range: 'bytes=995-5000' } });
    expect(clipped.headers.get('content-range')).toBe('bytes 995-999/1000');

    const beyond = await fetch(url(`/media/${BINARY_FILE}`), { headers: { Range: 'bytes=1000-1100' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');

    const stale = await fetch(url(`/media/${BINARY_FILE}`), {
      headers: { Range: 'bytes=0-9', 'If-Range': '"not-current"' },
    });
    expect(stale.status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(url(`/media/${BINARY_FILE}`), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('1000');
    expect(await res.text()).toBe('');
  });

  it('refuses traversal, encoded traversal, symlinks out of the directory and unknown files', async () => {
    for (const raw of [
      '/media/../secret.txt',
      '/media/%2e%2e/secret.txt',
      '/media/avatars/..%2F..%2Fsecret.txt',
      '/media/..%5csecret.txt',
    ]) {
      const res = await rawGet(api.server.url, raw);
      expect([raw, res.status]).toEqual([raw, 400]);
      expect(res.body).not.toContain('top secret');
    }
    const link = await fetch(url('/media/links/escape.txt'));
    expect(link.status).toBe(404);
    expect(await link.text()).not.toContain('top secret');
    const missing = await fetch(url('/media/posters/none.svg'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: 4004, message: '文件不存在', items: null });
    const directory = await fetch(url('/media/posters'));
    expect(directory.status).toBe(404);
  });

  it('refuses other methods', async () => {
    const res = await fetch(url('/media/avatars/1.svg'), { method: 'DELETE' });
    expect(res.status).toBe(405);
  });

  it('sends the sandboxing policy and nosniff on every answer, whatever the type or outcome', async () => {
    const answers: [string, Promise<Response>][] = [
      ['binary 200', fetch(url(`/media/${BINARY_FILE}`))],
      ['206', fetch(url(`/media/${BINARY_FILE}`), { headers: { Range: 'bytes=0-9' } })],
      ['416', fetch(url(`/media/${BINARY_FILE}`), { headers: { Range: 'bytes=5000-' } })],
      ['HEAD', fetch(url(`/media/${BINARY_FILE}`), { method: 'HEAD' })],
      ['404', fetch(url('/media/posters/none.svg'))],
      ['405', fetch(url('/media/avatars/1.svg'), { method: 'DELETE' })],
    ];
    for (const [label, pending] of answers) {
      const res = await pending;
      expectMediaHeaders(res.headers, label);
      await res.arrayBuffer();
    }
    const first = await fetch(url('/media/avatars/1.svg'));
    await first.arrayBuffer();
    const notModified = await fetch(url('/media/avatars/1.svg'), {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    expectMediaHeaders(notModified.headers, '304');
    const traversal = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const { hostname, port } = new URL(api.server.url);
      const req = request({ hostname, port, path: '/media/../secret.txt', method: 'GET' }, (res) => {
        res.resume();
        resolve(res.headers);
      });
      req.on('error', reject);
      req.end();
    });
    expectMediaHeaders(traversal, '400');
  });
});
