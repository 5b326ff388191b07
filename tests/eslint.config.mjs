// ESLint (flat config), run by `npm run lint` (part of `npm test`). Kept under tests/ because the top
// level holds only the design card's items: `eslint -c tests/eslint.config.mjs`.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/__generated__/**', '**/dist/**', 'node_modules/**', 'data/**', 'upstream/demo-media/**', '**/*.cjs', '**/*.mjs', '**/*.js'] },
  {
    // promises: a store, service, resolver or handler call that is not awaited skips a check or loses an error
    files: ['upstream/**/*.ts', 'gateway/**/*.ts', 'tests/**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
);
