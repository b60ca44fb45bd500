// Bulk import of people at a term's scale: the preview of a file of 5,000 students (time and the
// server's memory), the import of the same number as the admin runs it, from the upload to the
// job's end, with the share of that time spent hashing default passwords, and the same import
// with invitations, mailed to a mail server in the bench process while a look-up is timed.

import { SMTPServer } from 'smtp-server';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { IMPORT_BATCH } from '../../apps/server/src/modules/people-import/import-job.ts';
import { csvFile, studentRow } from '../../apps/server/src/test/people-import.ts';
import { ADMIN, BATCH_YEARS, FIRST_BATCH_YEAR } from './dataset.mjs';
import { percentile } from './exam-day.mjs';
import { settle, signIn, withPeakRss } from './http.mjs';
import { freePort, rssMiB, startServer } from './server.mjs';

export const IMPORT_ROWS = 5_000;
export { IMPORT_BATCH };

const POLL_MS = 100;
/** Passwords hashed in the bench process to measure the rate, half before and half after. */
const HASH_SAMPLE = 500;

/** 5,000 valid students in the first seeded section, named as the template names master data. */
function studentsFile(prefix) {
  const placement = {
    'academicInfo.batch': `${FIRST_BATCH_YEAR}-${FIRST_BATCH_YEAR + BATCH_YEARS}`,
    'academicInfo.course': 'Course 1',
    'academicInfo.branch': 'BR1',
    'academicInfo.section': 'Section A',
    'academicInfo.admissionYear': FIRST_BATCH_YEAR,
    'academicInfo.expectedGraduationYear': FIRST_BATCH_YEAR + BATCH_YEARS,
  };
  return csvFile(
    'students',
    Array.from({ length: IMPORT_ROWS }, (_, index) => studentRow(`${prefix}${index}`, placement)),
  );
}

async function upload(ctx, path, bytes, fields = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([bytes]), 'students.csv');
  const response = await fetch(`${ctx.server.url}/api/admin/${path}`, {
    method: 'POST',
    headers: ctx.auth,
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

export async function importPreviewRun(ctx) {
  const bytes = studentsFile('preview');
  await settle(ctx.server);
  const restMiB = rssMiB(ctx.server.pid);
  const started = performance.now();
  const { result, peakRssMiB } = await withPeakRss([ctx.server.pid], () =>
    upload(ctx, 'import-preview/students', bytes),
  );
  const ms = performance.now() - started;
  if (result.status !== 200) {
    throw new Error(`The preview answered ${result.status}: ${result.body.message}`);
  }
  return { ms, restMiB, peakRssMiB, bytes: bytes.length, preview: result.body.data };
}

/** Hashes per second with the product's hashPassword, a batch of the import's size at a time. */
async function hashRate(count) {
  const started = performance.now();
  for (let done = 0; done < count; done += IMPORT_BATCH) {
    await Promise.all(
      Array.from({ length: IMPORT_BATCH }, () => hashPassword('Sample#Password-1234')),
    );
  }
  return (1000 * count) / (performance.now() - started);
}

/** Polls an import's job until it has ended. */
async function importEnded(ctx, job) {
  let current = job;
  while (current.status === 'QUEUED' || current.status === 'RUNNING') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const response = await fetch(`${ctx.server.url}/api/admin/get-job/${current._id}`, {
      headers: ctx.auth,
    });
    current = (await response.json()).data;
  }
  return current;
}

export async function importStudentsRun(ctx) {
  const bytes = studentsFile('import');
  await settle(ctx.server);
  const before = await hashRate(HASH_SAMPLE / 2);
  const started = performance.now();
  const answer = await upload(ctx, 'import/students', bytes, { mode: 'valid-only' });
  if (answer.status !== 202) {
    throw new Error(`The import answered ${answer.status}: ${answer.body.message}`);
  }
  const acceptedMs = performance.now() - started;
  const job = await importEnded(ctx, answer.body.data);
  const totalMs = performance.now() - started;
  const rate = (before + (await hashRate(HASH_SAMPLE / 2))) / 2;
  return { job, acceptedMs, totalMs, hashingMs: (1000 * IMPORT_ROWS) / rate, rate };
}

/** The look-up's p99 beside the invitations: a page an admin opens meanwhile stays quick. */
export const INVITATIONS_LOOKUP_P99_MS = 100;
/** How often the look-up beside the invitations asks. */
const LOOKUP_EVERY_MS = 100;
/**
 * How long the sending is watched once the import has ended: enough for its pace, not for all
 * 5,000 (the default cap, 60 a minute, spreads them over 83 minutes by design).
 */
const SENDING_WATCHED_MS = 30_000;
const INVITED = 'invited';

/**
 * The same 5,000 students imported with invitations by a server whose SMTP_URL is a mail server in
 * this process (the cap raised out of the way: what is measured is ExamIQ's own pace): from the
 * upload to the job's end, then the invitations received over the next 30 s, while an admin's
 * look-up (`get-batches`) is timed every 100 ms. Other messages the server sends meanwhile (the
 * data set's exam reminders) are not counted.
 */
export async function importInvitationsRun(ctx) {
  const delivered = new Set();
  const mail = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address ?? '';
        if (to.startsWith(`student${INVITED}`)) delivered.add(to);
        callback();
      });
    },
  });
  const mailPort = await freePort();
  await new Promise((resolve) => mail.listen(mailPort, '127.0.0.1', resolve));
  try {
    return await ctx.whileStopped(async () => {
      const server = await startServer(
        {
          ...ctx.databaseEnv,
          SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
          SMTP_ALLOW_PLAIN: 'true',
          MAIL_FROM: 'ExamIQ <no-reply@college.test>',
          MAIL_PER_MINUTE: '100000',
        },
        await freePort(),
      );
      try {
        const { accessToken } = await signIn(server, ADMIN);
        const own = { ...ctx, server, auth: { authorization: `Bearer ${accessToken}` } };
        const lookups = [];
        let looking = true;
        const lookUp = (async () => {
          while (looking) {
            const asked = performance.now();
            const response = await fetch(`${server.url}/api/admin/get-batches`, {
              headers: own.auth,
            });
            await response.arrayBuffer();
            lookups.push({ ms: performance.now() - asked, ok: response.status === 200 });
            await new Promise((resolve) => setTimeout(resolve, LOOKUP_EVERY_MS));
          }
        })();
        const started = performance.now();
        const answer = await upload(own, 'import/students', studentsFile(INVITED), {
          mode: 'valid-only',
          invite: 'true',
        });
        if (answer.status !== 202) {
          throw new Error(`The import answered ${answer.status}: ${answer.body.message}`);
        }
        const acceptedMs = performance.now() - started;
        const job = await importEnded(own, answer.body.data);
        const importMs = performance.now() - started;
        const deliveredByImportEnd = delivered.size;
        const watchUntil = performance.now() + SENDING_WATCHED_MS;
        while (delivered.size < IMPORT_ROWS && performance.now() < watchUntil) {
          await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        }
        const watchedMs = performance.now() - started - importMs;
        looking = false;
        await lookUp;
        const times = lookups.map((lookup) => lookup.ms);
        return {
          job,
          acceptedMs,
          importMs,
          deliveredByImportEnd,
          watchedMs,
          delivered: delivered.size,
          lookups: times.length,
          lookupFailures: lookups.filter((lookup) => !lookup.ok).length,
          lookupP50: percentile(times, 0.5),
          lookupP99: percentile(times, 0.99),
        };
      } finally {
        await server.stop();
      }
    });
  } finally {
    await new Promise((resolve) => mail.close(resolve));
  }
}
