import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import promiseHeldAcrossAwait from './eslint-rules/promise-held-across-await.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'coverage/', 'bench/results/', 'reports/', '.stryker-tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // CommonJS configuration files (dependency-cruiser reads .cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    // The query rule (README, Design): a feature builds its queries only in its queries.ts or
    // queries/ folder; services and routes call them. The visibility rules and the sharing access
    // rank are SQL fragments composed into other features' queries, so they stay beside their module.
    files: ['src/features/**/*.ts'],
    ignores: ['src/features/*/queries.ts', 'src/features/*/queries/**', 'src/features/visibility/messages.ts', 'src/features/sharing/access.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: "A feature's queries live in its queries.ts or queries/ (README, Design: queries).",
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"]',
          message: "A feature's queries live in its queries.ts or queries/ (README, Design: queries).",
        },
      ],
    },
  },
  {
    // Every promise has a handler from the moment it is created: a rejection nobody handles ends
    // the process (issue 34). Checked with type information, so only on the type-checked folders.
    files: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { local: { rules: { 'promise-held-across-await': promiseHeldAcrossAwait } } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'local/promise-held-across-await': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
