/**
 * The built web app (Vite's web/dist): files as they are, with a year's cache for the hashed
 * files under /assets/ and none for index.html, which every unknown page path falls back to
 * (client-side routing). The dist directory is looked at on each request, so building the web
 * app while the gateway runs needs no restart. A page the web app renders on the server (`firstScreen`,
 * pageRender.ts: /home) comes with its first screen and data in it instead, made for its viewer.
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { contentTypeOf, isStaticFileType } from './contentTypes';
import { mobileRedirectTarget } from './mobileRedirect';
import type { PageRenderer, RenderedPage } from './pageRender';
import { BASE_SECURITY_HEADERS, WEB_APP_CSP, htmlSecurityHeaders } from './securityHeaders';
import { acceptsGzip, appendVary, sendFile, sendText } from './send';

const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const OTHER_FILE_CACHE = 'public, max-age=3600';
const INDEX_CACHE = 'no-cache';
/** A page with its first screen is the viewer's own (their name in the header): no shared cache keeps it. */
const RENDERED_PAGE_CACHE = 'private, no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>思政云课堂</title></head>
<body><h1>网页应用尚未构建</h1>
<p>请在项目目录中运行 <code>npm run build</code>，然后刷新本页。GraphQL 接口已可在 <a href="/graphql">/graphql</a> 使用。</p>
</body></html>`;

async function fileStats(file: string) {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** The origin of request URLs parsed without a host (server.ts): a Location on it is sent as a path. */
const NO_ORIGIN = 'http://gateway.invalid';

/** Whether the browser asked over https (a TLS socket, or a trusted proxy's X-Forwarded-Proto). */
export type HttpsTest = (req: IncomingMessage) => boolean;

const tlsSocket: HttpsTest = (req) => Boolean((req.socket as { encrypted?: boolean }).encrypted);

/**
 * `mobileSiteUrl` (MOBILE_SITE_URL, default /m/): where phones and tablets asking for a desktop page
 * are sent at once (http/mobileRedirect.ts), before the desktop app is sent; null: never.
 * `isHttps`: the scheme of the origin a first screen's links are made on (server.ts believes
 * X-Forwarded-Proto from TRUSTED_PROXIES only); without it, a TLS socket alone.
 */
export function createWebApp<E = void>(
  distDir: string,
  {
    mobileSiteUrl = '/m/',
    firstScreen,
    isHttps = tlsSocket,
  }: { mobileSiteUrl?: string | null; firstScreen?: PageRenderer<E>; isHttps?: HttpsTest } = {},
) {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  let shell: { mtimeMs: number; text: string } | null = null;

  /**
   * `url` is the request's URL (server.ts parses it against NO_ORIGIN); `onDocument` runs before an
   * HTML document is written (the guest cookie is set there) and returns the request's environment,
   * which the server render of the page's first screen (`firstScreen`, http/pageRender.ts) works for.
   */
  return async function serveWebApp(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    onDocument: () => E,
  ): Promise<void> {
    const pathname = url.pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, '不支持的请求方法', undefined, { Allow: 'GET, HEAD' });
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      sendText(res, 400, '请求地址无效');
      return;
    }
    if (decoded.includes('\0')) {
      sendText(res, 400, '请求地址无效');
      return;
    }

    // resolve inside dist only: "/../x" and encoded variants end up outside and are not files of ours
    const candidate = path.resolve(root, `.${decoded}`);
    const inside = candidate === root || candidate.startsWith(root + path.sep);
    if (inside && candidate !== root && path.basename(candidate) !== 'index.html') {
      const stats = await fileStats(candidate);
      if (stats) {
        const isHashed = decoded.startsWith('/assets/');
        await sendFile(req, res, candidate, stats, {
          contentType: contentTypeOf(path.extname(candidate)),
          cacheControl: isHashed ? HASHED_ASSET_CACHE : OTHER_FILE_CACHE,
          headers: BASE_SECURITY_HEADERS,
        });
        return;
      }
    }

    // a missing asset must fail as a 404, not quietly come back as the HTML page; page paths may
    // still end in something that looks like an extension (/DissimilarLogin.aspx is a route)
    if (decoded.startsWith('/assets/') || isStaticFileType(path.extname(decoded))) {
      sendText(res, 404, '未找到该文件', undefined, BASE_SECURITY_HEADERS);
      return;
    }

    // a page: a phone goes to the mobile site now (the same rule the web app's guard runs), and the
    // answer depends on the browser, which caches in between must know
    appendVary(res, 'User-Agent');
    const mobileTarget =
      mobileSiteUrl === null ? null : mobileRedirectTarget(url, req.headers['user-agent'], mobileSiteUrl);
    if (mobileTarget !== null) {
      const location = mobileTarget.startsWith(`${NO_ORIGIN}/`) ? mobileTarget.slice(NO_ORIGIN.length) : mobileTarget;
      sendText(res, 302, `请前往手机版：${location}`, undefined, { ...BASE_SECURITY_HEADERS, Location: location });
      return;
    }

    const indexStats = await fileStats(indexFile);
    const env = onDocument();
    if (!indexStats) {
      sendText(res, 503, NOT_BUILT_PAGE, 'text/html; charset=utf-8', htmlSecurityHeaders(WEB_APP_CSP));
      return;
    }
    const origin = firstScreen && req.method === 'GET' ? pageOrigin(req, isHttps) : null;
    if (firstScreen && origin !== null) {
      if (shell?.mtimeMs !== indexStats.mtimeMs)
        shell = { mtimeMs: indexStats.mtimeMs, text: await readFile(indexFile, 'utf8') };
      const page = await firstScreen({ url, origin }, shell.text, env);
      if (page !== null) {
        await sendRenderedPage(req, res, page);
        return;
      }
    }
    await sendFile(req, res, indexFile, indexStats, {
      contentType: 'text/html; charset=utf-8',
      cacheControl: INDEX_CACHE,
      headers: htmlSecurityHeaders(WEB_APP_CSP),
    });
  };
}

/**
 * The origin the browser asked for this page, as its `location.origin` will say: the Host header, over
 * https when `isHttps` says so; null for a host that is no host name (no render).
 */
function pageOrigin(req: IncomingMessage, isHttps: HttpsTest): string | null {
  const host = req.headers.host;
  if (!host || !/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return null;
  return `${isHttps(req) ? 'https' : 'http'}://${host.toLowerCase()}`;
}

/**
 * A page with its first screen (its viewer's, or every plain visitor's kept one), gzipped when the
 * browser takes it: a kept page's gzip was made once, with the page (pageRender.ts RenderedPage).
 */
async function sendRenderedPage(req: IncomingMessage, res: ServerResponse, page: RenderedPage): Promise<void> {
  const compressed = acceptsGzip(req);
  const body = compressed ? await page.gzipped() : page.body;
  res.statusCode = 200;
  for (const [name, value] of Object.entries(htmlSecurityHeaders(WEB_APP_CSP))) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', RENDERED_PAGE_CACHE);
  appendVary(res, 'Cookie');
  appendVary(res, 'Accept-Encoding');
  if (compressed) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}
