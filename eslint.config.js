// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What the client may never import: the server's code and its database driver. */
const SERVER_IMPORTS = ['**/sync-server/**', '@vigil/sync-server', 'better-sqlite3'];
const clientImports = (/** @type {string[]} */ extra) => [
  'error',
  { patterns: [{ group: [...SERVER_IMPORTS, ...extra], message: 'The client never imports server code.' }] },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'client/dist/**', '.tsbuild/**', 'coverage/**', 'test-results/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/explicit-module-boundary-types': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']",
          message: 'No .only in tests.',
        },
      ],
    },
  },
  {
    // shared/ is pure: no DOM, Yjs, Hono, SQLite or Node APIs (STYLE.md "Layering").
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'os', 'child_process'],
              message: 'shared/ must not use Node APIs.',
            },
            {
              group: ['react-dom', 'react-dom/*', 'yjs', 'y-*', 'hono', 'hono/*', '@hono/*', 'better-sqlite3', 'dexie'],
              message: 'shared/ is pure domain code.',
            },
            {
              group: ['**/client/**', '**/sync-server/**', '@vigil/client', '@vigil/sync-server'],
              message: 'shared/ imports neither client nor server.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'indexedDB', 'process', 'Buffer'],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': clientImports(['node:*']),
    },
  },
  {
    // Checks the client's build inputs (mantine.css against Mantine's package, mantine-theme.css
    // against the theme) in Node.
    files: ['client/src/app/mantineCss.test.ts', 'client/src/app/mantineThemeCss.test.ts'],
    rules: {
      'no-restricted-imports': clientImports([]),
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
