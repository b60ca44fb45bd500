// `npm run bench [-- --quick] [--only id,id] [--engine pglite|postgres|both] [--processes n]
// [--students n]`: seeds (or reuses) the data set, starts the production server on each engine,
// runs the scenarios (every one but the exam-day ladder unless --only names it; with --processes,
// the exam day through nginx to n processes beside one; with --students, the exam day at that one
// size), and writes bench/results/latest.md (exam-day.md for the whole ladder on both engines,
// partial.md for anything else). Targets are ratios against figures measured in the same run.
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

// The seeder and some scenarios use the server's TypeScript sources (schema, argon2id) and the
// contracts' test fixtures.
register();
const { ADMIN, describeScale, SCALES } = await import('./lib/dataset.mjs');
const { prepareDatabase } = await import('./lib/databases.mjs');
const { buildBundles, freePort, rssMiB, startServer } = await import('./lib/server.mjs');
const { signIn } = await import('./lib/http.mjs');
const { ms, SCENARIOS } = await import('./lib/scenarios.mjs');
const { recipeMissing } = await import('./lib/exam-day.mjs');
const { browserScenarios } = await import('./lib/browser.mjs');
const { command, writeReport } = await import('./lib/report.mjs');

const ENGINES = ['pglite', 'postgres'];
/** Figures every server start gives; --only picks them like the scenarios. */
const SERVER_FIGURES = ['seed', 'startup', 'memory'];
const BROWSER_SCENARIOS = ['bundle', 'wizard'];
/** The rows --processes sends through the several-process recipe. */
const RECIPE_SCENARIOS = ['exam-day'];
/** Half an hour or more on its own: run when asked for by --only. */
const ASKED_FOR_ONLY = ['exam-day'];
const IDLE_SETTLE_MS = 2_000;

const NOTES = [
  'Load: autocannon in the bench process on the same machine, keep-alive connections, a warm-up of a tenth of the duration first (not counted). Throughput counts only the expected statuses; any other status, a time-out (60 s: the web app sets none) or a dropped connection is an error. After each row the bench waits until the server has answered what was still in flight; "busy N s after" says it took long.',
  'Baseline: the server has no route that answers without the database and without authentication (/api/health runs `select 1`), so the baseline is an unknown /api path, answered 404 with a JSON body by the not-found handler: the same Fastify instance, hooks and security headers, no database, no auth. A row compared with the baseline measures it around itself, half just before and half just after (its figure says the baseline it got); the Baseline row is the one measured first, for reference.',
  'Sign-in: random seeded students (one shared argon2id hash, the product parameters). The raw verify rate is measured in the bench process with the product’s verifyPassword, 16 at a time and the same UV_THREADPOOL_SIZE, half just before and half just after the server run. Sign-in limits count failures only; every sign-in here succeeds, and a 429 would show as an error. CPU per sign-in is read from /proc over the measured run: the cores’ busy time, the server’s main thread and its other threads, PostgreSQL’s processes, and the bench process (the load generator); the rest is the kernel and anything else running.',
  'Mixed workload: student lists (first 10 pages), exam lists, faculty list, student and faculty details, batches, cascade look-ups, dashboard, and creates of sections, courses and small exams. Student and faculty creation are left out: each hashes a default password, a cost the sign-in row measures.',
  'create-exam: sequential on one connection after create-batch (fresh start/end year pairs); each first makes as many again untimed, to warm the server up; only 201 answers are timed.',
  'Exam day (bench/README.md, “Exam day”): the students of the first seeded branches (one exam of 20 questions per branch of 500, the two papers in turn: choices, numbers, short answers and essays; choices, blanks, pairs, orders and essays) sign in 16 at a time before their rung and keep their session; they start at random moments of a 60 s window and sit a 2-minute exam as the web app saves it: 1 to 3 answers change on average every 20 s, saved 1.5 s later, a heartbeat 30 s ±20% after the last acknowledged save, essays of up to 2,000 characters. Half submit between 50% and 90% of their time; the server submits the rest at the deadline. Only the exam’s length is compressed: the pace is a real student’s. Requests go over 512 keep-alive connections, each timed from the moment its student asked. Errors include a submit recorded as the deadline’s. Every acknowledged answer is then looked for in attempt_answers by direct SQL: lost means missing or at an older version. CPU is given as shares of a core: the server, PostgreSQL’s processes, the load generator and the rest of the machine. The ceiling of exam-save is a bare Fastify route in its own process doing only a save’s transaction (heartbeat update, upsert of its answers guarded by seq) through a node-postgres pool of 20, the server’s size, on the same database.',
  'Live monitor (bench/README.md, “Live monitor”): 200 students of a proctored exam, each with its live socket open (a ping every 5 s, and the server timing its round trip every 5 s), report a heartbeat every 5 s, and signals (about one every 30 s each, each raising an alert) in the next report; the proctor watches the monitor on a WebSocket. Each report’s row update and alert is timed from the moment its report was due to leave to its arrival on the proctor’s socket, over the 60 s after a 15 s warm-up; a report whose update or alerts never came is missing. CPU is given as shares of a core over those 60 s.',
  'Browser: Chromium with a fresh profile per page; sizes are gzip -9 of each JS and CSS response body, computed by the bench. The wizard figures come from a 250-question draft stored where the wizard keeps it and resumed; keystrokes are timed from the keydown event to the paint that follows it.',
];

