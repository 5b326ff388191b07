import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The gateway (GraphQL, media, QR images, beacons) the dev server proxies to.
const gateway = `http://127.0.0.1:${process.env.PORT ?? '4000'}`;

// Chunks (speed issue, part 2): left to itself the bundler cut a chunk for every set of routes sharing
// a module, so /home's first screen took 38 scripts, 28 of them under 2 KB. Now a first screen needs a
// handful: the libraries the pages use (vendor), the app's modules that several pages use (shared), the
// entry and the route's page and query. What only opens later keeps chunks of its own: the player's
// libraries (after /Play's first paint), hls.js, the overlays' machinery, the avatar cropper, the QR code,
// and each route's page.

/** the player's libraries; hls.js among them stays its own dynamic import */
const PLAYER_LIBRARIES = /node_modules[\\/](@vidstack|media-captions|media-icons|hls\.js)[\\/]/;
/** the avatar cropper's and the phone QR code's */
const OTHER_LAZY_LIBRARIES = /node_modules[\\/](react-easy-crop|normalize-wheel|qrcode|dijkstrajs|pngjs)[\\/]/;
/**
 * what opens over a page (dialogs, the AI drawer, menus, their focus traps and positioning): the
 * signed-in header's menu, the guide, the play page's and the centre's dialogs; not on a visitor's first screen
 */
const OVERLAY_LIBRARIES =
  /node_modules[\\/](.*[\\/])?@?(dialog|drawer|focus-trap|aria-hidden|remove-scroll|menu|popper|popover|floating-ui|dismissable|interact-outside|avatar)[\\/]/;
/**
 * not in `shared`: a route's own modules and its query's artifact (the page's chunk and the query's
 * chunk share them), and the personal centre's, the play page's, the player's and the mobile site's
 * components (a desktop first screen never loads the mobile pages' parts)
 */
const NOT_SHARED =
  /web[\\/]src[\\/](routes[\\/]|components[\\/](Center|Mobile|PlayPage|Player)[\\/]|__generated__[\\/]\w*(?<!Pagination|Refetch)Query\.graphql\.ts$)/;

const pageLibrary = (id: string) =>
  id.startsWith('\0') ||
  (/node_modules/.test(id) &&
    ![PLAYER_LIBRARIES, OTHER_LAZY_LIBRARIES, OVERLAY_LIBRARIES].some((lazy) => lazy.test(id)));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // `vite build` builds both environments: the browser's app (dist) and the server render of first
  // screens (dist-server/entry-server.js, src/entry-server.tsx) that the gateway runs (gateway/src/http/pageRender.ts)
  builder: {},
  environments: {
    ssr: {
      build: {
        outDir: 'dist-server',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        // one self-contained module: no CJS/ESM interop surprises from node_modules at run time,
        // and its own copy of React is the one that renders
        rolldownOptions: {
          input: { 'entry-server': fileURLToPath(new URL('./src/entry-server.tsx', import.meta.url)) },
        },
      },
      resolve: { noExternal: true },
      // the libraries' production builds (React's checks cost the render time)
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    },
  },
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
    // dist/.vite/manifest.json: the gateway preloads a server-rendered route's own chunks from it
    // (gateway/src/http/pageRender.ts), so hydration does not wait for the router to ask for them
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // a module goes to the group of highest priority that takes it, with the modules it imports
          // that no group took before: the libraries first, so vidstack or a dialog never takes React
          groups: [
            // the libraries the pages use and the bundler's helpers (the preload helper), one chunk
            { name: 'vendor', test: pageLibrary, priority: 30 },
            { name: 'overlays', test: OVERLAY_LIBRARIES, priority: 25 },
            { name: 'player', test: (id) => PLAYER_LIBRARIES.test(id) && !/hls\.js/.test(id), priority: 20 },
            // the app's modules that two or more routes use
            {
              name: 'shared',
              test: (id) => /web[\\/]src[\\/]/.test(id) && !NOT_SHARED.test(id),
              minShareCount: 2,
              priority: 10,
            },
          ],
        },
      },
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
