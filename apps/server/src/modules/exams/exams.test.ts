import { randomUUID } from 'node:crypto';
import {
  createExamSchema,
  EXAM_MESSAGES,
  type ExamListItem,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { examListItemOf, validQuestions } from '@examiq/contracts/test-support';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_KEY_VIOLATION, failedWithSqlState } from '../../db/errors';
import {
  examFaculty,
  examSections,
  exams,
  examTargetSections,
  faculty,
  questions,
  sections,
  users,
} from '../../db/schema';
import { countRows } from '../../security/support';
import { createTestApp, type TestApp } from '../../test/app';
import { postgresUrlOf, TEST_ENGINE } from '../../test/database';
import { expectError } from '../../test/errors';
import {
  type Audience,
  createAudience,
  createdExamResponse,
  type ExamPayload,
  type ExamsClient,
  examPayload,
  examsClient,
  mcqExam,
} from '../../test/exams';
import { masterDataClient } from '../../test/master-data';
import { facultyPayload, type PeopleClient, peopleClient } from '../../test/people';
import { createSignedInUser, createTestUser, type SignedInUser } from '../../test/users';
import { UNKNOWN_AUDIENCE } from './check-exam';

let t: TestApp;
let admin: SignedInUser;
let api: ExamsClient;
let people: PeopleClient;
let audience: Audience;
let other: Audience;
/** The user ids of two faculty members. */
let facultyIds: [string, string];
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = examsClient(t.app, admin.accessToken);
  people = peopleClient(t.app, admin.accessToken);
  const masterData = masterDataClient(t.app, admin.accessToken);
  audience = await createAudience(masterData, 2024);
  other = await createAudience(masterData, 2025, 1);
  const [first, second] = await Promise.all([
    people.faculty(facultyPayload()),
    people.faculty(facultyPayload()),
  ]);
  facultyIds = [first.faculty.userId._id, second.faculty.userId._id];
});
afterAll(() => t.close());

/** SQLSTATE of a delete an ON DELETE RESTRICT key refuses on PostgreSQL 18; earlier ones say 23503. */
const RESTRICT_VIOLATION = '23001';
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const EXAM_ID = new RegExp(`^EXM-${new Date().getFullYear()}-\\d{5}$`);

/** The list row the API should answer for a payload, up to the ids and time it assigns. */
function expectedListItem(payload: ExamPayload) {
  return {
    ...examListItemOf(payload, { _id: '', examId: '', createdAt: '' }),
    _id: expect.any(String),
    examId: expect.stringMatching(EXAM_ID),
    createdAt: expect.stringMatching(ISO_TIMESTAMP),
  };
}

const withoutNulls = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));

/**
 * The exam as its tables hold it, rebuilt into the shape of the parsed payload, so a stored exam
 * compares with what was sent field by field. Target sections are a set: sorted.
 */
