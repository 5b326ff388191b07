/**
 * The operations the web app really sends: the text of the Relay artifacts relay-compiler wrote
 * (web/src/__generated__), compiled first when missing; and the built web app the first-load
 * measurement needs, built when missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ConcreteRequest } from 'relay-runtime';
import { repoRoot } from '../support/platform';
import { BrokenError, type Operation } from './graphql-client';
import type { DirectUpstream } from './upstream-calls';

const generatedDir = path.join(repoRoot, 'web/src/__generated__');
const distIndex = path.join(repoRoot, 'web/dist/index.html');

function runQuietly(command: string, args: string[], label: string): void {
  const started = Date.now();
  process.stdout.write(`${label} ... `);
  const result = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8', env: process.env });
  if (result.status !== 0) {
    process.stdout.write('failed\n');
    throw new BrokenError(`${label} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  }
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Makes sure the artifacts and web/dist exist (`--build` rebuilds web/dist anyway).
 * Returns a warning when web/dist is older than the web sources.
 */
export function prepareWeb(options: { rebuild: boolean }): string | null {
  const artifacts = ['HomeQuery', 'CatalogueQuery'].map((name) => path.join(generatedDir, `${name}.graphql.ts`));
  if (artifacts.some((file) => !existsSync(file)))
    runQuietly('npx', ['relay-compiler'], 'Relay artifacts missing: npx relay-compiler');
  if (options.rebuild || !existsSync(distIndex)) {
    runQuietly(
      'npm',
      ['run', 'build'],
      options.rebuild ? 'npm run build (--build)' : 'web/dist missing: npm run build',
    );
    return null;
  }
  const sources = newestMtime(path.join(repoRoot, 'web/src'));
  if (sources > statSync(distIndex).mtimeMs) {
    return 'web/dist is older than web/src: the first-load figures are of the last build (run `npm run bench -- --build` for current ones)';
  }
  return null;
}

/** `params.text` of a Relay artifact: exactly what the web app posts. */
export function artifactOperation(name: string, variables: Record<string, unknown>): Operation {
  const file = path.join(generatedDir, `${name}.graphql.ts`);
  const loaded = require(file) as { default?: ConcreteRequest } & Partial<ConcreteRequest>;
  const request = loaded.default ?? (loaded as ConcreteRequest);
  const text = request.params?.text;
  if (!text) throw new BrokenError(`${file} has no params.text (persisted queries?)`);
  return { name: request.params.name, text, variables };
}

interface RestCatalogueNode {
  id: number;
  name: string;
  level?: number;
  resourceCount?: number;
  child?: RestCatalogueNode[];
}

/**
 * A real level-2 category of the demo data for /catalog: under the first subject (思政), the one
 * with the most courses, preferring one with sub-categories (the page then shows its dropdown).
 */
export async function pickCatalogue(direct: DirectUpstream): Promise<{ id: number; name: string; subject: string }> {
  const roots = (await direct.call({
    method: 'GET',
    path: '/api/catalog/GetCatalogListByParentId',
    query: 'parentId=0',
    params: { parentId: '0' },
    forwardedFor: undefined,
  })) as RestCatalogueNode[];
  const subject = roots[0];
  const candidates = (subject?.child ?? []).filter((node) => (node.resourceCount ?? 0) > 0);
  candidates.sort(
    (a, b) =>
      Number((b.child?.length ?? 0) > 0) - Number((a.child?.length ?? 0) > 0) ||
      (b.resourceCount ?? 0) - (a.resourceCount ?? 0) ||
      a.id - b.id,
  );
  const chosen = candidates[0];
  if (!subject || !chosen) throw new BrokenError('the demo data has no level-2 catalogue with courses');
  return { id: chosen.id, name: chosen.name, subject: subject.name };
}
