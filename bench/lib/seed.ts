// Writes the benchmark data set through the server's own migrated schema, on either engine, in
// set-based SQL (INSERT … SELECT FROM generate_series): one statement per table and chunk, never
// one request per row. Ids are derived from each row's index (see dataset.mjs).
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import {
  ADMIN,
  BATCH_YEARS,
  benchId,
  FIRST_BATCH_YEAR,
  PERSON_PASSWORD,
  totals,
} from './dataset.mjs';

export interface Scale {
  batches: number;
  coursesPerBatch: number;
  branchesPerCourse: number;
  sectionsPerBranch: number;
  students: number;
  faculty: number;
  exams: number;
  examSections: number;
  questionsPerSection: number;
}

/** Rows per statement: large enough to be set-based, small enough for PGlite's WebAssembly heap. */
const CHUNK = 20_000;

/** The SQL twin of dataset.mjs's benchId. */
const id = (kind: string, index: string) =>
  `overlay(overlay(md5('examiq-bench:${kind}:' || (${index})) placing '4' from 13) placing '8' from 17)::uuid`;
const pick = (values: readonly string[], index: string) =>
  `(array[${values.map((value) => `'${value}'`).join(', ')}])[1 + (${index}) % ${values.length}]`;
/** Newest first in the lists, one second apart, so the index-th row is the index-th newest. */
const createdAt = (index: string) => `now() - (${index}) * interval '1 second'`;

const FIRST_NAMES = ['Asha', 'Ravi', 'Meera', 'Arjun', 'Priya', 'Kiran', 'Neha', 'Vikram', 'Sara'];
const LAST_NAMES = ['Patel', 'Sharma', 'Iyer', 'Khan', 'Das', 'Rao', 'Singh', 'Nair', 'Gupta'];
const address = (street: string) =>
  `jsonb_build_object('street', ${street}, 'city', 'Pune', 'state', 'Maharashtra', 'zipCode', '411001', 'country', 'India')`;
const relative = (name: string, occupation: string, email: string) =>
  `jsonb_build_object('name', ${name}, 'occupation', ${occupation}, 'phone', '9876543211', 'email', ${email})`;

/** `INSERT … SELECT … FROM generate_series` over [0, count) in chunks; `i` is the row index. */
function chunked(count: number, statement: (from: number, to: number) => string): string[] {
  const statements = [];
  for (let from = 0; from < count; from += CHUNK) {
    statements.push(statement(from, Math.min(from + CHUNK, count) - 1));
  }
  return statements;
}

function accounts(role: 'student' | 'faculty', count: number, passwordHash: string): string[] {
  return chunked(
    count,
    (from, to) => `
      insert into users (id, email, password_hash, role, is_first_login, created_at, updated_at)
      select ${id(`${role}-user`, 'i')}, '${role}' || i || '@bench.examiq.test', '${passwordHash}',
        '${role}', false, ${createdAt('i')}, ${createdAt('i')}
      from generate_series(${from}, ${to}) as i`,
  );
}

/** The personal and contact columns students and faculty share, for row index `i`. */
const personValues = (prefix: string) => `
  'https://example.com/photos/${prefix}' || i || '.jpg',
  ${pick(FIRST_NAMES, 'i')}, ${pick(LAST_NAMES, 'i / 9')},
  date '1980-01-01' + (i % 9000), ${pick(['MALE', 'FEMALE', 'OTHER'], 'i')}, 'Indian',
  ${pick(['Hindu', 'Muslim', 'Christian', 'Sikh', 'Buddhist'], 'i')},
  '+91 98' || lpad((i % 100000000)::text, 8, '0'),
  ${address(`i || ' College Road'`)}, ${address(`i || ' Hostel Lane'`)},
  ${createdAt('i')}, ${createdAt('i')}`;
const PERSON_COLUMNS = `photo, first_name, last_name, date_of_birth, gender, nationality, religion,
  phone, permanent_address, current_address, created_at, updated_at`;

