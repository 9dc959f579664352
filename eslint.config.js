import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        // Each file is checked with the tsconfig.json nearest to it; the root vitest.config.ts belongs to
        // no workspace, so it gets the base compiler options.
        projectService: { allowDefaultProject: ['vitest.config.ts'], defaultProject: 'tsconfig.base.json' },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      // JSX handlers may return their promise: antd's Popconfirm and Modal spin until it settles, and
      // each such handler ends in `.then(notify, notifyError)` (a query's refetch never rejects).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Modules do not publish themselves on the Fastify instance (decision 23): `app.dispatch.x()`
    // is a service locator that hides the dependency from the import graph, so the module-cycle
    // rule (.dependency-cruiser.modules.cjs) cannot see it and a test cannot replace it. A module
    // imports the functions it needs, or takes them as a port. Decorations for shared
    // infrastructure (db, io, config, identity) live in app.ts and plugins/.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [], // files allowed to augment or decorate Fastify, with a reason each: none so far
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSModuleDeclaration[id.value='fastify']",
          message:
            "A module must not add to Fastify's types (`declare module 'fastify'`): export functions and import them, or pass a port (decision 23).",
        },
        {
          selector: "CallExpression[callee.property.name='decorate']",
          message:
            'A module must not decorate the Fastify instance: export functions and import them, or pass a port (decision 23).',
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // JavaScript files (configs, scripts, the service worker) are in no tsconfig: linted without types.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
