import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { emailField, passwordField } from '@examiq/contracts';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { ApiError } from '../errors';
import { createUser } from '../modules/users/users.service';
import { consoleOutput, type Output } from './output';

export const USAGE = 'Usage: npm run create-admin -- --email <email> --password <password>';

const argumentsSchema = z.object({
  email: emailField,
  password: passwordField('Password is required'),
});

/**
 * Creates an admin account ready to use (no first-login reset) in the configured database.
 * Resolves to the process exit code.
 */
export async function createAdmin(
  args: string[],
  env: NodeJS.ProcessEnv,
  output: Output = consoleOutput,
): Promise<number> {
  let values: { email?: string | undefined; password?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { email: { type: 'string' }, password: { type: 'string' } },
    }));
  } catch (error) {
    output.err((error as Error).message);
    output.err(USAGE);
    return 1;
  }

  const input = argumentsSchema.safeParse(values);
  if (!input.success) {
    for (const issue of input.error.issues)
      output.err(`--${issue.path.join('.')}: ${issue.message}`);
    output.err(USAGE);
    return 1;
  }

  try {
    const database = await openDatabase(loadConfig(env));
    try {
      await database.migrate();
      const admin = await createUser(database.db, {
        ...input.data,
        role: 'admin',
        isFirstLogin: false,
      });
      output.out(`Admin account ${admin.email} created.`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (
      error instanceof ApiError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      output.err(error.message);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await createAdmin(process.argv.slice(2), process.env);
}
