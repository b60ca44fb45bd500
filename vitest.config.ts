import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest leaves a core free by default, which on a two-core machine runs the files one at a
    // time: the test files wait on the database and on hashing as much as they compute.
    maxWorkers: '100%',
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web',
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
