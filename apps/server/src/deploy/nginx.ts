import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited } from '../test/processes';
import { freePort } from '../test/server-process';

/**
 * deploy/nginx.conf run as written on loopback, only its ports and certificate changed: what
 * `npm run test:deploy` checks and what the exam-day bench puts its load through.
 */

const RECIPE = fileURLToPath(new URL('../../../../deploy/nginx.conf', import.meta.url));
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** The recipe's upstream: one line per process, each with the recipe's own parameters. */
const UPSTREAM = /^( *)server 127\.0\.0\.1:3001( [^;\n]*);\n *server 127\.0\.0\.1:3002[^;\n]*;$/m;
const TEMP_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

export interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP(S) request on a connection of its own, trusting `ca` (a test's certificate). */
export function send(
  url: URL,
  options: { method: string; headers: Record<string, string>; ca: string },
  body?: string,
): Promise<Answer> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { ...options, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

function replaceOnce(text: string, from: string | RegExp, to: string): string {
  if (!text.match(from)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
  return text.replace(from, to);
}

/** A self-signed certificate for 127.0.0.1, valid a day. */
function certificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const openssl = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ]);
  if (openssl.status !== 0) throw new Error(`openssl failed: ${openssl.stderr}`);
  return { cert, key };
}

export interface Nginx {
  /** https://127.0.0.1:port, the site. */
  origin: string;
  /** http://127.0.0.1:port, the listener that sends clients to HTTPS. */
  plainOrigin: string;
  /** The certificate nginx presents, for a client to trust. */
  ca: string;
  child: ChildProcess;
  /** The master's and its workers' pids, for their CPU time. */
  pids: () => number[];
  stop: () => Promise<void>;
}

/**
 * Starts nginx with the recipe in front of the server processes listening on `upstreams`
 * (loopback ports, one or more) and waits until /api/health answers 200 through it.
 */
export async function startNginx(upstreams: number[]): Promise<Nginx> {
  const dir = await mkdtemp(path.join(tmpdir(), 'examiq-nginx-'));
  const [secure, plain] = [await freePort(), await freePort()];
  const { cert, key } = certificate(dir);
  const ca = await readFile(cert, 'utf8');

  let site = await readFile(RECIPE, 'utf8');
  site = replaceOnce(
    site,
    UPSTREAM,
    upstreams.map((port) => `$1server 127.0.0.1:${port}$2;`).join('\n'),
  );
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${plain};`);
  site = replaceOnce(site, 'listen 443 ssl;', `listen 127.0.0.1:${secure} ssl;`);
  site = replaceOnce(site, '/etc/ssl/certs/examiq.pem', cert);
  site = replaceOnce(site, '/etc/ssl/private/examiq.key', key);
  await writeFile(path.join(dir, 'examiq.conf'), site);
  for (const name of TEMP_PATHS) await mkdir(path.join(dir, name));
  // What Debian's /etc/nginx/nginx.conf gives a site, with every file in this folder. Its 768
  // connections a worker would not hold the bench's 512 clients and as many to the processes.
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      `user ${userInfo().username};`,
      'worker_processes auto;',
      `pid ${dir}/nginx.pid;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      ...TEMP_PATHS.map((name) => `  ${name}_temp_path ${dir}/${name};`),
      `  include ${dir}/examiq.conf;`,
      '}',
    ].join('\n'),
  );

  const child = spawn(
    NGINX,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', `${dir}/error.log`],
    {
      stdio: 'pipe',
    },
  );
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // nginx outlives a parent that dies, holding its ports: whatever ends this process ends it.
  const orphanGuard = () => child.kill('SIGTERM');
  process.once('exit', orphanGuard);
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child);
    process.off('exit', orphanGuard);
    await rm(dir, { recursive: true, force: true });
  };
  const origin = `https://127.0.0.1:${secure}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const health = await send(new URL('/api/health', origin), {
      method: 'GET',
      headers: {},
      ca,
    }).catch(() => undefined);
    if (health?.statusCode === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
      await stop();
      throw new Error(`nginx did not start:\n${output}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const pids = () => {
    const master = child.pid;
    if (master === undefined) return [];
    const workers = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8');
    return [master, ...workers.split(' ').filter(Boolean).map(Number)];
  };
  return { origin, plainOrigin: `http://127.0.0.1:${plain}`, ca, child, pids, stop };
}
