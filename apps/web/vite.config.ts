import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The folder of a package's resolved entry. */
const packagePath = (name: string) => dirname(createRequire(import.meta.url).resolve(name));

// React Router's package exports name only its development build (remix-run/react-router#14102):
// the production bundle takes the production build, without development checks and warnings.
const reactRouterProduction = join(
  packagePath('react-router/package.json'),
  'dist/production/index.mjs',
);

/** Where the proctored page's face detector finds its model: the one model it runs, BlazeFace. */
const FACE_MODEL_URL = '/models/human/';
const FACE_MODEL_FILES = ['blazeface.json', 'blazeface.bin'];
// The package exports no package.json: its entry is in dist/, beside models/.
const faceModelDir = join(packagePath('@vladmandic/human'), '..', 'models');

/**
 * Serves the face detector's model from our own origin: copied out of the npm package into the
 * build (and served from it by the dev server), so no page fetches a model from anywhere else.
 */
function faceModel(): Plugin {
  return {
    name: 'examiq-face-model',
    generateBundle() {
      for (const file of FACE_MODEL_FILES) {
        this.emitFile({
          type: 'asset',
          fileName: `${FACE_MODEL_URL.slice(1)}${file}`,
          source: readFileSync(join(faceModelDir, file)),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use(FACE_MODEL_URL, (request, response, next) => {
        const file = FACE_MODEL_FILES.find((name) => request.url === `/${name}`);
        if (!file) return next();
        createReadStream(join(faceModelDir, file)).pipe(response);
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  // Each file is also written brotli- and gzip-compressed, for the server to send as they are.
  plugins: [
    react(),
    tailwindcss(),
    faceModel(),
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // One KaTeX: the Markdown plugin's `require('katex')` takes the ES build that the renderer
      // and its mhchem extension import, rather than bundling the CommonJS build a second time.
      { find: /^katex$/, replacement: join(packagePath('katex'), 'katex.mjs') },
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
