import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

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

// The extensions the search migration creates.
const client = new PGlite({ extensions: { pg_trgm, unaccent } });
afterAll(() => client.close());

describe('0006_option_columns', () => {
  it('moves every stored choice and its correct answer into the question, in order', async () => {
    const before = await migrationsBefore('0006_option_columns');
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: before });
    } finally {
      await rm(before, { recursive: true, force: true });
    }
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
  });

  it('refuses a correct answer that is not one of the choices', async () => {
    await expect(
      client.exec(`update questions set correct_option = 4 where question_text = 'Pick C'`),
    ).rejects.toThrow(/questions_correct_option_check/);
    await expect(
      client.exec(`update questions set correct_option = 0 where question_text = 'Explain'`),
    ).rejects.toThrow(/questions_correct_option_check/);
  });
});
