// The server under test: the production bundle `npm start` runs, in a process of its own, so its
// start-up time and memory are the product's and not the load generator's.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Per run, so that two runs at once (two people) do not rebuild under each other's server. */
const BUILD_DIR = join(root, `bench/.data/build-${process.pid}`);
const BUNDLE = join(BUILD_DIR, 'server/dist/main.js');
const WEB_DIST = join(BUILD_DIR, 'web');
/** Long enough that one access token serves a whole engine's run. */
const TOKEN_TTL_SECONDS = 86_400;
/** Settings the server reads that must come from the bench only, never from the caller's shell. */
const SERVER_SETTINGS = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'JWT_SECRET',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'LOG_LEVEL',
  'CORS_ORIGIN',
  'TRUST_PROXY',
  'ACCESS_TOKEN_TTL_SECONDS',
  'REFRESH_TOKEN_TTL_DAYS',
  'WEB_DIST_DIR',
  'REDIS_URL',
  'METRICS_TOKEN',
];

/** The bearer of the server's /api/metrics in a bench run: the rungs read its event-loop delay. */
export const METRICS_TOKEN = 'examiq-bench-metrics-token';

/**
 * The production build of the current sources, by the project's own build steps (the server's
 * build.mjs, the web app's `vite build`), written under bench/.data/build-<pid> instead of the
 * apps' own dist folders: a build empties its output first, and other people's servers and browser tests
 * may be using those folders.
 */
export function buildBundles() {
  console.log(`Building the server bundle and the web app into ${relative(root, BUILD_DIR)}...`);
  process.once('exit', () => rmSync(BUILD_DIR, { recursive: true, force: true }));
  const server = join(BUILD_DIR, 'server');
  mkdirSync(server, { recursive: true });
  // build.mjs builds `src` beside itself into `dist` beside itself.
  symlinkSync(join(root, 'apps/server/src'), join(server, 'src'));
  // The bundle leaves npm packages to Node, which looks beside it first: a package whose version
  // differs from another package's copy is installed under apps/server, not at the root.
  const packages = join(root, 'apps/server/node_modules');
  if (existsSync(packages)) symlinkSync(packages, join(server, 'node_modules'));
  copyFileSync(join(root, 'apps/server/build.mjs'), join(server, 'build.mjs'));
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'] };
  execFileSync(process.execPath, ['build.mjs'], { cwd: server, ...quiet });
  execFileSync(
    join(root, 'node_modules/.bin/vite'),
    ['build', '--outDir', WEB_DIST, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: join(root, 'apps/web'), ...quiet },
  );
}

/** Resident set size of a process, in MiB. */
export function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the bundle on `port` with `settings` (the database's, and those of the several-process
 * recipe: REDIS_URL, TRUST_PROXY) and waits for the first 200 from /api/health; `startupMs` runs
 * from the spawn to that answer.
 */
export function startServer(settings, port) {
  const env = { ...process.env };
  for (const name of SERVER_SETTINGS) delete env[name];
  Object.assign(env, settings, {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'examiq-bench-secret-examiq-bench-secret-0123',
    ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_TTL_SECONDS),
    WEB_DIST_DIR: WEB_DIST,
    METRICS_TOKEN,
  });
  // BENCH_CPU_PROF_DIR=dir writes a V8 CPU profile of each server run there, for finding out why.
  const profiling = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  return startProcess([...profiling, BUNDLE], env, port);
}

/**
 * The exam-save row's ceiling (lib/save-ceiling.mjs): a bare Fastify route in a process of its
 * own, like the server, on the same PostgreSQL database.
 */
export function startSaveCeiling(databaseUrl, port) {
  const env = { ...process.env };
  for (const name of SERVER_SETTINGS) delete env[name];
  Object.assign(env, { DATABASE_URL: databaseUrl, PORT: String(port) });
  return startProcess([join(root, 'bench/lib/save-ceiling.mjs')], env, port);
}

/** Spawns `node args` and waits until it answers 200 at /api/health on `port`. */
async function startProcess(args, env, port) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Whatever ends the bench (a crash included), the server goes with it.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);

  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    pid: child.pid,
    startupMs: performance.now() - started,
    /** The server's last log lines, for a failure report. */
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      process.off('exit', orphanGuard);
    },
  };
}
