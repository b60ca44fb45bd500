import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { describePath, JWT_SECRET_FILE, userCwd } from '../config';
import { hasEmbeddedDatabase, openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { BackupFileError } from '../modules/backup/backup-format';
import { countRows } from '../modules/backup/restore-backup';
import { saveBackup, writeBackup } from '../modules/backup/write-backup';
import { consoleOutput, type Output } from './output';
import { describeRestoreFailure, restoreInto } from './restore';

export const USAGE = 'Usage: npm run move-to-postgres -- --to <postgres://…> [--data-dir <folder>]';

/**
 * Copies the embedded database of a stopped server into an empty PostgreSQL database through a
 * backup, checks every table's row count on both sides, and prints the settings to start with.
 * Resolves to the process exit code.
 */
export async function moveToPostgres(
  args: string[],
  env: NodeJS.ProcessEnv,
  output: Output = consoleOutput,
): Promise<number> {
  let values: { to?: string | undefined; 'data-dir'?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { to: { type: 'string' }, 'data-dir': { type: 'string' } },
    }));
  } catch (error) {
    output.err((error as Error).message);
    output.err(USAGE);
    return 1;
  }
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    output.err('--to: the postgres:// URL of an empty PostgreSQL database is required');
    output.err(USAGE);
    return 1;
  }
  const dataDir = path.resolve(userCwd(env), values['data-dir'] ?? (env.DATA_DIR || './data'));
  const shownDataDir = describePath(dataDir, env);
  if (!hasEmbeddedDatabase(dataDir)) {
    output.err(`DATA_DIR ${shownDataDir} holds no database to move`);
    return 1;
  }
  // Within the folder, which only its owner may read: the file holds every record.
  const file = path.join(dataDir, `move-to-postgres-${process.pid}.jsonl.gz`);
  try {
    // Opening the folder takes its lock: the server must be stopped, or it would go on writing
    // records the copy does not have.
    const source = await openDatabase({ dataDir, databaseUrl: undefined }).catch((error) => {
      if (error instanceof DataDirLockedError) {
        throw new BackupFileError(
          `${error.message}. Stop the server first: the move copies a database nothing writes to any more`,
        );
      }
      throw error;
    });
    try {
      await saveBackup(file, (destination) => writeBackup(source.db, destination));
      const moved = await restoreInto(file, { url: values.to }, false);
      const tables = Object.keys(moved);
      const before = await countRows(source.db, tables);
      const width = Math.max(...tables.map((table) => table.length));
      output.out('Rows per table (embedded → PostgreSQL):');
      for (const table of tables) {
        const mark = before[table] === moved[table] ? '' : '  DIFFERENT';
        output.out(`  ${table.padEnd(width)}  ${before[table]} → ${moved[table]}${mark}`);
      }
      if (tables.some((table) => before[table] !== moved[table])) {
        output.err('The copy does not hold every row: do not switch to it');
        return 1;
      }
    } finally {
      await source.close();
    }
  } catch (error) {
    const line = describeRestoreFailure(error);
    if (line === null) throw error;
    output.err(line);
    return 1;
  } finally {
    await rm(file, { force: true });
  }
  output.out('');
  output.out('Every record is in PostgreSQL. Start the server (every process) with:');
  output.out(`  DATABASE_URL=${values.to}`);
  const secretFile = path.join(dataDir, JWT_SECRET_FILE);
  output.out(
    existsSync(secretFile)
      ? `  JWT_SECRET=$(cat ${describePath(secretFile, env)})`
      : '  JWT_SECRET=<a random secret of 32 characters or more, the same for every process>',
  );
  output.out('  REDIS_URL=redis://… (with two or more processes, for the sign-in limits)');
  output.out(
    `and keep ${shownDataDir} as it is until the new setup has run: the server no longer uses it.`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await moveToPostgres(process.argv.slice(2), process.env);
}
