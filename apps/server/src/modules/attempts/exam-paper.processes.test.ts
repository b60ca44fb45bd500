import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase, postgresUrlOf } from '../../test/database';
import { overHttp } from '../../test/over-http';
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealth,
} from '../../test/server-process';
import { editedInOneProcessSeenInTheOther } from './test-support';

const { DATABASE_URL, REDIS_URL } = process.env;

/**
 * Two real server processes on one PostgreSQL database, as production runs them (with Redis for
 * the live channel when REDIS_URL is set, which the paper does not depend on). Needs DATABASE_URL.
 */
describe.skipIf(!DATABASE_URL)("an exam's paper across two server processes", () => {
  let dir: string;
  let database: Database;
  const servers: ServerProcess[] = [];
  const origins: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'examiq-paper-'));
    database = await createTestDatabase();
    const env = {
      DATABASE_URL: await postgresUrlOf(database.db),
      ...(REDIS_URL ? { REDIS_URL } : {}),
      JWT_SECRET: randomBytes(32).toString('hex'),
    };
    // One after the other: the second finds the migrations done.
    for (const port of [await freePort(), await freePort()]) {
      const server = startServer({ dataDir: dir, port, env });
      servers.push(server);
      await waitForHealth(server, port);
      origins.push(`http://127.0.0.1:${port}`);
    }
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is served as edited through the other process: lobby, start, saves, results and regrade', async () => {
    const [originA, originB] = origins as [string, string];
    await editedInOneProcessSeenInTheOther(
      overHttp(originA),
      overHttp(originB),
      database.db,
      new Date(),
    );
  }, 60_000);
});
