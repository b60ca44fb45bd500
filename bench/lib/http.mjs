// HTTP measurements: autocannon load at a fixed concurrency, sequential request timings, and a
// cheap client for simulated users who each keep their own schedule.
import http from 'node:http';
import https from 'node:https';
import autocannon from 'autocannon';
import { cpuCounter } from './cpu.mjs';
import { rssMiB } from './server.mjs';

/** The peak of the server processes' summed RSS while `work` runs, sampled every 250 ms. */
export async function withPeakRss(pids, work) {
  const rss = () => pids.reduce((sum, pid) => sum + rssMiB(pid), 0);
  let peak = rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 250);
  try {
    return { result: await work(), peakRssMiB: peak };
  } finally {
    clearInterval(timer);
  }
}

const SETTLED_MS = 100;
/** The web app sets no time-out (spec section 7): a slow answer is waited for, not retried. */
const TIMEOUT_SECONDS = 60;
const SETTLE_LIMIT_MS = 300_000;

/**
 * Waits until /api/health answers within 100 ms: requests still in flight when a run stops are
 * still being worked through by the server, and must not weigh on the next measurement.
 * Returns how long that took.
 */
export async function settle(server) {
  const started = performance.now();
  while (performance.now() - started < SETTLE_LIMIT_MS) {
    const asked = performance.now();
    const ok = await fetch(`${server.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok && performance.now() - asked < SETTLED_MS) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server was still busy ${SETTLE_LIMIT_MS / 1000} s after the load stopped`);
}

/**
 * Load at `connections` concurrent keep-alive connections for `seconds`, after a warm-up of a
 * tenth of that (JIT, pools, caches) that is not counted. `next()` gives each request
 * ({ method, path, body }); a response whose status is not `expect` (one or a list) is an error.
 */
export async function load(server, { connections, seconds, headers, next, expect = 200 }) {
  const run = (duration) =>
    autocannon({
      url: server.url,
      connections,
      duration,
      timeout: TIMEOUT_SECONDS,
      requests: [
        {
          // Fresh headers each time: autocannon writes Content-Length into the headers object it
          // is given, which a GET following a POST would otherwise send without a body.
          setupRequest: (request) => ({
            ...request,
            headers: { 'content-type': 'application/json', ...headers },
            ...next(),
          }),
        },
      ],
    });
  await run(Math.max(1, seconds / 10));
  await settle(server);
  const cpuPerAnswer = cpuCounter([server.pid]);
  const { result, peakRssMiB } = await withPeakRss([server.pid], () => run(seconds));
  const expected = [expect].flat().map(String);
  let ok = 0;
  /** Statuses other than the expected ones, e.g. { 429: 3 }: each is an error. */
  const unexpected = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    if (expected.includes(code)) ok += Number(count);
    else unexpected[code] = Number(count);
  }
  const wrong = Object.values(unexpected).reduce((sum, count) => sum + count, 0);
  // Counted before the settling, which is not load.
  const cpu = cpuPerAnswer(ok + wrong);
  const backlogMs = await settle(server);
  return {
    rps: ok / result.duration,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + wrong,
    unexpected,
    peakRssMiB,
    backlogMs,
    cpu,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * `count` requests one after another on one connection, after `warmUp` more that are not timed
 * (as the load rows' warm-up: the server's code is compiled and its statements prepared); the
 * median time of those answered with `expect` (others, such as a 409 for a pair that exists, are
 * counted and left out).
 */
export async function sequential(server, { count, warmUp, headers, next, expect }) {
  const times = [];
  const others = {};
  for (let made = -warmUp; made < count; made++) {
    const { method, path, body } = next();
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    await response.arrayBuffer();
    if (made < 0) continue;
    const elapsed = performance.now() - started;
    if (response.status === expect) times.push(elapsed);
    else others[response.status] = (others[response.status] ?? 0) + 1;
  }
  return { medianMs: median(times), counted: times.length, others };
}

/** `POST /api/auth/login`; the tokens of the session. */
export async function signIn(server, credentials) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) {
    throw new Error(`Sign-in as ${credentials.email} answered ${response.status}`);
  }
  return (await response.json()).data.tokens;
}

/**
 * A client for simulated users, each on a schedule of their own (open loop: a request goes when
 * its user would send it, whatever the server's speed): node:http over `sockets` keep-alive
 * connections, as a reverse proxy in front of the server keeps, cheaper per request than fetch.
 * A request beyond them waits for a free connection, and that wait counts in its time: `send`
 * times from `since` (when the user asked, by default now) to the end of the answer. It never
 * rejects: no answer (a dropped connection, 60 s without a byte) is status 0. The body is read
 * only when `read` is set. An https URL is reached trusting `server.ca`, the certificate of the
 * run's nginx.
 */
export function userClient(server, { sockets }) {
  const { protocol, hostname, port } = new URL(server.url);
  const transport = protocol === 'https:' ? https : http;
  const agent = new transport.Agent({
    keepAlive: true,
    maxSockets: sockets,
    maxFreeSockets: sockets,
    ca: server.ca,
  });
  const send = ({ method, path, headers = {}, body, read = false, since = performance.now() }) =>
    new Promise((resolve) => {
      let done = false;
      const finish = (status, text) => {
        if (done) return;
        done = true;
        resolve({ status, ms: performance.now() - since, body: text });
      };
      const request = transport.request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers:
            body === undefined
              ? headers
              : {
                  'content-type': 'application/json',
                  ...headers,
                  'content-length': Buffer.byteLength(body),
                },
          timeout: TIMEOUT_SECONDS * 1000,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => {
            if (read) chunks.push(chunk);
          });
          response.on('end', () =>
            finish(response.statusCode, read ? Buffer.concat(chunks).toString() : undefined),
          );
          response.on('error', () => finish(0));
        },
      );
      request.on('timeout', () => request.destroy(new Error('time-out')));
      request.on('error', () => finish(0));
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}
