import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { bootstrapFirstAdmin } from './modules/users/bootstrap-admin';
import { FORCED_EXIT_MS, killAfter, SHUTDOWN_DELAY_MS } from './shutdown-deadline';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await bootstrapFirstAdmin(database.db, config);
    const app = await buildApp({ config, db: database, logger: true });

    closeWithGrace({ delay: SHUTDOWN_DELAY_MS, logger: app.log }, async ({ err, signal }) => {
      killAfter(SHUTDOWN_DELAY_MS + FORCED_EXIT_MS);
      if (err) app.log.error({ err }, 'Shutting down after an unexpected error');
      else app.log.info(`Shutting down (${signal ?? 'exit'})`);
      await app.close();
      await database.close();
    });

    await app.listen({ port: config.port, host: config.host });
    console.log(`ExamIQ is ready on http://localhost:${config.port}`);
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The operator's mistakes get one line; anything else keeps its stack for a bug report. */
function describeStartupError(error: unknown): string | null {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  const { code, port } = (error ?? {}) as { code?: unknown; port?: unknown };
  if (code === 'EADDRINUSE') return `Port ${port} is already in use. Set PORT to a free port.`;
  if (code === 'EACCES') return `Not allowed to listen on port ${port}. Set PORT to a free port.`;
  return null;
}

main().catch((error: unknown) => {
  console.error(describeStartupError(error) ?? error);
  process.exit(1);
});