/** Said under the tables of a --processes run. */
const RECIPE_NOTE =
  'Exam day through nginx (--processes n, bench/README.md): deploy/nginx.conf as `npm run test:deploy` runs it, only its ports and certificate changed, under Debian’s main nginx.conf with room for 4,096 connections a worker: TLS at nginx, where the students’ 512 keep-alive connections arrive over HTTPS trusting the run’s own self-signed certificate; behind it server processes on the run’s PostgreSQL database and one Redis, TRUST_PROXY=127.0.0.1. Each rung is sat twice in a row, through nginx to the first process alone (the others stopped), then through another nginx to all n; the n-process row says its figures against the one-process row just before it. The bench’s own server is stopped meanwhile; the exams are created on the first process directly. CPU names nginx’s processes apart; the server’s CPU and RSS are its processes’ summed.';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    engine: { type: 'string', default: 'both' },
    processes: { type: 'string', default: '1' },
    students: { type: 'string' },
  },
});
const known = [...SERVER_FIGURES, ...SCENARIOS.map((s) => s.id), ...BROWSER_SCENARIOS];
const only = flags.only?.split(',').map((id) => id.trim());
if (
  only?.some((id) => !known.includes(id)) ||
  !['pglite', 'postgres', 'both'].includes(flags.engine) ||
  !/^[1-9][0-9]*$/.test(flags.processes) ||
  (flags.students !== undefined &&
    (!/^[1-9][0-9]*$/.test(flags.students) || !only?.includes('exam-day')))
) {
  console.error(
    `Usage: npm run bench -- [--quick] [--engine pglite|postgres|both] [--processes n]`,
  );
  console.error(`                        [--students n, with --only exam-day]`);
  console.error(`                        [--only ${known.join(',')}]`);
  process.exit(2);
}
const processes = Number(flags.processes);
const students = flags.students === undefined ? undefined : Number(flags.students);
if (processes > 1) {
  // The embedded database lives in one process: only PostgreSQL can be shared by several.
  const missing =
    flags.engine === 'postgres'
      ? await recipeMissing()
      : '--processes needs PostgreSQL, which the processes share: add --engine postgres';
  if (missing) {
    console.error(missing);
    process.exit(2);
  }
}

/** The chosen scenarios and those their targets are measured against. */
function selection() {
  const selected = new Set(only ?? known.filter((id) => !ASKED_FOR_ONLY.includes(id)));
  for (const scenario of [...SCENARIOS].reverse()) {
    if (selected.has(scenario.id)) for (const need of scenario.needs ?? []) selected.add(need);
  }
  // The memory under load is read during the mixed workload.
  if (selected.has('memory')) selected.add('mixed');
  return selected;
}

const quick = flags.quick;
const scaleName = quick ? 'quick' : 'full';
const scale = SCALES[scaleName];
if (students > scale.students) {
  console.error(`--students ${students}: the ${scaleName} data set has ${scale.students} students`);
  process.exit(2);
}
const selected = selection();
const serverWanted = known.some((id) => selected.has(id) && !BROWSER_SCENARIOS.includes(id));
const chosenEngines = flags.engine === 'both' ? ENGINES : [flags.engine];
// Browser figures do not depend on the engine: one server is enough when they are all that runs.
const engines = serverWanted ? chosenEngines : chosenEngines.slice(0, 1);
const timing = { seconds: quick ? 3 : 20, creates: quick ? 5 : 30 };
const rows = [];
/** Per engine and row title, what the engines are compared by. */
const headlines = { pglite: {}, postgres: {} };

/** A report row, if its scenario was asked for; `headline` ({ value, text, p99? }) compares engines. */
function record(id, engine, title, verdict, headline) {
  if (!selected.has(id)) return;
  const recipe = RECIPE_SCENARIOS.includes(id);
  rows.push({
    title,
    engine,
    ...verdict,
    command: command(id, engine, quick, recipe ? processes : 1, recipe ? students : undefined),
  });
  if (engine && headline) headlines[engine][title] = headline;
}

const info = (figure) => ({ target: 'record', figure, pass: null });

