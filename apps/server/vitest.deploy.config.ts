import { defineConfig } from 'vitest/config';

/** `npm run test:deploy`: the production recipe in deploy/, apart from the API suite. */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'deploy',
    environment: 'node',
    include: ['src/**/*.deploy.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
