import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  type ImportPreview,
  type ParseQuestionsData,
  PEOPLE_IMPORT_LIMITS,
  PEOPLE_IMPORT_MESSAGES,
  QUESTION_INTERCHANGE_MESSAGES,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { describeEmbedded } from '../test/database';
import {
  lyingQtiPackage,
  moodleQuestionFile,
  oneLineGift,
  sharedStringsBomb,
} from '../test/hostile-files';
import { gifClaiming, pngClaiming } from '../test/images';
import { csvFile, multipartBody, studentRow } from '../test/people-import';
import { bearer, createSignedInUser } from '../test/users';
import { parseInThread } from '../uploads/parser-thread';

/**
 * What a bystander's request may take at the 99th percentile while a hostile file is read; three
 * times its quiet value when the machine is so loaded that even that is slower (a blocked event
 * loop costs seconds either way).
 */
const BYSTANDER_P99_MS = 200;
/** How much the server's own heap may grow while it refuses a file. */
const HEAP_GROWTH_MB = 64;
const MB = 1024 * 1024;
/** A file refused from its first kilobytes is answered within this, however loaded the machine. */
const REFUSED_AT_ONCE_MS = 1_000;

// Reading a file is the parser thread's work and the bystander asks /api/health, which reads no
// database: the run on PostgreSQL would repeat every assertion here as it is.
let t: TestApp;
let origin: string;
let token: string;
let quietP99 = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = (await createSignedInUser(t.app, t.database.db, 'admin')).accessToken;
  // The parser thread is started once per process: not what a file costs.
  await upload('import-preview/students', csvFile('students', [studentRow('warm')]), 'warm.csv');
  quietP99 = p99Of(await bystanderLatencies(async () => {}));
  console.info(`bystander p99 ${quietP99.toFixed(0)} ms with no upload`);
});
afterAll(() => t?.close());

type Form = Awaited<ReturnType<typeof multipartBody>>;
type ParsedQuestions = Partial<ParseQuestionsData>;
type Preview = Partial<ImportPreview>;

async function send(path: string, { payload, headers }: Form) {
  const response = await fetch(`${origin}/api/admin/${path}`, {
    method: 'POST',
    headers: { ...bearer(token), ...headers },
    body: payload,
  });
  // The API's answer: a success's data, or an error's message.
  const body = (await response.json()) as { message?: string; data?: ParsedQuestions & Preview };
  return { status: response.status, body };
}

async function upload(path: string, bytes: Buffer, name: string, fields = {}) {
  return send(path, await multipartBody({ bytes, name }, fields));
}

/**
 * Long enough for a hundred requests or more, so that one slow request of a loaded machine is not
 * the 99th percentile; a stall of the server shows in the longest wait instead.
 */
const SAMPLING_MS = 2_000;

/**
 * The latencies of a bystander asking for /api/health in a loop until `during` ends, for
 * SAMPLING_MS at least.
 */
async function bystanderLatencies(during: () => Promise<unknown>): Promise<number[]> {
  let done = false;
  const work = during().finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  const started = performance.now();
  while (!done || performance.now() - started < SAMPLING_MS) {
    const sent = performance.now();
    await (await fetch(`${origin}/api/health`)).arrayBuffer();
    latencies.push(performance.now() - sent);
  }
  await work;
  return latencies;
}

function p99Of(latencies: number[]): number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.99) - 1] ?? 0;
}

/**
 * A single stall hides behind a 99th percentile of a few hundred requests; not behind this, ten
 * times the quiet 99th percentile on a machine loaded enough to need it (a stall costs seconds: a
 * file read on the event loop holds it for as long as the read). Short of a second: with the other
 * test worker busy on a 2-core machine, the file of 20,000 rows, read in the parser thread, kept
 * the bystander waiting up to 501 ms once (160 ms on an idle machine; the heap grew 82 MB there
 * against 11 MB, so most likely a collection of the rows the thread handed back).
 */
const BYSTANDER_MAX_MS = 1_000;

/** The bystander was served as usual while the file was read: no stall, no slow tail. */
function expectBystanderServed(result: { p99: number; maxMs: number }) {
  expect(result.p99).toBeLessThan(Math.max(BYSTANDER_P99_MS, 3 * quietP99));
  expect(result.maxMs).toBeLessThan(Math.max(BYSTANDER_MAX_MS, 10 * quietP99));
}

/**
 * Sends the upload over a real connection while a bystander asks for /api/health in a loop and
 * the server's heap is sampled: the upload's answer, the bystander's 99th percentile latency and
 * how far the heap grew above where it started.
 */
