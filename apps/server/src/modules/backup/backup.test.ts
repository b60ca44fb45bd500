import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { validQuestions } from '@examiq/contracts/test-support';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { backup } from '../../cli/backup';
import { moveToPostgres } from '../../cli/move-to-postgres';
import { restore } from '../../cli/restore';
import { loadConfig } from '../../config';
import {
  appliedSchemaVersion,
  type Database,
  knownSchemaVersions,
  openDatabase,
  openMemoryDatabase,
  openPostgres,
  queryRows,
} from '../../db/client';
import { mailMessages } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createEmptyPostgresDatabase, describeEmbedded } from '../../test/database';
import { phonePhoto, picture, uploadMedia } from '../../test/images';
import { recordingOutput } from '../../test/output';
import { multipartBody } from '../../test/people-import';
import { resetLinksWritten } from '../../test/reset-links';
import { sittingSuite } from '../../test/sittings';
import { bearer, signIn } from '../../test/users';
import { typedSection } from '../attempts/test-support';
import { answerFileLinks, mediaLinks } from '../media/media-links';
import { backUpIfDue, takeScheduledBackup } from './scheduled-backups';
import { BACKUP_FILE_PATTERN, saveBackup, writeBackup } from './write-backup';

const suite = sittingSuite();
let work: string;
let backupFile: string;
let examId: string;
let studentId: string;
/** Images of exam content: more than one read of the snapshot takes. */
const imageIds: string[] = [];
/** Files a student uploaded as answers (more than one read takes too), with their attempt. */
const answerFiles: { id: string; attemptId: string }[] = [];

/** The token of the reset link the outbox held when the backup was taken. */
let resetToken: string;

