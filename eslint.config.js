// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What the client may never import: the server's code and its database driver. */
const SERVER_IMPORTS = ['**/sync-server/**', '@vigil/sync-server', 'better-sqlite3'];
/** @typedef {{ group: string[], message: string }} ImportPattern */
/** @typedef {{ name: string, importNames: string[], message: string }} ImportPath */
const clientImports = (
  /** @type {string[]} */ extra,
  /** @type {ImportPattern[]} */ layers = [],
  /** @type {ImportPath[]} */ paths = [],
) => [
  'error',
  {
    paths,
    patterns: [{ group: [...SERVER_IMPORTS, ...extra], message: 'The client never imports server code.' }, ...layers],
  },
];

/**
 * The client's layers (issue 26): app/ is the shell (route table, chrome, sub-app loading,
 * startup) and may import anything; features/ import session/, ui/, sync/, data/, case/ and
 * devices/ but never the shell that hosts them, and never yjs (a case is read and written through
 * case/, issue 36); session/, sync/, data/, case/ (the case document API) and devices/ (monitor
 * and scanner drivers) import no feature and no shell; ui/ (Page,
 * layouts, the input kit, theme) imports none of them. Proved by client/src/layers.test.ts with
 * the files in client/lint-fixtures/ (left out of the normal lint run).
 */
const APP = ['**/app/**', '**/app'];
const FEATURES = ['**/features/**', '**/features'];
const SESSION = ['**/session/**', '**/session'];
/** Yjs and its providers: only client/src/case/ (the case document API) and client/src/sync/ touch them. */
const YJS = ['yjs', 'yjs/*', 'y-*'];
/** The case API's own modules: a feature goes through its index (and its test helpers). */
const CASE_INTERNALS = ['**/case/*', '!**/case/index.js', '!**/case/testing.js'];
const CLIENT_LAYERS = {
  features: [
    { group: APP, message: 'A feature never imports the app shell (client/src/app): use session/ or ui/.' },
    {
      group: YJS,
      message: 'A feature never imports yjs: it reads and writes a case through client/src/case/ (issue 36).',
    },
    { group: CASE_INTERNALS, message: 'A feature uses the case document API through client/src/case/index.ts.' },
  ],
  session: [
    { group: APP, message: 'session/ never imports the app shell (client/src/app).' },
    { group: FEATURES, message: 'session/ never imports a feature (client/src/features).' },
  ],
  base: [
    { group: APP, message: 'sync/, data/, case/ and devices/ never import the app shell (client/src/app).' },
    { group: FEATURES, message: 'sync/, data/, case/ and devices/ never import a feature (client/src/features).' },
  ],
  ui: [
    { group: APP, message: 'ui/ never imports the app shell (client/src/app).' },
    { group: FEATURES, message: 'ui/ never imports a feature (client/src/features).' },
    { group: SESSION, message: 'ui/ never imports the session (client/src/session): pass what it shows as props.' },
  ],
};

/**
 * The case screen's one input kit (issue 26): a file under client/src/features/cases/ takes its
 * fields from client/src/ui/kit/ (44 px touch sizes, labels), never Mantine's inputs directly;
 * Mantine's layout, typography, buttons and feedback stay allowed. Proved by layers.test.ts.
 */
const MANTINE_INPUTS = [
  'Autocomplete',
  'Checkbox',
  'CheckboxGroup',
  'Chip',
  'ColorInput',
  'ColorPicker',
  'Combobox',
  'FileInput',
  'Input',
  'InputBase',
  'JsonInput',
  'MultiSelect',
  'NativeSelect',
  'NumberInput',
  'PasswordInput',
  'PillsInput',
  'PinInput',
  'Radio',
  'RadioGroup',
  'RangeSlider',
  'Rating',
  'SegmentedControl',
  'Select',
  'Slider',
  'Switch',
  'TagsInput',
  'Textarea',
  'TextInput',
];
const CASE_INPUT_KIT = [
  {
    name: '@mantine/core',
    importNames: MANTINE_INPUTS,
    message: 'The case screen takes its inputs from the kit (client/src/ui/kit/), not from Mantine directly.',
  },
];

/**
 * A feature imports another feature only through that feature's index.ts (issue 36 item 6), so each
 * area says what it offers and the areas' graph stays one a test can hold (features/cycles.test.ts
 * finds no cycle). The app shell and the org app's route table (features/org/) compose features
 * through the same index files. Proved by client/src/layers.test.ts.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      throughIndex:
        "A feature imports another feature only through its index.ts: import '{{index}}' instead of '{{source}}'.",
    },
    schema: [],
  },
  create(/** @type {import('eslint').Rule.RuleContext} */ context) {
    const filename = context.filename.replaceAll('\\', '/');
    const marker = '/client/src/features/';
    const at = filename.indexOf(marker);
    if (at < 0) return {};
    const featuresRoot = filename.slice(0, at + marker.length);
    const area = filename.slice(featuresRoot.length).split('/')[0];
    const dir = filename.slice(0, filename.lastIndexOf('/'));
    /** @param {any} node */
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const parts = `${dir}/${source}`.split('/');
      /** @type {string[]} */
      const resolved = [];
      for (const part of parts) {
        if (part === '..') resolved.pop();
        else if (part !== '.') resolved.push(part);
      }
      const target = resolved.join('/');
      if (!target.startsWith(featuresRoot)) return;
      const [targetArea, ...rest] = target.slice(featuresRoot.length).split('/');
      if (!targetArea || targetArea === area) return;
      if (rest.length === 1 && /^index(\.[jt]sx?)?$/.test(rest[0] ?? '')) return;
      const index = `${source.slice(0, source.lastIndexOf(targetArea) + targetArea.length)}/index.js`;
      context.report({ node: node.source, messageId: 'throughIndex', data: { index, source } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'client/dist/**',
      'sync-server/dist/**',
      'client/lint-fixtures/**',
      '.tsbuild/**',
      'coverage/**',
      'test-results/**',
      'data/**',
    ],
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
    files: ['client/src/features/**/*.{ts,tsx}'],
    plugins: { vigil: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'no-restricted-imports': clientImports(['node:*'], CLIENT_LAYERS.features),
      'vigil/feature-boundaries': 'error',
    },
  },
  {
    files: ['client/src/features/cases/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': clientImports(['node:*'], CLIENT_LAYERS.features, CASE_INPUT_KIT) },
  },
  {
    files: ['client/src/session/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': clientImports(['node:*'], CLIENT_LAYERS.session) },
  },
  {
    files: ['client/src/{sync,data,case,devices}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': clientImports(['node:*'], CLIENT_LAYERS.base) },
  },
  {
    files: ['client/src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': clientImports(['node:*'], CLIENT_LAYERS.ui) },
  },
  {
    // Checks the client's build inputs (mantine.css against Mantine's package, mantine-theme.css
    // against the theme) in Node.
    files: [
      'client/src/ui/mantineCss.test.ts',
      'client/src/ui/mantineThemeCss.test.ts',
      'client/src/layers.test.ts',
      'client/src/featureCycles.test.ts',
      'client/src/function-sizes.test.ts',
    ],
    rules: {
      'no-restricted-imports': clientImports([], CLIENT_LAYERS.ui),
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
