import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

// React Router's package exports name only its development build (remix-run/react-router#14102):
// the production bundle takes the production build, without development checks and warnings.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  // Each file is also written brotli- and gzip-compressed, for the server to send as they are.
  plugins: [react(), tailwindcss(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
    ],
  },
  server: {
    port: 5173,
    // `ws`: the live channel (/api/ws) is a WebSocket upgrade.
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    // Every browser the build targets preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries every page needs change less often than the app: separate chunks stay cached
        // across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Only the signed-in pages read through the query cache; the public pages skip it.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
}));
