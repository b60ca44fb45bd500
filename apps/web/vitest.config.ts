import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineProject((configEnv) =>
  mergeConfig(
    viteConfig(configEnv),
    defineProject({
      test: {
        name: 'web',
        environment: 'jsdom',
        include: ['src/**/*.test.{ts,tsx}'],
        setupFiles: ['./src/test/setup.ts'],
        restoreMocks: true,
        // The files of a worker share one jsdom and their imported modules: a fresh environment
        // and module graph per file took two thirds of the suite's time. A test that replaces
        // something shared restores it when it ends (restoreMocks, `fakeServer`).
        isolate: false,
      },
    }),
  ),
);
