import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config.js';

// The suite's config for a mutation run (stryker.config.mjs): only the covering test files that
// scripts/mutation.ts names in MUTATION_TEST_FILES. They are named here rather than with Stryker's
// --testFiles because StrykerJS 9, given --testFiles, runs a static mutant (one in code that runs
// at import: a module-level regular expression or constant) with the mutant switched on only after
// the module was imported, so no test can kill it.
const include = (process.env.MUTATION_TEST_FILES ?? '').split(',').filter(Boolean);
if (include.length === 0) throw new Error('vitest.mutation.config.ts: MUTATION_TEST_FILES names no test files (run npm run mutation)');

export default defineConfig({
  test: {
    // A mutation run shares the machine with its own sandbox work: an app build that misses the
    // suite's 30-second hook timeout skips its file's tests, which then cover nothing.
    projects: (base.test!.projects as TestProjectInlineConfiguration[]).map((project) => ({
      ...project,
      test: { ...project.test, include, testTimeout: 120_000, hookTimeout: 120_000 },
    })),
  },
});
