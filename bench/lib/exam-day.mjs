// Exam day: students sign in in the lobby, start within a minute, save as the web app does (a
// moment after each change, and a heartbeat about every 30 s), half submit early and the server
// submits the rest at the deadline; afterwards every acknowledged answer is looked for in the
// database. And the ceiling a save is compared with: the same saves against a bare route that
// only does the database work of a save. bench/README.md ("Exam day") says what is compressed.
// With --processes, the students go through the production recipe (deploy/nginx.conf) instead.
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { ATTEMPT_LIMITS } from '@examiq/contracts';
import pg from 'pg';
import { NGINX, startNginx } from '../../apps/server/src/deploy/nginx.ts';
import { cpuCounter } from './cpu.mjs';
import { benchId, PERSON_PASSWORD, randomIndex, studentEmail, totals } from './dataset.mjs';
import { EXAM_DAY_PAPERS, localDate, mixedExamPayload } from './exams.mjs';
import { load, settle, userClient, withPeakRss } from './http.mjs';
import { freePort, METRICS_TOKEN, startSaveCeiling, startServer } from './server.mjs';

/** Students sitting at once, one rung at a time; a --quick run sits one branch's students. */
const LADDER = [1_000, 2_000, 5_000, 10_000, 20_000];
/**
 * The exam's clock. Its duration is compressed (minutes instead of hours); the start window, the
 * students' pace and the server's grace and sweep are not.
 */
const PACE = {
  full: { examMinutes: 2, startWindowMs: 60_000 },
  quick: { examMinutes: 1, startWindowMs: 10_000 },
};
/** While a student works, a change comes on average this often (exponential gaps). */
const CHANGE_MEAN_MS = 20_000;
/** Answers changed together before the web app's debounce sends them: 1 to 3. */
const MOST_CHANGES_AT_ONCE = 3;
/** Half the students submit themselves, between these fractions of their time. */
const EARLY_SUBMIT = { from: 0.5, to: 0.9 };
/** The web app's retries of a failed save: 2 s, then doubling, at most the heartbeat. */
const FIRST_RETRY_MS = 2_000;
/** How often the server's deadline sweep runs (apps/server/…/deadline-sweep.ts), and a margin. */
const SWEEP_MS = 5_000;
const SWEEP_MARGIN_MS = 2_000;
/**
 * Connections: the lobby's sign-ins (as the sign-in row), the exam-save row's load (as the other
 * load rows), and the simulated students', a reverse proxy's pool in front of the server.
 */
export const CONNECTIONS = { signIn: 16, save: 32, students: 512 };
/** The longest exam the rules allow, for attempts a row keeps in progress: never due during it. */
export const LONGEST_EXAM_MINUTES = 150;
/** The targets on PostgreSQL, and the number of students that must meet them. */
export const TARGETS = { savePercent: 50, saveP99: 100, startP99: 500, students: 2_000 };
/**
 * The paper with formulas and images against the plain one, sat right after it by as many
 * students: its start p99 at most this many times the plain paper's, its images' p99 at most this.
 */
export const CONTENT_TARGETS = { startRatio: 1.5, imageP99: 100 };

// --- The exam and who sits it ------------------------------------------------------------------

/** Essays of up to 2,000 characters. */
const ESSAY_CHARS = 2_000;
const SENTENCE =
  'Merge sort splits the list in halves, sorts each half and merges them in linear time; ';
const ESSAY = SENTENCE.repeat(Math.ceil(ESSAY_CHARS / SENTENCE.length)).slice(0, ESSAY_CHARS);
/** Numbers as students type them, right and wrong, for the numerical questions. */
const NUMBERS = ['0.012', '0,012', '12', '1.2e-2', '0.5'];

/** Entries typed into blanks, right and wrong. */
const BLANK_ENTRIES = ['ohm', 'Ω', '3.3', '3,35', 'volt'];

/** A value with every object's keys in order, at every depth. */
const sortedKeys = (value) =>
  Array.isArray(value)
    ? value.map(sortedKeys)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sortedKeys(value[key])]),
        )
      : value;

/** A stored or sent answer's response as one text, its keys in order, to compare the two. */
const canonical = (response) => (response == null ? null : JSON.stringify(sortedKeys(response)));

/** The response column the server stores for an answer: null for an option or a text. */
function responseOf(answer) {
  if (answer.selectedOptionIds) {
    return answer.selectedOptionIds.length > 0
      ? canonical({ selectedOptionIds: answer.selectedOptionIds })
      : null;
  }
  for (const field of ['blanks', 'matches', 'order']) {
    if (answer[field]) return canonical({ [field]: answer[field] });
  }
  return answer.number === undefined
    ? null
    : canonical({ number: answer.number, unit: answer.unit ?? null });
}

/**
 * A fill-in-the-blanks, matching or ordering answer of the question as the attempt shows it:
 * an entry in every blank, a match for every prompt, the items in some order. Each is never
 * empty, so the server stores it as sent.
 */
function partsAnswer(question, pick) {
  if (question.blankCount) {
    return {
      blanks: Array.from({ length: question.blankCount }, () => pick(BLANK_ENTRIES)),
    };
  }
  if (question.prompts) {
    return {
      matches: Object.fromEntries(
        question.prompts.map((prompt) => [prompt, pick(question.matches)]),
      ),
    };
  }
  return { order: [...question.items].sort(() => pick([-1, 1])) };
}

