import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The gateway (GraphQL, media, QR images, beacons) the dev server proxies to.
const gateway = `http://127.0.0.1:${process.env.PORT ?? '4000'}`;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // babel-plugin-relay turns graphql`` tags into artifact imports; it must run before React's
  // transform (plugin-react 6 has no `babel` option any more).
  // Each text file of the build also as .br and .gz, compressed once at their best levels: the gateway
  // serves them as files (gateway/src/http/send.ts) instead of gzipping on every request.
  plugins: [
    babel({ plugins: ['relay'] }),
    react(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // Chakra's theme helpers are identity functions: marking them pure lets the bundler drop
        // the recipes of components this app does not use (the full preset is ~50 KB gzip).
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'defineTokens',
          'defineSemanticTokens',
          'defineKeyframes',
          'defineGlobalStyles',
          'defineTextStyles',
          'defineLayerStyles',
          'defineAnimationStyles',
        ],
      },
    },
  },
  server: {
    port: 5173,
    strictPort: false,
    proxy: {
      '/graphql': { target: gateway, changeOrigin: false },
      '/media': { target: gateway, changeOrigin: false },
      // the phone QR image and the play log's leave beacon; the Host header stays the page's own so
      // the beacon's same-origin check passes
      '/qr': { target: gateway, changeOrigin: false },
      '/beacon': { target: gateway, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
