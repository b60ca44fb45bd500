import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from '../cli/create-admin';
import { TEST_ENGINE } from '../test/database';
import { bystander, exited, isReleasedZombie, lines, processState } from '../test/processes';
import { LOCK_FILE } from './data-dir-lock';

/**
 * The data directory's lock between real processes, every way it can go wrong: processes
 * starting at once on a crash's lock, an owner killed and left an unreaped zombie (as under a
 * container's pid 1 that does not reap), a lock file whose pid now belongs to another process,
 * and a live owner.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const HOLDER = 'src/test/hold-data-dir-lock.ts';
const TRIALS = 50;
const TRIAL_EVERY_MS = 100;
const AT_ONCE = 6;

let dataDir: string;
const started: ChildProcess[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'examiq-lock-'));
});
afterEach(async () => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});
afterAll(async () => {
  await Promise.all(started.map(exited));
});

interface Attempt {
  outcome: 'locked' | 'refused';
  /** The holder's pid, or the refusal's message. */
  detail: string;
}

async function attempt(child: ChildProcess): Promise<Attempt> {
  started.push(child);
  const [line = ''] = await lines(child, 1);
  const [outcome, ...rest] = line.split(' ');
  if (outcome !== 'locked' && outcome !== 'refused') throw new Error(`Unexpected: ${outcome}`);
  return { outcome, detail: rest.join(' ') };
}

function holderArgs(platform?: string): string[] {
  return ['--import', 'tsx', HOLDER, platform ?? '-', dataDir];
}

/** A process trying to take the lock, at `at` (ms) when given. */
function takeLock(options: { platform?: string; at?: number } = {}): Promise<Attempt> {
  return attempt(
    spawn(process.execPath, holderArgs(options.platform), {
      cwd: SERVER_DIR,
      env: { ...process.env, LOCK_AT: String(options.at ?? 0) },
    }),
  );
}

/**
 * A holder whose parent never reaps its children (a shell replaced by `sleep`): killed, it stays
 * a zombie, with its pid still in the process table.
 */
async function holderLeftAZombie(platform?: string): Promise<number> {
  const shell = spawn(
    'sh',
    ['-c', '"$@" & exec sleep 600', 'sh', process.execPath, ...holderArgs(platform)],
    { cwd: SERVER_DIR },
  );
  const held = await attempt(shell);
  expect(held.outcome).toBe('locked');
  const pid = Number(held.detail);
  process.kill(pid, 'SIGKILL');
  while (!isReleasedZombie(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(processState(pid)).toBe('Z');
  return pid;
}

const lockFile = () => path.join(dataDir, LOCK_FILE);

describe.skipIf(process.platform !== 'linux' || TEST_ENGINE === 'postgres')(
  'the data directory lock between processes',
  () => {
    it(`lets exactly one of ${AT_ONCE} processes starting at once on a crash's lock hold it, in ${TRIALS} trials`, async () => {
      const crashed = spawnSync('true').pid;
      const dataDirs = Array.from({ length: TRIALS }, (_, trial) => path.join(dataDir, `${trial}`));
      for (const trialDir of dataDirs) {
        await mkdir(trialDir);
        await writeFile(path.join(trialDir, LOCK_FILE), String(crashed));
      }
      const at = Date.now() + 3_000;
      const outcomes = await Promise.all(
        Array.from({ length: AT_ONCE }, () => {
          const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, '-', ...dataDirs], {
            cwd: SERVER_DIR,
            env: { ...process.env, LOCK_AT: String(at), LOCK_EVERY: String(TRIAL_EVERY_MS) },
          });
          started.push(child);
          return lines(child, TRIALS);
        }),
      );
      const holders = dataDirs.map(
        (_, trial) => outcomes.filter((printed) => printed[trial]?.startsWith('locked')).length,
      );
      for (const refusal of outcomes.flat().filter((line) => line.startsWith('refused'))) {
        expect(refusal).toMatch(
          /^refused Another server is using .+ \(pid \d+\)\. Stop it first\.$/,
        );
      }
      const shared = holders.filter((count) => count > 1).length;
      console.log(
        `Data directory lock: ${TRIALS} trials of ${AT_ONCE} processes at once on a crash's lock, ${shared} held by more than one`,
      );
      expect(holders).toEqual(Array(TRIALS).fill(1));
    }, 120_000);

    it('lets a restart take the lock of an owner SIGKILLed and left an unreaped zombie', async () => {
      const zombie = await holderLeftAZombie();
      expect((await readFile(lockFile(), 'utf8')).trim()).toBe(String(zombie));
      expect(await takeLock()).toMatchObject({ outcome: 'locked' });
    }, 60_000);

    it('takes a lock whose pid now belongs to another live process', async () => {
      const other = bystander();
      started.push(other);
      await writeFile(lockFile(), String(other.pid));
      expect(await takeLock()).toMatchObject({ outcome: 'locked' });
    }, 60_000);

    it('refuses while a live owner holds it, naming the owner', async () => {
      const owner = await takeLock();
      expect(owner.outcome).toBe('locked');
      expect(await takeLock()).toEqual({
        outcome: 'refused',
        detail: `Another server is using ${dataDir} (pid ${owner.detail}). Stop it first.`,
      });
    }, 60_000);

    it('lets create-admin in only once the server holding the directory is gone', async () => {
      const env = { DATA_DIR: dataDir };
      const args = ['--email', 'cli@examiq.test', '--password', 'Cli-pass-1234'];
      const errors: string[] = [];
      const output = { out: () => {}, err: (line: string) => errors.push(line) };
      const owner = await takeLock();
      expect(await createAdmin(args, env, output)).toBe(1);
      expect(errors).toEqual([
        `Another server is using ${dataDir} (pid ${owner.detail}). Stop it first.`,
      ]);
      for (const child of started.splice(0)) child.kill('SIGKILL');

      await holderLeftAZombie();
      errors.length = 0;
      expect(await createAdmin(args, env, output), errors.join('\n')).toBe(0);
    }, 90_000);

    describe('where no socket dies with its owner (the lock file naming pid and start time)', () => {
      const platform = 'darwin';

      it('refuses while a live owner holds it', async () => {
        const owner = await takeLock({ platform });
        expect(owner.outcome).toBe('locked');
        expect(await takeLock({ platform })).toMatchObject({
          outcome: 'refused',
          detail: expect.stringContaining(`(pid ${owner.detail})`),
        });
      }, 60_000);

      it('takes the lock of an owner left an unreaped zombie', async () => {
        await holderLeftAZombie(platform);
        expect(await takeLock({ platform })).toMatchObject({ outcome: 'locked' });
      }, 60_000);

      it('takes a lock whose pid now belongs to another live process', async () => {
        const other = bystander();
        started.push(other);
        // As a lock file names an owner: its pid, and the start time of the process it was.
        await writeFile(lockFile(), `${other.pid} Thu Jan  1 00:00:00 1970`);
        expect(await takeLock({ platform })).toMatchObject({ outcome: 'locked' });
      }, 60_000);

      it('holds an unreadable lock file (one being written) until it is old', async () => {
        await writeFile(lockFile(), '');
        // Written as the holder starts, however long starting it takes on a busy machine.
        const startedAt = new Date(Date.now() + 60_000);
        await utimes(lockFile(), startedAt, startedAt);
        expect(await takeLock({ platform })).toMatchObject({ outcome: 'refused' });
      }, 60_000);
    });
  },
);