const SHORT_ANSWER = 'A binary tree whose in-order traversal visits its keys in sorted order. '
  .repeat(5)
  .slice(0, 300);

/**
 * A published AUTO exam of today (the server's time zone is this process's) for every section
 * of one seeded branch. Its window ends at midnight: an exam made less than an hour before, which
 * midnight would cut short, ends tomorrow.
 */
function examPayload(scale, branch, minutes, images) {
  const course = Math.floor(branch / scale.branchesPerCourse);
  const now = new Date();
  const inAnHour = new Date(now.getTime() + 3_600_000);
  const payload = mixedExamPayload({
    audience: {
      batchId: benchId('batch', Math.floor(course / scale.coursesPerBatch)),
      courseId: benchId('course', course),
      branchId: benchId('branch', branch),
      sectionIds: Array.from({ length: scale.sectionsPerBranch }, (_, k) =>
        benchId('section', branch * scale.sectionsPerBranch + k),
      ),
    },
    examTitle: `Exam day, branch ${branch + 1}`,
    sections: EXAM_DAY_PAPERS[branch % EXAM_DAY_PAPERS.length],
    scheduleDetails: { startDate: localDate(now), endDate: localDate(inAnHour) },
    duration: minutes,
  });
  return images ? { ...payload, questions: withContent(payload.questions, images) } : payload;
}

/** The paper with content: a formula in every question, an image in each of the first ones. */
function withContent(sections, images) {
  let shown = 0;
  return sections.map((questions) =>
    questions.map((question) => {
      const image =
        shown < images.length
          ? `\n\n![Figure ${shown + 1}, the circuit](media:${images[shown++]})`
          : '';
      return { ...question, questionText: `${question.questionText}${FORMULAS}${image}` };
    }),
  );
}

/** What an engineering question carries: an inline and a display formula. */
const FORMULAS =
  ' Given $T(n) = 2T(n/2) + \\Theta(n)$ and $v(t) = V_0 e^{-t/RC}$:\n\n$$\\int_0^{\\infty} e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}$$';

/** Images on the paper with content: five a student, as the exam day has. */
export const PAPER_IMAGES = 5;

/**
 * Uploads, once per engine, five distinct photographs of 640 × 480 (JPEG, each some tens of KB)
 * through the admin's upload route; their media ids.
 */
async function paperImages(ctx) {
  const state = examDayState(ctx);
  if (state.images) return state.images;
  const { default: sharp } = await import('sharp');
  const ids = [];
  for (let k = 0; k < PAPER_IMAGES; k++) {
    const { width, height } = { width: 640, height: 480 };
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) {
      const x = Math.floor(i / 3) % width;
      const y = Math.floor(i / 3 / width);
      pixels[i] = (x * (k + 1) + y * (i % 3) + randomIndex(24)) & 0xff;
    }
    const bytes = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 75 })
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), `figure-${k + 1}.jpg`);
    const response = await fetch(`${ctx.server.url}/api/admin/upload-media`, {
      method: 'POST',
      headers: ctx.auth,
      body: form,
    });
    const text = await response.text();
    if (response.status !== 201 && response.status !== 200) {
      throw new Error(`upload-media answered ${response.status}: ${text.slice(0, 300)}`);
    }
    ids.push(JSON.parse(text).data._id);
  }
  state.images = ids;
  return ids;
}

/** Seeded students per branch: an exam's audience is the sections of one branch. */
export function studentsPerBranch(scale) {
  return (scale.students / totals(scale).sections) * scale.sectionsPerBranch;
}

/**
 * The seeded index of the i-th student of the ladder: the first students fill the first branch,
 * the next ones the second, and so on (student s sits in section s mod sections, see seed.ts).
 */
export function seededStudent(scale, i) {
  const { sections } = totals(scale);
  const perBranch = studentsPerBranch(scale);
  const inBranch = i % perBranch;
  const section =
    Math.floor(i / perBranch) * scale.sectionsPerBranch + (inBranch % scale.sectionsPerBranch);
  return section + sections * Math.floor(inBranch / scale.sectionsPerBranch);
}

/**
 * Creates, on `server`, one exam per branch for the first `branches` branches; their ids.
 * `overrides` change the payload (a proctored exam's mode, proctors and schedule).
 */
export async function createExams(
  ctx,
  branches,
  minutes,
  server = ctx.server,
  overrides = {},
  images = undefined,
) {
  const ids = [];
  for (let branch = 0; branch < branches; branch++) {
    const response = await fetch(`${server.url}/api/admin/create-exam`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...ctx.auth },
      body: JSON.stringify({ ...examPayload(ctx.scale, branch, minutes, images), ...overrides }),
    });
    const text = await response.text();
    if (response.status !== 201) {
      throw new Error(`create-exam answered ${response.status}: ${text.slice(0, 300)}`);
    }
    ids.push(JSON.parse(text).data.exam._id);
  }
  return ids;
}

// --- Figures -------------------------------------------------------------------------------------

/** The status a late submit is counted under. */
export const LATE = '200 after the deadline';

export function percentile(values, share) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** Latencies and failures of one kind of request. */
function tally() {
  return { ms: [], failed: {}, answers: 0 };
}

function count(kind, answer, answers = 0) {
  kind.ms.push(answer.ms);
  if (answer.status === 200) kind.answers += answers;
  else kind.failed[answer.status] = (kind.failed[answer.status] ?? 0) + 1;
}

