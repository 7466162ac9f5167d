// Mutation testing with StrykerJS 9 (9.x runs on Node 20, which the service supports; Stryker 10
// needs Node 22). Run it through `npm run mutation -- <files>` (scripts/mutation.ts), which names
// the files to mutate and the test files that cover them; not part of CI (it is slow).
//
// Each mutant runs only the tests that reached its code in the first (dry) run (perTest coverage).
// The suite's own vitest config is used: SQLite, plus PostgreSQL when TEST_DATABASE_URL is set, so
// such a run kills mutants on either engine and reaches the PostgreSQL-only paths.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The wrapper names the covering test files (MUTATION_TEST_FILES, read by this vitest config);
  // vitest's import graph would name nearly every test, since the HTTP tests import the whole app.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Two workers: the development machine has two cores, shared.
  concurrency: 2,
  // Database tests are slow on a loaded machine: give a mutant room before calling it a timeout.
  timeoutMS: 30_000,
  // The first run executes every covering test file one after another.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['bench/results', 'data', 'dist', 'coverage', 'reports', '*.db', '*.db-wal', '*.db-shm'],
  thresholds: { high: 90, low: 80, break: null },
};