async function whileUploading(path: string, bytes: Buffer, name: string, fields = {}) {
  // The form is built before measuring: the client's work is not the server's.
  const form = await multipartBody({ bytes, name }, fields);
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 5);
  let answer: Awaited<ReturnType<typeof send>> | undefined;
  let elapsedMs = 0;
  const latencies = await bystanderLatencies(async () => {
    const started = performance.now();
    answer = await send(path, form);
    elapsedMs = performance.now() - started;
    // The bystander's own garbage after the answer is not what the file cost.
    clearInterval(sampler);
  });
  const p99 = p99Of(latencies);
  const maxMs = Math.max(...latencies);
  const heapGrowthMb = (heapPeak - heapBefore) / MB;
  console.info(
    `${name}: ${(bytes.length / 1024).toFixed(0)} KiB, answered ${answer?.status} in ${elapsedMs.toFixed(0)} ms, bystander p99 ${p99.toFixed(0)} ms, max ${maxMs.toFixed(0)} ms over ${latencies.length} requests, heap +${heapGrowthMb.toFixed(0)} MB`,
  );
  return { ...(answer as Awaited<ReturnType<typeof send>>), elapsedMs, p99, maxMs, heapGrowthMb };
}

describeEmbedded('hostile files: the four reported', () => {
  it('an XLSX file of large shared texts is refused from its declared size, the heap untouched', async () => {
    // Reported: 4,400 texts of 1 MB took the heap from 501 to 4,430 MB and killed the process.
    const bomb = await sharedStringsBomb(250, MB);
    const result = await whileUploading('import-preview/students', bomb, 'bomb.xlsx');
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(PEOPLE_IMPORT_MESSAGES.unpackedTooLarge);
    expect(result.heapGrowthMb).toBeLessThan(HEAP_GROWTH_MB);
    expectBystanderServed(result);
  }, 120_000);

  it('an XLSX file whose shared texts claim a few bytes is refused once they unpack past them', async () => {
    const bomb = await sharedStringsBomb(250, MB, { declaredSize: 1000 });
    const result = await whileUploading('import-preview/students', bomb, 'liar.xlsx');
    expect(result.status).toBe(400);
    // Refused after a kilobyte, not after unpacking 250 MB.
    expect(result.elapsedMs).toBeLessThan(REFUSED_AT_ONCE_MS);
    expect(result.body.message).toBe(PEOPLE_IMPORT_MESSAGES.unreadable);
    expect(result.heapGrowthMb).toBeLessThan(HEAP_GROWTH_MB);
    expectBystanderServed(result);
  }, 120_000);

  it('a Moodle XML question text of 80,000 "<" is read in linear time, off the event loop', async () => {
    // Reported: 4.2 s of a blocked event loop through a regex that rescans from every "<".
    const file = moodleQuestionFile(`Is it? ${'<'.repeat(80_000)}`, 'html');
    const result = await whileUploading('parse-questions', file, 'lt.xml', {
      format: 'moodle-xml',
    });
    expect(result.status).toBe(200);
    // No explanation: the question is to be completed in the wizard, its text as written.
    expect(result.body.data?.incomplete?.[0]?.draft.questionText).toHaveLength(80_007);
    expectBystanderServed(result);
  }, 120_000);

  it('a Moodle XML auto-format text of 40,000 tag starts without a ">" is plain text', async () => {
    const file = moodleQuestionFile(`Is it? ${'<a'.repeat(40_000)}`, 'moodle_auto_format');
    const result = await whileUploading('parse-questions', file, 'starts.xml', {
      format: 'moodle-xml',
    });
    expect(result.status).toBe(200);
    expect(result.body.data?.warnings).toEqual([]);
    expectBystanderServed(result);
  }, 120_000);

  it('a QTI package whose item claims 1,000 bytes and unpacks to 200 MB is refused after 1,001', async () => {
    // Reported: 1 GB unpacked from a 1 MB zip, 3.4 s of a blocked event loop.
    const file = lyingQtiPackage(200 * MB, 1000);
    const result = await whileUploading('parse-questions', file, 'liar.zip', { format: 'qti' });
    expect(result.status).toBe(400);
    expect(result.elapsedMs).toBeLessThan(REFUSED_AT_ONCE_MS);
    expect(result.body.message).toBe(QUESTION_INTERCHANGE_MESSAGES.unreadable);
    expect(result.heapGrowthMb).toBeLessThan(HEAP_GROWTH_MB);
    expectBystanderServed(result);
  }, 120_000);

  it('a QTI package that declares more than 50 MB is refused before anything is unpacked', async () => {
    const file = lyingQtiPackage(60 * MB, 60 * MB);
    const result = await whileUploading('parse-questions', file, 'big.zip', { format: 'qti' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(QUESTION_INTERCHANGE_MESSAGES.unpackedTooLarge);
    expectBystanderServed(result);
  }, 120_000);

  it('a GIFT file of 1 MB on one line is read off the event loop', async () => {
    // Reported: 1.9 s of a blocked event loop for 4.9 MB; a fifth shows it as well.
    const file = oneLineGift(MB);
    const result = await whileUploading('parse-questions', file, 'long.gift', { format: 'gift' });
    expect(result.status).toBe(200);
    expectBystanderServed(result);
  }, 120_000);
});

describeEmbedded('hostile files: their siblings', () => {
  it(`a file of the most rows allowed (${PEOPLE_IMPORT_LIMITS.maxRows.toLocaleString('en')}) is checked with the bystander served`, async () => {
    const rows = Array.from({ length: PEOPLE_IMPORT_LIMITS.maxRows }, (_, index) =>
      studentRow(`full-${index}`),
    );
    const result = await whileUploading(
      'import-preview/students',
      csvFile('students', rows),
      'full.csv',
    );
    expect(result.status).toBe(200);
    expect(result.body.data?.totalRows).toBe(PEOPLE_IMPORT_LIMITS.maxRows);
    expectBystanderServed(result);
  }, 300_000);

  it('a CSV number cell of 30,000 digits is checked in linear time', async () => {
    const digits = `${'1'.repeat(30_000)}x`;
    const file = csvFile('students', [studentRow('digits', { 'academicInfo.semester': digits })]);
    const result = await whileUploading('import-preview/students', file, 'digits.csv');
    expect(result.status).toBe(200);
    expect(result.body.data?.validRows).toBe(0);
    expectBystanderServed(result);
  }, 120_000);

  it(`refuses a CSV file wider than ${PEOPLE_IMPORT_LIMITS.maxColumns} columns`, async () => {
    const file = Buffer.from(`${'a,'.repeat(PEOPLE_IMPORT_LIMITS.maxColumns)}a\n1\n`);
    const result = await upload('import-preview/students', file, 'wide.csv');
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(PEOPLE_IMPORT_MESSAGES.tooManyColumns);
  });

  it(`refuses a cell longer than ${PEOPLE_IMPORT_LIMITS.maxCellCharacters} characters`, async () => {
    const long = 'a'.repeat(PEOPLE_IMPORT_LIMITS.maxCellCharacters + 1);
    const file = csvFile('students', [studentRow('long', { 'personalInfo.firstName': long })]);
    const result = await upload('import-preview/students', file, 'long.csv');
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(PEOPLE_IMPORT_MESSAGES.cellTooLong);
  });

  it('refuses an XLSX shared text longer than a cell may hold, though the file is small', async () => {
    const bomb = await sharedStringsBomb(1, PEOPLE_IMPORT_LIMITS.maxCellCharacters + 1);
    const result = await upload('import-preview/students', bomb, 'long.xlsx');
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(PEOPLE_IMPORT_MESSAGES.cellTooLong);
  });

  it('ends a file that takes longer than the time limit with a 400; the next file is read', async () => {
    const slow = parseInThread(
      'questions',
      { format: 'gift', bytes: oneLineGift(MB) },
      { overLimits: QUESTION_INTERCHANGE_MESSAGES.overWorkLimits, timeMs: 50 },
    );
    await expect(slow).rejects.toMatchObject({
      statusCode: 400,
      message: QUESTION_INTERCHANGE_MESSAGES.overWorkLimits,
    });
    const result = await upload('parse-questions', oneLineGift(1000), 'short.gift', {
      format: 'gift',
    });
    expect(result.status).toBe(200);
  }, 60_000);
});

describeEmbedded('hostile images', () => {
  it('an image of nearly 40 megapixels is decoded off the event loop, the bystander served', async () => {
    const bytes = await sharp({
      create: { width: 7000, height: 5700, channels: 3, background: '#445566' },
    })
      .jpeg()
      .toBuffer();
    const result = await whileUploading('upload-media', bytes, 'scan.jpg');
    expect(result.status).toBe(201);
    expectBystanderServed(result);
  }, 120_000);

  it.each([
    ['a PNG', pngClaiming(100_000, 100_000), 'bomb.png'],
    ['a GIF', gifClaiming(65_535, 65_535), 'bomb.gif'],
  ])(
    '%s whose header claims billions of pixels is refused before any is decoded',
    async (_kind, bytes, name) => {
      const result = await whileUploading('upload-media', bytes, name);
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(VALIDATION_FAILED_MESSAGE);
      expect(result.elapsedMs).toBeLessThan(REFUSED_AT_ONCE_MS);
      expect(result.heapGrowthMb).toBeLessThan(HEAP_GROWTH_MB);
      expectBystanderServed(result);
    },
  );
});
