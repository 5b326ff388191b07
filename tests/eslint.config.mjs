// ESLint (flat config), run by `npm run lint` (part of `npm test`). Kept under tests/ because the top
// level holds only the design card's items: `eslint -c tests/eslint.config.mjs`.
import reactHooks from 'eslint-plugin-react-hooks';
import relay from 'eslint-plugin-relay';
import tseslint from 'typescript-eslint';

/** Every rule of a plugin's preset, raised to an error: `npm run lint` fails on warnings too. */
const asErrors = (rules) => Object.fromEntries(Object.keys(rules).map((rule) => [rule, 'error']));

export default tseslint.config(
  {
    ignores: [
      '**/__generated__/**',
      '**/dist/**',
      'node_modules/**',
      'data/**',
      'upstream/demo-media/**',
      '**/*.cjs',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    // promises: a store, service, resolver or handler call that is not awaited skips a check or loses an error
    files: ['upstream/**/*.ts', 'gateway/**/*.ts', 'tests/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // the web app: React's rules of hooks (with the React Compiler's checks) and Relay's (relay-examples' model)
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, relay },
    rules: {
      ...asErrors(reactHooks.configs.flat.recommended.rules),
      ...asErrors(relay.configs['ts-recommended'].rules),
    },
  },
  {
    // A route's query has a module of its own (routes/<Name>/<Name>Query.ts) so the router can fetch
    // it before the page's code arrives (app/router.tsx); the page beside it reads its fields and hands
    // its spreads to the components. Both rules look at one module only, so here they would flag every
    // field and spread. (Checked by hand when the rules came in: each field is read by the route's page.)
    // CenterTabsTestQuery is the same for tests/web.
    files: ['web/src/routes/**/*Query.ts', 'web/src/components/Center/CenterTabsTestQuery.ts'],
    rules: {
      'relay/unused-fields': 'off',
      'relay/must-colocate-fragment-spreads': 'off',
    },
  },
);
