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
// The run, in sequence.groupOrder:
//   0. unit, upstream, upstream-postgres, gateway, web: two files at once;
//   1. resilience, one file at a time: it stops, kills and stalls real processes and measures what a
//      person waits for, so nothing else runs beside it;
//   2. e2e, two files at once: each file starts its own platform (3 processes on free ports, on its
//      own copy of the run's seeded DATA_DIR: tests/support/platform-template-setup.ts, SQLite, no
//      PostgreSQL or Redis) and its own Chromium (a fresh temporary profile per launch); they share
//      only the read-only web/dist build and the template they copy. Serial this slice took
//      6.5 min of a 17 min CI run;
//   3. e2e-alone, one file at a time, after everything: the files whose assertions sample what a
//      person sees as it happens (first-screens: the order of paints and script requests and the
//      largest paint; back-to-kept-home: every frame after a back navigation; ask-ai: the answer
//      seen growing piece by piece, 20 ms apart, which a second file's load ran together into two
//      renders), that wait for the player to play (watch-a-lecture: its <video> came later than
//      the 30 s a person is given beside a second file, on a 2-core machine at load 19), that hold
//      the server to a render budget (home-first-screen's FIRST_SCREEN_BUDGET_MS), or that start
//      the scaled topology (cluster: nginx, 2 gateways, 2 main APIs, a login service, a job worker,
//      PostgreSQL and Redis). `--project 'e2e*'` runs both e2e slices.
const PARALLEL_FILES = Number(process.env.TEST_PARALLEL_FILES) || 2;

/** e2e files that run alone (slice 3 above) */
const e2eAlone = [
  'tests/e2e/ask-ai.test.ts',
  'tests/e2e/watch-a-lecture.test.ts',
  'tests/e2e/first-screens.test.ts',
  'tests/e2e/home-first-screen.test.ts',
  'tests/e2e/back-to-kept-home.test.ts',
  'tests/e2e/cluster.test.ts',
];

/** the e2e projects' settings but their files and order */
const e2eProject = {
  root,
  // the platform's first start (the demo seeded) once per run; each file starts on a copy
  globalSetup: ['tests/support/platform-template-setup.ts'],
  environment: 'node',
  testTimeout: 120_000,
  hookTimeout: 240_000,
  // what a person waits for in a browser: 1 s (the default) is too short on a busy 2-core machine
  expect: { poll: { timeout: 10_000, interval: 100 } },
};

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
          // as e2e: a file's first platform start may wait for the template, made in the background
          // while earlier projects run (support/platform-template-setup.ts)
          hookTimeout: 240_000,
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
          ...e2eProject,
          name: 'e2e',
          sequence: { groupOrder: 2 },
          maxWorkers: PARALLEL_FILES,
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...e2eAlone],
        },
      },
      {
        resolve: oneGraphql,
        test: {
          ...e2eProject,
          name: 'e2e-alone',
          sequence: { groupOrder: 3 },
          include: e2eAlone,
          fileParallelism: false,
        },
      },
    ],
  },
});
