import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Every file builds its own apps on its own database, so the files of one worker can share
    // its loaded modules: importing the server afresh for each file took half the suite's time.
    isolate: false,
    // Argon2 hashing and a real database per file make these slower than unit tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
