import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { backup } from '../../cli/backup';
import { restore } from '../../cli/restore';
import { openDatabase } from '../../db/client';
import { describeEmbedded } from '../../test/database';
import { recordingOutput } from '../../test/output';
import { exited } from '../../test/processes';
import {
  freePort,
  SERVER_DIR,
  type ServerProcess,
  startServer,
  waitForHealth,
} from '../../test/server-process';

const ADMIN = { ADMIN_EMAIL: 'backup-admin@example.com', ADMIN_PASSWORD: 'Backup-Admin-Pass-1' };
/** Enough audit entries that a backup takes seconds, long enough to be cut off on purpose. */
const BULK_ROWS = 150_000;

let work: string;
let dataDir: string;
let port: number;
let server: ServerProcess;

async function startedServer(): Promise<ServerProcess> {
  const started = startServer({ dataDir, port, env: ADMIN });
  await waitForHealth(started, port);
  return started;
}

/** Resolves with the partial file's name once `file`'s backup has written part of itself. */
async function partialOf(file: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const partial = (await readdir(path.dirname(file))).find((name) =>
      name.startsWith(`${path.basename(file)}.partial-`),
    );
    if (partial) {
      const size = await stat(path.join(path.dirname(file), partial)).then(
        (found) => found.size,
        () => 0,
      );
      if (size > 0) return partial;
    }
    await sleep(10);
  }
  throw new Error(`No partial backup of ${file} appeared`);
}

const env = () => ({ DATA_DIR: dataDir, PORT: String(port), ...ADMIN });

describeEmbedded('npm run backup on the embedded database of a running server', () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'examiq-backup-process-'));
    dataDir = path.join(work, 'data');
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      await database.migrate();
      await database.db.execute(sql`
        insert into audit_log (at, actor_email, action, record_type, record_id, record_label, summary)
        select now(), 'someone@example.com', 'student.update', 'student', g::text, 'A student',
          repeat('changed ', 20)
        from generate_series(1, ${BULK_ROWS}) g`);
    } finally {
      await database.close();
    }
    port = await freePort();
    server = await startedServer();
  }, 120_000);

  afterAll(async () => {
    server.child.kill('SIGKILL');
    await exited(server.child);
    await rm(work, { recursive: true, force: true });
  });

  it('takes the backup through the server, signed in as the admin', async () => {
    const file = path.join(work, 'complete.jsonl.gz');
    const { lines, output } = recordingOutput();
    expect(await backup(['--out', file], env(), output)).toBe(0);
    expect(lines.out).toEqual([expect.stringMatching(/^Backup written to .*: \d+ records/)]);
    const restored = path.join(work, 'restored');
    const restoring = recordingOutput();
    expect(await restore(['--in', file, '--data-dir', restored], {}, restoring.output)).toBe(0);
    expect(restoring.lines.out[0]).toMatch(/^Restored \d+ records/);
  }, 180_000);

  it('leaves no complete-looking file when the backup command is killed', async () => {
    const file = path.join(work, 'killed-command.jsonl.gz');
    const command = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/backup.ts', '--out', file],
      { cwd: SERVER_DIR, env: { ...process.env, ...env(), DATABASE_URL: '' }, stdio: 'ignore' },
    );
    const partial = await partialOf(file);
    command.kill('SIGKILL');
    await exited(command);
    expect(existsSync(file)).toBe(false);
    const { lines, output } = recordingOutput();
    const target = path.join(work, 'from-partial');
    expect(
      await restore(['--in', path.join(work, partial), '--data-dir', target], {}, output),
    ).toBe(1);
    expect(lines.err).toEqual([expect.stringMatching(/is not a complete backup/)]);
  }, 180_000);

  it('leaves no file when the server is killed during the backup', async () => {
    const file = path.join(work, 'killed-server.jsonl.gz');
    const { lines, output } = recordingOutput();
    const taking = backup(['--out', file], env(), output);
    await partialOf(file);
    server.child.kill('SIGKILL');
    expect(await taking).toBe(1);
    expect(lines.err).toEqual([expect.stringMatching(/cut off/)]);
    expect((await readdir(work)).filter((name) => name.startsWith('killed-server'))).toEqual([]);
  }, 180_000);
});