async function storedExam(id: string) {
  const { db } = t.database;
  const [exam] = await db.select().from(exams).where(eq(exams.id, id));
  if (!exam) throw new Error(`Exam ${id} is not stored`);
  const targets = await db
    .select()
    .from(examTargetSections)
    .where(eq(examTargetSections.examId, id));
  const assigned = await db
    .select()
    .from(examFaculty)
    .where(eq(examFaculty.examId, id))
    .orderBy(asc(examFaculty.position));
  const sectionRows = await db
    .select()
    .from(examSections)
    .where(eq(examSections.examId, id))
    .orderBy(asc(examSections.position));
  const questionRows = await db
    .select({ question: questions })
    .from(questions)
    .innerJoin(examSections, eq(examSections.id, questions.sectionId))
    .where(eq(examSections.examId, id))
    .orderBy(asc(examSections.position), asc(questions.position));
  const bufferTime = { beforeExam: exam.bufferBeforeMinutes, afterExam: exam.bufferAfterMinutes };
  return {
    row: exam,
    payload: {
      examStatus: exam.status,
      examTitle: exam.title,
      examDescription: exam.description,
      subject: exam.subject,
      totalMarks: exam.totalMarks,
      passingMarks: exam.passingMarks,
      duration: exam.durationMinutes,
      examMode: exam.mode,
      generalInstructions: exam.generalInstructions,
      shuffleQuestions: exam.shuffleQuestions,
      shuffleOptions: exam.shuffleOptions,
      showAnswersAfterPublish: exam.showAnswersAfterPublish,
      batchId: exam.batchId,
      courseId: exam.courseId,
      branchId: exam.branchId,
      sectionIds: targets.map((target) => target.sectionId).sort(),
      // Every exam of this file is for one branch: a second one's sections would fail this.
      additionalAudiences: [],
      assignedFacultyIds: assigned.map((assignment) => assignment.facultyUserId),
      proctoringThresholds: exam.proctoringThresholds,
      scheduleDetails:
        exam.mode === 'PROCTORING'
          ? {
              examDate: exam.examDate,
              startTime: exam.startTime?.slice(0, 5),
              endTime: exam.endTime?.slice(0, 5),
              bufferTime,
            }
          : { startDate: exam.startDate, endDate: exam.endDate, bufferTime },
      examSections: sectionRows.map((section) => ({
        name: section.name,
        order: section.orderLabel,
        marks: section.marks,
        questionType: section.questionType,
        totalQuestions: section.totalQuestions,
        timeLimit: section.timeLimitMinutes,
        isOptional: section.isOptional,
        instructions: section.instructions,
      })),
      questions: sectionRows.map((section) =>
        questionRows
          .filter(({ question }) => question.sectionId === section.id)
          .map(({ question }) => ({
            questionText: question.questionText,
            questionType: question.questionType,
            marks: question.marks,
            order: question.questionOrder,
            difficulty: question.difficulty,
            explanation: question.explanation,
            ...withoutNulls({
              sampleAnswer: question.sampleAnswer,
              modelAnswer: question.modelAnswer,
              minWordCount: question.minWordCount,
              maxWordCount: question.maxWordCount,
              keywords: question.keywords,
            }),
            ...(question.questionType === 'MCQ' || question.questionType === 'TRUE_FALSE'
              ? {
                  options: (question.options ?? []).map((text, position) => ({
                    text,
                    isCorrect: position === question.correctOption,
                  })),
                }
              : {}),
          })),
      ),
    },
  };
}

/** What the tables must hold for a payload: the payload as the contract parses it. */
function parsedForStorage(payload: unknown) {
  const parsed = createExamSchema.parse(payload);
  return { ...parsed, sectionIds: [...parsed.sectionIds].sort() };
}