/** What an admin reads of every kind of record: lists, an exam, its attempts and results. */
async function adminView(app: App, accessToken: string) {
  const paths = [
    'get-batches',
    'get-courses',
    'get-branches',
    'get-sections',
    'get-all-student',
    'get-all-faculty',
    'get-all-exam',
    `get-exam/${examId}`,
    `get-exam-attempts/${examId}`,
    `get-exam-results/${examId}`,
    `get-student/${studentId}`,
    // Signing in to read them is a security event of its own: the data changes must match.
    'get-audit-log?kind=data&limit=100',
  ];
  const view: Record<string, unknown> = {};
  const links = mediaLinks(suite.t.config.jwtSecret);
  for (const id of imageIds) {
    const image = await app.inject({
      method: 'GET',
      url: links.url(id, 'upload', suite.clock.now()),
    });
    expect(image.statusCode, id).toBe(200);
    view[id] = image.rawPayload.toString('base64');
  }
  const fileLinks = answerFileLinks(suite.t.config.jwtSecret);
  for (const { id, attemptId } of answerFiles) {
    const file = await app.inject({
      method: 'GET',
      url: fileLinks.url(id, attemptId, suite.clock.now()),
    });
    expect(file.statusCode, id).toBe(200);
    view[id] = { type: file.headers['content-type'], bytes: file.rawPayload.toString('base64') };
  }
  for (const url of paths) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/${url}`,
      headers: bearer(accessToken),
    });
    expect(response.statusCode, url).toBe(200);
    view[url] = response.json();
  }
  return view;
}

/** The original server's view, read once the backup was taken (the backup itself is audited). */
let original: Record<string, unknown>;

/** An app on a restored database, as the fixture's admin signs in to it. */
async function viewOf(database: Database) {
  // The deployment's JWT_SECRET, kept across the restore: it also keys the scripts' codes.
  const restored = await createTestApp({
    database,
    now: suite.clock.now,
    config: { jwtSecret: suite.t.config.jwtSecret },
  });
  try {
    const { admin } = suite.fixture;
    const { tokens } = await signIn(restored.app, admin.email, admin.password);
    return await adminView(restored.app, tokens.accessToken);
  } finally {
    await restored.close();
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'examiq-backup-'));
  const { fixture } = suite;
  await fixture.faculty();
  const student = await fixture.student(fixture.inSection.A);
  studentId = student.record._id;
  for (const colour of ['#000001', '#000002', '#000003', '#000004', '#000005', '#000006']) {
    const bytes = await picture('png', { width: 300, height: 200, colour });
    const uploaded = await uploadMedia(suite.t.app, fixture.admin.accessToken, {
      bytes,
      name: 'figure.png',
    });
    imageIds.push(uploaded.json().data._id);
  }
  const exam = await fixture.exam();
  examId = exam._id;
  const view = await student.client.start(examId);
  const first = view.sections[0]?.questions[0];
  if (!first) throw new Error('The exam has no question');
  const saved = await student.client.save(view.attempt._id, {
    seq: 1,
    answers: [{ questionId: first._id, selectedOptionId: '0' }],
  });
  expect(saved.statusCode).toBe(200);
  expect((await student.client.submit(view.attempt._id)).statusCode).toBe(200);

  const fileExam = await fixture.exam({
    totalMarks: 5,
    passingMarks: 2,
    examSections: [typedSection('Working', '1', 'FILE_UPLOAD', 5)],
    questions: [[validQuestions.FILE_UPLOAD(1)]],
  });
  const sitting = await student.client.start(fileExam._id);
  const questionId = sitting.sections[0]?.questions[0]?._id as string;
  const pages = [
    await phonePhoto(),
    ...[1, 2, 3, 4].map((page) => Buffer.from(`%PDF-1.4\n% page ${page}\n%%EOF\n`)),
  ];
  for (const [index, bytes] of pages.entries()) {
    const { payload, headers } = await multipartBody(
      { bytes, name: `page-${index}` },
      { questionId },
    );
    const uploaded = await suite.t.app.inject({
      method: 'POST',
      url: `/api/student/upload-answer-file/${sitting.attempt._id}`,
      headers: { ...bearer(student.accessToken), ...headers },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    answerFiles.push({ id: uploaded.json().data._id, attemptId: sitting.attempt._id });
  }

  // Kept in the outbox (no mail server here), with a link that works until it is used.
  const asked = await suite.t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: student.record.email },
  });
  expect(asked.statusCode).toBe(200);
  await resetLinksWritten(suite.t.database.db);
  const [kept] = await suite.t.database.db
    .select({ text: mailMessages.text })
    .from(mailMessages)
    .where(eq(mailMessages.kind, 'password-reset'));
  resetToken = /reset-password\?token=([\w-]+)/.exec(kept?.text ?? '')?.[1] ?? '';
  expect(resetToken).not.toBe('');

  const response = await fixture.adminCall('POST', 'create-backup');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/gzip');
  backupFile = path.join(work, 'taken.jsonl.gz');
  await writeFile(backupFile, response.rawPayload);
  original = await adminView(suite.t.app, fixture.admin.accessToken);
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('a backup taken through the running server', () => {
  it('says its format and schema version, and is a backup of every kind of record', () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').trim().split('\n');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      format: 'examiq-backup',
      formatVersion: 1,
      schemaVersion: knownSchemaVersions().at(-1),
    });
    const trailer = JSON.parse(lines.at(-1) as string) as { rows: Record<string, number> };
    for (const table of ['users', 'students', 'faculty', 'exams', 'questions', 'exam_attempts']) {
      expect(trailer.rows[table], table).toBeGreaterThan(0);
    }
    expect(trailer.rows.attempt_answers).toBeGreaterThan(0);
    expect(trailer.rows.audit_log).toBeGreaterThan(0);
    expect(trailer.rows.media).toBe(imageIds.length);
    expect(trailer.rows.answer_file_contents).toBe(answerFiles.length);
    expect(trailer.rows.answer_files).toBe(answerFiles.length);
    // The stored bytes come before the files that name them, so a restore finds them.
    const tables = lines.flatMap((line) => {
      const { table, columns } = JSON.parse(line) as { table?: string; columns?: string[] };
      return table && columns ? [table] : [];
    });
    expect(tables.indexOf('answer_file_contents')).toBeLessThan(tables.indexOf('answer_files'));
    expect(trailer.rows).not.toHaveProperty('sessions');
  });

  it("keeps the outbox's messages with their single-use links cut", () => {
    const backup = gunzipSync(readFileSync(backupFile)).toString('utf8');
    expect(backup).toContain('reset-password?token=(sent by email, not kept)');
    expect(backup).not.toContain(resetToken);
  });

  it('is on the audit log, with the admin who took it', () => {
    const { data } = original['get-audit-log?kind=data&limit=100'] as {
      data: { entries: { action: string; actor: { email: string } }[] };
    };
    expect(data.entries[0]).toMatchObject({
      action: 'backup.create',
      actor: { email: suite.fixture.admin.email },
    });
  });

  it('restores into an empty folder, where the admin reads every record as before', async () => {
    const dataDir = path.join(work, 'restored');
    const { lines, output } = recordingOutput();
    expect(await restore(['--in', backupFile, '--data-dir', dataDir], {}, output)).toBe(0);
    expect(lines.out.join('\n')).toMatch(/^Restored \d+ records in \d+ tables/);
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    expect(await viewOf(database)).toEqual(original);
  });

  it('refuses a cut-off file with one line, and creates nothing', async () => {
    const cut = path.join(work, 'cut.jsonl.gz');
    await writeFile(
      cut,
      readFileSync(backupFile).subarray(0, Math.floor(readFileSync(backupFile).length / 2)),
    );
    const dataDir = path.join(work, 'from-cut');
    const { lines, output } = recordingOutput();
    expect(await restore(['--in', cut, '--data-dir', dataDir], {}, output)).toBe(1);
    expect(lines.err).toEqual([expect.stringMatching(/is not a complete backup/)]);
    expect(await readdir(dataDir).catch(() => [])).toEqual([]);
  });

  it('refuses a file whose rows end before its trailer', async () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').trim().split('\n');
    const withoutTrailer = path.join(work, 'no-trailer.jsonl.gz');
    await writeFile(withoutTrailer, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const { lines: printed, output } = recordingOutput();
    expect(
      await restore(['--in', withoutTrailer, '--data-dir', path.join(work, 'x')], {}, output),
    ).toBe(1);
    expect(printed.err).toEqual([expect.stringMatching(/is not a complete backup/)]);
  });

  it('refuses files of another format, of a newer schema, and a missing file', async () => {
    const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').trim().split('\n');
    const header = JSON.parse(lines[0] as string);
    const cases = [
      { body: Buffer.from('just text'), error: /is not an ExamIQ backup/ },
      { body: gzipSync('{"format":"other"}\n'), error: /is not an ExamIQ backup/ },
      {
        body: gzipSync(
          [JSON.stringify({ ...header, schemaVersion: '9999_future' }), ...lines.slice(1)].join(
            '\n',
          ),
        ),
        error: /made by a newer version of ExamIQ \(schema 9999_future\)/,
      },
    ];
    for (const [index, { body, error }] of cases.entries()) {
      const file = path.join(work, `bad-${index}`);
      await writeFile(file, body);
      const { lines: printed, output } = recordingOutput();
      expect(await restore(['--in', file, '--data-dir', path.join(work, 'y')], {}, output)).toBe(1);
      expect(printed.err).toEqual([expect.stringMatching(error)]);
    }
    const { lines: printed, output } = recordingOutput();
    expect(
      await restore(
        ['--in', path.join(work, 'absent'), '--data-dir', path.join(work, 'y')],
        {},
        output,
      ),
    ).toBe(1);
    expect(printed.err).toEqual([expect.stringMatching(/does not exist/)]);
    expect(await readdir(path.join(work, 'y')).catch(() => [])).toEqual([]);
  });
});

// A backup restored twice into one folder, or of an older version: the embedded engine's own
// folders, whichever engine the backup was taken from.
describeEmbedded('restoring into a folder that holds a database', () => {
  it('refuses a folder that holds a database, and leaves it as it was', async () => {
    const dataDir = path.join(work, 'held');
    expect(
      await restore(['--in', backupFile, '--data-dir', dataDir], {}, recordingOutput().output),
    ).toBe(0);
    const before = await readdir(path.join(dataDir, 'pgdata'), { recursive: true });
    const { lines, output } = recordingOutput();
    expect(await restore(['--in', backupFile, '--data-dir', dataDir], {}, output)).toBe(1);
    expect(lines.err).toEqual([
      expect.stringMatching(/already holds records: restore into an empty one, or add --force/),
    ]);
    expect(await readdir(path.join(dataDir, 'pgdata'), { recursive: true })).toEqual(before);
    expect(await restore(['--in', backupFile, '--data-dir', dataDir, '--force'], {}, output)).toBe(
      0,
    );
  }, 120_000);

  it("refuses DATA_DIR's embedded database once it holds records when no target is given", async () => {
    // The command's default target, as `npm run restore -- --in FILE` reaches it on the server's
    // machine without DATABASE_URL.
    const dataDir = path.join(work, 'in-use');
    const env = { INIT_CWD: work, DATA_DIR: 'in-use', DATABASE_URL: '' };
    expect(await restore(['--in', backupFile], env, recordingOutput().output)).toBe(0);
    const before = await readdir(path.join(dataDir, 'pgdata'), { recursive: true });

    const { lines, output } = recordingOutput();
    expect(await restore(['--in', backupFile], env, output)).toBe(1);
    expect(lines.err).toEqual([
      `The folder ${dataDir} already holds records: restore into an empty one, or add --force to replace them`,
    ]);
    expect(await readdir(path.join(dataDir, 'pgdata'), { recursive: true })).toEqual(before);
  }, 120_000);
});

describeEmbedded('a backup of an older version', () => {
  it('is restored at its own schema version, then migrated to the newest', async () => {
    const older = '0012_audit_log';
    const source = await openMemoryDatabase();
    const file = path.join(work, 'older.jsonl.gz');
    try {
      await source.migrate(older);
      await source.db.execute(sql`
        insert into audit_log (at, actor_email, action, record_type, record_id, record_label, summary)
        values (now(), 'then@example.com', 'exam.publish', 'exam', 'e1', 'Old exam', 'Published')`);
      await saveBackup(file, (destination) => writeBackup(source.db, destination));
    } finally {
      await source.close();
    }
    expect(
      JSON.parse(gunzipSync(readFileSync(file)).toString().split('\n')[0] as string),
    ).toMatchObject({
      schemaVersion: older,
    });
    const dataDir = path.join(work, 'from-older');
    expect(await restore(['--in', file, '--data-dir', dataDir], {}, recordingOutput().output)).toBe(
      0,
    );
    const restored = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      expect(await appliedSchemaVersion(restored.db)).toBe(knownSchemaVersions().at(-1));
      const rows = await queryRows<{ summary: string }>(
        restored.db,
        sql`select summary from audit_log`,
      );
      expect(rows).toEqual([{ summary: 'Published' }]);
    } finally {
      await restored.close();
    }
  });
});

describe('npm run backup refuses with one line, changing nothing', () => {
  it('a folder with no database, an existing file, no --out', async () => {
    const dataDir = path.join(work, 'nothing-here');
    const cases: [string[], RegExp][] = [
      [['--out', path.join(work, 'new.jsonl.gz')], /DATA_DIR .* holds no database to back up/],
      [['--out', backupFile], /already exists: choose a new file name/],
      [['--out', path.join(work, 'absent', 'x.gz')], /The folder of .* does not exist/],
      [[], /--out: the file to write the backup to is required/],
    ];
    for (const [args, error] of cases) {
      const { lines, output } = recordingOutput();
      expect(await backup(args, { DATA_DIR: dataDir }, output)).toBe(1);
      expect(lines.err[0]).toMatch(error);
    }
    expect(existsSync(dataDir)).toBe(false);
    expect(existsSync(path.join(work, 'new.jsonl.gz'))).toBe(false);
  });
});

describe.runIf(process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('restores into an empty PostgreSQL database, and a backup of the embedded copy too', async () => {
    const server = process.env.DATABASE_URL as string;
    // The embedded copy is backed up by the command itself, no server running on it.
    const dataDir = path.join(work, 'embedded-source');
    expect(
      await restore(['--in', backupFile, '--data-dir', dataDir], {}, recordingOutput().output),
    ).toBe(0);
    const fromEmbedded = path.join(work, 'from-embedded.jsonl.gz');
    const { lines, output } = recordingOutput();
    expect(await backup(['--out', fromEmbedded], { DATA_DIR: dataDir }, output)).toBe(0);
    expect(lines.out).toEqual([
      expect.stringMatching(/^Backup written to .*: \d+ records, schema /),
    ]);

    for (const file of [backupFile, fromEmbedded]) {
      const target = await createEmptyPostgresDatabase(server);
      try {
        expect(
          await restore(['--in', file, '--to', target.url], {}, recordingOutput().output),
        ).toBe(0);
        expect(await viewOf(openPostgres(target.url))).toEqual(original);
        const { lines: refused, output: refusedOutput } = recordingOutput();
        expect(await restore(['--in', file, '--to', target.url], {}, refusedOutput)).toBe(1);
        expect(refused.err).toEqual([expect.stringMatching(/The database already holds records/)]);
      } finally {
        await target.drop();
      }
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('npm run move-to-postgres', () => {
  it('copies a stopped embedded installation into an empty PostgreSQL database', async () => {
    const dataDir = path.join(work, 'pilot');
    expect(
      await restore(['--in', backupFile, '--data-dir', dataDir], {}, recordingOutput().output),
    ).toBe(0);
    // The signing key a server keeps beside its data from its first start.
    loadConfig({ DATA_DIR: dataDir });
    const target = await createEmptyPostgresDatabase(process.env.DATABASE_URL as string);
    try {
      const { lines, output } = recordingOutput();
      expect(await moveToPostgres(['--to', target.url], { DATA_DIR: dataDir }, output)).toBe(0);
      expect(lines.err).toEqual([]);
      const printed = lines.out.join('\n');
      expect(printed).toMatch(/^ {2}students +1 → 1$/m);
      expect(printed).toMatch(/^ {2}audit_log +(\d+) → \1$/m);
      expect(printed).not.toContain('DIFFERENT');
      expect(lines.out).toContain(`  DATABASE_URL=${target.url}`);
      expect(lines.out).toContain(`  JWT_SECRET=$(cat ${path.join(dataDir, 'jwt-secret')})`);
      // The folder is left as it was, and no copy of its records is left beside it.
      expect((await readdir(dataDir)).sort()).toEqual(['jwt-secret', 'pgdata']);
      expect(await viewOf(openPostgres(target.url))).toEqual(original);

      const refused = recordingOutput();
      expect(
        await moveToPostgres(['--to', target.url], { DATA_DIR: dataDir }, refused.output),
      ).toBe(1);
      expect(refused.lines.err).toEqual([
        'The database already holds records: restore into an empty one',
      ]);
    } finally {
      await target.drop();
    }
  });
});

describe('scheduled backups', () => {
  it('writes complete backups into BACKUP_DIR when due, and keeps the newest BACKUP_KEEP', async () => {
    const dir = path.join(work, 'scheduled');
    await mkdir(dir);
    // A partial file a killed server left is neither counted nor removed as a backup.
    const leftByACrash = 'examiq-backup-2000-01-01T00-00-00-000Z.jsonl.gz.partial-1';
    await writeFile(path.join(dir, leftByACrash), 'x');
    const schedule = { dir, everyHours: 1, keep: 2 };
    const backups = async () =>
      (await readdir(dir)).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort();
    const db = suite.t.database.db;

    const first = await backUpIfDue(db, schedule);
    expect(first).not.toBeNull();
    const written = (await stat(first as string)).mtime.getTime();
    // Due again only once the newest backup is the interval old, however often it is asked.
    expect(await backUpIfDue(db, schedule, new Date(written + 3_599_000))).toBeNull();
    const second = await backUpIfDue(db, schedule, new Date(written + 3_600_000));
    const third = await takeScheduledBackup(db, schedule, new Date(written + 7_200_000));
    expect(await backups()).toEqual([second, third].map((file) => path.basename(file ?? '')));
    expect(await readdir(dir)).toContain(leftByACrash);

    const dataDir = path.join(work, 'from-scheduled');
    expect(
      await restore(['--in', third, '--data-dir', dataDir], {}, recordingOutput().output),
    ).toBe(0);
  });
});
