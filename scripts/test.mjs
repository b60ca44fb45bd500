// `npm test`: static checks, then every suite (unit, API on PGlite, API on PostgreSQL when
// DATABASE_URL is set, browser, on a Chromium it gets when the machine has none, and the nginx
// deployment when PostgreSQL, Redis and nginx are there), then one line with the totals of all
// suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium, onPath } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const { DATABASE_URL, ...envWithoutDatabase } = process.env;
const totals = { passed: 0, failed: 0 };
const problems = [];
/** Seconds each step took, printed together before the totals: where CI's time goes. */
const durations = [];

function run(title, command, args, env = envWithoutDatabase) {
  console.log(`\n=== ${title} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  durations.push({ title, seconds: (performance.now() - started) / 1000 });
  return result.status === 0;
}

function countVitest(title, file, ok) {
  const path = join(reports, file);
  if (!existsSync(path)) {
    problems.push(`${title}: no report was written`);
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  if (!ok && report.numFailedTests === 0) {
    problems.push(`${title}: the runner failed outside the tests`);
    totals.failed += 1;
  }
}

function vitest(title, file, args, env) {
  const ok = run(
    title,
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, file)}`,
    ],
    env,
  );
  countVitest(title, file, ok);
}

if (!run('Lint', 'npx', ['biome', 'check', '.'])) problems.push('lint failed');
if (!run('Typecheck', 'npm', ['run', 'typecheck', '--silent'])) problems.push('typecheck failed');

vitest('Unit, component and API tests (embedded PGlite)', 'vitest.json', []);
if (DATABASE_URL) {
  vitest('API tests on PostgreSQL', 'vitest-postgres.json', ['--project', 'server'], {
    ...envWithoutDatabase,
    DATABASE_URL,
  });
} else {
  console.log('\nDATABASE_URL is not set: the API suite on PostgreSQL is skipped.');
}

// The Playwright config finds the Chromium ensureChromium found or installed by the same search.
function browserTests() {
  const ok = run(
    'Browser tests (Chromium)',
    'npx',
    ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'],
    { ...envWithoutDatabase, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') },
  );
  const path = join(reports, 'playwright.json');
  if (existsSync(path)) {
    const { stats } = JSON.parse(readFileSync(path, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    if (!ok && stats.unexpected === 0) {
      problems.push('browser tests: the runner failed outside the tests');
      totals.failed += 1;
    }
  } else {
    problems.push('browser tests: no report was written');
    totals.failed += 1;
  }
}

// deploy/nginx.conf in front of two built server processes, on PostgreSQL and Redis: CI has all
// three (.ci/run); a developer's machine may not, and then skips it as it skips PostgreSQL.
function deploymentTests() {
  const nginx = onPath('nginx', { PATH: `${process.env.PATH}${delimiter}/usr/sbin` });
  if (!DATABASE_URL || !process.env.REDIS_URL || !nginx) {
    console.log('\nDATABASE_URL, REDIS_URL or nginx is missing: the deployment test is skipped.');
    return;
  }
  vitest(
    'Deployment: nginx in front of two server processes',
    'vitest-deploy.json',
    ['--config', 'apps/server/vitest.deploy.config.ts'],
    { ...envWithoutDatabase, DATABASE_URL, NGINX_PATH: nginx },
  );
}

// A machine without a browser fails here, never passes by leaving the browser tests out.
const chromium = ensureChromium();
if (!run('Build', 'npm', ['run', 'build', '--silent'])) {
  problems.push('build failed, browser and deployment tests not run');
  totals.failed += 1;
} else {
  if (chromium.path) browserTests();
  else {
    problems.push(`browser tests not run: ${chromium.problem}`);
    totals.failed += 1;
  }
  deploymentTests();
}

console.log('\nTime per step:');
for (const { title, seconds } of durations)
  console.log(`${seconds.toFixed(0).padStart(6)} s  ${title}`);
console.log(`${(performance.now() / 1000).toFixed(0).padStart(6)} s  The whole run`);
for (const problem of problems) console.log(`Problem: ${problem}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 && problems.length === 0 ? 0 : 1);
