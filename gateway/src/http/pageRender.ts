/**
 * First screens rendered on the server (issue 18 item 1): a page request gets the web app's own
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
 */
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
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
  }): Promise<{ kind: 'page'; html: string; records: string; title: string } | { kind: 'skip'; reason: string }>;
}

/** The id of the JSON script with the records (web/src/app/firstScreen.ts SERVER_RECORDS_ID). */
const RECORDS_ID = 'relay-records';

export interface PageRendererOptions<E> {
  /** web/dist-server/entry-server.mjs */
  entryFile: string;
  /** how long a request waits for its first screen; 0: never rendered */
  budgetMs: number;
  logger: Logger;
  /** runs one operation for the request whose environment is `env`; resolves to the GraphQL answer */
  execute: (env: E, operation: PageOperation) => Promise<unknown>;
}

/** The document with the first screen of `url`, or null: send the shell as it is. */
export type PageRenderer<E> = (page: { url: URL; origin: string }, shell: string, env: E) => Promise<string | null>;

export function createPageRenderer<E>({ entryFile, budgetMs, logger, execute }: PageRendererOptions<E>): PageRenderer<E> {
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
      if (!staleLogged) logger.warn('first screen: the web app was built again; pages are sent without their first screen until the gateway restarts');
      staleLogged = true;
      return null;
    }
    return loaded.module;
  };
  // loaded at start, so the first visitor does not wait for it
  if (budgetMs > 0) void renderModule().catch((error: unknown) => logger.warn('first screen: the server bundle failed to load', error));

  return async ({ url, origin }, shell, env) => {
    if (budgetMs <= 0) return null;
    const path = `${url.pathname}${url.search}`;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), budgetMs);
    });
    try {
      const module = await renderModule();
      if (!module) return null;
      const rendering = module.render({ url: path, origin, execute: (operation) => execute(env, operation), signal: controller.signal });
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
      return withFirstScreen(shell, result);
    } catch (error) {
      controller.abort();
      logger.warn(`first screen of ${url.pathname} failed: the SPA shell was sent`, error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * The shell with the rendered app in #root, the records before the closing </body> and the page's
 * title. `html` is React's output and `records` is already escaped for a script element (no `<`).
 */
export function withFirstScreen(shell: string, { html, records, title }: { html: string; records: string; title: string }): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root) || !shell.includes('</body>')) throw new Error('index.html has no empty #root to render into');
  // the shell's own parts first: nothing in the rendered HTML is looked at
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)
    .replace('</body>', () => `<script type="application/json" id="${RECORDS_ID}">${records}</script>\n</body>`)
    .replace(root, () => `<div id="root">${html}</div>`);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
