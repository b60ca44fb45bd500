import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, zippedFixture } from '../modules/question-interchange/test-support';
import { objectSchemaOf } from '../plugins/validation';
import { createTestApp } from '../test/app';
import {
  lyingQtiPackage,
  moodleQuestionFile,
  oneLineGift,
  sharedStringsBomb,
} from '../test/hostile-files';
import { phonePhoto, picture } from '../test/images';
import { masterDataClient } from '../test/master-data';
import { csvFile, multipartBody, studentRow, xlsxFile } from '../test/people-import';
import { bearer, createSignedInUser } from '../test/users';
import {
  apiRoutes,
  concreteUrl,
  countRows,
  errorBodyProblem,
  routeName,
  UNREACHED_AUTH_LIMITS,
} from './support';

const NUM_RUNS = 40;
const SEED = 20_240_601;

const t = await createTestApp({ authLimits: UNREACHED_AUTH_LIMITS });
afterAll(() => t.close());

const targets = apiRoutes(t.routes).filter(
  (route) => route.takesBody || route.takesQuery || route.takesParams,
);

const ADVERSARIAL = [
  "'; DROP TABLE users;--",
  "' OR '1'='1",
  '1; select pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFFFF\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🎓',
  '١٢٣',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  '2024-02-30',
  ' ',
];
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

const hostileString = fc.oneof(
  fc.constantFrom(...ADVERSARIAL),
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.nat({ max: 100_000 }).map((length) => 'x'.repeat(length)),
);

const hostileLeaf = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 2 ** 53, 1e308, -0.5),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileValue = fc.oneof(
  { weight: 4, arbitrary: hostileLeaf },
  { weight: 2, arbitrary: fc.jsonValue() },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 5_000 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...POLLUTION_KEYS), fc.jsonValue()) },
);

/**
 * JSON text: any of the values above, or nesting deeper than a careless recursive reader survives
 * (built as text: JSON.stringify itself would overflow the stack).
 */
const hostileJson = fc.oneof(
  { weight: 9, arbitrary: hostileValue.map((value) => JSON.stringify(value)) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100, max: 5_000 })
      .map((depth) => `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`),
  },
);

/** The field names a zod object schema declares, so fuzzed bodies hit real fields too. */
function fieldsOf(schema: unknown): string[] {
  return Object.keys(objectSchemaOf(schema)?.shape ?? {});
}

/**
 * An object of the route's own fields (some missing, some of the wrong type) plus extra and
 * prototype-polluting keys, or any JSON at all. Written as text so `__proto__` stays a plain key.
 */
function bodyOf(schema: unknown) {
  const keys = fc.oneof(
    fc.constantFrom(...fieldsOf(schema), ...POLLUTION_KEYS),
    fc.string({ maxLength: 20 }),
  );
  const object = fc
    .array(fc.tuple(keys, hostileJson), { maxLength: 12 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);
  return fc.oneof(
    { weight: 3, arbitrary: object },
    { weight: 1, arbitrary: fc.anything().map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 1, arbitrary: hostileJson },
  );
}

function queryOf(schema: unknown) {
  const keys = fc.oneof(
    fc.constantFrom(...fieldsOf(schema), ...POLLUTION_KEYS),
    fc.string({ maxLength: 20 }),
  );
  return fc
    .array(fc.tuple(keys, fc.oneof(hostileString, fc.integer().map(String))), { maxLength: 6 })
    .map((entries) => new URLSearchParams(entries).toString());
}

function schemaPart(route: RouteOptions | undefined, part: 'body' | 'querystring') {
  return (route?.schema as Record<string, unknown> | undefined)?.[part];
}

/** A lone surrogate cannot be percent-encoded: its raw bytes make an invalid UTF-8 escape instead. */
function pathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** Failed sign-ins are counted on purpose (the abuse limits); any other write is a bug. */
const COUNTED_FAILURES = new Set(['POST /api/auth/login', 'POST /api/auth/change-password']);

describe('hostile input', () => {
  it(`never fails or leaks on ${targets.length} routes × ${NUM_RUNS} fuzz cases = ${targets.length * NUM_RUNS} requests`, async () => {
    expect(targets.length).toBeGreaterThanOrEqual(15);
    const admin = await createSignedInUser(t.app, t.database.db, 'admin');
    // Each area's routes are fuzzed as their own role, so the requests get past the guard.
    const student = await createSignedInUser(t.app, t.database.db, 'student');
    const tokenFor = (url: string) =>
      url.startsWith('/api/student/') ? student.accessToken : admin.accessToken;
    let requests = 0;
    // The rows after one request are the rows before the next: one count a request.
    let before = await countRows(t.database.db);
    for (const target of targets) {
      const route = t.routes.find(
        (r) => r.url === target.url && [r.method].flat().includes(target.method),
      );
      const request = fc.record({
        param: target.takesParams ? hostileString.filter((s) => s.length > 0) : fc.constant(''),
        query: target.takesQuery ? queryOf(schemaPart(route, 'querystring')) : fc.constant(''),
        body: target.takesBody ? bodyOf(schemaPart(route, 'body')) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ param, query, body }) => {
          const url = concreteUrl(target.url, () => pathSegment(param));
          const response = await t.app.inject({
            method: target.method,
            url: query ? `${url}?${query}` : url,
            headers: { ...bearer(tokenFor(target.url)), 'content-type': 'application/json' },
            ...(body === undefined ? {} : { payload: body }),
          });
          requests += 1;
          const where = `${routeName(target)} → ${response.statusCode}`;
          expect(response.statusCode, where).toBeLessThan(500);
          const rowsBefore = before;
          before = await countRows(t.database.db);
          if (response.statusCode < 300) return;
          expect(errorBodyProblem(response.body), where).toBeNull();
          const after = COUNTED_FAILURES.has(routeName(target))
            ? { ...before, rate_limits: rowsBefore.rate_limits ?? 0 }
            : before;
          expect(after, `${where}: a rejected request wrote rows`).toEqual(rowsBefore);
        }),
        { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
      );
    }
    console.info(`hostile input: ${requests} fuzz cases on ${targets.length} routes`);
    expect(requests).toBe(targets.length * NUM_RUNS);
    // Over 4,000 requests, each followed by a row count of every table: a minute on an idle
    // machine, several on a busy one, and more with every route.
  }, 300_000);
});

