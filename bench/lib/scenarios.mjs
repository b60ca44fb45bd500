// The server scenarios, each with its target. A scenario's `run` measures on one engine's server;
// its `judge` turns that measurement (and the ones it is compared with) into a report row.
import { validExamPayload } from '@examiq/contracts/test-support';
import { hashPassword, verifyPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { BANK_QUESTIONS, bankSearchRun, SEARCHES_A_SECOND } from './bank-search.mjs';
import {
  BATCH_YEARS,
  benchId,
  FIRST_BATCH_YEAR,
  PERSON_PASSWORD,
  randomIndex,
  randomPlacement,
  studentEmail,
  totals,
} from './dataset.mjs';
import { DRAWN_START_RATIO, drawnStart } from './drawn-start.mjs';
import {
  CONNECTIONS,
  CONTENT_TARGETS,
  examDay,
  failuresOf,
  PAPER_IMAGES,
  processes,
  saveThroughput,
  TARGETS,
  withinTargets,
} from './exam-day.mjs';
import { largestExamQuestions, largestExamSections } from './exams.mjs';
import { load, sequential } from './http.mjs';
import {
  IMPORT_BATCH,
  IMPORT_ROWS,
  INVITATIONS_LOOKUP_P99_MS,
  importInvitationsRun,
  importPreviewRun,
  importStudentsRun,
} from './imports.mjs';
import { MONITOR_P99_MS, MONITOR_STUDENTS, monitorLive } from './monitor-live.mjs';
import {
  EXPORT_GROWTH_MIB,
  exportCsv,
  exportXlsx,
  REGRADE_FACTOR,
  RESULT_ATTEMPTS,
  regradeRun,
} from './results.mjs';

const LOAD_CONNECTIONS = 32;
const SIGN_IN_CONNECTIONS = 16;
const PAGE = 10;

const get = (path) => ({ method: 'GET', path });
const post = (path, payload) => ({ method: 'POST', path, body: JSON.stringify(payload) });
const lastPage = (scale) => Math.ceil(scale.students / PAGE);
const percent = (part, whole) => `${Math.round((100 * part) / whole)}%`;
export const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const rate = (value) => `${Math.round(value).toLocaleString('en-US')} req/s`;
/** Errors named by status (`3 × 404`), so a rate limit or a missing route shows for what it is. */
function errorsOf(m) {
  if (!m.errors) return '';
  const statuses = Object.entries(m.unexpected).map(([code, count]) => `${count} × ${code}`);
  const failed = m.errors - Object.values(m.unexpected).reduce((sum, count) => sum + count, 0);
  if (failed > 0) statuses.push(`${failed} × no answer`);
  return `, errors: ${statuses.join(', ')}`;
}
/** A server still working through abandoned requests after the run is worth saying. */
const backlogOf = (m) =>
  m.backlogMs > 1_000 ? `; busy ${Math.round(m.backlogMs / 1000)} s after` : '';
const loadFigure = (m) => `${rate(m.rps)}, p99 ${ms(m.p99)}${errorsOf(m)}${backlogOf(m)}`;

/** The statuses of sequential requests that were not timed (`; also 2 × 409`). */
function untimed(...runs) {
  const codes = runs.flatMap((run) => Object.entries(run.others));
  return codes.length ? `; also ${codes.map(([code, n]) => `${n} × ${code}`).join(', ')}` : '';
}

/** A PostgreSQL-only target is shown on PGlite too, as information. */
function verdict(engine, passes, postgresOnly) {
  if (postgresOnly && engine !== 'postgres') return null;
  return passes;
}

/** A row's throughput as a share of the baseline measured around it (see `besideBaseline`). */
const baselineShare = (m) =>
  `${percent(m.rps, m.reference)} of baseline (${loadFigure(m)}; baseline ${rate(m.reference)})`;

/** Throughput against the baseline measured around the row. */
function ofBaseline(share, { postgresOnly = true, p99Max } = {}) {
  return (m, _results, engine) => {
    const shareOk = m.rps >= share * m.reference && m.errors === 0;
    const p99Ok = p99Max === undefined || m.p99 <= p99Max;
    return {
      target: `≥ ${share * 100}% of baseline${p99Max ? `, p99 ≤ ${p99Max} ms` : ''}${postgresOnly ? ' (PostgreSQL)' : ''}`,
      figure: baselineShare(m),
      pass: verdict(engine, shareOk && p99Ok, postgresOnly),
    };
  };
}

/** A load scenario's run: 32 connections of `request(ctx)`, signed in as the admin. */
const loadOf =
  (request, { expect } = {}) =>
  (ctx) =>
    load(ctx.server, {
      connections: LOAD_CONNECTIONS,
      seconds: ctx.seconds,
      headers: ctx.auth,
      next: () => request(ctx),
      expect,
    });

const baselineRun = loadOf(() => get('/api/bench-baseline'), { expect: 404 });

/**
 * `run`, with the rate it is judged against (`reference(ctx, seconds)`) measured around it, half
 * just before and half just after: the machine's speed drifts over a bench of several minutes,
 * and a reference measured once at the start would weigh that drift on the later rows. The
 * measurement comes back with `reference`, the mean of the two halves.
 */
const withReferenceAround = (reference, run) => async (ctx) => {
  const half = ctx.seconds / 2;
  const before = await reference(ctx, half);
  const m = await run(ctx);
  const after = await reference(ctx, half);
  return { ...m, reference: (before + after) / 2 };
};

/** `run` with the baseline's throughput as its reference. */
const besideBaseline = (run) =>
  withReferenceAround(async (ctx, seconds) => (await baselineRun({ ...ctx, seconds })).rps, run);

/** Unused (start, end) pairs within the batch rules (start 2000-2050, 1 to 10 years). */
function* freshBatchYears() {
  for (let years = 1; years <= 10; years++) {
    for (let start = 2000; start <= 2050; start++) {
      const seeded = years === BATCH_YEARS && start >= FIRST_BATCH_YEAR;
      if (!seeded) yield { startYear: start, endYear: start + years };
    }
  }
}

/** An exam at the limits, for a random seeded section. */
function largestExam(scale) {
  return {
    ...validExamPayload(randomPlacement(scale)),
    totalMarks: 200,
    passingMarks: 80,
    examSections: largestExamSections(),
    questions: largestExamQuestions(),
  };
}

/** Unique names for what the mixed workload creates, within the rules of each form. */
let created = 0;
const uniqueName = () => `Bench ${Date.now().toString(36)} ${(created++).toString(36)}`;

/** The admin screens' requests, in rough proportion to how often an admin makes them. */
function mixedRequest(scale) {
  const { branches } = totals(scale);
  const pages = Math.min(10, lastPage(scale));
  const weighted = [
    [15, () => get(`/api/admin/get-all-student?page=${1 + randomIndex(pages)}&limit=${PAGE}`)],
    [8, () => get(`/api/admin/get-all-exam?page=${1 + randomIndex(pages)}&limit=${PAGE}`)],
    [5, () => get(`/api/admin/get-all-faculty?page=1&limit=${PAGE}`)],
    [20, () => get(`/api/admin/get-student/${benchId('student', randomIndex(scale.students))}`)],
    [5, () => get(`/api/admin/get-faculty/${benchId('faculty', randomIndex(scale.faculty))}`)],
    [5, () => get('/api/admin/get-batches')],
    [24, () => cascadeLookup(scale)],
    [5, () => get('/api/admin/overview')],
    [
      4,
      () =>
        post('/api/admin/create-section', {
          branchId: benchId('branch', randomIndex(branches)),
          name: uniqueName(),
          capacity: 60,
        }),
    ],
    [
      3,
      () =>
        post('/api/admin/create-course', {
          batchId: benchId('batch', randomIndex(scale.batches)),
          name: uniqueName(),
          fullName: 'Bachelor of Benchmarks',
          totalSemesters: 8,
          durationYears: 4,
          courseType: 'UG',
        }),
    ],
    [6, () => post('/api/admin/create-exam', validExamPayload(randomPlacement(scale)))],
  ];
  const total = weighted.reduce((sum, [weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [weight, request] of weighted) {
    roll -= weight;
    if (roll < 0) return request();
  }
  return weighted[0][1]();
}

/** One of the wizard's dependent pickers: a batch's courses, a course's branches, a branch's sections. */
function cascadeLookup(scale) {
  const { courses, branches } = totals(scale);
  const lookups = [
    () =>
      get(
        `/api/admin/get-courses-by-batch?batchId=${benchId('batch', randomIndex(scale.batches))}`,
      ),
    () =>
      get(`/api/admin/get-branches-by-course?courseId=${benchId('course', randomIndex(courses))}`),
    () =>
      get(`/api/admin/get-sections-by-branch?branchId=${benchId('branch', randomIndex(branches))}`),
  ];
  return lookups[randomIndex(lookups.length)]();
}

/** Where a sign-in's CPU time went (see cpu.mjs), when it could be read. */
function cpuFigure(cpu) {
  if (!cpu) return '';
  const part = (value) => value.toFixed(1);
  const outside = percent(cpu.total - cpu.serverThreads, cpu.total);
  return `; CPU per sign-in ${part(cpu.total)} ms, ${outside} of it outside the worker threads: server's worker threads (argon2id, GC) ${part(cpu.serverThreads)}, its main thread ${part(cpu.serverMain)}, load generator ${part(cpu.loadGenerator)}, PostgreSQL's processes ${part(cpu.database)}, the rest ${part(cpu.rest)}`;
}

/** argon2id verifications per second, `concurrency` at a time, with the product's own hash. */
async function rawVerifyRate(seconds, concurrency) {
  const hash = await hashPassword(PERSON_PASSWORD);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (performance.now() < until) {
      await verifyPassword(hash, PERSON_PASSWORD);
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - started) / 1000);
}

const count = (value) => Math.round(value).toLocaleString('en-US');
/** Statuses of failed requests (`3 × 409, 1 × no answer`), or 'none'. */
const failedOf = (failed) =>
  Object.entries(failed)
    .map(([status, n]) => `${count(n)} × ${status === '0' ? 'no answer' : status}`)
    .join(', ') || 'none';

/** A save's cost against its ceiling's: CPU per save, all of it and the HTTP server's part. */
function saveCpuFigure(m) {
  if (!m.cpu || !m.ceiling?.cpu) return '';
  const part = (value) => value.toFixed(2);
  return `; CPU per save ${part(m.cpu.total)} ms, of it the server ${part(m.cpu.serverMain + m.cpu.serverThreads)} (ceiling ${part(m.ceiling.cpu.total)} ms, of it its route ${part(m.ceiling.cpu.server)})`;
}

/** What keeps a rung from its targets, e.g. 'save p99 180 ms, 3 errors'. */
function missesOf(rung) {
  const misses = [];
  if (rung.save.p99 > TARGETS.saveP99) misses.push(`save p99 ${ms(rung.save.p99)}`);
  if (rung.start.p99 > TARGETS.startP99) misses.push(`start p99 ${ms(rung.start.p99)}`);
  if (failuresOf(rung) > 0) misses.push(`${count(failuresOf(rung))} errors`);
  if (rung.stored.lost > 0) misses.push(`${count(rung.stored.lost)} answers lost`);
  if (rung.stored.attempts.in_progress > 0) {
    misses.push(`${count(rung.stored.attempts.in_progress)} attempts never submitted`);
  }
  return misses.join(', ');
}

function rungFigure(rung) {
  const { start, save, submit, stored, cpu } = rung;
  const { attempts } = stored;
  const parts = [
    `start p50 ${ms(start.p50)}, p99 ${ms(start.p99)}`,
    `save p50 ${ms(save.p50)}, p99 ${ms(save.p99)} (${count(save.count)} saves, ${count(rung.savesPerSecond)}/s, peak ${count(rung.peakSavesPerSecond)}/s)`,
    `submit p99 ${ms(submit.p99)} (${count(submit.count)})`,
    `errors: start ${failedOf(start.failed)}, save ${failedOf(save.failed)}, submit ${failedOf(submit.failed)}${rung.image.count > 0 ? `, images ${failedOf(rung.image.failed)}` : ''}`,
    `answers: ${count(rung.answersAcknowledged)} acknowledged, of ${count(rung.distinctAcknowledged)} questions; ${count(stored.rows)} stored, ${count(stored.lost)} lost${stored.unacknowledged ? `, ${count(stored.unacknowledged)} stored unacknowledged` : ''}`,
    `attempts: ${count(attempts.attempts)}, ${count(attempts.by_students)} submitted by students, ${count(attempts.by_deadline)} by the server at the deadline (the latest ${attempts.latest_seconds.toFixed(1)} s after it), ${count(attempts.in_progress)} left in progress`,
  ];
  const summed = rung.processes > 1 ? ` (the ${rung.processes} processes summed)` : '';
  parts.push(`server RSS peak ${count(rung.peakRssMiB)} MiB${summed}`);
  parts.push(
    `server event-loop delay p99 ${ms(rung.eventLoopP99)}, max ${ms(rung.eventLoopMax)}`,
    `requests over 100 ms as the students waited / as the server timed them: ${
      Object.entries(rung.overServer100)
        .filter(([, over]) => over.client + over.server > 0)
        .map(([kind, over]) => `${kind} ${count(over.client)} / ${count(over.server)}`)
        .join(', ') || 'none'
    }`,
  );
  if (cpu) {
    const nginx = cpu.proxy === null ? '' : `, nginx ${percent(cpu.proxy, 1)}`;
    parts.push(
      `CPU in shares of a core: server${summed} ${percent(cpu.server, 1)}${nginx}, PostgreSQL's processes ${percent(cpu.database, 1)}, load generator ${percent(cpu.loadGenerator, 1)} (its timers p99 ${ms(rung.latenessP99)} late), the rest of the machine ${percent(cpu.rest, 1)}`,
    );
  }
  if (rung.database) {
    const { flushes, flush_ms, wal_bytes, full_page_images, timed, requested } = rung.database;
    parts.push(
      `${rung.transactionsPerRequest.toFixed(2)} database transactions per request`,
      `PostgreSQL (the whole cluster): WAL ${count(wal_bytes / 2 ** 20)} MiB written (${count(full_page_images)} full-page images), ${count(flushes)} WAL flushes averaging ${(flush_ms / Math.max(flushes, 1)).toFixed(2)} ms; checkpoints ${count(timed)} on schedule, ${count(requested)} asked for`,
    );
  }
  const verdict = withinTargets(rung) ? 'within the targets' : `misses: ${missesOf(rung)}`;
  return `${verdict}; ${parts.join('; ')}`;
}

/** Whether the paper with content kept to its targets against the plain paper's rung. */
const contentWithin = (rung, plain) =>
  failuresOf(rung) === 0 &&
  rung.start.p99 <= CONTENT_TARGETS.startRatio * plain.start.p99 &&
  rung.image.p99 <= CONTENT_TARGETS.imageP99;

/** The paper with content against the plain paper sat just before it. */
function contentFigure(rung, plain) {
  const { image } = rung;
  return `against the plain paper: start p99 ${ms(plain.start.p99)} → ${ms(rung.start.p99)} (${times(rung.start.p99, plain.start.p99)}); images p50 ${ms(image.p50)}, p99 ${ms(image.p99)} (${count(image.count)} requests, ${count(image.errors)} failed)`;
}

/** ', through nginx to 2 processes'; nothing for the server reached straight. */
const wayOf = (ladder) =>
  ladder.proxied ? `, through nginx to ${processes(ladder.processes)}` : '';

/** The most students of a ladder within the targets, every smaller number within them too. */
function mostOf(ladder) {
  let most = 0;
  for (const rung of ladder.rungs) {
    if (!withinTargets(rung)) break;
    most = rung.students;
  }
  return { most, missed: ladder.rungs.find((rung) => !withinTargets(rung)) };
}

const times = (value, against) => (against > 0 ? `${(value / against).toFixed(2)} ×` : '—');

/** A rung of several processes against the same rung of one, sat just before it. */
function gainOf(rung, alone) {
  const change = (label, of) =>
    `${label} ${ms(of(alone))} → ${ms(of(rung))} (${times(of(rung), of(alone))})`;
  const parts = [
    change('save p99', (r) => r.save.p99),
    change('start p99', (r) => r.start.p99),
    change('submit p99', (r) => r.submit.p99),
  ];
  if (rung.cpu && alone.cpu) {
    parts.push(
      `the server processes' CPU ${percent(alone.cpu.server, 1)} → ${percent(rung.cpu.server, 1)} of a core`,
    );
  }
  return `against 1 process: ${parts.join(', ')}`;
}

/**
 * One row per number of students, judged up to the target's number (2,000) and recorded above
 * it, and a row for the most students within the targets, every smaller number within them too.
 * With several processes, each rung's row of one process is followed by the same rung's of all
 * of them, which says its gain, and so do the rows of the most students.
 */
function judgeExamDay({ pace, ladders, lobby }, _results, engine) {
  const window = `${pace.startWindowMs / 1000} s`;
  const target = `0 errors, 0 answers lost, save p99 ≤ ${TARGETS.saveP99} ms, start p99 ≤ ${TARGETS.startP99} ms (PostgreSQL)`;
  const [alone] = ladders;
  const rows = [];
  const contentTarget = `start p99 ≤ ${CONTENT_TARGETS.startRatio} × the plain paper's, images p99 ≤ ${CONTENT_TARGETS.imageP99} ms, 0 errors (PostgreSQL)`;
  for (const [k, rung] of alone.rungs.entries()) {
    for (const ladder of ladders) {
      const sat = ladder.rungs[k];
      if (ladder.content) {
        rows.push({
          title: `Exam day, a paper with formulas in every question and ${PAPER_IMAGES} images a student: ${count(sat.students)} students start within ${window}, save and submit a ${pace.examMinutes}-minute exam`,
          target: contentTarget,
          figure: `${contentFigure(sat, rung)}; ${rungFigure(sat)}`,
          pass: verdict(engine, contentWithin(sat, rung), true),
          headline: {
            value: sat.image.p99,
            text: `start p99 ${ms(sat.start.p99)} (plain ${ms(rung.start.p99)}), images p99 ${ms(sat.image.p99)}`,
          },
        });
        continue;
      }
      const judged = sat.students <= TARGETS.students;
      const gain = ladder === alone ? '' : `${gainOf(sat, rung)}; `;
      rows.push({
        title: `Exam day${wayOf(ladder)}: ${count(sat.students)} students start within ${window}, save and submit a ${pace.examMinutes}-minute exam`,
        target: judged ? target : 'record',
        figure: `${gain}${rungFigure(sat)}`,
        pass: judged ? verdict(engine, withinTargets(sat), true) : null,
        headline: {
          value: sat.save.p99,
          text: `save p99 ${ms(sat.save.p99)}, start p99 ${ms(sat.start.p99)}`,
        },
      });
    }
  }
  const tried = alone.rungs.map((rung) => count(rung.students)).join(', ');
  // A --quick run tries fewer students than the target's number: it asks for all it tried.
  const wanted = Math.min(TARGETS.students, Math.max(...alone.rungs.map((rung) => rung.students)));
  const mostAlone = mostOf(alone).most;
  const sizes = ladders.filter((ladder) => !ladder.content);
  for (const ladder of sizes) {
    const { most, missed } = mostOf(ladder);
    const gain =
      ladder === alone
        ? ''
        : `; against ${count(mostAlone)} with 1 process: ${times(most, mostAlone)}`;
    const lobbyFigure =
      ladder === sizes.at(-1)
        ? `; lobby: ${count(lobby.count)} sign-ins made beforehand, ${CONNECTIONS.signIn} at a time, ${count(lobby.rate)}/s, p99 ${ms(lobby.p99)}, each session kept for every number of students`
        : '';
    rows.push({
      title: `Exam day${wayOf(ladder)}: the most students within the targets`,
      target: `≥ ${count(wanted)} students (PostgreSQL)`,
      figure: `${count(most)} (tried ${tried}${missed ? `; ${count(missed.students)} missed: ${missesOf(missed)}` : ''})${gain}${lobbyFigure}`,
      pass: verdict(engine, most >= wanted, true),
      headline: { value: most, text: `${count(most)} students` },
    });
  }
  return rows;
}

/** A search's p99 under load, in ms: a registrar typing waits no longer than a keystroke's pause. */
const SEARCH_P99_MAX = 100;

/**
 * What a registrar types into the student search: five digits of a roll number (R0012345) or of
 * an email (student12345@…), each matching a few students; or a first and part of a last name
 * (matching about 1,200 of 100,000), at one of its first pages.
 */
function studentSearch(scale) {
  const digits = String(randomIndex(scale.students)).padStart(5, '0').slice(-5);
  const names = ['Asha Pat', 'Ravi Sha', 'Meera Iy', 'Arjun Kh', 'Priya Da', 'Kiran Ra'];
  const search =
    randomIndex(4) === 0
      ? `search=${encodeURIComponent(names[randomIndex(names.length)])}&page=${1 + randomIndex(20)}`
      : `search=${digits}`;
  return get(`/api/admin/get-all-student?${search}&limit=${PAGE}`);
}

export const SCENARIOS = [
  {
    id: 'baseline',
    title: 'Baseline: GET of an unknown /api path (JSON 404, no database, no auth)',
    run: baselineRun,
    judge: (m) => ({ target: 'reference', figure: loadFigure(m), pass: null }),
  },
  {
    id: 'students-page1',
    title: 'get-all-student?page=1&limit=10',
    run: besideBaseline(loadOf(() => get(`/api/admin/get-all-student?page=1&limit=${PAGE}`))),
    judge: ofBaseline(0.25, { p99Max: 25 }),
  },
  {
    id: 'students-last',
    title: 'get-all-student at the last page',
    needs: ['students-page1'],
    run: loadOf(({ scale }) =>
      get(`/api/admin/get-all-student?page=${lastPage(scale)}&limit=${PAGE}`),
    ),
    judge: (m, results) => ({
      target: "≥ 50% of page 1's",
      figure: `${percent(m.rps, results['students-page1'].rps)} (${loadFigure(m)})`,
      pass: m.rps >= 0.5 * results['students-page1'].rps && m.errors === 0,
    }),
  },
  {
    id: 'students-random',
    title: 'get-all-student at a random page (of all of them)',
    run: besideBaseline(
      loadOf(({ scale }) =>
        get(`/api/admin/get-all-student?page=${1 + randomIndex(lastPage(scale))}&limit=${PAGE}`),
      ),
    ),
    judge: (m) => ({ target: 'record', figure: baselineShare(m), pass: null }),
  },
  {
    id: 'students-search',
    title:
      'get-all-student?search: part of a roll number or email, or a name a page at a time (random)',
    needs: ['students-page1'],
    run: loadOf(({ scale }) => studentSearch(scale)),
    judge: (m, results, engine) => ({
      target: `p99 ≤ ${SEARCH_P99_MAX} ms (PostgreSQL); share of page 1's recorded`,
      figure: `${percent(m.rps, results['students-page1'].rps)} of page 1's (${loadFigure(m)})`,
      pass: verdict(engine, m.p99 <= SEARCH_P99_MAX && m.errors === 0, true),
    }),
  },
  {
    id: 'bank-search',
    title: `get-bank-questions in a bank of ${BANK_QUESTIONS.full.toLocaleString('en-US')} questions: its text, with a filter or two (random)`,
    run: bankSearchRun,
    judge: (m, _results, engine) => ({
      target: `p99 ≤ ${SEARCH_P99_MAX} ms at ${SEARCHES_A_SECOND} searches/s (PostgreSQL)`,
      figure: `at ${SEARCHES_A_SECOND} searches/s: ${loadFigure(m)}; as fast as answered: ${loadFigure(m.saturated)}; ${m.questions.toLocaleString('en-US')} questions`,
      pass: verdict(
        engine,
        m.p99 <= SEARCH_P99_MAX && m.errors === 0 && m.saturated.errors === 0,
        true,
      ),
    }),
  },
  {
    id: 'student-detail',
    title: 'get-student/:id, a random student',
    run: besideBaseline(
      loadOf(({ scale }) =>
        get(`/api/admin/get-student/${benchId('student', randomIndex(scale.students))}`),
      ),
    ),
    judge: ofBaseline(0.25),
  },
  {
    id: 'lookups',
    title: 'Cascade look-ups (courses of a batch, branches of a course, sections of a branch)',
    run: besideBaseline(loadOf(({ scale }) => cascadeLookup(scale))),
    judge: ofBaseline(0.25),
  },
  {
    id: 'exams-list',
    title: 'get-all-exam?page=1&limit=10',
    run: besideBaseline(loadOf(() => get(`/api/admin/get-all-exam?page=1&limit=${PAGE}`))),
    judge: ofBaseline(0.25),
  },
  {
    id: 'overview',
    title: 'Dashboard figures: GET /api/admin/overview',
    run: besideBaseline(loadOf(() => get('/api/admin/overview'))),
    judge: ofBaseline(0.1, { postgresOnly: false }),
  },
  {
    id: 'signin',
    title: `Sign-in (POST /api/auth/login, ${SIGN_IN_CONNECTIONS} connections, random students)`,
    // The raw rate is measured in this process, with the product's parameters and the same
    // libuv thread pool size (UV_THREADPOOL_SIZE is passed on to the server).
    run: withReferenceAround(
      (_ctx, seconds) => rawVerifyRate(seconds, SIGN_IN_CONNECTIONS),
      (ctx) =>
        load(ctx.server, {
          connections: SIGN_IN_CONNECTIONS,
          seconds: ctx.seconds,
          next: () =>
            post('/api/auth/login', {
              email: studentEmail(randomIndex(ctx.scale.students)),
              password: PERSON_PASSWORD,
            }),
        }),
    ),
    judge: (m) => ({
      target: '≥ 80% of raw argon2id verify rate',
      figure: `${percent(m.rps, m.reference)} (${loadFigure(m)}; raw ${Math.round(m.reference)} verifies/s)${cpuFigure(m.cpu)}`,
      pass: m.rps >= 0.8 * m.reference && m.errors === 0,
    }),
  },
  {
    id: 'create-exam',
    title: 'create-exam of 5 × 50 questions vs create-batch (sequential, medians)',
    async run(ctx) {
      const years = freshBatchYears();
      const batch = await sequential(ctx.server, {
        count: ctx.creates,
        warmUp: ctx.creates,
        headers: ctx.auth,
        expect: 201,
        next: () => post('/api/admin/create-batch', years.next().value),
      });
      const exam = await sequential(ctx.server, {
        count: ctx.creates,
        warmUp: ctx.creates,
        headers: ctx.auth,
        expect: 201,
        next: () => post('/api/admin/create-exam', largestExam(ctx.scale)),
      });
      return { batch, exam };
    },
    judge: ({ batch, exam }) => ({
      target: '≤ 10 × create-batch',
      figure: `${(exam.medianMs / batch.medianMs).toFixed(1)} × (${ms(exam.medianMs)} vs ${ms(batch.medianMs)}; ${exam.counted} + ${batch.counted} created${untimed(batch, exam)})`,
      pass: exam.medianMs <= 10 * batch.medianMs && exam.counted > 0 && batch.counted > 0,
    }),
  },
  {
    id: 'mixed',
    title: 'Mixed admin workload (lists, details, look-ups, creates)',
    run: loadOf(({ scale }) => mixedRequest(scale), { expect: [200, 201] }),
    judge: (m, _results, engine) => ({
      target: 'no errors; p99 ≤ 50 ms (PostgreSQL)',
      figure: loadFigure(m),
      pass: m.errors === 0 && (engine !== 'postgres' || m.p99 <= 50),
    }),
  },
  {
    id: 'exam-save',
    title: `Saving answers (PUT save-answers, 4 or 5 answers: an option, chosen options, a number and an essay of 2,000 characters, or an option, blanks, pairs, an order and an essay; ${CONNECTIONS.save} connections) vs a bare route doing only its transaction`,
    run: saveThroughput,
    judge: (m) =>
      m.ceiling
        ? {
            target: `≥ ${TARGETS.savePercent}% of the ceiling's throughput (PostgreSQL)`,
            figure: `${percent(m.rps, m.ceiling.rps)} of the ceiling (${loadFigure(m)}; ceiling ${rate(m.ceiling.rps)}, p99 ${ms(m.ceiling.p99)}${m.ceiling.errors ? `, ${m.ceiling.errors} errors` : ''})${saveCpuFigure(m)}`,
            pass:
              m.rps * 100 >= TARGETS.savePercent * m.ceiling.rps &&
              m.errors === 0 &&
              m.ceiling.errors === 0,
          }
        : {
            target: `≥ ${TARGETS.savePercent}% of the ceiling's throughput (PostgreSQL)`,
            figure: `${loadFigure(m)} (the ceiling is a PostgreSQL pool: measured on PostgreSQL only)`,
            pass: null,
          },
  },
  {
    id: 'exam-day',
    title: 'Exam day',
    needs: ['exam-save'],
    run: examDay,
    judge: judgeExamDay,
  },
  {
    id: 'drawn-start',
    title: `Starting an exam whose 5 sections are drawn from a bank (pools 5 times their count) beside the same exam with its questions listed: the first branch's students start both, 16 at a time`,
    run: drawnStart,
    judge: ({ listed, drawn, errors }, _results, engine) => ({
      target: `drawn start p99 ≤ ${DRAWN_START_RATIO} × listed, 0 errors (PostgreSQL)`,
      figure: `${(drawn.p99 / listed.p99).toFixed(2)} × (p99 ${ms(drawn.p99)} vs ${ms(listed.p99)}; p50 ${ms(drawn.p50)} vs ${ms(listed.p50)}; ${drawn.count} + ${listed.count} starts, ${errors} errors)`,
      pass: verdict(engine, drawn.p99 <= DRAWN_START_RATIO * listed.p99 && errors === 0, true),
      headline: {
        value: drawn.p99,
        text: `drawn start p99 ${ms(drawn.p99)} (listed ${ms(listed.p99)})`,
      },
    }),
  },
  {
    id: 'monitor-live',
    title: `Live monitor: ${MONITOR_STUDENTS} students of a proctored exam report a heartbeat every 5 s and now and then a signal; each report to the proctor's screen (WebSocket)`,
    run: monitorLive,
    judge: judgeMonitor,
  },
  {
    id: 'export-csv',
    title: `Export of ${RESULT_ATTEMPTS.toLocaleString('en-US')} results as CSV (streamed)`,
    run: exportCsv,
    judge: judgeExport,
  },
  {
    id: 'export-xlsx',
    title: `Export of ${RESULT_ATTEMPTS.toLocaleString('en-US')} results as XLSX (streamed)`,
    run: exportXlsx,
    judge: judgeExport,
  },
  {
    id: 'regrade',
    title: `Regrade of one question across ${RESULT_ATTEMPTS.toLocaleString('en-US')} attempts: the job, from the apply's answer to DONE, vs one bare UPDATE`,
    run: regradeRun,
    judge: (m) => ({
      target: `≤ ${REGRADE_FACTOR} × the bare statement; every attempt processed`,
      figure: `${(m.jobMs / m.bareMs).toFixed(1)} × (${ms(m.jobMs)}, ${ms((1000 * m.jobMs) / m.attempts)} per 1,000 attempts; bare ${ms(m.bareMs)}; ${m.job.processed.toLocaleString('en-US')} of ${m.job.total.toLocaleString('en-US')} processed, ${m.job.status}; preview of ${m.affected.toLocaleString('en-US')} changed results ${ms(m.previewMs)}, apply ${ms(m.applyMs)})`,
      headline: { value: m.jobMs, text: `regrade ${ms(m.jobMs)}` },
      pass:
        m.job.status === 'DONE' &&
        m.job.processed === m.attempts &&
        m.jobMs <= REGRADE_FACTOR * m.bareMs,
    }),
  },
  {
    id: 'import-preview',
    title: `Preview of an import of ${IMPORT_ROWS.toLocaleString('en-US')} students (CSV upload, every row checked)`,
    run: importPreviewRun,
    judge: (m) => {
      const growth = m.peakRssMiB - m.restMiB;
      return {
        target: 'every row checked and valid; time and server memory recorded',
        figure: `${ms(m.ms)} (${count((1000 * m.preview.totalRows) / m.ms)} rows/s, ${(m.bytes / 1_048_576).toFixed(1)} MiB); RSS ${Math.round(m.restMiB)} → peak ${Math.round(m.peakRssMiB)} MiB (+${Math.round(growth)}); ${count(m.preview.validRows)} of ${count(m.preview.totalRows)} valid`,
        headline: { value: m.ms, text: `${ms(m.ms)}, +${Math.round(growth)} MiB` },
        pass: m.preview.validRows === IMPORT_ROWS && m.preview.errorCount === 0,
      };
    },
  },
  {
    id: 'import-students',
    title: `Import of ${IMPORT_ROWS.toLocaleString('en-US')} students (valid-only), from the upload to the job's end, polled every 100 ms`,
    run: importStudentsRun,
    judge: (m) => ({
      target: 'every row imported; time and the share spent hashing passwords recorded',
      figure: `${ms(m.totalMs)} (${ms(m.totalMs / IMPORT_ROWS)} per student; the upload answered in ${ms(m.acceptedMs)}); hashing ${count(IMPORT_ROWS)} passwords takes ${ms(m.hashingMs)} at ${count(m.rate)}/s (product parameters, ${IMPORT_BATCH} at a time, measured in the bench process), ${percent(m.hashingMs, m.totalMs)} of the import; ${count(m.job.summary?.imported ?? 0)} imported, ${m.job.status}`,
      headline: { value: m.totalMs, text: `import ${ms(m.totalMs)}` },
      pass: m.job.status === 'SUCCEEDED' && m.job.summary?.imported === IMPORT_ROWS,
    }),
  },
  {
    id: 'import-invitations',
    title: `Import of ${IMPORT_ROWS.toLocaleString('en-US')} students with invitations mailed through SMTP (a mail server in the bench process, no per-minute cap), while an admin look-up is timed every 100 ms`,
    run: importInvitationsRun,
    judge: (m) => {
      const pace = (1000 * (m.delivered - m.deliveredByImportEnd)) / m.watchedMs;
      return {
        target: `every row imported with its invitation; invitations received while the import runs and after; the look-up's p99 ≤ ${INVITATIONS_LOOKUP_P99_MS} ms, none failed`,
        figure: `import ${ms(m.importMs)} (the upload answered in ${ms(m.acceptedMs)}), ${count(m.job.summary?.imported ?? 0)} imported, ${m.job.status}; invitations received: ${count(m.deliveredByImportEnd)} by the import's end, ${count(m.delivered)} of ${count(IMPORT_ROWS)} ${Math.round(m.watchedMs / 1000)} s later (${count(pace)} a second: all 5,000 in about ${Math.round(IMPORT_ROWS / pace / 60)} min; at the default cap of 60 a minute, 83 min); look-up p50 ${ms(m.lookupP50)}, p99 ${ms(m.lookupP99)} of ${count(m.lookups)}, ${count(m.lookupFailures)} failed`,
        headline: {
          value: m.importMs,
          text: `import ${ms(m.importMs)}, ${count(pace)} mailed a second`,
        },
        pass:
          m.job.status === 'SUCCEEDED' &&
          m.job.summary?.imported === IMPORT_ROWS &&
          (m.delivered === IMPORT_ROWS || m.delivered > m.deliveredByImportEnd) &&
          m.lookupFailures === 0 &&
          m.lookupP99 <= INVITATIONS_LOOKUP_P99_MS,
      };
    },
  },
];

/** A latency's median and 99th percentile over `count` of them. */
const spread = ({ count: n, p50, p99 }) => `p50 ${ms(p50)}, p99 ${ms(p99)} of ${count(n)}`;

/** Every report and alert on the proctor's screen, 99% of them within the target. */
function judgeMonitor(m, _results, engine) {
  const failed = Object.values(m.failed).reduce((sum, n) => sum + n, 0);
  const parts = [
    `monitor-updates ${spread(m.update)}, alerts ${spread(m.alert)}`,
    `${count(m.missing)} never arrived${m.unmatched ? `, ${count(m.unmatched)} unmatched` : ''}`,
    `reports answered p99 ${ms(m.reports.p99)} (${count(m.reports.sent)} sent in ${m.steadyMs / 1000} s), errors: ${failedOf(m.failed)}`,
  ];
  if (m.cpu) {
    const database =
      engine === 'postgres' ? `, PostgreSQL's processes ${percent(m.cpu.database, 1)}` : '';
    parts.push(
      `CPU in shares of a core: server ${percent(m.cpu.server, 1)} (${ms(m.cpu.serverPerReport)} a report)${database}, load generator ${percent(m.cpu.loadGenerator, 1)} (its timers p99 ${ms(m.latenessP99)} late), the rest of the machine ${percent(m.cpu.rest, 1)}`,
    );
  }
  parts.push(
    `server RSS ${Math.round(m.startMiB)} MiB as the minute starts, peak ${Math.round(m.peakRssMiB)} MiB`,
  );
  return {
    target: `p99 ≤ ${MONITOR_P99_MS} ms from a report sent to its update and alerts on the proctor's screen; none missing, no errors`,
    figure: `p99 ${ms(m.p99)}; ${parts.join('; ')}`,
    headline: {
      value: m.p99,
      text: `p99 ${ms(m.p99)}, server CPU ${m.cpu ? percent(m.cpu.server, 1) : '—'} of a core`,
      p99: m.p99,
    },
    pass: m.p99 <= MONITOR_P99_MS && m.missing === 0 && failed === 0,
  };
}

/** An export: every row there, and the server's memory growing by less than a file's worth. */
function judgeExport(m) {
  const growth = m.peakRssMiB - m.restMiB;
  return {
    target: `every row and the header; peak RSS ≤ ${EXPORT_GROWTH_MIB} MiB above rest`,
    figure: `${ms(m.ms)} (${Math.round((1000 * m.attempts) / m.ms).toLocaleString('en-US')} rows/s, ${(m.bytes / 1_048_576).toFixed(1)} MiB); RSS ${Math.round(m.restMiB)} → peak ${Math.round(m.peakRssMiB)} MiB (+${Math.round(growth)}); ${m.attempts.toLocaleString('en-US')} attempts seeded in ${m.seedSeconds.toFixed(1)} s`,
    headline: { value: m.ms, text: `${ms(m.ms)}, +${Math.round(growth)} MiB` },
    pass: growth <= EXPORT_GROWTH_MIB && m.lines === m.attempts + 1,
  };
}
