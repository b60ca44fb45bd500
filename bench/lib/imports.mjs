// Bulk import of people at a term's scale: the preview of a file of 5,000 students (time and the
// server's memory), and the import of the same number as the admin runs it, from the upload to
// the job's end, with the share of that time spent hashing default passwords.
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { IMPORT_BATCH } from '../../apps/server/src/modules/people-import/import-job.ts';
import { csvFile, studentRow } from '../../apps/server/src/test/people-import.ts';
import { BATCH_YEARS, FIRST_BATCH_YEAR } from './dataset.mjs';
import { settle, withPeakRss } from './http.mjs';
import { rssMiB } from './server.mjs';

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
  let job = answer.body.data;
  while (job.status === 'QUEUED' || job.status === 'RUNNING') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const response = await fetch(`${ctx.server.url}/api/admin/get-job/${job._id}`, {
      headers: ctx.auth,
    });
    job = (await response.json()).data;
  }
  const totalMs = performance.now() - started;
  const rate = (before + (await hashRate(HASH_SAMPLE / 2))) / 2;
  return { job, acceptedMs, totalMs, hashingMs: (1000 * IMPORT_ROWS) / rate, rate };
}
