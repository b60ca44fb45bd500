import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { FORCED_EXIT_MS, SHUTDOWN_DELAY_MS } from '../shutdown-deadline';
import { createTestDatabase, postgresUrlOf } from '../test/database';
import { exited } from '../test/processes';
import { freePort, type ServerProcess, startServer, waitForHealth } from '../test/server-process';

/**
 * A server whose output nobody reads any more (the process reading it died, while another still
 * holds the pipe open) must still stop on SIGTERM within its shutdown delay, and free its data
 * directory for the next one.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
/** Request log lines enough to fill a pipe's buffer many times over. */
const REQUESTS = 3_000;
const AT_ONCE = 20;
/** A loaded machine's leeway for the kill to land and the exit to be seen. */
const LEEWAY_MS = 3_000;

describe.skipIf(process.platform !== 'linux')('shutdown', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  /** The PostgreSQL database the server runs on when the tests do, otherwise none. */
  let postgres: Database | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'examiq-shutdown-'));
    if (process.env.DATABASE_URL) postgres = await createTestDatabase();
  });
  afterAll(async () => {
    if (server) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await postgres?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('ends within its delay when nobody reads the server’s output, and frees its data folder', async () => {
    const port = await freePort();
    const engine = postgres
      ? {
          DATABASE_URL: await postgresUrlOf(postgres.db),
          JWT_SECRET: randomBytes(32).toString('hex'),
        }
      : {};
    server = startServer({ dataDir, port, env: { LOG_LEVEL: 'info', ...engine } });
    const { child } = server;
    await waitForHealth(server, port);
    // From here on nothing is read from its output: the pipe stays open and fills up.
    child.stdout?.pause();
    child.stderr?.pause();
    const readBefore = server.output().length;

    let answered = 0;
    for (let sent = 0; sent < REQUESTS; sent += AT_ONCE) {
      const responses = await Promise.all(
        Array.from({ length: AT_ONCE }, () =>
          fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(10_000) }),
        ),
      );
      answered += responses.filter((response) => response.status === 200).length;
    }
    expect(answered).toBe(REQUESTS);

    const signalled = Date.now();
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited(child).then(() => true),
      new Promise<false>((resolve) =>
        setTimeout(() => resolve(false), SHUTDOWN_DELAY_MS + FORCED_EXIT_MS + LEEWAY_MS),
      ),
    ]);
    const stoppedInMs = Date.now() - signalled;
    child.stdout?.resume();
    child.stderr?.resume();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const unread = server.output().length - readBefore;
    console.log(
      `Shutdown with ${unread} characters of output left unread: ${stopped ? `gone ${stoppedInMs} ms after SIGTERM` : 'still running'}`,
    );
    expect(stopped).toBe(true);
    // Closed in order, not killed by the forced exit: the log never held the process up.
    expect(child.exitCode).toBe(0);
    if (!postgres) (await lockDataDir(dataDir)).release();
  }, 180_000);

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'kills a process whose main thread is stuck once its deadline has passed',
    async () => {
      const stuck = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { killAfter } = await import('./src/shutdown-deadline.ts');
           killAfter(500);
           for (;;) {}`,
        ],
        { cwd: SERVER_DIR, stdio: 'ignore' },
      );
      const killedBy = await Promise.race([
        new Promise<string | null>((resolve) =>
          stuck.once('exit', (_code, signal) => resolve(signal)),
        ),
        new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 20_000)),
      ]);
      stuck.kill('SIGKILL');
      expect(killedBy).toBe('SIGKILL');
    },
    30_000,
  );
});
