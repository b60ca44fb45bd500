import { BANK_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { validQuestions } from '@examiq/contracts/test-support';
import { desc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { bankQuestionPayload, createBankFixture } from '../../test/banks';
import { TEST_ENGINE } from '../../test/database';
import { bearer, createSignedInUser } from '../../test/users';

const t = await createTestApp();
afterAll(() => t.close());
const f = await createBankFixture(t.app, t.database.db);
const { asAdmin, course, otherCourse, author, reviewer, outsider } = f;

/** Creates a question in the first course as `caller`, failing the test unless it answers 201. */
async function created(fields: Record<string, unknown> = {}, caller = author.call) {
  const response = await caller(
    'POST',
    'create-bank-question',
    bankQuestionPayload(course._id, fields),
  );
  if (response.statusCode !== 201)
    throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json().data as { _id: string; version: number; revision: number; status: string };
}

const errorsOf = (response: { statusCode: number; json(): unknown }) => {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { message: string; errors: Record<string, string> };
  expect(body.message).toBe(VALIDATION_FAILED_MESSAGE);
  return body.errors;
};

const lastAudit = async () =>
  (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe(`course outcomes (${TEST_ENGINE})`, () => {
  it('are set by the admin, replacing the list, and read by the course’s faculty', async () => {
    const outcomes = [
      { code: 'CO1', description: 'Apply Kirchhoff’s laws', targetPercent: 60 },
      { code: 'CO2', description: 'Analyse first-order circuits', targetPercent: 50 },
      { code: 'CO3', description: 'Design a filter', targetPercent: 40 },
    ];
    const set = await asAdmin('POST', `set-course-outcomes/${otherCourse._id}`, { outcomes });
    expect(set.statusCode).toBe(200);
    // Without levels given, the course keeps the default bands.
    expect(set.json().data).toEqual({
      courseId: otherCourse._id,
      outcomes,
      levels: { level1: 40, level2: 60, level3: 70 },
    });
    expect(await lastAudit()).toMatchObject({
      action: 'question-bank.set-outcomes',
      recordId: otherCourse._id,
    });
    const replaced = outcomes.slice(1);
    await asAdmin('POST', `set-course-outcomes/${otherCourse._id}`, { outcomes: replaced });
    const read = await outsider.call('GET', `get-course-outcomes/${otherCourse._id}`);
    expect(read.json().data.outcomes).toEqual(replaced);
    expect((await author.call('GET', `get-course-outcomes/${otherCourse._id}`)).statusCode).toBe(
      403,
    );
  });

  it('refuses bad codes, repeats, long descriptions and targets outside 1-100', async () => {
    const outcome = { code: 'CO1', description: 'Apply', targetPercent: 60 };
    const refused = async (outcomes: unknown[]) =>
      errorsOf(await asAdmin('POST', `set-course-outcomes/${otherCourse._id}`, { outcomes }));
    expect(await refused([{ ...outcome, code: 'CO21' }])).toEqual({
      'outcomes.0.code': BANK_MESSAGES.outcomeCode,
    });
    expect(await refused([{ ...outcome, code: 'CO01' }])).toEqual({
      'outcomes.0.code': BANK_MESSAGES.outcomeCode,
    });
    expect(await refused([{ ...outcome, code: 'PO1' }])).toEqual({
      'outcomes.0.code': BANK_MESSAGES.outcomeCode,
    });
    expect(await refused([outcome, outcome])).toEqual({ outcomes: BANK_MESSAGES.outcomeRepeated });
    expect(await refused([{ ...outcome, description: 'x'.repeat(301) }])).toEqual({
      'outcomes.0.description': 'Description cannot exceed 300 characters',
    });
    expect(await refused([{ ...outcome, targetPercent: 0 }])).toEqual({
      'outcomes.0.targetPercent': 'Target percent must be at least 1',
    });
    expect(await refused([{ ...outcome, targetPercent: 101 }])).toEqual({
      'outcomes.0.targetPercent': 'Target percent cannot exceed 100',
    });
  });

  it('keeps an outcome a question carries, naming it', async () => {
    await created({ courseOutcomes: ['CO2'] });
    const response = await asAdmin('POST', `set-course-outcomes/${course._id}`, {
      outcomes: [{ code: 'CO1', description: 'Apply', targetPercent: 60 }],
    });
    expect(errorsOf(response)).toEqual({ outcomes: BANK_MESSAGES.outcomeInUse('CO2') });
  });

  it('answers 404 for an unknown course', async () => {
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    expect((await asAdmin('GET', `get-course-outcomes/${unknown}`)).statusCode).toBe(404);
    const set = await asAdmin('POST', `set-course-outcomes/${unknown}`, { outcomes: [] });
    expect(set.json()).toEqual({ success: false, message: BANK_MESSAGES.courseNotFound });
  });
});

describe(`bank access (${TEST_ENGINE})`, () => {
  it('lists the courses one works in: every course for an admin, the granted ones for faculty', async () => {
    const coursesOf = async (caller: typeof asAdmin) =>
      (await caller('GET', 'get-bank-courses')).json().data.courses as {
        _id: string;
        roles: string[];
      }[];
    const all = await coursesOf(asAdmin);
    expect(all.map((each) => each._id)).toEqual(
      expect.arrayContaining([course._id, otherCourse._id]),
    );
    expect(all[0]?.roles).toEqual(['AUTHOR', 'REVIEWER']);
    expect(await coursesOf(author.call)).toEqual([
      expect.objectContaining({ _id: course._id, roles: ['AUTHOR'] }),
    ]);
    expect(await coursesOf(reviewer.call)).toEqual([
      expect.objectContaining({ _id: course._id, roles: ['REVIEWER'] }),
    ]);
    expect(await coursesOf(outsider.call)).toEqual([
      expect.objectContaining({ _id: otherCourse._id, roles: ['AUTHOR'] }),
    ]);
  });

  it('is read back with names, and only faculty may be granted', async () => {
    const read = await asAdmin('GET', `get-bank-access/${course._id}`);
    expect(read.json().data).toMatchObject({
      courseId: course._id,
      authors: [{ _id: author.userId }],
      reviewers: [{ _id: reviewer.userId }],
      requireReview: false,
    });
    const granted = await asAdmin('POST', `set-bank-access/${otherCourse._id}`, {
      authors: [outsider.userId],
      reviewers: [outsider.userId],
      requireReview: true,
    });
    expect(granted.json().data).toMatchObject({
      authors: [{ _id: outsider.userId }],
      reviewers: [{ _id: outsider.userId }],
      requireReview: true,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'question-bank.set-access',
      recordId: otherCourse._id,
    });
    const unknown = await asAdmin('GET', 'get-bank-access/0190a0a0-0000-7000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const student = await createSignedInUser(t.app, t.database.db, 'student');
    const refused = await asAdmin('POST', `set-bank-access/${otherCourse._id}`, {
      authors: [outsider.userId],
      reviewers: [student.user.id],
    });
    expect(errorsOf(refused)).toEqual({ 'reviewers.0': BANK_MESSAGES.facultyNotFound });
    expect(
      errorsOf(
        await asAdmin('POST', `set-bank-access/${otherCourse._id}`, {
          authors: [outsider.userId, outsider.userId],
          reviewers: [],
        }),
      ),
    ).toEqual({ authors: BANK_MESSAGES.bothRoles });
  });
});

describe(`bank questions (${TEST_ENGINE})`, () => {
  it('creates every question type at version 1, read back as sent', async () => {
    for (const [type, question] of Object.entries(validQuestions)) {
      const saved = await created({
        ...question(),
        category: ` Types / ${type} `,
        tags: ['types'],
      });
      expect(saved).toMatchObject({ version: 1, revision: 1, status: 'DRAFT' });
      const read = (await author.call('GET', `get-bank-question/${saved._id}`)).json().data;
      expect(read).toMatchObject({
        questionType: type,
        category: `Types/${type}`,
        tags: ['types'],
      });
      expect(read.question).toEqual(
        expect.objectContaining({ questionText: question().questionText }),
      );
      expect(read.history).toEqual([
        expect.objectContaining({
          revision: 1,
          changedBy: { _id: author.userId, name: expect.any(String) },
          changedFields: [],
        }),
      ]);
      // A faculty member is named by name everywhere, never by email.
      expect(read.createdBy.name).not.toContain('@');
      expect(read.history[0].changedBy.name).toBe(read.createdBy.name);
    }
    expect(await lastAudit()).toMatchObject({
      action: 'bank-question.create',
      actorUserId: author.userId,
    });
  });

  it('refuses each rule of the labels and of the question with its message', async () => {
    const refused = async (fields: Record<string, unknown>) =>
      errorsOf(
        await author.call('POST', 'create-bank-question', bankQuestionPayload(course._id, fields)),
      );
    expect(await refused({ category: 'a/b/c/d/e/f' })).toEqual({
      category: BANK_MESSAGES.categoryLevels,
    });
    expect(await refused({ category: `Unit 1/${'x'.repeat(101)}` })).toEqual({
      category: BANK_MESSAGES.categoryLevel,
    });
    expect(await refused({ category: 'Unit 1//Ohm' })).toEqual({
      category: BANK_MESSAGES.categoryLevel,
    });
    expect(await refused({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toEqual({
      tags: BANK_MESSAGES.tags,
    });
    expect(await refused({ tags: ['x'.repeat(51)] })).toEqual({ 'tags.0': BANK_MESSAGES.tag });
    expect(await refused({ tags: ['Ohm', 'ohm'] })).toEqual({ tags: BANK_MESSAGES.tagRepeated });
    expect(await refused({ courseOutcomes: ['C1'] })).toEqual({
      'courseOutcomes.0': BANK_MESSAGES.outcomeCode,
    });
    expect(await refused({ courseOutcomes: ['CO1', 'CO1'] })).toEqual({
      courseOutcomes: BANK_MESSAGES.outcomeRepeated,
    });
    expect(await refused({ courseOutcomes: ['CO7'] })).toEqual({
      courseOutcomes: BANK_MESSAGES.outcomeUnknown('CO7'),
    });
    expect(await refused({ bloomLevel: 'KNOW' })).toEqual({
      bloomLevel: "Please select a valid Bloom's level",
    });
    expect(await refused({ status: 'RETIRED' })).toEqual({
      status: 'Status must be DRAFT or READY',
    });
    expect(await refused({ options: [{ text: 'Only', isCorrect: true }] })).toEqual({
      options: 'MCQ must have at least 2 options',
    });
    expect(await refused({ questionType: 'ESSAY' })).toEqual({
      questionType: 'Please select a valid question type',
    });
    expect(await refused({ courseId: '0190a0a0-0000-7000-8000-000000000000' })).toEqual({
      courseId: BANK_MESSAGES.courseNotFound,
    });
  });

  it('answers 403 to faculty outside the course and to a reviewer changing content, 404 to an unknown id', async () => {
    const question = await created();
    const outside = await outsider.call('GET', `get-bank-question/${question._id}`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(BANK_MESSAGES.notGranted);
    expect(
      (await outsider.call('POST', 'create-bank-question', bankQuestionPayload(course._id)))
        .statusCode,
    ).toBe(403);
    expect(
      (await outsider.call('GET', `get-bank-questions?courseId=${course._id}`)).statusCode,
    ).toBe(403);
    const edit = await reviewer.call(
      'PUT',
      `update-bank-question/${question._id}`,
      bankQuestionPayload(course._id),
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(BANK_MESSAGES.notAuthor);
    expect(
      (await reviewer.call('POST', 'create-bank-question', bankQuestionPayload(course._id)))
        .statusCode,
    ).toBe(403);
    expect(
      (await reviewer.call('POST', `set-bank-question-status/${question._id}`, { status: 'READY' }))
        .statusCode,
    ).toBe(200);
    const unknown = await author.call(
      'GET',
      'get-bank-question/0190a0a0-0000-7000-8000-000000000000',
    );
    expect(unknown.json()).toEqual({ success: false, message: BANK_MESSAGES.questionNotFound });
    const student = await createSignedInUser(t.app, t.database.db, 'student');
    const asStudent = await t.app.inject({
      method: 'GET',
      url: `/api/faculty/get-bank-question/${question._id}`,
      headers: bearer(student.accessToken),
    });
    expect(asStudent.statusCode).toBe(403);
  });

  it('keeps the history of every change, and restores a revision as a new change', async () => {
    const question = await created({ tags: ['ohm'] });
    const edit = (fields: Record<string, unknown>) =>
      author.call(
        'PUT',
        `update-bank-question/${question._id}`,
        bankQuestionPayload(course._id, fields),
      );
    const first = await edit({
      tags: ['ohm'],
      questionText: 'Which law relates voltage and current?',
    });
    expect(first.json().data).toMatchObject({ version: 1, revision: 2 });
    const second = await f.asAdmin(
      'PUT',
      `update-bank-question/${question._id}`,
      bankQuestionPayload(course._id, {
        tags: ['ohm', 'basics'],
        questionText: 'Which law relates voltage and current?',
        bloomLevel: 'APPLY',
        courseOutcomes: ['CO1'],
      }),
    );
    expect(second.json().data).toMatchObject({ version: 1, revision: 3 });
    // An edit changing nothing writes no revision.
    expect(
      (
        await edit({
          tags: ['ohm', 'basics'],
          questionText: 'Which law relates voltage and current?',
          bloomLevel: 'APPLY',
          courseOutcomes: ['CO1'],
        })
      ).json().data.revision,
    ).toBe(3);
    const history = (await author.call('GET', `get-bank-question/${question._id}`)).json().data
      .history;
    expect(
      history.map(
        (entry: { revision: number; changedFields: string[]; changedBy: { _id: string } }) => [
          entry.revision,
          entry.changedFields,
          entry.changedBy._id,
        ],
      ),
    ).toEqual([
      [3, ['tags', 'bloomLevel', 'courseOutcomes'], f.admin.user.id],
      [2, ['questionText'], author.userId],
      [1, [], author.userId],
    ]);
    const restored = await author.call('POST', `restore-bank-question/${question._id}`, {
      revision: 1,
    });
    expect(restored.json().data).toMatchObject({ version: 1, revision: 4 });
    expect(await lastAudit()).toMatchObject({
      action: 'bank-question.restore',
      recordId: question._id,
    });
    const read = (await author.call('GET', `get-bank-question/${question._id}`)).json().data;
    expect(read).toMatchObject({
      tags: ['ohm'],
      bloomLevel: 'REMEMBER',
      courseOutcomes: [],
      revision: 4,
    });
    expect(read.question.questionText).toBe(validQuestions.MCQ().questionText);
    expect(read.history[0].changedFields).toEqual([
      'questionText',
      'tags',
      'bloomLevel',
      'courseOutcomes',
    ]);
    const missing = await author.call('POST', `restore-bank-question/${question._id}`, {
      revision: 9,
    });
    expect(errorsOf(missing)).toEqual({ revision: BANK_MESSAGES.revisionNotFound });
    const moved = await edit({ courseId: otherCourse._id });
    expect(errorsOf(moved)).toEqual({ courseId: BANK_MESSAGES.otherCourse });
  });

  it('moves between statuses by the rules, a retired question read-only until Draft', async () => {
    const question = await created({ status: 'READY' });
    const status = (caller: typeof author.call, value: string) =>
      caller('POST', `set-bank-question-status/${question._id}`, { status: value });
    expect((await status(author.call, 'RETIRED')).json().data).toMatchObject({
      status: 'RETIRED',
      revision: 2,
    });
    expect(await lastAudit()).toMatchObject({ action: 'bank-question.set-status' });
    const edit = await author.call(
      'PUT',
      `update-bank-question/${question._id}`,
      bankQuestionPayload(course._id),
    );
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(BANK_MESSAGES.retired);
    expect((await status(author.call, 'READY')).statusCode).toBe(409);
    expect((await status(reviewer.call, 'DRAFT')).json().data.status).toBe('DRAFT');
    expect(errorsOf(await status(author.call, 'ARCHIVED'))).toEqual({
      status: 'Status must be DRAFT, READY or RETIRED',
    });

    await f.setAccess(course._id, {
      authors: [author.userId, reviewer.userId],
      reviewers: [reviewer.userId],
      requireReview: true,
    });
    try {
      const reviewed = await created();
      const ready = (caller: typeof author.call) =>
        caller('POST', `set-bank-question-status/${reviewed._id}`, { status: 'READY' });
      const own = await ready(author.call);
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe(BANK_MESSAGES.reviewRequired);
      expect(
        (
          await author.call(
            'POST',
            'create-bank-question',
            bankQuestionPayload(course._id, { status: 'READY' }),
          )
        ).statusCode,
      ).toBe(403);
      expect((await ready(reviewer.call)).json().data.status).toBe('READY');
      // An edit of its content needs the review again; the reviewer who wrote it cannot give it.
      const edited = await reviewer.call(
        'PUT',
        `update-bank-question/${reviewed._id}`,
        bankQuestionPayload(course._id, { questionText: 'Which structure hashes its keys?' }),
      );
      expect(edited.json().data.status).toBe('DRAFT');
      expect((await ready(reviewer.call)).statusCode).toBe(403);
      expect((await ready(f.asAdmin)).json().data.status).toBe('READY');
    } finally {
      await f.setAccess(course._id, { authors: [author.userId], reviewers: [reviewer.userId] });
    }
  });
});

describe(`finding bank questions (${TEST_ENGINE})`, () => {
  it('searches the readable text and filters by each field, newest first, with the category tree', async () => {
    const courseId = await f.bankCourse();
    const add = async (fields: Record<string, unknown>) => {
      const response = await author.call(
        'POST',
        'create-bank-question',
        bankQuestionPayload(courseId, fields),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data._id as string;
    };
    const kirchhoff = await add({
      category: 'Unit 3/Kirchhoff',
      questionText: 'State **Kirchhoff’s** current law at a node.',
      tags: ['Laws'],
      bloomLevel: 'UNDERSTAND',
      courseOutcomes: ['CO1'],
      difficulty: 'HARD',
    });
    const ohm = await add({
      category: 'Unit 3',
      tags: ['laws', 'basics'],
      courseOutcomes: ['CO1', 'CO2'],
      ...validQuestions.NUMERICAL(),
    });
    const sorting = await add({ category: 'Unit 1', ...validQuestions.ORDERING() });
    const top = await add({ category: '', status: 'READY' });
    const found = async (query: string) => {
      const response = await author.call('GET', `get-bank-questions?courseId=${courseId}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.questions.map((question: { _id: string }) => question._id);
    };
    expect(await found('')).toEqual([top, sorting, ohm, kirchhoff]);
    expect(await found('search=kirchhoff')).toEqual([kirchhoff]);
    // Options and items are searched too, the text folded and its markup gone.
    expect(await found('search=HASH TABLE')).toEqual([top, kirchhoff]);
    expect(await found('search=type%20checking')).toEqual([sorting]);
    expect(await found('category=Unit%203')).toEqual([ohm, kirchhoff]);
    expect(await found('category=Unit%203&includeSubcategories=false')).toEqual([ohm]);
    expect(await found('category=&includeSubcategories=false')).toEqual([top]);
    expect(await found('questionType=NUMERICAL')).toEqual([ohm]);
    expect(await found('difficulty=HARD')).toEqual([kirchhoff]);
    expect(await found('bloomLevel=UNDERSTAND')).toEqual([kirchhoff]);
    expect(await found('courseOutcome=CO2')).toEqual([ohm]);
    expect(await found('tag=LAWS')).toEqual([ohm, kirchhoff]);
    expect(await found('status=READY')).toEqual([top]);
    const page = (
      await author.call('GET', `get-bank-questions?courseId=${courseId}&page=2&limit=3`)
    ).json().data;
    expect(page.questions.map((question: { _id: string }) => question._id)).toEqual([kirchhoff]);
    expect(page.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalCount: 4,
      hasNextPage: false,
      hasPreviousPage: true,
      totalCountCapped: false,
    });

    // A course's questions are years of work: the course cannot be deleted under them.
    const deleted = await asAdmin('DELETE', `delete-course/${courseId}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('4 bank questions use this course');

    const categories = (await reviewer.call('GET', `get-bank-categories/${courseId}`)).json().data
      .categories;
    expect(categories).toEqual([
      { path: '', name: '', depth: 0, questionCount: 1, totalCount: 4 },
      { path: 'Unit 1', name: 'Unit 1', depth: 1, questionCount: 1, totalCount: 1 },
      { path: 'Unit 3', name: 'Unit 3', depth: 1, questionCount: 1, totalCount: 2 },
      { path: 'Unit 3/Kirchhoff', name: 'Kirchhoff', depth: 2, questionCount: 1, totalCount: 1 },
    ]);
  });

  it('counts a broad search up to 200 and past the page asked for, then says more match', async () => {
    const courseId = await f.bankCourse();
    const { _id } = await created({
      courseId,
      questionText: 'Ohm’s law relates voltage and current.',
    });
    // 204 copies of it in SQL: the count is what is measured, not the way in.
    await t.database.db.execute(sql`
      insert into bank_questions (id, course_id, category, tags, bloom_level, course_outcomes,
        status, content, search_text)
      select gen_random_uuid(), course_id, category, tags, bloom_level, course_outcomes, status,
        content, search_text
      from bank_questions, generate_series(1, 204) where id = ${_id}`);
    const pageOf = async (query: string) =>
      (
        await author.call(
          'GET',
          `get-bank-questions?courseId=${courseId}&search=ohm&limit=20&${query}`,
        )
      ).json().data as { questions: unknown[]; pagination: Record<string, unknown> };

    const first = await pageOf('page=1');
    expect(first.questions).toHaveLength(20);
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 10,
      totalCount: 200,
      hasNextPage: true,
      hasPreviousPage: false,
      totalCountCapped: true,
    });
    expect((await pageOf('page=10')).pagination).toMatchObject({
      totalCount: 200,
      hasNextPage: true,
      totalCountCapped: true,
    });
    // The page past the cap counts as far as itself, and finds the end.
    const last = await pageOf('page=11');
    expect(last.questions).toHaveLength(5);
    expect(last.pagination).toEqual({
      currentPage: 11,
      totalPages: 11,
      totalCount: 205,
      hasNextPage: false,
      hasPreviousPage: true,
      totalCountCapped: false,
    });
  });

  it('refuses bad filters with their messages, and an unknown course with 404', async () => {
    const refused = async (query: string) =>
      errorsOf(await author.call('GET', `get-bank-questions?courseId=${course._id}&${query}`));
    expect(await refused('courseOutcome=CO0')).toEqual({
      courseOutcome: BANK_MESSAGES.outcomeCode,
    });
    expect(await refused('status=GONE')).toEqual({
      status: 'Status must be DRAFT, READY or RETIRED',
    });
    expect(await refused('includeSubcategories=yes')).toEqual({
      includeSubcategories: 'Include subcategories must be true or false',
    });
    expect(await refused('category=a/b/c/d/e/f')).toEqual({
      category: BANK_MESSAGES.categoryLevels,
    });
    expect(errorsOf(await author.call('GET', 'get-bank-questions'))).toEqual({
      courseId: 'Course is required',
    });
    const unknown = await asAdmin(
      'GET',
      'get-bank-categories/0190a0a0-0000-7000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
  });
});