describe('POST /api/admin/create-exam', () => {
  it('stores a valid AUTO exam with every section, question and option', async () => {
    const payload = examPayload(audience);
    const response = await api.post('create-exam', payload);
    expect(response.statusCode, response.body).toBe(201);
    const body = createdExamResponse.parse(response.json());
    expect(body.message).toBe(EXAM_MESSAGES.created);
    expect(body.data.exam).toEqual(expectedListItem(payload));
    expect(body.data.exam.scheduleDetails).toEqual({
      startDate: '2030-03-14',
      endDate: '2030-03-16',
      bufferTime: { beforeExam: 0, afterExam: 0 },
    });

    const stored = await storedExam(body.data.exam._id);
    expect(stored.payload).toEqual(parsedForStorage(payload));
    expect(stored.row).toMatchObject({
      examId: body.data.exam.examId,
      createdBy: admin.user.id,
      examDate: null,
      startTime: null,
      endTime: null,
    });
  });

  it('stores a valid PROCTORING exam with its faculty in the order chosen', async () => {
    const payload = {
      ...examPayload(audience, [facultyIds[1], facultyIds[0]]),
      examStatus: 'PUBLISH' as const,
    };
    const exam = await api.exam(payload);
    expect(exam).toEqual(expectedListItem(payload));
    expect(exam.scheduleDetails).toEqual({
      examDate: '2030-03-14',
      startTime: '09:30',
      endTime: '11:00',
      bufferTime: { beforeExam: 15, afterExam: 10 },
    });
    expect((await storedExam(exam._id)).payload).toEqual(parsedForStorage(payload));
  });

  it('numbers exams in sequence', async () => {
    const first = await api.exam(examPayload(audience));
    const second = await api.exam(examPayload(audience));
    const number = (examId: string) => Number(examId.split('-')[2]);
    expect(number(second.examId)).toBe(number(first.examId) + 1);
  });

  it('gives exams, their sections and their questions ids in the order they were made', async () => {
    const first = await api.exam(examPayload(audience));
    const second = await api.exam(examPayload(audience));
    const { db } = t.database;
    const sectionRows = await db
      .select({ id: examSections.id })
      .from(examSections)
      .where(eq(examSections.examId, second._id))
      .orderBy(asc(examSections.position));
    const questionRows = await db
      .select({ id: questions.id, sectionId: questions.sectionId })
      .from(questions)
      .innerJoin(examSections, eq(examSections.id, questions.sectionId))
      .where(eq(examSections.examId, second._id))
      .orderBy(asc(examSections.position), asc(questions.position));
    // Each section is made before its questions, and the next section after them.
    const made = [
      first._id,
      second._id,
      ...sectionRows.flatMap((section) => [
        section.id,
        ...questionRows.filter((row) => row.sectionId === section.id).map((row) => row.id),
      ]),
    ];

    expect(made).toHaveLength(2 + sectionRows.length + questionRows.length);
    expect(made).toEqual([...made].sort());
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('stores an id chosen twice once, and takes ids in upper case', async () => {
    const [sectionId] = audience.sectionIds;
    const payload = {
      ...examPayload(audience, [facultyIds[0], facultyIds[0].toUpperCase()]),
      batchId: audience.batchId.toUpperCase(),
      sectionIds: [...audience.sectionIds, String(sectionId).toUpperCase()],
    };
    const exam = await api.exam(payload);
    expect(exam.assignedFacultyIds).toEqual([facultyIds[0]]);
    const stored = await storedExam(exam._id);
    expect(stored.payload.batchId).toBe(audience.batchId);
    expect(stored.payload.sectionIds).toEqual([...audience.sectionIds].sort());
  });

  it('stores the largest exam allowed: 5 sections of 50 questions', async () => {
    const payload = mcqExam(audience, { sections: 5, questionsPerSection: 50 });
    const exam = await api.exam(payload);
    const stored = await storedExam(exam._id);
    expect(stored.payload).toEqual(parsedForStorage(payload));
    expect(stored.payload.questions.flat()).toHaveLength(250);
  });

  it('stores text in any script as it was written', async () => {
    const oneQuestion = mcqExam(audience, { sections: 1, questionsPerSection: 1 });
    const payload = {
      ...oneQuestion,
      passingMarks: 1,
      examSections: oneQuestion.examSections.map((section) => ({
        ...section,
        name: 'Teil 1 — Größen',
      })),
      questions: [
        [
          {
            ...validQuestions.MCQ(1),
            questionText: 'Résumé: ∫ x² dx, 日本語, हिन्दी, 😀 "quoted" \\ back',
            options: [
              { text: 'x³/3 + C ✓', isCorrect: true },
              { text: 'Ωmega', isCorrect: false },
            ],
          },
        ],
      ],
    };
    const exam = await api.exam(payload);
    expect((await storedExam(exam._id)).payload).toEqual(parsedForStorage(payload));
  });

  describe('shuffle settings', () => {
    it('stores each as sent and answers it in the create and the list', async () => {
      const payload = { ...examPayload(audience), shuffleQuestions: true, shuffleOptions: false };
      const exam = await api.exam(payload);
      expect(exam).toEqual(expectedListItem(payload));
      expect(exam).toMatchObject({ shuffleQuestions: true, shuffleOptions: false });
      expect((await storedExam(exam._id)).payload).toEqual(parsedForStorage(payload));
      const both = await api.exam({ ...payload, shuffleOptions: true });
      const { exams: listed } = await api.examPage('limit=100');
      expect(listed.find((item) => item._id === exam._id)).toEqual(exam);
      expect(listed.find((item) => item._id === both._id)).toMatchObject({
        shuffleQuestions: true,
        shuffleOptions: true,
      });
    });

    it('shuffles nothing when the settings are left out', async () => {
      const exam = await api.exam(examPayload(audience));
      expect(exam).toMatchObject({ shuffleQuestions: false, shuffleOptions: false });
      expect((await storedExam(exam._id)).row).toMatchObject({
        shuffleQuestions: false,
        shuffleOptions: false,
      });
    });

    it('answers 400 for a setting that is not true or false, storing nothing', async () => {
      const before = await countRows(t.database.db);
      expectError(
        await api.post('create-exam', {
          ...examPayload(audience),
          shuffleQuestions: 'true',
          shuffleOptions: 1,
        }),
        400,
        {
          message: VALIDATION_FAILED_MESSAGE,
          errors: {
            shuffleQuestions: 'Shuffle questions must be true or false',
            shuffleOptions: 'Shuffle options must be true or false',
          },
        },
      );
      expect(await countRows(t.database.db)).toEqual(before);
    });
  });

  describe('proctoring rules', () => {
    const proctored = () => examPayload(audience, [facultyIds[0]]);

    it('stores the rules a PROCTORING exam sends, and the defaults when it sends none', async () => {
      const rules = { warnAt: 2, flagAt: 4, autoSubmitAfterFlags: 3 };
      const strict = await api.exam({ ...proctored(), proctoringThresholds: rules });
      expect((await storedExam(strict._id)).row.proctoringThresholds).toEqual(rules);
      const lenient = await api.exam({
        ...proctored(),
        proctoringThresholds: { warnAt: 2, flagAt: 2 },
      });
      expect((await storedExam(lenient._id)).row.proctoringThresholds).toEqual({
        warnAt: 2,
        flagAt: 2,
        autoSubmitAfterFlags: null,
      });
      const plain = await api.exam(proctored());
      expect((await storedExam(plain._id)).row.proctoringThresholds).toEqual({
        warnAt: 1,
        flagAt: 3,
        autoSubmitAfterFlags: null,
      });
      const auto = await api.exam({ ...examPayload(audience), proctoringThresholds: null });
      expect((await storedExam(auto._id)).row.proctoringThresholds).toBeNull();
    });

    it.each([
      [
        { warnAt: 0, flagAt: 2.5, autoSubmitAfterFlags: 21 },
        {
          warnAt: 'Warning threshold must be at least 1',
          flagAt: 'Flag threshold must be a whole number',
          autoSubmitAfterFlags: 'Flags before automatic submission cannot exceed 20',
        },
      ],
      [
        { warnAt: 21, flagAt: 51, autoSubmitAfterFlags: 0 },
        {
          warnAt: 'Warning threshold cannot exceed 20',
          flagAt: 'Flag threshold cannot exceed 50',
          autoSubmitAfterFlags: 'Flags before automatic submission must be at least 1',
        },
      ],
      [
        { warnAt: 5, flagAt: 4 },
        { flagAt: 'Flag threshold cannot be lower than the warning threshold' },
      ],
      [{ warnAt: '1' }, { warnAt: 'Must be a number', flagAt: 'Flag threshold is required' }],
    ])(
      'answers 400 for the rules %j, each on its field, storing nothing',
      async (rules, errors) => {
        const before = await countRows(t.database.db);
        expectError(
          await api.post('create-exam', { ...proctored(), proctoringThresholds: rules }),
          400,
          {
            message: VALIDATION_FAILED_MESSAGE,
            errors: Object.fromEntries(
              Object.entries(errors).map(([field, message]) => [
                `proctoringThresholds.${field}`,
                message,
              ]),
            ),
          },
        );
        expect(await countRows(t.database.db)).toEqual(before);
      },
    );

    it('answers 400 for rules that are not an object, and for any rules of an AUTO exam', async () => {
      expectError(await api.post('create-exam', { ...proctored(), proctoringThresholds: 3 }), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { proctoringThresholds: 'Proctoring rules must be an object' },
      });
      expectError(
        await api.post('create-exam', {
          ...examPayload(audience),
          proctoringThresholds: { warnAt: 1, flagAt: 3 },
        }),
        400,
        {
          message: VALIDATION_FAILED_MESSAGE,
          errors: { proctoringThresholds: 'Proctoring rules can only be set in proctoring mode' },
        },
      );
    });
  });

  describe('audience and faculty checked against the database', () => {
    const unknown = randomUUID();
    const cases: Array<
      [string, (payload: ExamPayload) => Partial<ExamPayload>, () => Record<string, string>]
    > = [
      [
        'an unknown batch',
        () => ({ batchId: unknown }),
        () => ({ batchId: UNKNOWN_AUDIENCE.batch, courseId: EXAM_MESSAGES.courseNotInBatch }),
      ],
      [
        'a course of another batch',
        () => ({ courseId: other.courseId }),
        () => ({
          courseId: EXAM_MESSAGES.courseNotInBatch,
          branchId: EXAM_MESSAGES.branchNotInCourse,
        }),
      ],
      [
        'an unknown course',
        () => ({ courseId: unknown }),
        () => ({ courseId: UNKNOWN_AUDIENCE.course, branchId: EXAM_MESSAGES.branchNotInCourse }),
      ],
      [
        'a branch of another course',
        () => ({ branchId: other.branchId }),
        () => ({
          branchId: EXAM_MESSAGES.branchNotInCourse,
          'sectionIds.0': EXAM_MESSAGES.sectionNotInBranch,
          'sectionIds.1': EXAM_MESSAGES.sectionNotInBranch,
        }),
      ],
      [
        'an unknown branch',
        () => ({ branchId: unknown }),
        () => ({
          branchId: UNKNOWN_AUDIENCE.branch,
          'sectionIds.0': EXAM_MESSAGES.sectionNotInBranch,
          'sectionIds.1': EXAM_MESSAGES.sectionNotInBranch,
        }),
      ],
      [
        'a section of another branch',
        (payload) => ({ sectionIds: [...payload.sectionIds, ...other.sectionIds] }),
        () => ({ 'sectionIds.2': EXAM_MESSAGES.sectionNotInBranch }),
      ],
      [
        'an unknown section',
        (payload) => ({ sectionIds: [unknown, ...payload.sectionIds] }),
        () => ({ 'sectionIds.0': UNKNOWN_AUDIENCE.section }),
      ],
      [
        'an unknown faculty id',
        () => examPayload(audience, [facultyIds[0], unknown]),
        () => ({ 'assignedFacultyIds.1': EXAM_MESSAGES.facultyNotFound }),
      ],
      [
        'an admin’s user id as faculty',
        () => examPayload(audience, [admin.user.id]),
        () => ({ 'assignedFacultyIds.0': EXAM_MESSAGES.facultyNotFound }),
      ],
    ];

    it.each(cases)('answers 400 for %s, storing nothing', async (_, change, errors) => {
      const payload = examPayload(audience);
      const before = await countRows(t.database.db);
      expectError(await api.post('create-exam', { ...payload, ...change(payload) }), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: errors(),
      });
      expect(await countRows(t.database.db)).toEqual(before);
    });

    it.runIf(TEST_ENGINE === 'postgres')(
      'answers 400 for a faculty member deleted while the exam is stored, storing nothing',
      async () => {
        const { faculty: member } = await people.faculty(facultyPayload());
        const before = await countRows(t.database.db);
        // Another client deletes the account, and commits once the checks have found it.
        const client = new pg.Client({ connectionString: await postgresUrlOf(t.database.db) });
        await client.connect();
        try {
          await client.query('begin');
          await client.query('delete from users where id = $1', [member.userId._id]);
          const response = api.post('create-exam', examPayload(audience, [member.userId._id]));
          await new Promise((resolve) => setTimeout(resolve, 300));
          await client.query('commit');
          expectError(await response, 400, {
            message: VALIDATION_FAILED_MESSAGE,
            errors: { 'assignedFacultyIds.0': EXAM_MESSAGES.facultyNotFound },
          });
        } finally {
          await client.end();
        }
        // Only the deleted account and its profile are gone.
        const { users, faculty, ...after } = await countRows(t.database.db);
        expect({ ...after, users: (users ?? 0) + 1, faculty: (faculty ?? 0) + 1 }).toEqual(before);
      },
    );

    it('refuses the user id of a student, and reports every mismatch at once', async () => {
      const student = await createTestUser(t.database.db, { role: 'student' });
      const before = await countRows(t.database.db);
      expectError(
        await api.post('create-exam', {
          ...examPayload(other, [student.user.id, facultyIds[0]]),
          courseId: audience.courseId,
          sectionIds: [...other.sectionIds, ...audience.sectionIds],
        }),
        400,
        {
          message: VALIDATION_FAILED_MESSAGE,
          errors: {
            courseId: EXAM_MESSAGES.courseNotInBatch,
            branchId: EXAM_MESSAGES.branchNotInCourse,
            'sectionIds.1': EXAM_MESSAGES.sectionNotInBranch,
            'sectionIds.2': EXAM_MESSAGES.sectionNotInBranch,
            'assignedFacultyIds.0': EXAM_MESSAGES.facultyNotFound,
          },
        },
      );
      expect(await countRows(t.database.db)).toEqual(before);
    });

    it('refuses a faculty member whose account is deactivated or whose profile is inactive', async () => {
      const [deactivated, inactive] = await Promise.all([
        people.faculty(facultyPayload()),
        people.faculty(facultyPayload()),
      ]);
      await t.database.db
        .update(users)
        .set({ isActive: false })
        .where(eq(users.id, deactivated.faculty.userId._id));
      await t.database.db
        .update(faculty)
        .set({ status: 'Inactive' })
        .where(eq(faculty.id, inactive.faculty._id));
      const before = await countRows(t.database.db);
      expectError(
        await api.post(
          'create-exam',
          examPayload(audience, [
            facultyIds[0],
            deactivated.faculty.userId._id,
            inactive.faculty.userId._id,
          ]),
        ),
        400,
        {
          message: VALIDATION_FAILED_MESSAGE,
          errors: {
            'assignedFacultyIds.1': EXAM_MESSAGES.facultyInactive,
            'assignedFacultyIds.2': EXAM_MESSAGES.facultyInactive,
          },
        },
      );
      expect(await countRows(t.database.db)).toEqual(before);
    });
  });
});