const failures = (kind) => Object.values(kind.failed).reduce((sum, n) => sum + n, 0);

function summary(kind) {
  return {
    count: kind.ms.length,
    p50: percentile(kind.ms, 0.5),
    p99: percentile(kind.ms, 0.99),
    errors: failures(kind),
    failed: kind.failed,
    answers: kind.answers,
  };
}

// --- The lobby: sign-ins -------------------------------------------------------------------------

/** What the exam rows share on one engine's data: the students' sessions, made once. */
function examDayState(ctx) {
  ctx.examDay ??= { headers: [], lobby: { count: 0, ms: 0, latencies: [] } };
  return ctx.examDay;
}

/**
 * Signs in the ladder's students up to `count` through `front`, 16 at a time (sign-in is bound by
 * argon2id): the lobby, done once per student and kept for every later rung. Their request
 * headers, by the ladder's order.
 */
export async function signInUpTo(ctx, front, count) {
  const { headers, lobby } = examDayState(ctx);
  if (headers.length >= count) return headers;
  console.log(`   signing in students ${headers.length + 1} to ${count}`);
  const client = userClient(front, { sockets: CONNECTIONS.signIn });
  const started = performance.now();
  const from = headers.length;
  let next = from;
  const signInNext = async () => {
    while (next < count) {
      const i = next++;
      const email = studentEmail(seededStudent(ctx.scale, i));
      const answer = await client.send({
        method: 'POST',
        path: '/api/auth/login',
        body: JSON.stringify({ email, password: PERSON_PASSWORD }),
        read: true,
      });
      if (answer.status !== 200) throw new Error(`Sign-in as ${email} answered ${answer.status}`);
      const token = JSON.parse(answer.body).data.tokens.accessToken;
      headers[i] = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      lobby.latencies.push(answer.ms);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS.signIn }, signInNext));
  } finally {
    client.close();
  }
  lobby.ms += performance.now() - started;
  lobby.count += count - from;
  return headers;
}

/** What the attempt page keeps of start-exam's answer. */
function attemptOf(body) {
  const { attempt, sections } = JSON.parse(body).data;
  return {
    id: attempt._id,
    lastSeq: attempt.lastSeq,
    deadlineAt: Date.parse(attempt.deadlineAt),
    questions: sections.flatMap((section) =>
      section.questions.map((question) => ({
        id: question._id,
        type: question.questionType,
        options: question.options?.map((option) => option._id) ?? null,
        units: question.units ?? null,
        blankCount: question.blankCount ?? null,
        prompts: question.prompts?.map((prompt) => prompt._id) ?? null,
        matches: question.matches?.map((match) => match._id) ?? null,
        items: question.items?.map((item) => item._id) ?? null,
      })),
    ),
  };
}

// --- exam-save: a save against its ceiling -------------------------------------------------------

/** The questions each save answers: one of each scored type its paper has, and an essay. */
const SAVED_TYPES = [
  'MCQ',
  'MULTI_SELECT',
  'NUMERICAL',
  'FILL_IN_BLANKS',
  'MATCHING',
  'ORDERING',
  'LONG_ANSWER',
];

/** The answer a save sends to a question of the exam-save row, its `seq`-th. */
function savedAnswer(question, seq) {
  switch (question.type) {
    case 'MCQ':
      return {
        selectedOptionId: question.options[seq % question.options.length],
        text: null,
        markedForReview: false,
      };
    case 'MULTI_SELECT':
      return { selectedOptionIds: question.options.slice(seq % 3) };
    case 'NUMERICAL':
      return { number: NUMBERS[seq % NUMBERS.length], unit: question.units[0] };
    case 'LONG_ANSWER':
      return { selectedOptionId: null, text: ESSAY, markedForReview: false };
    default:
      return partsAnswer(question, (list) => list[randomIndex(list.length)]);
  }
}

/**
 * Saves to random attempts in progress of the two exam day papers (an option, chosen options, a
 * number and an essay of 2,000 characters; or an option, blanks, pairs, an order and an essay),
 * 32 connections, against PUT save-answers and against the bare route of save-ceiling.mjs, the
 * ceiling measured around ours, half before and half after. One seq counter serves both, so every
 * save writes over the one before, as a student's next save does.
 */