function masterData(scale: Scale): string[] {
  const { courses, branches, sections } = totals(scale);
  return [
    `insert into batches (id, start_year, end_year)
     select ${id('batch', 'i')}, ${FIRST_BATCH_YEAR} + i, ${FIRST_BATCH_YEAR + BATCH_YEARS} + i
     from generate_series(0, ${scale.batches - 1}) as i`,
    `insert into courses (id, batch_id, name, full_name, total_semesters, duration_years, course_type)
     select ${id('course', 'i')}, ${id('batch', `i / ${scale.coursesPerBatch}`)},
       'Course ' || (i % ${scale.coursesPerBatch} + 1),
       'Bachelor of Studies ' || chr(65 + i % ${scale.coursesPerBatch}), 8, 4, 'UG'
     from generate_series(0, ${courses - 1}) as i`,
    `insert into branches (id, course_id, name, code)
     select ${id('branch', 'i')}, ${id('course', `i / ${scale.branchesPerCourse}`)},
       'Branch ' || (i % ${scale.branchesPerCourse} + 1), 'BR' || (i % ${scale.branchesPerCourse} + 1)
     from generate_series(0, ${branches - 1}) as i`,
    `insert into sections (id, branch_id, name, capacity)
     select ${id('section', 'i')}, ${id('branch', `i / ${scale.sectionsPerBranch}`)},
       'Section ' || chr(65 + i % ${scale.sectionsPerBranch}), 120
     from generate_series(0, ${sections - 1}) as i`,
  ];
}

/** Student i sits in section i mod sections, so every section gets its share. */
function students(scale: Scale): string[] {
  const { sections } = totals(scale);
  const perCourse = scale.sectionsPerBranch * scale.branchesPerCourse;
  const perBatch = perCourse * scale.coursesPerBatch;
  return chunked(
    scale.students,
    (from, to) => `
      insert into students (id, user_id, ${PERSON_COLUMNS}, roll_number, family, course_id,
        branch_id, section_id, semester, admission_year, expected_graduation_year)
      select ${id('student', 'i')}, ${id('student-user', 'i')}, ${personValues('s')},
        'R' || lpad(i::text, 7, '0'),
        jsonb_build_object(
          'father', ${relative(`'Father of ' || i`, `'Engineer'`, `'father' || i || '@example.com'`)},
          'mother', ${relative(`'Mother of ' || i`, `'Teacher'`, `'mother' || i || '@example.com'`)},
          'guardian', ${relative(`'Guardian of ' || i`, 'null', `'guardian' || i || '@example.com'`)}
            || jsonb_build_object('relationship', 'Uncle')),
        ${id('course', `s / ${perCourse}`)}, ${id('branch', `s / ${scale.sectionsPerBranch}`)},
        ${id('section', 's')}, 1 + i % 8, ${FIRST_BATCH_YEAR} + s / ${perBatch},
        ${FIRST_BATCH_YEAR + BATCH_YEARS} + s / ${perBatch}
      from (select i, i % ${sections} as s from generate_series(${from}, ${to}) as i) as g`,
  );
}

function faculty(scale: Scale): string[] {
  return chunked(
    scale.faculty,
    (from, to) => `
      insert into faculty (id, user_id, ${PERSON_COLUMNS}, employee_id, joining_date,
        marital_status, department, designation, qualifications, total_experience_years,
        previous_institutions)
      select ${id('faculty', 'i')}, ${id('faculty-user', 'i')}, ${personValues('f')},
        'EMP' || lpad(i::text, 6, '0'), date '2010-07-01' + (i % 4000),
        ${pick(['SINGLE', 'MARRIED', 'DIVORCED', 'WIDOWED'], 'i')},
        ${pick(['Computer Science', 'Mathematics', 'Physics', 'Electronics', 'Mechanical'], 'i')},
        ${pick(['Assistant Professor', 'Associate Professor', 'Professor'], 'i')},
        jsonb_build_array(jsonb_build_object('degree', 'M.Tech', 'institution', 'IIT Bombay',
          'year', 2005 + i % 15, 'percentage', 70 + i % 25)),
        1 + i % 25,
        jsonb_build_array(jsonb_build_object('institutionName', 'VIT Pune',
          'designation', 'Assistant Professor', 'duration', '5 years', 'from', '2013-07-01',
          'to', '2018-06-30'))
      from generate_series(${from}, ${to}) as i`,
  );
}

