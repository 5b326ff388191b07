/**
 * First screens rendered on the server: a page request gets the web app's own
 * index.html with the route's first screen already in #root, and the Relay records it was rendered
 * from in a JSON script the client hydrates from (web/src/entry-server.tsx renders, web/src/main.tsx
 * hydrates). Which routes render is the web app's choice (web/src/app/firstScreen.ts).
 *
 * The render is `vite build`'s server bundle (web/dist-server/entry-server.mjs), loaded once (a
 * new build is rendered after a restart; until then pages get the shell). Its GraphQL operations are executed in this process for the request's
 * own viewer (`execute`, given by server.ts): a signed-in person's page is theirs, a visitor's is
 * public, and the document is never stored by a shared cache.
 *
 * Never an error page: when the bundle is missing, the render fails or it takes longer than the
 * budget, the answer is the SPA shell (index.html as it is) and the miss is logged.
 *
 * Visitors share pages (FIRST_SCREEN_CACHE_MS): a render costs 60–120 ms of this process's
 * CPU, and a class arriving together would queue behind each other's. A plain visitor's page (no
 * `utoken` cookie, not recognised by an organisation's network: `isPlainVisitor`) is the same for
 * every plain visitor, so it is kept that long in this process (lru-cache, bounded by count and size)
 * under the origin and the normalised path and query, and requests for the same page while it renders
 * wait for that one render. Anyone else's page is rendered for them and never kept. A change to the
 * content shows in visitors' pages within the TTL (nothing drops a kept page earlier); a new build of
 * the web app (another index.html) drops them all. A kept page is kept with its gzip, made once when
 * it is rendered: gzipping it again for each visitor would cost more CPU than sending it.
 */