export async function saveThroughput(ctx) {
  const perBranch = studentsPerBranch(ctx.scale);
  const students = perBranch * EXAM_DAY_PAPERS.length;
  await signInUpTo(ctx, straightTo(ctx.server), students);
  const { headers } = examDayState(ctx);
  const examIds = await createExams(ctx, EXAM_DAY_PAPERS.length, LONGEST_EXAM_MINUTES);
  const client = userClient(ctx.server, { sockets: CONNECTIONS.signIn });
  const sittings = [];
  try {
    for (let i = 0; i < students; i++) {
      const answer = await client.send({
        method: 'POST',
        path: `/api/student/start-exam/${examIds[Math.floor(i / perBranch)]}`,
        headers: { authorization: headers[i].authorization },
        read: true,
      });
      if (answer.status !== 200) throw new Error(`start-exam answered ${answer.status}`);
      const attempt = attemptOf(answer.body);
      sittings.push({
        headers: headers[i],
        attemptId: attempt.id,
        questions: SAVED_TYPES.flatMap(
          (type) => attempt.questions.find((question) => question.type === type) ?? [],
        ),
      });
    }
  } finally {
    client.close();
  }
  let seq = 0;
  const saveAt = (pathOf) => () => {
    const {
      headers: sittingHeaders,
      attemptId,
      questions,
    } = sittings[randomIndex(sittings.length)];
    seq += 1;
    const answers = questions.map((question) => ({
      questionId: question.id,
      ...savedAnswer(question, seq),
    }));
    return {
      method: 'PUT',
      path: pathOf(attemptId),
      // A copy: autocannon writes the body's length into the headers it is given.
      headers: { ...sittingHeaders },
      body: JSON.stringify({ seq, answers }),
    };
  };
  const saves = (server, pathOf, seconds) =>
    load(server, { connections: CONNECTIONS.save, seconds, next: saveAt(pathOf) });
  const ours = (seconds) =>
    saves(ctx.server, (attemptId) => `/api/student/save-answers/${attemptId}`, seconds);
  // The ceiling needs PostgreSQL: it is a node-postgres pool on the server's database.
  if (ctx.engine !== 'postgres') return { ...(await ours(ctx.seconds)), ceiling: null };
  const ceilingServer = await startSaveCeiling(ctx.databaseEnv.DATABASE_URL, await freePort());
  try {
    const ceiling = (seconds) => saves(ceilingServer, (attemptId) => `/save/${attemptId}`, seconds);
    const before = await ceiling(ctx.seconds / 2);
    const m = await ours(ctx.seconds);
    const after = await ceiling(ctx.seconds / 2);
    const mean = (part) => (before.cpu[part] + after.cpu[part]) / 2;
    return {
      ...m,
      ceiling: {
        rps: (before.rps + after.rps) / 2,
        p99: Math.max(before.p99, after.p99),
        errors: before.errors + after.errors,
        cpu: before.cpu &&
          after.cpu && {
            total: mean('total'),
            server: mean('serverMain') + mean('serverThreads'),
          },
      },
    };
  } finally {
    await ceilingServer.stop();
  }
}

// --- The way in: the server straight, or nginx in front of several processes -------------------

/** The Redis the recipe's processes share (failed sign-in counters). */
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * What the students' requests go to (`url`, `ca` to trust), the server processes behind it (for
 * their CPU, memory and settling) and the proxy's processes, if any.
 */
export function straightTo(server) {
  return { url: server.url, servers: [server], proxyPids: [] };
}

async function settleAll(front) {
  for (const server of front.servers) await settle(server);
}

