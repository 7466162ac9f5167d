import { defineConfig } from 'vitest/config';

// `npm test` runs the suite on SQLite; with TEST_DATABASE_URL (postgres://) the same files run a
// second time against PostgreSQL, each test app in a database of its own.
const engines = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: engines.map((engine) => ({
      test: {
        name: engine,
        include: ['test/**/*.test.ts'],
        env: { TEST_ENGINE: engine },
        testTimeout: 30_000,
        hookTimeout: 30_000,
        pool: 'forks',
      },
    })),
  },
});
