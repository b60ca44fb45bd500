// The live monitor: the students of a proctored exam report a heartbeat every 5 s and, now and
// then, a signal that raises an alert, while the server times their sockets' round trips; a proctor
// watching the exam's monitor over the live channel times each report from the moment it was sent
// to the moment its row's update, and each of its alerts, reach the proctor's screen.
import { PROCTORING_LIMITS } from '@examiq/contracts';
import WebSocket from 'ws';
import { cpuCounter } from './cpu.mjs';
import { benchId, facultyEmail, PERSON_PASSWORD, randomIndex } from './dataset.mjs';
import {
  createExams,
  LONGEST_EXAM_MINUTES,
  percentile,
  seededStudent,
  signInUpTo,
  straightTo,
  timerAt,
} from './exam-day.mjs';
import { localDate } from './exams.mjs';
import { settle, signIn, userClient, withPeakRss } from './http.mjs';
import { rssMiB } from './server.mjs';

export const MONITOR_STUDENTS = 200;
/** From a student's report to the proctor's screen, at the 99th percentile. */
export const MONITOR_P99_MS = 1_000;
/**
 * Each student's heartbeats run a while before the minute measured (connections, compiled code,
 * prepared statements); what is still on its way when the minute ends is waited for.
 */
const PACE = {
  full: { warmUpMs: 15_000, steadyMs: 60_000 },
  quick: { warmUpMs: 5_000, steadyMs: 10_000 },
};
const DRAIN_MS = 5_000;
/** On average each student does something flagged every 30 s: about 400 alerts a minute. */
const SIGNAL_MEAN_MS = 30_000;
const SIGNALS = ['TAB_HIDDEN', 'WINDOW_BLUR', 'FULLSCREEN_EXIT', 'COPY', 'PASTE', 'CONTEXT_MENU'];
/** The page's socket pings as often as it sends a heartbeat, to notice a dead line. */
const PING_MS = PROCTORING_LIMITS.heartbeatMs;
const SYSTEM_CHECK = { camera: true, microphone: true, fullscreen: true, connection: true };
/** Connections of the students' reports, a reverse proxy's pool in front of the server. */
const SOCKETS = 64;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The next message of `type` on `socket`; an `error` message instead fails. */
function nextMessage(socket, type) {
  return new Promise((resolve, reject) => {
    const listener = (data) => {
      const message = JSON.parse(data.toString());
      if (message.type !== type && message.type !== 'error') return;
      socket.off('message', listener);
      if (message.type === type) resolve(message);
      else reject(new Error(`The live channel answered ${message.code}: ${message.message}`));
    };
    socket.on('message', listener);
    socket.once('close', (code) => reject(new Error(`The live channel closed with ${code}`)));
  });
}