describe('what an exam refers to', () => {
  it('loses a faculty member’s assignment when their account is deleted, and nothing else', async () => {
    const [kept, removed] = await Promise.all([
      people.faculty(facultyPayload()),
      people.faculty(facultyPayload()),
    ]);
    const exam = await api.exam(
      examPayload(audience, [removed.faculty.userId._id, kept.faculty.userId._id]),
    );
    const deletion = await people.delete(`delete-faculty/${removed.faculty._id}`);
    expect(deletion.statusCode).toBe(200);
    const { exams: listed } = await api.examPage('limit=100');
    expect(listed.find((item) => item._id === exam._id)).toEqual({
      ...exam,
      assignedFacultyIds: [kept.faculty.userId._id],
    });
  });

  it('keeps a section an exam is for from being deleted', async () => {
    const [sectionId] = other.sectionIds;
    await api.exam(examPayload(other));
    const deletion = t.database.db.delete(sections).where(eq(sections.id, String(sectionId)));
    await expect(deletion).rejects.toSatisfy(
      (error) =>
        failedWithSqlState(error, RESTRICT_VIOLATION) ||
        failedWithSqlState(error, FOREIGN_KEY_VIOLATION),
    );
  });

  it('takes every section, question and option with it when deleted', async () => {
    const before = await countRows(t.database.db);
    const exam = await api.exam(examPayload(audience, [facultyIds[0]]));
    await t.database.db.delete(exams).where(eq(exams.id, exam._id));
    // The audit log keeps the exam's creation: it outlives the records it tells of.
    expect(await countRows(t.database.db)).toEqual({
      ...before,
      audit_log: (before.audit_log ?? 0) + 1,
    });
  });
});

