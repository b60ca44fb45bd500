import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Argon2 hashing and a real database per file make these slower than unit tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
