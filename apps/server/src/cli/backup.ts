import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, describePath, loadConfig, userCwd } from '../config';
import { hasEmbeddedDatabase, openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { BackupFileError } from '../modules/backup/backup-format';
import { checkBackup } from '../modules/backup/restore-backup';
import { saveBackup, writeBackup } from '../modules/backup/write-backup';
import { consoleOutput, type Output } from './output';

export const USAGE = 'Usage: npm run backup -- --out <file> [--server <url>]';

/** A refusal of the running server, or no way to reach it; its message is the operator's line. */
class ServerBackupError extends Error {}

async function failureOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return body.message ?? `HTTP ${response.status}`;
}

/**
 * The embedded database is locked by the server that runs on it: the backup is taken by that
 * server, signed in as the admin ADMIN_EMAIL and ADMIN_PASSWORD name.
 */
async function backupThroughServer(config: Config, server: string, file: string): Promise<void> {
  const { adminEmail: email, adminPassword: password } = config;
  if (!email || !password) {
    throw new ServerBackupError(
      `A server is running on DATA_DIR ${describePath(config.dataDir)}: set ADMIN_EMAIL and ADMIN_PASSWORD to an admin's sign-in so it takes the backup`,
    );
  }
  const call = (url: string, init: RequestInit) =>
    fetch(new URL(url, server), init).catch((error: Error) => {
      throw new ServerBackupError(`Cannot reach the server at ${server}: ${error.message}`);
    });
  const login = await call('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new ServerBackupError(`Signing in failed: ${await failureOf(login)}`);
  const { data } = (await login.json()) as { data: { tokens: { accessToken: string } } };
  const authorization = { authorization: `Bearer ${data.tokens.accessToken}` };
  try {
    const response = await call('/api/admin/create-backup', {
      method: 'POST',
      headers: authorization,
    });
    if (!response.ok || !response.body) {
      throw new ServerBackupError(`The server refused the backup: ${await failureOf(response)}`);
    }
    const { body } = response;
    await saveBackup(file, (destination) =>
      pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream), destination),
    ).catch((error: unknown) => {
      if (error instanceof BackupFileError) throw error;
      throw new ServerBackupError(`The backup was cut off: ${(error as Error).message}`);
    });
  } finally {
    await call('/api/auth/logout', { method: 'POST', headers: authorization }).catch(() => {});
  }
}

/**
 * Writes a backup of the configured database to `--out`: PostgreSQL is read directly; the
 * embedded database directly when no server runs on it, otherwise through that server. Resolves
 * to the process exit code.
 */
export async function backup(
  args: string[],
  env: NodeJS.ProcessEnv,
  output: Output = consoleOutput,
): Promise<number> {
  let values: { out?: string | undefined; server?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { out: { type: 'string' }, server: { type: 'string' } },
    }));
  } catch (error) {
    output.err((error as Error).message);
    output.err(USAGE);
    return 1;
  }
  if (!values.out) {
    output.err('--out: the file to write the backup to is required');
    output.err(USAGE);
    return 1;
  }
  const file = path.resolve(userCwd(env), values.out);
  try {
    if (existsSync(file)) {
      throw new BackupFileError(`${values.out} already exists: choose a new file name`);
    }
    if (!existsSync(path.dirname(file))) {
      throw new BackupFileError(`The folder of ${values.out} does not exist`);
    }
    const config = loadConfig(env, { signingKey: false });
    if (!config.databaseUrl && !hasEmbeddedDatabase(config.dataDir)) {
      throw new BackupFileError(
        `DATA_DIR ${describePath(config.dataDir, env)} holds no database to back up`,
      );
    }
    try {
      const database = await openDatabase(config);
      try {
        await saveBackup(file, (destination) => writeBackup(database.db, destination));
      } finally {
        await database.close();
      }
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      await backupThroughServer(config, values.server ?? `http://127.0.0.1:${config.port}`, file);
    }
    const { header, rows } = await checkBackup(file);
    output.out(`Backup written to ${values.out}: ${rows} records, schema ${header.schemaVersion}.`);
    return 0;
  } catch (error) {
    if (
      error instanceof BackupFileError ||
      error instanceof ConfigError ||
      error instanceof ServerBackupError
    ) {
      output.err(error.message);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await backup(process.argv.slice(2), process.env);
}
