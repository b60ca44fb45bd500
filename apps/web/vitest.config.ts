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
      },
    }),
  ),
);