/** What a scenario is compared by across engines: throughput, or the create-exam median. */
function headlineOf(m) {
  if (m.rps !== undefined) {
    return { value: m.rps, text: `${Math.round(m.rps)} req/s, p99 ${ms(m.p99)}`, p99: m.p99 };
  }
  return { value: m.exam.medianMs, text: `create-exam ${Math.round(m.exam.medianMs)} ms` };
}

/** One engine: a fresh copy of the data set, a server on it, the selected scenarios. */
async function runEngine(engine, withBrowser) {
  console.log(`\n== ${engine}: preparing the ${scaleName} data set`);
  // `--only seed` asks to measure seeding: the cache is bypassed (and replaced).
  const data = await prepareDatabase(engine, scaleName, scale, { reseed: only?.includes('seed') });
  const { seconds, at, cached } = data.seed;
  record(
    'seed',
    engine,
    'Seeding the data set',
    info(`${seconds.toFixed(1)} s${cached ? ` (cached, seeded ${at.slice(0, 16)}Z)` : ''}`),
    { value: seconds, text: `${seconds.toFixed(1)} s` },
  );
  const start = async () => {
    const server = await startServer(data.env, await freePort());
    const { accessToken } = await signIn(server, ADMIN);
    return { server, auth: { authorization: `Bearer ${accessToken}` } };
  };
  let ctx = {
    ...timing,
    scale,
    quick,
    engine,
    processes,
    students,
    databaseEnv: data.env,
    ...(await start()),
  };
  // The embedded database has one process: reading it directly means stopping the server.
  ctx.whileStopped = async (work) => {
    await ctx.server.stop();
    try {
      return await work();
    } finally {
      Object.assign(ctx, await start());
    }
  };
  try {
    const startup = Math.round(ctx.server.startupMs);
    record('startup', engine, 'Start-up to the first healthy response', info(`${startup} ms`), {
      value: startup,
      text: `${startup} ms`,
    });
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const idleRss = Math.round(rssMiB(ctx.server.pid));

    const results = {};
    for (const scenario of SCENARIOS.filter((s) => selected.has(s.id))) {
      console.log(`== ${engine}: ${scenario.title}`);
      try {
        results[scenario.id] = await scenario.run(ctx);
        const verdict = scenario.judge(results[scenario.id], results, engine);
        // A scenario may give several rows, each with its title and what compares the engines.
        for (const { title, headline, ...row } of [verdict].flat()) {
          const compared = headline ?? headlineOf(results[scenario.id]);
          record(scenario.id, engine, title ?? scenario.title, row, compared);
        }
      } catch (error) {
        // One scenario's failure (a server that never recovers from it, say) is a row of the
        // report; the next scenario gets a fresh server on the same data.
        console.error(`${error.stack}\nThe server's last output:\n${ctx.server.output()}`);
        record(scenario.id, engine, scenario.title, {
          target: '—',
          figure: `failed: ${error.message}`,
          pass: false,
        });
        await ctx.server.stop();
        ctx = { ...ctx, ...(await start()) };
      }
    }
    const loadRss = results.mixed ? `${Math.round(results.mixed.peakRssMiB)} MiB` : 'not run';
    record(
      'memory',
      engine,
      'Server RSS: idle / peak during the mixed workload',
      info(`${idleRss} MiB / ${loadRss}`),
      { value: idleRss, text: `${idleRss} MiB idle, ${loadRss} peak` },
    );

    if (withBrowser) {
      console.log(`== browser (Chromium) against the ${engine} server`);
      for (const row of await browserScenarios(ctx.server.url, selected)) {
        record(row.id, null, row.title, row);
      }
    }
  } finally {
    await ctx.server.stop();
    await data.dispose();
  }
}

function engineRatios() {
  return Object.entries(headlines.pglite)
    .filter(([title]) => headlines.postgres[title])
    .map(([title, pglite]) => {
      const postgres = headlines.postgres[title];
      const p99 = pglite.p99 ? `; p99 ${(pglite.p99 / postgres.p99).toFixed(2)}` : '';
      return {
        title,
        pglite: pglite.text,
        postgres: postgres.text,
        ratio: `${(pglite.value / postgres.value).toFixed(2)}${p99}`,
      };
    });
}

/** Which results this run's report replaces (bench/lib/report.mjs). */
function runReplaces() {
  if (flags.engine !== 'both') return 'partial';
  if (!only) return 'latest';
  const wholeLadder = only.length === 1 && only[0] === 'exam-day' && !students && processes === 1;
  return wholeLadder ? 'examDay' : 'partial';
}

buildBundles();
const browserWanted = BROWSER_SCENARIOS.some((id) => selected.has(id));
for (const [index, engine] of engines.entries()) {
  await runEngine(engine, browserWanted && index === 0);
}
writeReport({
  quick,
  run: runReplaces(),
  dataSet: describeScale(scale),
  rows,
  ratios: engineRatios(),
  notes: processes > 1 ? [...NOTES, RECIPE_NOTE] : NOTES,
});