/** A socket on the live channel, signed in (`auth`, answered `ready`). */
async function liveSocket(server, accessToken) {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/ws`);
  const ready = nextMessage(socket, 'ready');
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  // A socket failing later closes: the updates it then misses are counted as missing.
  socket.on('error', () => {});
  socket.send(JSON.stringify({ type: 'auth', token: accessToken }));
  await ready;
  return socket;
}

/**
 * A proctored exam of today for the first branch, watched by one seeded faculty member. Its
 * window is the whole day: a run too close to its end waits for the next day.
 */
async function proctoredExam(ctx, runMs) {
  const endOfDay = new Date();
  endOfDay.setHours(23, 59, 0, 0);
  const left = endOfDay.getTime() - Date.now();
  if (left < runMs) {
    console.log('   waiting for midnight: the exam of today would end during the run');
    await sleep(left + 120_000);
  }
  const [examId] = await createExams(ctx, 1, LONGEST_EXAM_MINUTES, ctx.server, {
    examMode: 'PROCTORING',
    assignedFacultyIds: [benchId('faculty-user', 0)],
    scheduleDetails: {
      examDate: localDate(new Date()),
      startTime: '00:00',
      endTime: '23:59',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    },
  });
  return examId;
}

/** Pings as the page does, until `stop`; the server times the socket with pings of its own. */
function pinging(run, socket) {
  const ping = (time) => {
    if (run.stopped) return;
    socket.send(JSON.stringify({ type: 'ping', id: String(time) }));
    timerAt(run, time + PING_MS, ping);
  };
  timerAt(run, performance.now() + Math.random() * PING_MS, ping);
}

/**
 * A student's reports, each with its heartbeat and any signal since the last, one at a time: the
 * next leaves 5 s after the last, or once it is answered if that took longer.
 */
function reporting(run, student) {
  let nextSignalAt = performance.now() - SIGNAL_MEAN_MS * Math.log(1 - Math.random());
  const report = (time) => {
    if (run.stopped) return;
    const events = [];
    const signals = [];
    while (nextSignalAt <= time) {
      const at = new Date(Date.now() - (time - nextSignalAt)).toISOString();
      const type = SIGNALS[randomIndex(SIGNALS.length)];
      events.push({ type, at });
      signals.push(at);
      nextSignalAt -= SIGNAL_MEAN_MS * Math.log(1 - Math.random());
    }
    events.push({ type: 'HEARTBEAT', at: new Date().toISOString() });
    const measured = time >= run.measureFrom && time < run.measureUntil;
    const sent = { time, measured, updated: false };
    student.inFlight = sent;
    for (const at of signals) run.alertsDue.set(`${student.id} ${at}`, sent);
    if (measured) run.expected.updates += 1;
    if (measured) run.expected.alerts += signals.length;
    run.client
      .send({
        method: 'POST',
        path: `/api/student/report-events/${student.attemptId}`,
        headers: student.headers,
        body: JSON.stringify({ events }),
        since: time,
      })
      .then((answer) => {
        if (measured) {
          run.reports.push(answer.ms);
          if (answer.status !== 200)
            run.failed[answer.status] = (run.failed[answer.status] ?? 0) + 1;
        }
        timerAt(run, Math.max(time + PROCTORING_LIMITS.heartbeatMs, performance.now()), report);
      });
  };
  timerAt(run, performance.now() + Math.random() * PROCTORING_LIMITS.heartbeatMs, report);
}

/** What the proctor's screen receives: each report's update and alerts, matched and timed. */
function watching(run, byStudentId) {
  return (data) => {
    const arrived = performance.now();
    const message = JSON.parse(data.toString());
    if (message.type !== 'proctoring') return;
    const { update } = message;
    // A round trip the server timed changes no activity: only a report's row has one.
    if (update.kind === 'student' && update.student.lastActivityAt !== undefined) {
      // One report at a time per student.
      let sent = byStudentId.get(update.student.studentId)?.inFlight;
      if (sent?.updated) sent = undefined;
      if (sent) sent.updated = true;
      matched(run, sent, run.updates, arrived);
    } else if (update.kind === 'alerts') {
      for (const alert of update.alerts) {
        // An alert's time is its signal's, which the page chose.
        const key = `${alert.studentId} ${alert.at}`;
        matched(run, run.alertsDue.get(key), run.alerts, arrived);
        run.alertsDue.delete(key);
      }
    }
  };
}

/** Times what arrived against the report that made it; what matches no report is counted. */
function matched(run, sent, times, arrived) {
  if (!sent) run.unmatched += 1;
  else if (sent.measured) times.push(arrived - sent.time);
}

/**
 * The row: the students sign in (kept with the exam day's sessions) and start the proctored exam
 * with a passed system check, each page opens its live socket; the proctor signs in and watches
 * the monitor. Then every student reports on its own schedule; after the warm-up, a minute is
 * measured: the latency of each update and alert, the reports' own answers, and the server's CPU
 * and memory over that minute.
 */
export async function monitorLive(ctx) {
  const { warmUpMs, steadyMs } = ctx.quick ? PACE.quick : PACE.full;
  const headers = await signInUpTo(ctx, straightTo(ctx.server), MONITOR_STUDENTS);
  const examId = await proctoredExam(ctx, warmUpMs + steadyMs + 120_000);
  const run = {
    client: userClient(ctx.server, { sockets: SOCKETS }),
    stopped: false,
    lateness: [],
    updates: [],
    alerts: [],
    reports: [],
    failed: {},
    unmatched: 0,
    alertsDue: new Map(),
    expected: { updates: 0, alerts: 0 },
  };
  const sockets = [];
  try {
    const students = await Promise.all(
      headers.slice(0, MONITOR_STUDENTS).map(async (studentHeaders, i) => {
        const answer = await run.client.send({
          method: 'POST',
          path: `/api/student/start-exam/${examId}`,
          headers: studentHeaders,
          body: JSON.stringify({ systemCheck: SYSTEM_CHECK }),
          read: true,
        });
        if (answer.status !== 200) throw new Error(`start-exam answered ${answer.status}`);
        return {
          id: benchId('student', seededStudent(ctx.scale, i)),
          headers: studentHeaders,
          attemptId: JSON.parse(answer.body).data.attempt._id,
        };
      }),
    );
    const byStudentId = new Map(students.map((student) => [student.id, student]));
    const proctor = await signIn(ctx.server, { email: facultyEmail(0), password: PERSON_PASSWORD });
    const monitor = await liveSocket(ctx.server, proctor.accessToken);
    sockets.push(monitor);
    const subscribed = nextMessage(monitor, 'subscribed');
    monitor.send(JSON.stringify({ type: 'subscribe', examId }));
    await subscribed;
    monitor.on('message', watching(run, byStudentId));
    for (const student of students) {
      const socket = await liveSocket(
        ctx.server,
        student.headers.authorization.slice('Bearer '.length),
      );
      sockets.push(socket);
      pinging(run, socket);
    }
    await settle(ctx.server);

    run.measureFrom = performance.now() + warmUpMs;
    run.measureUntil = run.measureFrom + steadyMs;
    for (const student of students) reporting(run, student);
    await sleep(warmUpMs);
    const startMiB = rssMiB(ctx.server.pid);
    const cpu = cpuCounter([ctx.server.pid]);
    const { peakRssMiB } = await withPeakRss([ctx.server.pid], () => sleep(steadyMs));
    const spent = cpu(1);
    run.stopped = true;
    await sleep(DRAIN_MS);
    const share = (ms) => ms / steadyMs;
    return {
      students: students.length,
      steadyMs,
      update: {
        count: run.updates.length,
        p50: percentile(run.updates, 0.5),
        p99: percentile(run.updates, 0.99),
      },
      alert: {
        count: run.alerts.length,
        p50: percentile(run.alerts, 0.5),
        p99: percentile(run.alerts, 0.99),
      },
      p99: percentile([...run.updates, ...run.alerts], 0.99),
      missing: run.expected.updates - run.updates.length + run.expected.alerts - run.alerts.length,
      unmatched: run.unmatched,
      reports: { sent: run.expected.updates, p99: percentile(run.reports, 0.99) },
      failed: run.failed,
      cpu: spent && {
        server: share(spent.serverMain + spent.serverThreads),
        database: share(spent.database),
        loadGenerator: share(spent.loadGenerator),
        rest: share(spent.rest),
        serverPerReport: (spent.serverMain + spent.serverThreads) / run.expected.updates,
      },
      startMiB,
      peakRssMiB,
      latenessP99: percentile(run.lateness, 0.99),
    };
  } finally {
    run.stopped = true;
    for (const socket of sockets) socket.close();
    run.client.close();
  }
}
