import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { escapeMarkdown, readableText } from '@examiq/contracts';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { expect, it, onTestFinished } from 'vitest';
import { describeEmbedded } from '../test/database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const JOURNAL = path.join('meta', '_journal.json');

/** A copy of the migrations folder that stops before the migration tagged `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'examiq-migrations-'));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journal = JSON.parse(await readFile(path.join(folder, JOURNAL), 'utf8'));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  await writeFile(path.join(folder, JOURNAL), JSON.stringify(journal));
  return folder;
}

/**
 * A database for this test alone (with the extensions the search migration creates), migrated up
 * to the migration tagged `tag` and not that one; `db` migrates it on.
 */
async function migratedBefore(tag: string) {
  const client = new PGlite({ extensions: { pg_trgm, unaccent } });
  onTestFinished(() => client.close());
  const db = drizzle({ client });
  const folder = await migrationsBefore(tag);
  try {
    await migrate(db, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return { client, db };
}

describeEmbedded('0006_option_columns', () => {
  it('moves every stored choice and its correct answer into the question, in order, and keeps the answer one of them', async () => {
    const { client, db } = await migratedBefore('0006_option_columns');
    // Questions whose exams are beside the point: their parents' foreign keys are not checked.
    await client.exec(`
      set session_replication_role = replica;
      insert into questions (id, section_id, position, question_text, question_type, marks,
        question_order, difficulty, explanation)
      values
        ('00000000-0000-4000-8000-000000000001', gen_random_uuid(), 0, 'Pick C', 'MCQ', 1, 1, 'EASY', ''),
        ('00000000-0000-4000-8000-000000000002', gen_random_uuid(), 1, 'Sky is blue', 'TRUE_FALSE', 1, 2, 'EASY', ''),
        ('00000000-0000-4000-8000-000000000003', gen_random_uuid(), 2, 'Explain', 'SHORT_ANSWER', 2, 3, 'EASY', '');
      insert into question_options (question_id, position, option_text, is_correct) values
        ('00000000-0000-4000-8000-000000000001', 2, 'C', true),
        ('00000000-0000-4000-8000-000000000001', 0, 'A', false),
        ('00000000-0000-4000-8000-000000000001', 3, 'D', false),
        ('00000000-0000-4000-8000-000000000001', 1, 'B', false),
        ('00000000-0000-4000-8000-000000000002', 0, 'True', true),
        ('00000000-0000-4000-8000-000000000002', 1, 'False', false);
      set session_replication_role = origin;
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const { rows } = await client.query(
      'select question_text, options, correct_option from questions order by position',
    );
    expect(rows).toEqual([
      { question_text: 'Pick C', options: ['A', 'B', 'C', 'D'], correct_option: 2 },
      { question_text: 'Sky is blue', options: ['True', 'False'], correct_option: 0 },
      { question_text: 'Explain', options: null, correct_option: null },
    ]);
    const { rows: tables } = await client.query(
      "select 1 from information_schema.tables where table_name = 'question_options'",
    );
    expect(tables).toEqual([]);

    // A correct answer must be one of the choices.
    await expect(
      client.exec(`update questions set correct_option = 4 where question_text = 'Pick C'`),
    ).rejects.toThrow(/questions_correct_option_check/);
    await expect(
      client.exec(`update questions set correct_option = 0 where question_text = 'Explain'`),
    ).rejects.toThrow(/questions_correct_option_check/);
    // The embedded engine starts here, then runs the migrations one by one: on a loaded two-core
    // machine that has taken longer than the usual 30 s.
  }, 120_000);
});

describeEmbedded('0020_auto_exam_times', () => {
  it('keeps the windows of stored exams, and an AUTO exam may then have clock times', async () => {
    const { client: before0020, db } = await migratedBefore('0020_auto_exam_times');
    // Exams whose master data are beside the point: their foreign keys are not checked.
    const exam = (title: string, mode: string, schedule: string) => `
      insert into exams (title, description, subject, total_marks, passing_marks,
        duration_minutes, mode, status, general_instructions, batch_id, course_id, branch_id,
        exam_date, start_time, end_time, start_date, end_date)
      values ('${title}', 'd', 's', 10, 4, 60, '${mode}', 'PUBLISH', '{}', gen_random_uuid(),
        gen_random_uuid(), gen_random_uuid(), ${schedule});`;
    await before0020.exec(`
      set session_replication_role = replica;
      ${exam('Range', 'AUTO', "null, null, null, '2030-03-14', '2030-03-16'")}
      ${exam('Sitting', 'PROCTORING', "'2030-03-14', '09:30', '11:00', null, null")}
      set session_replication_role = origin;
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

    const windows = () =>
      before0020.query(
        `select title, window_start::text, window_end::text from exams order by title`,
      );
    expect((await windows()).rows).toEqual([
      { title: 'Range', window_start: '2030-03-14 00:00:00', window_end: '2030-03-17 00:00:00' },
      { title: 'Sitting', window_start: '2030-03-14 09:30:00', window_end: '2030-03-14 11:00:00' },
    ]);
    await before0020.exec(
      `update exams set start_time = '09:00', end_time = '17:00' where title = 'Range'`,
    );
    expect((await windows()).rows[0]).toEqual({
      title: 'Range',
      window_start: '2030-03-14 09:00:00',
      window_end: '2030-03-16 17:00:00',
    });
    await expect(
      before0020.exec(
        `update exams set end_date = '2030-03-14', end_time = '09:00' where title = 'Range'`,
      ),
    ).rejects.toThrow(/exams_schedule_check/);
    const { rows: indexes } = await before0020.query(
      "select 1 from pg_indexes where indexname = 'exams_published_window_idx'",
    );
    expect(indexes).toHaveLength(1);
  });
});

describeEmbedded('0027_content_markdown', () => {
  const PLAIN = [
    'What is 2*3*4, and is snake_case_name valid?',
    'It costs $5 and $10.\nLine two: x^2 and H~2~O, a [bracket], a | pipe, a \\ backslash, `tick`',
    '# not a heading\n- not a list\n1. not a numbered list\n> not a quote\n= not a rule',
    'AT&T wrote &amp; on purpose',
  ] as const;

  it('escapes every stored text so it reads as its author typed it, and leaves TRUE/FALSE alone', async () => {
    const { client: before0027, db } = await migratedBefore('0027_content_markdown');
    const [text0, text1, text2, text3] = PLAIN;
    await before0027.exec('set session_replication_role = replica');
    await before0027.query(
      `insert into exams (id, title, description, subject, total_marks, passing_marks,
        duration_minutes, mode, status, general_instructions, batch_id, course_id, branch_id,
        start_date, end_date)
      values ('00000000-0000-4000-8000-0000000000e1', 't', 'd', 's', 10, 4, 60, 'AUTO', 'DRAFT',
        $1, gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), '2030-03-14', '2030-03-16')`,
      [[text0, text2]],
    );
    await before0027.query(
      `insert into exam_sections (id, exam_id, position, name, order_label, marks, question_type,
        total_questions, time_limit_minutes, is_optional, instructions)
      values ('00000000-0000-4000-8000-0000000000e2', '00000000-0000-4000-8000-0000000000e1', 0,
        'A', '1', 10, 'MCQ', 1, 0, false, $1)`,
      [[text1]],
    );
    await before0027.query(
      `insert into questions (id, section_id, position, question_text, question_type, marks,
        question_order, difficulty, explanation, options, correct_option, sample_answer, model_answer)
      values
        ('00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-0000000000e2', 0, $1,
          'MCQ', 1, 1, 'EASY', $2, $3, 0, null, null),
        ('00000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-0000000000e2', 1, $1,
          'TRUE_FALSE', 1, 2, 'EASY', $2, '{True,False}', 1, null, null),
        ('00000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-0000000000e2', 2, $4,
          'LONG_ANSWER', 5, 3, 'EASY', $2, null, null, null, $5)`,
      [text0, text1, [text2, text3], text3, text2],
    );
    await before0027.query(
      `insert into attempt_answers (attempt_id, question_id, text, seq, saved_at) values
        (gen_random_uuid(), '00000000-0000-4000-8000-000000000013', $1, 1, now()),
        (gen_random_uuid(), '00000000-0000-4000-8000-000000000011', $1, 1, now())`,
      [text0],
    );
    // Still without the parents' keys checked: the rows above have none.
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    await before0027.exec('set session_replication_role = origin');

    const one = async <T>(sql: string) => (await before0027.query<T>(sql)).rows[0] as T;
    expect(await one('select general_instructions from exams')).toEqual({
      general_instructions: [escapeMarkdown(text0), escapeMarkdown(text2)],
    });
    expect(await one('select instructions from exam_sections')).toEqual({
      instructions: [escapeMarkdown(text1)],
    });
    const { rows: questions } = await before0027.query(
      'select question_text, explanation, options, model_answer from questions order by position',
    );
    expect(questions).toEqual([
      {
        question_text: escapeMarkdown(text0),
        explanation: escapeMarkdown(text1),
        options: [escapeMarkdown(text2), escapeMarkdown(text3)],
        model_answer: null,
      },
      {
        question_text: escapeMarkdown(text0),
        explanation: escapeMarkdown(text1),
        options: ['True', 'False'],
        model_answer: null,
      },
      {
        question_text: escapeMarkdown(text3),
        explanation: escapeMarkdown(text1),
        options: null,
        model_answer: escapeMarkdown(text2),
      },
    ]);
    const { rows: answers } = await before0027.query(
      'select question_id, text from attempt_answers order by question_id',
    );
    // A long answer is rendered as content; any other answer stays the plain text it is.
    expect(answers.map((row) => (row as { text: string }).text)).toEqual([
      text0,
      escapeMarkdown(text0),
    ]);
    for (const plain of PLAIN) expect(readableText(escapeMarkdown(plain))).toBe(plain);
  });
});
