/**
 * One seeded DATA_DIR per test run, copied per test file. Seeding the generated demo and indexing
 * it (search indexes, the AI knowledge base) took every gateway test file 20-30 s of its own on a
 * 2-core machine; a copy takes well under a second. A project's globalSetup makes the template
 * (tests/support/template-setup.ts) and provides its path; the harnesses copy it, or seed afresh
 * as before when a file runs without it.
 *
 * The copy: the SQLite file is copied (tests write to it); the media files are hard-linked. Nothing
 * of the platform writes into an existing media file: it writes new files (`wx`), renames over, or
 * unlinks, which all leave the template's file alone.
 */
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE } from '../../upstream/src/store';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a closed DATA_DIR holding the demo content at DEMO_NOW, indexed (demo-template-setup.ts) */
    demoDataDir: string;
  }
}

/** The demo content is generated for a fixed moment so runs are comparable. */
export const DEMO_NOW = new Date('2026-06-15T04:00:00.000Z');

/** Copies a closed template DATA_DIR into target (created when missing). */
export function copyDataDir(template: string, target: string): void {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(template, { withFileTypes: true })) {
    if (entry.name.endsWith('-shm')) continue;
    const from = path.join(template, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) linkTree(from, to);
    else copyFileSync(from, to);
  }
}

function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const destination = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, destination);
    else linkSync(source, destination);
  }
}

/**
 * A template made while the run's first files go on (platform-template-setup.ts): beside its
 * directory, `<dir>.ready` is written once it is made, or `<dir>.failed` with the error. Resolves to
 * the failure, never rejects.
 */
export function makeTemplateInBackground(dir: string, make: () => Promise<void>): Promise<Error | undefined> {
  return make().then(
    () => {
      writeFileSync(`${dir}.ready`, '');
      return undefined;
    },
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      writeFileSync(`${dir}.failed`, failure.stack ?? failure.message);
      return failure;
    },
  );
}

/** removes the markers of makeTemplateInBackground */
export function forgetTemplate(dir: string): void {
  rmSync(`${dir}.ready`, { force: true });
  rmSync(`${dir}.failed`, { force: true });
}

/**
 * The template dir once it is made (at once when its setup waited for it), undefined without one
 * (the file runs without its project's setup: the caller seeds afresh); throws the template's error
 * when it failed.
 */
export async function readyTemplate(dir: string | undefined): Promise<string | undefined> {
  if (!dir) return undefined;
  for (;;) {
    if (existsSync(`${dir}.ready`)) return dir;
    if (existsSync(`${dir}.failed`))
      throw new Error(`the run's template ${dir} failed:\n${readFileSync(`${dir}.failed`, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** whether dir holds a store to copy (the globalSetup made it) */
export function isTemplate(dir: string | undefined): dir is string {
  return !!dir && existsSync(path.join(dir, DATABASE_FILE));
}
