// `npm start`: build whatever is missing or older than its sources, then run the server
// in this process so that signals reach its graceful shutdown directly.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const builds = [
  {
    workspace: '@examiq/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts'],
  },
  {
    workspace: '@examiq/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs'],
  },
];
const sharedSources = ['packages/contracts/src', 'package-lock.json'];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

// A build lists every asset it writes (hundreds of lines): a newcomer sees them only when it fails.
function buildQuietly(workspace) {
  try {
    execSync(`npm run build --silent -w ${workspace}`, { cwd: root, stdio: 'pipe' });
  } catch (error) {
    process.stdout.write(error.stdout ?? '');
    process.stderr.write(error.stderr ?? '');
    console.error(`The build of ${workspace} failed (above).`);
    process.exit(1);
  }
}

for (const build of builds) {
  const output = join(root, build.output);
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(
    ...[...build.sources, ...sharedSources].map((source) => newestChange(join(root, source))),
  );
  if (builtAt < changedAt) {
    console.log(`Building ${build.workspace}...`);
    buildQuietly(build.workspace);
  }
}

await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