import { readFile, stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger';

/** One GraphQL operation of the render (entry-server.tsx OperationRequest). */
export interface PageOperation {
  readonly operationName: string;
  readonly query: string;
  readonly variables: Record<string, unknown>;
}

/** The server bundle's export (entry-server.tsx `render`), as this side relies on it. */
interface RenderModule {
  render(request: {
    url: string;
    origin: string;
    execute: (operation: PageOperation) => Promise<unknown>;
    signal: AbortSignal;
  }): Promise<
    | { kind: 'page'; html: string; records: string; title: string; modules?: readonly string[] }
    | { kind: 'skip'; reason: string }
  >;
}

/** The id of the JSON script with the records (web/src/app/firstScreen.ts SERVER_RECORDS_ID). */
const RECORDS_ID = 'relay-records';

export interface PageRendererOptions<E> {
  /** web/dist-server/entry-server.mjs */
  entryFile: string;
  /** web/dist/.vite/manifest.json: the page's own chunks are preloaded from it (none when it is missing) */
  manifestFile?: string;
  /** how long a request waits for its first screen; 0: never rendered */
  budgetMs: number;
  logger: Logger;
  /** runs one operation for the request whose environment is `env`; resolves to the GraphQL answer */
  execute: (env: E, operation: PageOperation) => Promise<unknown>;
  /** FIRST_SCREEN_CACHE_MS: how long a plain visitor's page is served to every plain visitor; 0: never kept */
  sharedTtlMs?: number;
  /** whether the request's viewer sees the page every visitor sees (no token, no organisation network) */
  isPlainVisitor?: (env: E) => Promise<boolean>;
}

/**
 * Pages rendered for each visitor, never kept: a search (the desktop's and the phone's) counts its
 * searcher among the people behind the hot keywords (upstream/API.md), which a page kept for the next
 * visitor would not.
 */
export const PAGES_RENDERED_EACH_TIME: ReadonlySet<string> = new Set(['/search', '/m/search']);

/** At most this many visitors' pages are kept, */
export const SHARED_PAGES_MAX = 200;
/** and at most this many bytes of them together (UTF-8 and gzipped, counted as the kept Buffers). */
export const SHARED_PAGES_BYTES = 32 * 1024 * 1024;

const gzipAsync = promisify(gzip);

/**
 * A document with its first screen: its UTF-8 bytes, and their gzip made on the first request that
 * takes gzip and kept with it, so a page kept for visitors is compressed once, not once a visitor.
 */
export class RenderedPage {
  readonly body: Buffer;
  private gzipping: Promise<Buffer> | null = null;

  constructor(
    readonly html: string,
    /** told each time the page is compressed (at most once for this page) */
    private readonly onCompressed: (raw: number, gzipped: number) => void = () => undefined,
  ) {
    this.body = Buffer.from(html, 'utf8');
  }

  gzipped(): Promise<Buffer> {
    this.gzipping ??= gzipAsync(this.body).then((bytes) => {
      this.onCompressed(this.body.length, bytes.length);
      return bytes;
    });
    return this.gzipping;
  }

  /** The bytes kept for it: the page and its gzip (made now if it was not yet). */
  async keptSize(): Promise<number> {
    return this.body.length + (await this.gzipped()).length;
  }
}

/**
 * The key visitors' pages are kept under: the origin (absolute links are made on it) and the path
 * with its query parameters in a stable order, without an empty `?`.
 */
export function sharedPageKey(origin: string, url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.sort();
  const query = params.toString();
  return `${origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** The document with the first screen of `url`, or null: send the shell as it is. */
export type PageRenderer<E> = (
  page: { url: URL; origin: string },
  shell: string,
  env: E,
) => Promise<RenderedPage | null>;

export function createPageRenderer<E>({
  entryFile,
  manifestFile,
  budgetMs,
  logger,
  execute,
  sharedTtlMs = 0,
  isPlainVisitor,
}: PageRendererOptions<E>): PageRenderer<E> {
  let loaded: { mtimeMs: number; module: Promise<RenderModule> } | null = null;
  let staleLogged = false;
  let missingLogged = false;

  /**
   * The bundle, imported once; null when it was not built, or when a newer build replaced it since
   * (its chunks import the entry by its plain URL, so a second copy under another URL would not be
   * the same modules: the new render waits for a restart, and pages get the shell meanwhile).
   */
  const renderModule = async (): Promise<RenderModule | null> => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(entryFile)).mtimeMs;
    } catch {
      if (!missingLogged) logger.info(`first screen: ${entryFile} is not built; pages are sent as the SPA shell`);
      missingLogged = true;
      return null;
    }
    if (!loaded) {
      const module = import(pathToFileURL(entryFile).href) as Promise<RenderModule>;
      module.catch(() => undefined);
      loaded = { mtimeMs, module };
    }
    if (loaded.mtimeMs !== mtimeMs) {
      if (!staleLogged)
        logger.warn(
          'first screen: the web app was built again; pages are sent without their first screen until the gateway restarts',
        );
      staleLogged = true;
      return null;
    }
    return loaded.module;
  };
  let manifest: { mtimeMs: number; chunks: ViteManifest } | null = null;
  /** Vite's manifest as built now (read again after a build), or null without one. */
  const viteManifest = async (): Promise<ViteManifest | null> => {
    if (!manifestFile) return null;
    try {
      const { mtimeMs } = await stat(manifestFile);
      if (manifest?.mtimeMs !== mtimeMs)
        manifest = { mtimeMs, chunks: JSON.parse(await readFile(manifestFile, 'utf8')) as ViteManifest };
      return manifest.chunks;
    } catch {
      return null;
    }
  };

  // loaded at start, so the first visitor does not wait for it
  if (budgetMs > 0)
    void renderModule().catch((error: unknown) => logger.warn('first screen: the server bundle failed to load', error));

  const renderPage: PageRenderer<E> = async ({ url, origin }, shell, env) => {
    const started = performance.now();
    const path = `${url.pathname}${url.search}`;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), budgetMs);
    });
    try {
      const module = await renderModule();
      if (!module) return null;
      const rendering = module.render({
        url: path,
        origin,
        execute: (operation) => execute(env, operation),
        signal: controller.signal,
      });
      rendering.catch(() => undefined);
      const result = await Promise.race([rendering, outOfTime]);
      if (result === 'timeout') {
        controller.abort();
        logger.warn(`first screen of ${url.pathname} took over ${budgetMs} ms: the SPA shell was sent`);
        return null;
      }
      if (result.kind === 'skip') {
        if (result.reason !== 'route not rendered on the server') {
          logger.warn(`first screen of ${url.pathname} not rendered (${result.reason}): the SPA shell was sent`);
        }
        return null;
      }
      const chunks = result.modules?.length ? await viteManifest() : null;
      const page = withFirstScreen(shell, {
        ...result,
        preloads: chunks ? chunkFiles(chunks, result.modules ?? []) : [],
      });
      logger.debug(`first screen of ${path} rendered in ${Math.round(performance.now() - started)} ms`);
      return new RenderedPage(page, (raw, gzipped) =>
        logger.debug(`first screen of ${path} gzipped: ${raw} → ${gzipped} bytes`),
      );
    } catch (error) {
      controller.abort();
      logger.warn(`first screen of ${url.pathname} failed: the SPA shell was sent`, error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  if (budgetMs <= 0) return async () => null;
  if (sharedTtlMs <= 0 || !isPlainVisitor) return renderPage;

  interface Render {
    page: { url: URL; origin: string };
    shell: string;
    env: E;
  }
  // fetch() is the single flight: requests for a key being rendered wait for that render; a render
  // that sent the shell (null) is not kept, so the next request tries again. The gzip is made within
  // that flight (nearly every browser takes it), so the kept size counts it and no hit makes it again
  const sizes = new WeakMap<RenderedPage, number>();
  const shared = new LRUCache<string, RenderedPage, Render>({
    max: SHARED_PAGES_MAX,
    maxSize: SHARED_PAGES_BYTES,
    sizeCalculation: (page) => Math.max(1, sizes.get(page) ?? page.body.length),
    ttl: sharedTtlMs,
    fetchMethod: async (_key, _stale, { context }) => {
      const page = await renderPage(context.page, context.shell, context.env);
      if (!page) return undefined;
      sizes.set(page, await page.keptSize());
      return page;
    },
  });
  let sharedShell: string | null = null;

  return async (page, shell, env) => {
    if (PAGES_RENDERED_EACH_TIME.has(page.url.pathname.toLowerCase()) || !(await isPlainVisitor(env)))
      return renderPage(page, shell, env);
    if (shell !== sharedShell) {
      // the web app was built again: pages made from the old index.html name scripts that are gone
      shared.clear();
      sharedShell = shell;
    }
    return (await shared.fetch(sharedPageKey(page.origin, page.url), { context: { page, shell, env } })) ?? null;
  };
}

/**
 * A rendered page is there before its scripts: they only hydrate it, so they come after what the
 * first screen shows (its pictures, the shell's stylesheet) on a slow line, not before.
 */
const LATER = 'fetchpriority="low"';

/**
 * The shell with the rendered app in #root, the records before the closing </body> and the page's
 * title. `html` is React's output and `records` is already escaped for a script element (no `<`).
 */
export function withFirstScreen(
  shell: string,
  {
    html,
    records,
    title,
    preloads = [],
  }: { html: string; records: string; title: string; preloads?: readonly string[] },
): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root) || !shell.includes('</body>'))
    throw new Error('index.html has no empty #root to render into');
  // the page's chunks the shell does not load already, as Vite writes its own preloads
  const links = preloads
    .filter((file) => !shell.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin ${LATER} href="/${escapeText(file)}">\n`)
    .join('');
  // the shell's own parts first: nothing in the rendered HTML is looked at
  return shell
    .replace(/<(script type="module"|link rel="modulepreload") crossorigin /g, (tag: string) => `${tag}${LATER} `)
    .replace('</head>', () => `${links}</head>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)
    .replace('</body>', () => `<script type="application/json" id="${RECORDS_ID}">${records}</script>\n</body>`)
    .replace(root, () => `<div id="root">${html}</div>`);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Vite's build manifest (build.manifest): each source module's chunk and the chunks it imports. */
type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/** The chunk files of `modules` and of every chunk they import statically, each once. */
export function chunkFiles(manifest: ViteManifest, modules: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return files;
}
