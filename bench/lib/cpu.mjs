// Where a load's CPU time goes, from Linux's /proc: the whole machine, the server process and its
// main thread, PostgreSQL's processes, and this process (the load generator). A row's throughput
// says how fast; this says what each request cost and who spent it, which is what a missed target
// is explained by.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** /proc's clock ticks (USER_HZ) are hundredths of a second on every Linux Node runs on. */
const MS_PER_TICK = 10;

/** utime + stime of a /proc stat file's text, in ms. */
function ticksMs(text) {
  // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
  const fields = text.split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

const statMs = (path) => ticksMs(readFileSync(path, 'utf8'));

/**
 * CPU time of each of the PostgreSQL server's processes running now (its backends, the WAL
 * writer, …; every database of this machine's server), by pid: none for the embedded database,
 * which runs inside the server process.
 */
function postgresMs() {
  const times = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (text.includes(' (postgres) ')) times.set(pid, ticksMs(text));
    } catch {
      // Ended meanwhile.
    }
  }
  return times;
}

/** What PostgreSQL's processes spent between two readings; one that ended took its time with it. */
function postgresSpent(before, after) {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

/** Busy time of all cores (everything but idle and I/O wait), in ms. */
function machineMs() {
  return cpus().reduce(
    (sum, { times }) => sum + times.user + times.nice + times.sys + times.irq,
    0,
  );
}

const sumMs = (pids, pathOf) => pids.reduce((sum, pid) => sum + statMs(pathOf(pid)), 0);

function snapshot(serverPids, proxyPids) {
  const own = process.cpuUsage();
  return {
    machine: machineMs(),
    server: sumMs(serverPids, (pid) => `/proc/${pid}/stat`),
    serverMain: sumMs(serverPids, (pid) => `/proc/${pid}/task/${pid}/stat`),
    proxy: sumMs(proxyPids, (pid) => `/proc/${pid}/stat`),
    database: postgresMs(),
    loadGenerator: (own.user + own.system) / 1000,
  };
}

/**
 * Starts counting; the function it returns gives the ms each part spent per request for
 * `requests` answered since, the server processes' summed: `serverMain`, `serverThreads` (their
 * other threads: the libuv pool that hashes passwords, and V8's garbage collection helpers),
 * `proxy` (the processes of a reverse proxy in front of them, if any), `database` (PostgreSQL's
 * processes), `loadGenerator`, and `rest` (the kernel's network work and anything else running),
 * summing to `total`.
 * Null where /proc cannot be read (not Linux).
 */
export function cpuCounter(serverPids, proxyPids = []) {
  let before;
  try {
    before = snapshot(serverPids, proxyPids);
  } catch {
    return () => null;
  }
  return (requests) => {
    const after = snapshot(serverPids, proxyPids);
    const per = (part) => (after[part] - before[part]) / requests;
    const server = per('server');
    const serverMain = per('serverMain');
    const proxy = per('proxy');
    const database = postgresSpent(before.database, after.database) / requests;
    const loadGenerator = per('loadGenerator');
    const total = per('machine');
    return {
      total,
      serverMain,
      serverThreads: server - serverMain,
      proxy,
      database,
      loadGenerator,
      // Read from two sources at slightly different moments: a sliver below 0 is 0.
      rest: Math.max(0, total - server - proxy - database - loadGenerator),
    };
  };
}
