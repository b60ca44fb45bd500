import { cp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');
const require = createRequire(import.meta.url);

/** Workspace packages ship TypeScript sources, so they are bundled; npm packages stay external. */
const bundleWorkspacePackages = {
  name: 'bundle-workspace-packages',
  setup(build) {
    build.onResolve({ filter: /^@examiq\/contracts$/ }, (args) => ({
      path: require.resolve(args.path),
    }));
  },
};

await rm(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // The parser thread runs a bundle of its own, started from beside the server's.
  entryPoints: { main: 'src/main.ts', 'parser-worker': 'src/uploads/parser-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  plugins: [bundleWorkspacePackages],
  sourcemap: true,
  logLevel: 'info',
});
// The migrator reads the SQL files at run time from beside the bundle (see src/db/client.ts).
await cp(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
