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
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
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

/** whether dir holds a store to copy (the globalSetup made it) */
export function isTemplate(dir: string | undefined): dir is string {
  return !!dir && existsSync(path.join(dir, DATABASE_FILE));
}
