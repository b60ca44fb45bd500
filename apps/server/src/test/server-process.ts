import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The server workspace, where its scripts run from. */
export const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(address),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** What it printed so far, on either stream. */
  output: () => string;
  exited: Promise<void>;
}

/**
 * A real server process on the embedded database in `dataDir` (or the database `env` names), from
 * the current sources through tsx (a bundle on disk may be older than them) unless `built` asks
 * for the production bundle `npm run build` wrote, its output piped to this process.
 */
export function startServer(options: {
  dataDir: string;
  port: number;
  env?: NodeJS.ProcessEnv;
  built?: boolean;
}): ServerProcess {
  const { DATABASE_URL, JWT_SECRET, INIT_CWD, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const entry = options.built ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: SERVER_DIR,
    env,
    stdio: 'pipe',
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, output: () => output, exited };
}

/** Waits until the server answers 200 at /api/health; fails when it exits or takes too long. */
export async function waitForHealth(server: ServerProcess, port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited (${server.child.exitCode}):\n${server.output()}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy:\n${server.output()}`);
}
