import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { describePath, userCwd } from '../config';
import { hasEmbeddedDatabase, openPostgres, recreateEmbedded } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { BackupFileError } from '../modules/backup/backup-format';
import {
  checkBackup,
  clearDatabase,
  countRows,
  holdsRecords,
  restoreBackup,
} from '../modules/backup/restore-backup';
import { consoleOutput, type Output } from './output';

export const USAGE =
  'Usage: npm run restore -- --in <file> [--to <postgres://…> | --data-dir <folder>] [--force]';

/** A target that holds records, refused unless the restore may replace them. */
class TargetNotEmptyError extends BackupFileError {}

/** The operator's mistakes get one line; anything else keeps its stack for a bug report. */
export function describeRestoreFailure(error: unknown): string | null {
  if (error instanceof BackupFileError || error instanceof DataDirLockedError) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  // No server there, no such database, a refused password.
  if (code === 'ECONNREFUSED' || code === '3D000' || code === '28P01') {
    return `Cannot use the PostgreSQL database: ${(error as Error).message}`;
  }
  return null;
}

/** Where a restore writes: PostgreSQL by URL, or an embedded database's folder. */
export type RestoreTarget = { url: string } | { dataDir: string };

/**
 * Restores a checked backup into an empty target (or, with `force`, over what it holds) and
 * checks that every table holds as many rows as the backup. Returns each table's row count.
 */
export async function restoreInto(
  file: string,
  target: RestoreTarget,
  force: boolean,
): Promise<Record<string, number>> {
  await checkBackup(file);
  const refuse = (where: string) =>
    new TargetNotEmptyError(`${where} already holds records: restore into an empty one`);
  let counts: Record<string, number> = {};
  let restored: Record<string, number> = {};
  if ('url' in target) {
    const database = openPostgres(target.url);
    try {
      if ((await holdsRecords(database.db)) && !force) throw refuse('The database');
      await clearDatabase(database.db);
      counts = await restoreBackup(file, database);
      restored = await countRows(database.db, Object.keys(counts));
    } finally {
      await database.close();
    }
  } else {
    if (hasEmbeddedDatabase(target.dataDir) && !force) {
      throw refuse(`The folder ${describePath(target.dataDir)}`);
    }
    await recreateEmbedded(target.dataDir, async (database) => {
      counts = await restoreBackup(file, database);
      restored = await countRows(database.db, Object.keys(counts));
    });
  }
  const differing = Object.keys(counts).filter((table) => counts[table] !== restored[table]);
  if (differing.length > 0) {
    throw new BackupFileError(
      `The restored database does not hold the backup's rows in ${differing.join(', ')}`,
    );
  }
  return counts;
}

/** Restores a backup file. Resolves to the process exit code. */
export async function restore(
  args: string[],
  env: NodeJS.ProcessEnv,
  output: Output = consoleOutput,
): Promise<number> {
  let values: {
    in?: string | undefined;
    to?: string | undefined;
    'data-dir'?: string | undefined;
    force?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        in: { type: 'string' },
        to: { type: 'string' },
        'data-dir': { type: 'string' },
        force: { type: 'boolean' },
      },
    }));
  } catch (error) {
    output.err((error as Error).message);
    output.err(USAGE);
    return 1;
  }
  if (!values.in) {
    output.err('--in: the backup file to restore is required');
    output.err(USAGE);
    return 1;
  }
  if (values.to && values['data-dir']) {
    output.err('--to and --data-dir name two targets: give one');
    output.err(USAGE);
    return 1;
  }
  if (values.to && !/^postgres(ql)?:\/\//.test(values.to)) {
    output.err('--to must be a postgres:// or postgresql:// URL');
    return 1;
  }
  const cwd = userCwd(env);
  const url = values.to ?? (values['data-dir'] ? undefined : env.DATABASE_URL || undefined);
  const target: RestoreTarget = url
    ? { url }
    : { dataDir: path.resolve(cwd, values['data-dir'] ?? (env.DATA_DIR || './data')) };
  try {
    const counts = await restoreInto(path.resolve(cwd, values.in), target, values.force ?? false);
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    const where =
      'url' in target ? 'the PostgreSQL database' : `DATA_DIR ${describePath(target.dataDir, env)}`;
    output.out(
      `Restored ${rows} records in ${Object.keys(counts).length} tables into ${where}. Everyone signs in again.`,
    );
    return 0;
  } catch (error) {
    const line = describeRestoreFailure(error);
    if (line === null) throw error;
    output.err(
      error instanceof TargetNotEmptyError ? `${line}, or add --force to replace them` : line,
    );
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await restore(process.argv.slice(2), process.env);
}