describe('GET /api/admin/get-all-exam', () => {
  // A database of its own, so the totals are known.
  let own: TestApp;
  let client: ExamsClient;
  let newestFirst: ExamListItem[];
  beforeAll(async () => {
    own = await createTestApp();
    const ownAdmin = await createSignedInUser(own.app, own.database.db, 'admin');
    client = examsClient(own.app, ownAdmin.accessToken);
    const ownPeople = peopleClient(own.app, ownAdmin.accessToken);
    const ownAudience = await createAudience(masterDataClient(own.app, ownAdmin.accessToken), 2026);
    const proctor = (await ownPeople.faculty(facultyPayload())).faculty.userId._id;
    const created: ExamListItem[] = [];
    for (let i = 0; i < 12; i++) {
      const faculty = i % 3 === 0 ? [proctor] : [];
      created.push(await client.exam(examPayload(ownAudience, faculty)));
    }
    newestFirst = created.reverse();
  });
  afterAll(() => own.close());

  it('pages newest first, ten at a time by default, each row as it was created', async () => {
    const first = await client.examPage();
    const second = await client.examPage('page=2');
    expect(first.exams).toEqual(newestFirst.slice(0, 10));
    expect(second.exams).toEqual(newestFirst.slice(10));
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalCount: 12,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(second.pagination).toMatchObject({ currentPage: 2, hasNextPage: false });
  });

  it('takes a page size, and answers a page past the end with the totals', async () => {
    const page = await client.examPage('page=2&limit=5');
    expect(page.exams).toEqual(newestFirst.slice(5, 10));
    expect(page.pagination).toEqual({
      currentPage: 2,
      totalPages: 3,
      totalCount: 12,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    const past = await client.examPage('page=4&limit=5');
    expect(past.exams).toEqual([]);
    expect(past.pagination.totalCount).toBe(12);
  });

  it('breaks ties of creation time by id', async () => {
    await own.database.db.update(exams).set({ createdAt: new Date('2030-01-01T00:00:00Z') });
    const { exams: listed } = await client.examPage('limit=100');
    const ids = newestFirst.map((exam) => exam._id).sort((a, b) => (a < b ? 1 : -1));
    expect(listed.map((exam) => exam._id)).toEqual(ids);
    // Pages in the older half are read from the oldest end; they must join up all the same.
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(...(await client.examPage(`page=${page}&limit=5`)).exams);
    expect(pages.map((exam) => exam._id)).toEqual(ids);
  });

  it.each(['0', '-1', 'abc', '1.5', ''])('answers 400 for page=%s', async (page) => {
    expectError(await client.get(`get-all-exam?page=${page}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { page: 'Page must be a whole number of at least 1' },
    });
  });

  it.each(['0', '101', 'abc'])('answers 400 for limit=%s', async (limit) => {
    expectError(await client.get(`get-all-exam?limit=${limit}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { limit: 'Limit must be a whole number from 1 to 100' },
    });
  });
});
