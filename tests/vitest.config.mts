import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: 'upstream',
          root,
          include: ['tests/upstream/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: false,
        test: {
          name: 'gateway',
          root,
          include: ['tests/gateway/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: false,
        // babel-plugin-relay must run before React's transform, as in web/vite.config.mts
        plugins: [babel({ plugins: ['relay'] }), react()],
        test: {
          name: 'web',
          root,
          include: ['tests/web/**/*.test.tsx', 'tests/web/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: false,
        test: {
          name: 'e2e',
          root,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
