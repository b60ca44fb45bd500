import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { verifyPassword } from '../modules/auth/passwords';
import { EMAIL_TAKEN_MESSAGE } from '../modules/users/users.service';
import { describeEmbedded } from '../test/database';
import { recordingOutput } from '../test/output';
import { createAdmin, USAGE } from './create-admin';

let cwd: string;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'examiq-cli-'));
  // DATA_DIR is relative: it must land in the directory npm was run from.
  env = { INIT_CWD: cwd, DATA_DIR: 'data' };
});
afterAll(() => rm(cwd, { recursive: true, force: true }));

describeEmbedded('create-admin', () => {
  it.each([
    [[], ['--email: Email is required', '--password: Password is required']],
    [
      ['--email', 'nope', '--password', 'Long-enough-1'],
      ['--email: Please enter a valid email address'],
    ],
    [
      ['--email', 'a@example.com', '--password', 'short'],
      ['--password: Password must be at least 8 characters long'],
    ],
  ])('refuses %j with the spec messages', async (args, messages) => {
    const { lines, output } = recordingOutput();
    expect(await createAdmin(args, env, output)).toBe(1);
    expect(lines.err).toEqual([...messages, USAGE]);
  });

  it('refuses unknown options', async () => {
    const { lines, output } = recordingOutput();
    expect(await createAdmin(['--name', 'x'], env, output)).toBe(1);
    expect(lines.err.at(-1)).toBe(USAGE);
  });

  it('creates a ready-to-use admin, then refuses the same email', async () => {
    const args = ['--email', 'Chief@School.example', '--password', 'Chief-pass-123'];
    const { lines, output } = recordingOutput();
    expect(await createAdmin(args, env, output)).toBe(0);
    expect(lines.out).toEqual(['Admin account chief@school.example created.']);

    const again = recordingOutput();
    expect(
      await createAdmin(
        ['--email', 'chief@school.example', '--password', 'Other-pass-123'],
        env,
        again.output,
      ),
    ).toBe(1);
    expect(again.lines.err).toEqual([EMAIL_TAKEN_MESSAGE]);

    const database = await openDatabase({
      dataDir: path.join(cwd, 'data'),
      databaseUrl: undefined,
    });
    try {
      const [admin] = await database.db.select().from(users);
      expect(admin).toMatchObject({
        email: 'chief@school.example',
        role: 'admin',
        isFirstLogin: false,
      });
      expect(await verifyPassword(admin?.passwordHash ?? '', 'Chief-pass-123')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('refuses clearly while a server holds the data directory', async () => {
    const server = await openDatabase({ dataDir: path.join(cwd, 'data'), databaseUrl: undefined });
    try {
      const { lines, output } = recordingOutput();
      expect(
        await createAdmin(['--email', 'x@example.com', '--password', 'Long-enough-1'], env, output),
      ).toBe(1);
      expect(lines.err).toEqual([
        `Another server is using ${path.join(cwd, 'data')} (pid ${process.pid}). Stop it first.`,
      ]);
    } finally {
      await server.close();
    }
  });
});
