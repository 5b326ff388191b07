/**
 * GraphiQL without the internet. Yoga's default page loads GraphiQL from unpkg, which fails
 * offline and breaks a strict CSP. The bundle yoga publishes for offline use,
 * `@graphql-yoga/render-graphiql`, inlines ~9 MB of script into every page; instead we take
 * its parts (exported by `@graphql-yoga/render-graphiql/graphiql`: js, css, favicon and the three
 * Monaco workers) and serve them as cacheable same-origin files under /graphiql/, so the page is
 * small and runs under a CSP without 'unsafe-inline' scripts. When the package is not installed,
 * the page says so instead of reaching for a CDN.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { GraphiQLOptions } from 'graphql-yoga';
import { BASE_SECURITY_HEADERS, htmlSecurityHeaders } from './securityHeaders';
import { MemoryAsset, sendText } from './send';

export const GRAPHIQL_ASSET_PREFIX = '/graphiql/';
export const GRAPHIQL_PACKAGE = '@graphql-yoga/render-graphiql';

interface GraphiQLBundle {
  js: string;
  css: string;
  favicon: string;
  editorWorkerService: string;
  jsonWorker: string;
  graphqlWorker: string;
}

/** Labels Monaco asks workers for → the file that serves each. */
const WORKER_FILES: Record<string, string> = {
  editorWorkerService: 'editor.worker.js',
  json: 'json.worker.js',
  graphql: 'graphql.worker.js',
};

/** Sets MonacoEnvironment before the bundle loads (what the package's inline script does). */
const ENVIRONMENT_SCRIPT = `(function () {
  var files = ${JSON.stringify(WORKER_FILES)};
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: function (_moduleId, label) { return '${GRAPHIQL_ASSET_PREFIX}' + files[label]; }
  };
})();
`;

/** Renders GraphiQL with the options the server put into the page as JSON data. */
const START_SCRIPT = `(function () {
  var options = JSON.parse(document.getElementById('graphiql-options').textContent || '{}');
  YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), options);
})();
`;

const IMMUTABLE = 'public, max-age=86400';

// createRequire rather than the global: the gateway also runs inside Vitest's ESM module runner
const requireOptional = createRequire(__filename);

function loadBundle(): GraphiQLBundle | null {
  try {
    // resolved at run time: the package is optional, and 9 MB is only read when GraphiQL is on
    const bundle = requireOptional(`${GRAPHIQL_PACKAGE}/graphiql`) as Partial<GraphiQLBundle>;
    if (typeof bundle.js !== 'string' || typeof bundle.css !== 'string') return null;
    return {
      js: bundle.js,
      css: bundle.css,
      favicon: bundle.favicon ?? '',
      editorWorkerService: bundle.editorWorkerService ?? '',
      jsonWorker: bundle.jsonWorker ?? '',
      graphqlWorker: bundle.graphqlWorker ?? '',
    };
  } catch {
    return null;
  }
}