/** Why the several-process recipe cannot run here, in one line; null when it can. */
export async function recipeMissing() {
  if (!existsSync(NGINX)) {
    return `--processes puts the load through nginx, not found at ${NGINX}: install it (apt-get install nginx) or set NGINX_PATH`;
  }
  const { hostname, port } = new URL(REDIS_URL);
  const reachable = await new Promise((resolve) => {
    const socket = connect(Number(port || 6379), hostname);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  return reachable
    ? null
    : `--processes needs Redis, which the processes share: none answers at ${REDIS_URL} (set BENCH_REDIS_URL)`;
}

/**
 * The production recipe, as `npm run test:deploy` runs it (apps/server/src/deploy/nginx.ts):
 * `count` server processes on the run's PostgreSQL database and one Redis, TRUST_PROXY set to
 * nginx's address, and two nginx with TLS: one in front of the first process alone, one in front
 * of all of them. `work` gets `one()` and `all()`, each giving the front to sit a rung through;
 * `one()` stops the other processes (each runs a deadline sweep, which would share the one's
 * work), `all()` starts them again. The bench's own server is stopped meanwhile.
 */
async function withRecipe(ctx, count, work) {
  const settings = { ...ctx.databaseEnv, REDIS_URL, TRUST_PROXY: '127.0.0.1' };
  const ports = [];
  for (let k = 0; k < count; k++) ports.push(await freePort());
  return ctx.whileStopped(async () => {
    const servers = [];
    const proxies = [];
    try {
      // One after the other: the later ones find the migrations done.
      for (const port of ports) servers.push(await startServer(settings, port));
      const alone = await startNginx(ports.slice(0, 1));
      proxies.push(alone);
      const shared = await startNginx(ports);
      proxies.push(shared);
      const front = (nginx) => ({
        url: nginx.origin,
        ca: nginx.ca,
        servers: [...servers],
        proxyPids: nginx.pids(),
      });
      return await work({
        async one() {
          for (const server of servers.splice(1)) await server.stop();
          return front(alone);
        },
        async all() {
          for (const port of ports.slice(servers.length)) {
            servers.push(await startServer(settings, port));
          }
          return front(shared);
        },
      });
    } finally {
      for (const nginx of proxies) await nginx.stop();
      for (const server of servers) await server.stop();
    }
  });
}

// --- exam-day: the ladder ------------------------------------------------------------------------

/** Runs `work` at `time` (a performance.now() instant), noting how late the timer fired. */
export function timerAt(run, time, work) {
  return setTimeout(
    () => {
      run.lateness.push(performance.now() - time);
      work(time);
    },
    Math.max(0, time - performance.now()),
  );
}

const between = (from, to) => from + Math.random() * (to - from);

/** One student's sitting, as the web app's attempt page and its AnswerSync carry it out. */
class Student {
  constructor(run, i) {
    this.run = run;
    this.headers = run.headers[i];
    this.examId = run.examIds[Math.floor(i / run.perBranch)];
    this.early = i % 2 === 0;
    this.pending = new Map();
    this.essayLength = new Map();
    this.saving = false;
    this.saveAgain = false;
    this.failures = 0;
    this.stopped = false;
    this.closed = false;
    this.timers = {};
    this.finished = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  /** Starts at `startAt`; resolves once the sitting is over for this student. */
  sit(startAt) {
    timerAt(this.run, startAt, (since) => void this.start(since));
    return this.finished;
  }

  async start(since) {
    const { client, tallies } = this.run;
    const answer = await client.send({
      method: 'POST',
      path: `/api/student/start-exam/${this.examId}`,
      headers: { authorization: this.headers.authorization },
      read: true,
      since,
    });
    count(tallies.start, answer);
    if (answer.status !== 200) return this.resolve();
    if (this.run.images) this.loadImages(answer.body);
    const attempt = attemptOf(answer.body);
    this.attempt = attempt;
    this.nextSeq = attempt.lastSeq + 1;
    this.path = `/api/student/save-answers/${attempt.id}`;
    const now = performance.now();
    // Both clocks are this machine's: the server's deadline read on the performance timeline.
    this.deadline = now + (attempt.deadlineAt - Date.now());
    this.run.deadlines.push(this.deadline);
    const submitAt = this.early
      ? now + (this.deadline - now) * between(EARLY_SUBMIT.from, EARLY_SUBMIT.to)
      : null;
    // Changes stop early enough for their save to leave before the end.
    this.changesUntil = (submitAt ?? this.deadline) - ATTEMPT_LIMITS.saveDebounceMs - 500;
    this.heartbeat(now);
    this.nextChange(now);
    this.timers.end = this.early
      ? timerAt(this.run, submitAt, (time) => this.submit(time))
      : timerAt(this.run, this.deadline, (time) => this.atDeadline(time));
  }

  /** The paper's images, all at once as a browser asks for a page's: the first visit, no cache. */
  loadImages(body) {
    const { client, tallies } = this.run;
    for (const path of Object.values(JSON.parse(body).data.mediaUrls ?? {})) {
      client.send({ method: 'GET', path }).then((answer) => count(tallies.image, answer));
    }
  }

  nextChange(after) {
    const at = after - CHANGE_MEAN_MS * Math.log(1 - Math.random());
    if (at < this.changesUntil) this.timers.change = timerAt(this.run, at, (t) => this.change(t));
  }

  /** A few answers change; the save follows the web app's debounce after the last change. */
  change(time) {
    if (this.stopped) return;
    const changes = 1 + randomIndex(MOST_CHANGES_AT_ONCE);
    for (let k = 0; k < changes; k++) {
      const question = this.attempt.questions[randomIndex(this.attempt.questions.length)];
      this.pending.set(question.id, this.answerTo(question));
    }
    clearTimeout(this.timers.save);
    this.timers.save = timerAt(this.run, time + ATTEMPT_LIMITS.saveDebounceMs, (t) => this.save(t));
    this.nextChange(time);
  }

  answerTo(question) {
    const answer = {
      questionId: question.id,
      selectedOptionId: null,
      text: null,
      markedForReview: Math.random() < 0.1,
    };
    if (question.type === 'MULTI_SELECT') {
      answer.selectedOptionIds = question.options.filter(() => Math.random() < 0.5);
    } else if (question.type === 'NUMERICAL') {
      answer.number = NUMBERS[randomIndex(NUMBERS.length)];
      answer.unit = question.units[randomIndex(question.units.length)];
    } else if (question.blankCount || question.prompts || question.items) {
      Object.assign(
        answer,
        partsAnswer(question, (list) => list[randomIndex(list.length)]),
      );
    } else if (question.options) {
      answer.selectedOptionId = question.options[randomIndex(question.options.length)];
    } else if (question.type === 'LONG_ANSWER') {
      // An essay grows to 2,000 characters, then is edited around that length.
      const before = this.essayLength.get(question.id) ?? 0;
      const length =
        before >= ESSAY_CHARS
          ? ESSAY_CHARS - randomIndex(200)
          : Math.min(ESSAY_CHARS, before + 300 + randomIndex(400));
      this.essayLength.set(question.id, length);
      answer.text = ESSAY.slice(0, length);
    } else {
      answer.text = SHORT_ANSWER.slice(0, 100 + randomIndex(200));
    }
    return { answer, seq: this.nextSeq };
  }

  /** About every 30 s after the last acknowledged save, ±20%, as the web app does. */
  heartbeat(after) {
    clearTimeout(this.timers.heartbeat);
    const at = after + ATTEMPT_LIMITS.heartbeatMs * between(0.8, 1.2);
    if (at < this.deadline) this.timers.heartbeat = timerAt(this.run, at, (t) => this.save(t));
  }

  save(since) {
    if (this.closed) return;
    if (this.saving) {
      this.saveAgain = true;
      return;
    }
    clearTimeout(this.timers.save);
    clearTimeout(this.timers.heartbeat);
    this.saving = true;
    const entries = [...this.pending.values()];
    const seq = this.nextSeq++;
    const body = JSON.stringify({ seq, answers: entries.map((entry) => entry.answer) });
    const { client, tallies } = this.run;
    client
      .send({ method: 'PUT', path: this.path, headers: this.headers, body, since })
      .then((answer) => {
        this.saving = false;
        count(tallies.save, answer, entries.length);
        this.run.sent.push(since);
        const now = performance.now();
        if (answer.status === 200) {
          this.acknowledge(entries, seq);
          for (const [questionId, entry] of this.pending) {
            if (entry.seq <= seq) this.pending.delete(questionId);
          }
          this.failures = 0;
          if (!this.stopped) this.heartbeat(now);
        } else if (answer.status === 409) {
          // The time is over or the attempt submitted: the web app stops saving.
          this.closed = true;
        } else if (!this.stopped) {
          this.failures += 1;
          const wait = Math.min(
            FIRST_RETRY_MS * 2 ** (this.failures - 1),
            ATTEMPT_LIMITS.heartbeatMs,
          );
          clearTimeout(this.timers.save);
          this.timers.save = timerAt(this.run, now + wait, (t) => this.save(t));
        }
        if (this.saveAgain) {
          this.saveAgain = false;
          this.save(now);
        }
        this.finishIfDone();
      });
  }

  /** Each answer of a save answered 200 counts as acknowledged, at that save's seq. */
  acknowledge(entries, seq) {
    for (const { answer } of entries) {
      const key = `${this.attempt.id} ${answer.questionId}`;
      const known = this.run.acknowledged.get(key);
      if (known && known.seq > seq) continue;
      this.run.acknowledged.set(key, {
        seq,
        option: answer.selectedOptionId === null ? null : Number(answer.selectedOptionId),
        textLength: answer.text === null ? null : answer.text.length,
        response: responseOf(answer),
      });
    }
  }

  stop() {
    this.stopped = true;
    for (const timer of Object.values(this.timers)) clearTimeout(timer);
  }

  /** The deadline: what is still pending goes out (the web app's flush), then nothing more. */
  atDeadline(time) {
    const pending = this.pending.size > 0;
    this.stop();
    if (pending) this.save(time);
    this.ended = true;
    this.finishIfDone();
  }

  /** An early submit, carrying the answers not acknowledged yet under the next seq. */
  submit(since) {
    this.stop();
    this.closed = true;
    const entries = [...this.pending.values()];
    const seq = this.nextSeq++;
    const body = JSON.stringify(
      entries.length > 0 ? { seq, answers: entries.map((entry) => entry.answer) } : {},
    );
    const { client, tallies } = this.run;
    this.submitting = true;
    client
      .send({
        method: 'POST',
        path: `/api/student/submit-exam/${this.attempt.id}`,
        headers: this.headers,
        body,
        read: true,
        since,
      })
      .then((answer) => {
        // A submit handled after the deadline and its grace is the deadline's: it answers 200,
        // but the answers it carried came too late to count (the web app says so).
        const late =
          answer.status === 200 && JSON.parse(answer.body).data.attempt.submitTrigger !== 'STUDENT';
        count(tallies.submit, late ? { ...answer, status: LATE } : answer, entries.length);
        if (answer.status === 200 && !late) this.acknowledge(entries, seq);
        this.submitting = false;
        this.ended = true;
        this.finishIfDone();
      });
  }

  finishIfDone() {
    if (this.ended && !this.saving && !this.submitting) this.resolve();
  }
}

/**
 * One rung through `front`: `students` students of the first branches, one exam per branch. Each
 * starts at a random moment of the start window, then saves and submits on its own schedule; the
 * rung ends once the server's sweep has had time to submit the last attempt due.
 */
async function sitExam(ctx, front, students, { examMinutes, startWindowMs }, images) {
  const perBranch = studentsPerBranch(ctx.scale);
  const branches = Math.ceil(students / perBranch);
  const examIds = await createExams(ctx, branches, examMinutes, front.servers[0], {}, images);
  const run = {
    client: userClient(front, { sockets: CONNECTIONS.students }),
    headers: examDayState(ctx).headers,
    examIds,
    perBranch,
    images,
    tallies: { start: tally(), save: tally(), submit: tally(), image: tally() },
    acknowledged: new Map(),
    deadlines: [],
    lateness: [],
    /** When each save was asked for, for the peak rate. */
    sent: [],
  };
  const databaseBefore = await databaseView(ctx);
  const serverBefore = await serverView(front.servers);
  const began = performance.now() + 1_000;
  const pids = front.servers.map((server) => server.pid);
  const cpu = cpuCounter(pids, front.proxyPids);
  const { peakRssMiB } = await withPeakRss(pids, () =>
    Promise.all(
      Array.from({ length: students }, (_, i) =>
        new Student(run, i).sit(began + Math.random() * startWindowMs),
      ),
    ),
  );
  const loadMs = performance.now() - began;
  const spent = cpu(1);
  const serverAfter = await serverView(front.servers);
  const overServer100 = Object.fromEntries(
    Object.keys(TIMED_ROUTES).map((kind) => [
      kind,
      {
        server: serverAfter.routes[kind].over100 - serverBefore.routes[kind].over100,
        client: run.tallies[kind].ms.filter((ms) => ms > 100).length,
      },
    ]),
  );
  run.client.close();
  const lastDeadline = run.deadlines.reduce((latest, at) => Math.max(latest, at), began);
  const sweptBy = lastDeadline + ATTEMPT_LIMITS.saveGraceMs + SWEEP_MS + SWEEP_MARGIN_MS;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, sweptBy - performance.now())));
  await settleAll(front);
  const database = databaseChange(databaseBefore, await databaseView(ctx));
  const requests = ['start', 'save', 'submit', 'image'].reduce(
    (sum, kind) => sum + run.tallies[kind].ms.length,
    0,
  );

  const perSecond = new Map();
  for (const at of run.sent) {
    const second = Math.floor((at - began) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  return {
    students,
    processes: front.servers.length,
    examIds,
    start: summary(run.tallies.start),
    image: summary(run.tallies.image),
    save: summary(run.tallies.save),
    submit: summary(run.tallies.submit),
    savesPerSecond: run.tallies.save.ms.length / (loadMs / 1000),
    peakSavesPerSecond: Math.max(0, ...perSecond.values()),
    acknowledged: run.acknowledged,
    answersAcknowledged: run.tallies.save.answers + run.tallies.submit.answers,
    loadMs,
    cpu: spent && {
      server: (spent.serverMain + spent.serverThreads) / loadMs,
      proxy: front.proxyPids.length > 0 ? spent.proxy / loadMs : null,
      database: spent.database / loadMs,
      loadGenerator: spent.loadGenerator / loadMs,
      rest: spent.rest / loadMs,
    },
    transactionsPerRequest: database && database.committed / requests,
    database,
    peakRssMiB,
    eventLoopP99: serverAfter.eventLoopP99,
    eventLoopMax: serverAfter.eventLoopMax,
    overServer100,
    latenessP99: percentile(run.lateness, 0.99),
  };
}

/** The routes whose time the server itself measures, beside what the students waited. */
const TIMED_ROUTES = {
  start: '/api/student/start-exam/:examId',
  save: '/api/student/save-answers/:attemptId',
  image: '/api/media/:id',
};

/**
 * What the servers' own metrics say since they were last read: the worst event-loop delay p99
 * and maximum, in ms (the histogram starts afresh at every read), and for each timed route the
 * requests answered so far and those that took the server over 100 ms (cumulative counters).
 */
async function serverView(servers) {
  const view = { eventLoopP99: 0, eventLoopMax: 0, routes: {} };
  for (const server of servers) {
    const response = await fetch(`${server.url}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await response.text();
    const read = (name) =>
      Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]);
    if (response.status !== 200 || Number.isNaN(read('p99'))) {
      throw new Error(`The metrics answered ${response.status} without the event-loop delay`);
    }
    view.eventLoopP99 = Math.max(view.eventLoopP99, read('p99') * 1000);
    view.eventLoopMax = Math.max(view.eventLoopMax, read('max') * 1000);
    for (const [kind, route] of Object.entries(TIMED_ROUTES)) {
      const bucket = (le) =>
        [...text.matchAll(/^examiq_http_request_duration_seconds_bucket\{(.*)\} (\S+)$/gm)]
          .filter(
            ([, labels]) => labels.includes(`route="${route}"`) && labels.includes(`le="${le}"`),
          )
          .reduce((sum, [, , value]) => sum + Number(value), 0);
      const all = bucket('+Inf');
      const known = view.routes[kind] ?? { all: 0, over100: 0 };
      view.routes[kind] = { all: known.all + all, over100: known.over100 + all - bucket('0.1') };
    }
  }
  return view;
}

/**
 * What PostgreSQL has done so far: transactions committed in the run's database (each statement
 * of the server is one), and, for the whole cluster, the WAL written and flushed and the
 * checkpoints; null on the embedded database. The counters are flushed about every second. A
 * checkpoint asked for (not on schedule) comes from a large write or from another database's
 * CREATE or DROP DATABASE: on a shared machine, another's test suite.
 */
async function databaseView(ctx) {
  if (ctx.engine !== 'postgres') return null;
  const url = ctx.databaseEnv.DATABASE_URL;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select
        (select xact_commit::float8 from pg_stat_database where datname = $1) as committed,
        wal_bytes::float8 as wal_bytes, wal_fpi::float8 as full_page_images,
        wal_sync::float8 as flushes, wal_sync_time::float8 as flush_ms,
        checkpoints_timed::float8 as timed, checkpoints_req::float8 as requested
      from pg_stat_wal, pg_stat_bgwriter`,
      [new URL(url).pathname.slice(1)],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** The change of every figure of `databaseView` over a rung. */
const databaseChange = (before, after) =>
  before && Object.fromEntries(Object.keys(before).map((key) => [key, after[key] - before[key]]));

/**
 * `work(query)` with direct SQL on the run's database: a connection of its own on PostgreSQL;
 * the embedded database has one process, so its server is stopped meanwhile and started again.
 */
export async function onDatabase(ctx, work) {
  if (ctx.engine === 'postgres') {
    const client = new pg.Client({ connectionString: ctx.databaseEnv.DATABASE_URL });
    await client.connect();
    try {
      return await work((text, values) => client.query(text, values).then(({ rows }) => rows));
    } finally {
      await client.end();
    }
  }
  return ctx.whileStopped(async () => {
    const { openDatabase } = await import('../../apps/server/src/db/client.ts');
    const database = await openDatabase({
      dataDir: ctx.databaseEnv.DATA_DIR,
      databaseUrl: undefined,
    });
    try {
      const pool = database.db.$client;
      return await work((text, values) => pool.query(text, values).then(({ rows }) => rows));
    } finally {
      await database.close();
    }
  });
}

/**
 * Every answer acknowledged must be in attempt_answers at its last acknowledged version (a row
 * at a later seq is a save whose answer never came back, which counts too); every attempt must
 * be submitted, by its student or by the server's sweep.
 */
async function checkStored(ctx, rungs) {
  await onDatabase(ctx, async (query) => {
    for (const rung of rungs) {
      const stored = await query(
        `select a.id as attempt_id, q.question_id, q.seq::float8 as seq, q.selected_option,
           length(q.text) as text_length, q.response
         from exam_attempts a join attempt_answers q on q.attempt_id = a.id
         where a.exam_id = any($1::uuid[])`,
        [rung.examIds],
      );
      let lost = 0;
      let unacknowledged = 0;
      const found = new Set();
      for (const row of stored) {
        const key = `${row.attempt_id} ${row.question_id}`;
        const acknowledged = rung.acknowledged.get(key);
        if (!acknowledged) {
          unacknowledged += 1;
          continue;
        }
        found.add(key);
        const older = row.seq < acknowledged.seq;
        const altered =
          row.seq === acknowledged.seq &&
          (row.selected_option !== acknowledged.option ||
            (row.text_length ?? null) !== acknowledged.textLength ||
            canonical(row.response) !== acknowledged.response);
        if (older || altered) lost += 1;
      }
      lost += rung.acknowledged.size - found.size;
      const [attempts] = await query(
        `select count(*)::int as attempts,
           count(*) filter (where status = 'IN_PROGRESS')::int as in_progress,
           count(*) filter (where submit_trigger = 'STUDENT')::int as by_students,
           count(*) filter (where submit_trigger = 'DEADLINE')::int as by_deadline,
           coalesce(max(extract(epoch from submitted_at - deadline_at))
             filter (where submit_trigger = 'DEADLINE'), 0)::float8 as latest_seconds
         from exam_attempts where exam_id = any($1::uuid[])`,
        [rung.examIds],
      );
      rung.stored = { rows: stored.length, lost, unacknowledged, attempts };
      // The map is large and not needed any more.
      rung.distinctAcknowledged = rung.acknowledged.size;
      rung.acknowledged = null;
    }
  });
}

/** Failed requests of a rung, of every kind. */
export const failuresOf = (rung) =>
  rung.start.errors + rung.save.errors + rung.submit.errors + rung.image.errors;

/** Whether a rung met the targets; before the database check, on its answers alone. */
export function withinTargets(rung) {
  const checked =
    !rung.stored || (rung.stored.lost === 0 && rung.stored.attempts.in_progress === 0);
  return (
    failuresOf(rung) === 0 &&
    rung.save.p99 <= TARGETS.saveP99 &&
    rung.start.p99 <= TARGETS.startP99 &&
    checked
  );
}

/**
 * The ladder: for each number of students (until the embedded database misses the targets), the
 * missing students sign in, then they sit an exam; the answers are checked in the database at the
 * end. The figures of the lobby are those of every sign-in made. With `ctx.processes` above 1,
 * each rung is sat through the recipe twice, one process behind nginx and then all of them, so the
 * gain is measured side by side: a ladder for each.
 */
export async function examDay(ctx) {
  const pace = ctx.quick ? PACE.quick : PACE.full;
  const whole = ctx.quick ? [studentsPerBranch(ctx.scale)] : LADDER;
  const ladder = (ctx.students ? [ctx.students] : whole).filter((n) => n <= ctx.scale.students);
  const sit = async (front, students, images) => {
    await signInUpTo(ctx, front, students);
    await settleAll(front);
    const way =
      front.proxyPids.length > 0 ? ` through nginx, ${processes(front.servers.length)}` : '';
    const paper = images ? ` with formulas and ${images.length} images` : '';
    console.log(
      `   ${students.toLocaleString('en-US')} students sit a ${pace.examMinutes}-minute exam${paper}${way}`,
    );
    return sitExam(ctx, front, students, pace, images);
  };
  let ladders;
  if (ctx.processes > 1) {
    ladders = await withRecipe(ctx, ctx.processes, async (recipe) => {
      const one = { processes: 1, proxied: true, rungs: [] };
      const all = { processes: ctx.processes, proxied: true, rungs: [] };
      for (const students of ladder) {
        one.rungs.push(await sit(await recipe.one(), students));
        all.rungs.push(await sit(await recipe.all(), students));
      }
      return [one, all];
    });
  } else {
    const alone = { processes: 1, proxied: false, rungs: [] };
    const withContent = { processes: 1, proxied: false, content: true, rungs: [] };
    const images = await paperImages(ctx);
    for (const students of ladder) {
      const rung = await sit(straightTo(ctx.server), students);
      alone.rungs.push(rung);
      withContent.rungs.push(await sit(straightTo(ctx.server), students, images));
      if (ctx.engine !== 'postgres' && !withinTargets(rung)) break;
    }
    ladders = [alone, withContent];
  }
  await checkStored(
    ctx,
    ladders.flatMap(({ rungs }) => rungs),
  );
  const { lobby } = examDayState(ctx);
  return {
    pace,
    ladders,
    lobby: {
      count: lobby.count,
      rate: lobby.count / (lobby.ms / 1000),
      p99: percentile(lobby.latencies, 0.99),
    },
  };
}

/** '1 process', '2 processes'. */
export const processes = (n) => `${n} process${n === 1 ? '' : 'es'}`;
