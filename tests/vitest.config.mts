import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

// Exactly one graphql: yoga (run by Node from node_modules) requires graphql's CommonJS entry,
// while Vite would resolve our own `import 'graphql'` to its .mjs entry, a second copy whose
// GraphQLError fails instanceof checks. Point server-side code at the CommonJS entry too.
const oneGraphql = { alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }] };

// Pure unit tests: no server, no database, no process, no browser (`npm run test:unit`, the
// `unit` project). The gateway and upstream projects leave them out so that no file runs twice.
const unitTests = [
  'tests/gateway/{units,sign,viewer-units,search-units,ai-stream-units,cost-verdict-cache}.test.ts',
  'tests/upstream/{ai-knowledge-chunking,config,demo-content,intro-sanitiser-xss,media-subtitles,user-text-policy}.test.ts',
];

// Two test files at once where files share nothing: each starts its own servers on free ports, its
// own PostgreSQL schema and Redis prefix, and most of a file's time is spent waiting on a child
// process, a socket or ffmpeg, so a second file fills that time (Vitest's default on 2 cores is one).
// resilience and e2e stop and load real processes and measure what a person waits for: they run
// after the rest, one file at a time (sequence.groupOrder), so nothing of theirs overlaps.
const PARALLEL_FILES = Number(process.env.TEST_PARALLEL_FILES) || 2;

export default defineConfig({
  root,
  test: {
    projects: [
      {
        resolve: oneGraphql,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          maxWorkers: PARALLEL_FILES,
          root,
          include: unitTests,
          environment: 'node',
        },
      },
      {
        resolve: oneGraphql,
        test: {
          name: 'upstream',
          sequence: { groupOrder: 0 },
          maxWorkers: PARALLEL_FILES,
          root,
          include: ['tests/upstream/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...unitTests],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: oneGraphql,
        test: {
          // the services' contract tests again on PostgreSQL (tests/upstream/test-engine.ts): every
          // kind of service (accounts, centre, operations, play, browsing, search, AI, signing). The
          // engines' own tests (store-engines*, search-engine-postgres, ai-knowledge-postgres) hold
          // both engines to one contract already; tests of the SQLite file or its CLIs stay on SQLite.
          name: 'upstream-postgres',
          sequence: { groupOrder: 0 },
          maxWorkers: PARALLEL_FILES,
          root,
          include: [
            'tests/upstream/login-{api,page,password,profile,service,upload-limits,avatar}.test.ts',
            'tests/upstream/centre-*.test.ts',
            'tests/upstream/operate-*.test.ts',
            'tests/upstream/play{,-page,-log,-log-batch,-clip}.test.ts',
            'tests/upstream/{home,courses,catalog,authors,topics,danmaku-api,visit-log}.test.ts',
            'tests/upstream/search-{api,hot-keywords,suggest}.test.ts',
            'tests/upstream/ai-{flow-question,recommend}.test.ts',
            'tests/upstream/{signed-once,transport,demo-learning}.test.ts',
          ],
          env: { TEST_STORE_ENGINE: 'postgres' },
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: oneGraphql,
        test: {
          name: 'gateway',
          sequence: { groupOrder: 0 },
          maxWorkers: PARALLEL_FILES,
          root,
          include: ['tests/gateway/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...unitTests],
          // the demo seeded and indexed once per run; each file's upstream starts on a copy
          globalSetup: ['tests/support/demo-template-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: oneGraphql,
        test: {
          // real processes stopped, killed, trickled at and replayed against (the hardening issue)
          name: 'resilience',
          sequence: { groupOrder: 1 },
          root,
          include: ['tests/resilience/**/*.test.ts'],
          // the platform's first start once per run, as for e2e
          globalSetup: ['tests/support/platform-template-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // babel-plugin-relay must run before React's transform, as in web/vite.config.mts
        plugins: [babel({ plugins: ['relay'] }), react()],
        test: {
          name: 'web',
          sequence: { groupOrder: 0 },
          maxWorkers: PARALLEL_FILES,
          root,
          include: ['tests/web/**/*.test.tsx', 'tests/web/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts', 'tests/support/web-async-timeout.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: oneGraphql,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          root,
          include: ['tests/e2e/**/*.test.ts'],
          // the platform's first start (the demo seeded) once per run; each file starts on a copy
          globalSetup: ['tests/support/platform-template-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // what a person waits for in a browser: 1 s (the default) is too short on a busy 2-core machine
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
