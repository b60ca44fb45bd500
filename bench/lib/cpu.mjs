// Where a load's CPU time goes, from Linux's /proc: the whole machine, the server process and its
// main thread, and this process (the load generator). A row's throughput says how fast; this says
// what each request cost and who spent it, which is what a missed target is explained by.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** /proc's clock ticks (USER_HZ) are hundredths of a second on every Linux Node runs on. */
const MS_PER_TICK = 10;

/** utime + stime of a /proc stat file, in ms. */
function statMs(path) {
  // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
  const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

/** Busy time of all cores (everything but idle and I/O wait), in ms. */
function machineMs() {
  return cpus().reduce(
    (sum, { times }) => sum + times.user + times.nice + times.sys + times.irq,
    0,
  );
}

function snapshot(serverPid) {
  const own = process.cpuUsage();
  return {
    machine: machineMs(),
    server: statMs(`/proc/${serverPid}/stat`),
    serverMain: statMs(`/proc/${serverPid}/task/${serverPid}/stat`),
    loadGenerator: (own.user + own.system) / 1000,
  };
}

/**
 * Starts counting; the function it returns gives the ms each part spent per request for
 * `requests` answered since: `serverMain`, `serverThreads` (its other threads: the libuv pool
 * that hashes passwords, and V8's garbage collection helpers), `loadGenerator`, and `rest` (the
 * database server, the kernel's network work and anything else running), summing to `total`.
 * Null where /proc cannot be read (not Linux).
 */
export function cpuCounter(serverPid) {
  let before;
  try {
    before = snapshot(serverPid);
  } catch {
    return () => null;
  }
  return (requests) => {
    const after = snapshot(serverPid);
    const per = (part) => (after[part] - before[part]) / requests;
    const server = per('server');
    const serverMain = per('serverMain');
    const loadGenerator = per('loadGenerator');
    const total = per('machine');
    return {
      total,
      serverMain,
      serverThreads: server - serverMain,
      loadGenerator,
      rest: total - server - loadGenerator,
    };
  };
}