// --- Uploaded files ---------------------------------------------------------------------------

const FILE_RUNS = 12;

/** A course whose bank the hostile files are imported into. */
async function bankCourseId() {
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  const masterData = masterDataClient(t.app, admin.accessToken);
  return (await masterData.course((await masterData.batch(2031))._id))._id;
}
const BANK_COURSE = await bankCourseId();

/** Every route that reads an uploaded file, with the fields it is sent with. */
const UPLOAD_TARGETS: { path: string; fields: Record<string, string> }[] = [
  ...['gift', 'moodle-xml', 'qti'].map((format) => ({
    path: `import-bank-questions/${BANK_COURSE}`,
    fields: { format, category: 'Fuzz' },
  })),
  { path: 'import-preview/students', fields: {} },
  { path: 'import/faculty', fields: { mode: 'valid-only' } },
  ...['gift', 'moodle-xml', 'qti', 'aiken'].map((format) => ({
    path: 'parse-questions',
    fields: { format },
  })),
  { path: 'upload-media', fields: {} },
];

/**
 * Files a careless reader chokes on: the reported hostile ones (scaled down), valid files of every
 * format cut short or with bytes overwritten, and text that makes a backtracking regex retry from
 * every position.
 */
async function hostileFiles() {
  const valid = [
    csvFile('students', [studentRow('fuzz')]),
    await xlsxFile('students', [studentRow('fuzz')]),
    fixture('moodle-docs.gift'),
    fixture('moodle-export.xml'),
    fixture('aiken.txt'),
    Buffer.from(zippedFixture('qti-package')),
    ...(await Promise.all((['png', 'jpeg', 'gif', 'webp'] as const).map((f) => picture(f)))),
    await phonePhoto(6),
  ];
  const reported = [
    await sharedStringsBomb(8, 1024 * 1024),
    await sharedStringsBomb(8, 1024 * 1024, { declaredSize: 1000 }),
    lyingQtiPackage(8 * 1024 * 1024, 1000),
    moodleQuestionFile('<'.repeat(20_000), 'html'),
    moodleQuestionFile('<a'.repeat(10_000), 'moodle_auto_format'),
    oneLineGift(100_000),
  ];
  const damaged = fc
    .tuple(fc.constantFrom(...valid), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 }))), fc.nat())
    .map(([file, writes, cut]) => {
      const copy = Buffer.from(file);
      for (const [at, byte] of writes) copy[at % copy.length] = byte;
      return cut % 3 === 0 ? copy.subarray(0, cut % copy.length) : copy;
    });
  const backtracking = fc
    .tuple(fc.constantFrom('<', '<a', '1', ' ', '&a', 'a,', '"'), fc.nat({ max: 20_000 }))
    .map(([unit, times]) => Buffer.from(`${unit.repeat(times)}x\n`));
  return fc.oneof(
    fc.constantFrom(...reported),
    damaged,
    backtracking,
    fc.uint8Array({ maxLength: 4096 }).map((bytes) => Buffer.from(bytes)),
  );
}

describe('hostile files', () => {
  it(`never fails, leaks or writes on ${UPLOAD_TARGETS.length} upload routes × ${FILE_RUNS} files`, async () => {
    const admin = await createSignedInUser(t.app, t.database.db, 'admin');
    const files = await hostileFiles();
    const names = fc.constantFrom(
      'file.csv',
      'file.xlsx',
      'file.gift',
      'file.xml',
      'file.zip',
      'file.png',
      'f',
    );
    for (const { path, fields } of UPLOAD_TARGETS) {
      await fc.assert(
        fc.asyncProperty(files, names, async (bytes, name) => {
          const before = await countRows(t.database.db);
          const { payload, headers } = await multipartBody({ bytes, name }, fields);
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/admin/${path}`,
            headers: { ...bearer(admin.accessToken), ...headers },
            payload,
          });
          const where = `${path} ${JSON.stringify(fields)} ${name} → ${response.statusCode}`;
          expect(response.statusCode, where).toBeLessThan(500);
          if (response.statusCode < 300) return;
          expect(errorBodyProblem(response.body), where).toBeNull();
          expect(await countRows(t.database.db), `${where}: a refused file wrote rows`).toEqual(
            before,
          );
        }),
        { numRuns: FILE_RUNS, seed: SEED, endOnFailure: true },
      );
    }
  }, 180_000);
});