/** Each exam's sections in turn: every question type, MCQ twice. */
const SECTION_TYPES = ['MCQ', 'TRUE_FALSE', 'SHORT_ANSWER', 'LONG_ANSWER', 'MCQ'];
const MARKS_OF_TYPE = `case type when 'SHORT_ANSWER' then 2 when 'LONG_ANSWER' then 5 else 1 end`;
const MODEL_ANSWER =
  'Both are divide and conquer; merge sort is stable with O(n log n) worst case, quicksort sorts in place.';

/**
 * Exam i targets section i mod sections and its next sibling; even exams are PROCTORING with two
 * faculty members, odd ones AUTO; one in five is a DRAFT. Schedules spread over a year around
 * today, so the dashboard finds completed, ongoing and upcoming exams.
 */
function exams(scale: Scale, adminId: string): string[] {
  const { sections } = totals(scale);
  const perBranch = scale.sectionsPerBranch;
  const perCourse = perBranch * scale.branchesPerCourse;
  const perBatch = perCourse * scale.coursesPerBatch;
  const proctored = 'i % 2 = 0';
  const day = 'current_date + (i % 365 - 182)';
  const examRows = (from: number, to: number) =>
    `(select i, i % ${sections} as s from generate_series(${from}, ${to}) as i) as g`;
  const sectionCount = scale.exams * scale.examSections;
  const questionCount = sectionCount * scale.questionsPerSection;
  /** Question k belongs to exam section k / questionsPerSection, whose type its position gives. */
  const questionRows = (from: number, to: number) => `(
    select k, ${pick(SECTION_TYPES, `k / ${scale.questionsPerSection} % ${scale.examSections}`)} as type
    from generate_series(${from}, ${to}) as k) as g`;
  return [
    ...chunked(
      scale.exams,
      (from, to) => `
        insert into exams (id, title, description, subject, total_marks, passing_marks,
          duration_minutes, mode, status, general_instructions, batch_id, course_id, branch_id,
          exam_date, start_time, end_time, start_date, end_date, buffer_before_minutes,
          buffer_after_minutes, created_by, created_at, updated_at)
        select ${id('exam', 'i')}, 'Bench exam ' || i, 'Examination ' || i || ' of the bench data set.',
          ${pick(['Data Structures', 'Algorithms', 'Databases', 'Operating Systems', 'Networks'], 'i')},
          100, 40, 90, case when ${proctored} then 'PROCTORING' else 'AUTO' end,
          case when i % 5 = 0 then 'DRAFT' else 'PUBLISH' end,
          array['Read every question carefully.', 'No calculators.'],
          ${id('batch', `s / ${perBatch}`)}, ${id('course', `s / ${perCourse}`)},
          ${id('branch', `s / ${perBranch}`)},
          case when ${proctored} then ${day} end, case when ${proctored} then time '09:00' end,
          case when ${proctored} then time '11:00' end, case when not ${proctored} then ${day} end,
          case when not ${proctored} then ${day} + 2 end, 10, 5, '${adminId}',
          ${createdAt('i')}, ${createdAt('i')}
        from ${examRows(from, to)}`,
    ),
    ...chunked(
      scale.exams,
      (from, to) => `
        insert into exam_target_sections (exam_id, section_id)
        select ${id('exam', 'i')}, ${id('section', 'target')}
        from ${examRows(from, to)}
        cross join lateral (values (s), (s / ${perBranch} * ${perBranch} + (s % ${perBranch} + 1) % ${perBranch})) as t(target)`,
    ),
    ...chunked(
      scale.exams,
      (from, to) => `
        insert into exam_faculty (exam_id, faculty_user_id, position)
        select ${id('exam', 'i')}, ${id('faculty-user', `(i + position) % ${scale.faculty}`)}, position
        from generate_series(${from}, ${to}) as i cross join generate_series(0, 1) as position
        where ${proctored}`,
    ),
    ...chunked(
      sectionCount,
      (from, to) => `
        insert into exam_sections (id, exam_id, position, name, order_label, marks, question_type,
          total_questions, time_limit_minutes, is_optional, instructions)
        select ${id('exam-section', 'j')}, ${id('exam', `j / ${scale.examSections}`)},
          j % ${scale.examSections}, 'Section ' || (j % ${scale.examSections} + 1),
          (j % ${scale.examSections} + 1)::text,
          ${scale.questionsPerSection} * ${MARKS_OF_TYPE}, type, ${scale.questionsPerSection}, 30,
          false, array['Answer every question.']
        from (select j, ${pick(SECTION_TYPES, `j % ${scale.examSections}`)} as type
          from generate_series(${from}, ${to}) as j) as g`,
    ),
    ...chunked(
      questionCount,
      (from, to) => `
        insert into questions (id, section_id, position, question_text, question_type, marks,
          question_order, difficulty, explanation, options, correct_option, sample_answer,
          model_answer, min_word_count, max_word_count, keywords)
        select ${id('exam-question', 'k')}, ${id('exam-section', `k / ${scale.questionsPerSection}`)},
          k % ${scale.questionsPerSection},
          'Question ' || k || ': explain the topic of lecture ' || (k % 40 + 1) || '.', type,
          ${MARKS_OF_TYPE}, k % ${scale.questionsPerSection} + 1,
          ${pick(['EASY', 'MEDIUM', 'HARD'], 'k')}, 'Explained in the lecture notes of week three.',
          case type when 'MCQ' then array['Option A', 'Option B', 'Option C', 'Option D']
            when 'TRUE_FALSE' then array['True', 'False'] end,
          case type when 'MCQ' then k % 4 when 'TRUE_FALSE' then k % 2 end,
          case when type = 'SHORT_ANSWER' then 'A binary tree whose in-order traversal is sorted.' end,
          case when type = 'LONG_ANSWER' then '${MODEL_ANSWER}' end,
          case when type = 'LONG_ANSWER' then 150 end, case when type = 'LONG_ANSWER' then 500 end,
          case when type in ('SHORT_ANSWER', 'LONG_ANSWER') then array['binary tree', 'sorted'] end
        from ${questionRows(from, to)}`,
    ),
  ];
}

/** Every statement of the data set, in dependency order. */
function statements(scale: Scale, hashes: { admin: string; person: string }): string[] {
  return [
    `insert into users (id, email, password_hash, role, is_first_login)
     values ('${benchId('admin', 0)}', '${ADMIN.email}', '${hashes.admin}', 'admin', false)`,
    ...masterData(scale),
    ...accounts('student', scale.students, hashes.person),
    ...students(scale),
    ...accounts('faculty', scale.faculty, hashes.person),
    ...faculty(scale),
    ...exams(scale, benchId('admin', 0)),
  ];
}

/**
 * Migrates and fills an empty database. One argon2id hash serves every seeded person: hashing
 * 100,000 passwords would measure the hash, not the data set. Ends with VACUUM ANALYZE so the
 * planner and index-only scans see the data as a settled production database would.
 */
export async function seed(database: Database, scale: Scale): Promise<void> {
  await database.migrate();
  const hashes = {
    admin: await hashPassword(ADMIN.password),
    person: await hashPassword(PERSON_PASSWORD),
  };
  await database.db.transaction(async (tx) => {
    for (const statement of statements(scale, hashes)) await tx.execute(sql.raw(statement));
  });
  await database.db.execute(sql.raw('vacuum analyze'));
}