function packageVersion(): string {
  try {
    return (requireOptional(`${GRAPHIQL_PACKAGE}/package.json`) as { version?: string }).version ?? '0';
  } catch {
    return '0';
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** JSON inside <script type="application/json">: "<" escaped so "</script>" cannot end the block. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A browser opening the GraphQL endpoint: what yoga answers with GraphiQL when it is on (a GET
 * that accepts HTML; HEAD is the same question without the body). API clients ask for JSON.
 */
export function isGraphiQLPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return (req.headers.accept ?? '').includes('text/html');
}

const GRAPHIQL_OFF_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>GraphiQL 已关闭</title></head><body>
<h1>GraphiQL 已关闭</h1>
<p>本站未开放 GraphiQL 调试页面。GraphQL 接口仍然可用：请以 <code>POST /graphql</code>（JSON）发送查询。</p>
<p><a href="/">返回首页</a></p>
</body></html>`;

/** Nothing on the page but text and a link: no script, no style, nothing loaded. */
const GRAPHIQL_OFF_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * With GRAPHIQL=false a browser would otherwise get the CSRF refusal (JSON 403) meant for API
 * clients, which reads like a fault: tell the person that GraphiQL is off instead.
 */
export function sendGraphiQLDisabled(res: ServerResponse): void {
  sendText(res, 404, GRAPHIQL_OFF_PAGE, 'text/html; charset=utf-8', htmlSecurityHeaders(GRAPHIQL_OFF_CSP));
}

export class OfflineGraphiQL {
  private bundle: GraphiQLBundle | null | undefined;
  private assets?: Map<string, MemoryAsset>;

  get available(): boolean {
    this.bundle ??= loadBundle();
    return this.bundle !== null;
  }

  /** yoga's `renderGraphiQL` option. */
  render = (options: GraphiQLOptions): string => {
    const title = escapeHtml(options.title ?? 'GraphiQL');
    if (!this.available) {
      return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title></head><body>
<h1>GraphiQL 未安装</h1>
<p>为了离线可用，GraphiQL 的脚本由网关自己提供，不从外网加载。请在项目目录运行
<code>npm install ${GRAPHIQL_PACKAGE}</code> 后重启网关。</p>
<p>在此之前，仍可用 <code>POST /graphql</code>（JSON）发送查询。</p>
</body></html>`;
    }
    const prefix = GRAPHIQL_ASSET_PREFIX;
    return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<title>${title}</title>
<link rel="icon" href="${prefix}favicon.ico">
<link rel="stylesheet" href="${prefix}graphiql.css">
</head>
<body id="body" class="no-focus-outline">
<noscript>GraphiQL 需要启用 JavaScript。</noscript>
<div id="root">正在加载 GraphiQL…</div>
<script type="application/json" id="graphiql-options">${jsonForHtml(options)}</script>
<script src="${prefix}environment.js"></script>
<script src="${prefix}yoga-graphiql.js"></script>
<script src="${prefix}start.js"></script>
</body>
</html>`;
  };

  /** Serves /graphiql/<file>; false when the path is not one of ours. */
  serveAsset(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
    if (!pathname.startsWith(GRAPHIQL_ASSET_PREFIX)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, '不支持的请求方法', undefined, { Allow: 'GET, HEAD' });
      return true;
    }
    const asset = this.available ? this.assetMap().get(pathname.slice(GRAPHIQL_ASSET_PREFIX.length)) : undefined;
    if (!asset) {
      sendText(res, 404, '未找到该文件', undefined, BASE_SECURITY_HEADERS);
      return true;
    }
    asset.send(req, res, BASE_SECURITY_HEADERS);
    return true;
  }

  private assetMap(): Map<string, MemoryAsset> {
    if (this.assets) return this.assets;
    const bundle = this.bundle!;
    const version = packageVersion();
    const script = (content: string) => new MemoryAsset(content, 'text/javascript; charset=utf-8', IMMUTABLE, version);
    const assets = new Map<string, MemoryAsset>([
      ['graphiql.css', new MemoryAsset(bundle.css, 'text/css; charset=utf-8', IMMUTABLE, version)],
      ['yoga-graphiql.js', script(bundle.js)],
      ['environment.js', script(ENVIRONMENT_SCRIPT)],
      ['start.js', script(START_SCRIPT)],
      [WORKER_FILES.editorWorkerService!, script(bundle.editorWorkerService)],
      [WORKER_FILES.json!, script(bundle.jsonWorker)],
      [WORKER_FILES.graphql!, script(bundle.graphqlWorker)],
    ]);
    const favicon = faviconAsset(bundle.favicon, version);
    if (favicon) assets.set('favicon.ico', favicon);
    this.assets = assets;
    return assets;
  }
}

/** The package ships its favicon as a data: URL; serve the decoded bytes. */
function faviconAsset(dataUrl: string, version: string): MemoryAsset | null {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const body = match[2]
    ? Buffer.from(match[3] ?? '', 'base64')
    : Buffer.from(decodeURIComponent(match[3] ?? ''), 'utf8');
  return new MemoryAsset(body, match[1] ?? 'image/x-icon', IMMUTABLE, version);
}
