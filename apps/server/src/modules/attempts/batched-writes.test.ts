import {
  ATTEMPT_MESSAGES,
  type AttemptView,
  saveAnswersResultSchema,
  successResponse,
} from '@examiq/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attemptAnswers, attemptEvents, examAttempts } from '../../db/schema';
import { describeEmbedded } from '../../test/database';
import { expectError } from '../../test/errors';
import { EXAM_DAY_TEN, sittingSuite } from '../../test/sittings';

const suite = sittingSuite();
const saveResponse = successResponse(saveAnswersResultSchema);

/** A new exam open now, and students of section A who have not started it. */
async function examWithStudents(count: number) {
  suite.clock.set(EXAM_DAY_TEN);
  const exam = await suite.fixture.exam();
  const students = await Promise.all(
    Array.from({ length: count }, () => suite.fixture.student(suite.fixture.inSection.A)),
  );
  return { exam, students };
}

/** Students of section A, each with a started attempt of one new exam. */
async function startedAttempts(count: number) {
  const { exam, students } = await examWithStudents(count);
  return Promise.all(
    students.map(async (student) => {
      const view = await student.client.start(exam._id);
      return { student, view, questionId: shortAnswerOf(view) };
    }),
  );
}

function shortAnswerOf(view: AttemptView) {
  const question = view.sections
    .flatMap((section) => section.questions)
    .find((candidate) => candidate.questionType === 'SHORT_ANSWER');
  if (!question) throw new Error('The fixture exam has a short answer question');
  return question._id;
}

async function storedTexts(attemptId: string) {
  const rows = await suite.t.database.db
    .select({ text: attemptAnswers.text, seq: attemptAnswers.seq })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId));
  return rows;
}

/**
 * How many transactions last wrote these attempts' rows: rows written by one statement carry its
 * transaction's id (`xmin`).
 */
async function transactionsWriting(attemptIds: string[]) {
  const [row] = await suite.t.database.db
    .select({ transactions: sql`count(distinct ${examAttempts}.xmin::text)`.mapWith(Number) })
    .from(examAttempts)
    .where(inArray(examAttempts.id, attemptIds));
  return row?.transactions;
}

describe('saves arriving together', () => {
  it('are each acknowledged with their own attempt, and stored', async () => {
    const sittings = await startedAttempts(8);
    const responses = await Promise.all(
      sittings.map(({ student, view, questionId }, index) =>
        student.client.save(view.attempt._id, {
          seq: index + 1,
          answers: [{ questionId, text: `Answer of student ${index + 1}` }],
        }),
      ),
    );
    for (const [index, response] of responses.entries()) {
      expect(response.statusCode, response.body).toBe(200);
      expect(saveResponse.parse(response.json()).data).toMatchObject({
        ackSeq: index + 1,
        conflict: false,
        deadlineAt: sittings[index]?.view.attempt.deadlineAt,
      });
    }
    for (const [index, { view }] of sittings.entries()) {
      expect(await storedTexts(view.attempt._id)).toEqual([
        { text: `Answer of student ${index + 1}`, seq: index + 1 },
      ]);
    }
  });

  it('keep their own outcomes: a refusal, an unknown attempt and two saves of one attempt beside the others', async () => {
    const [submitted, twice, other] = await startedAttempts(3);
    if (!submitted || !twice || !other) throw new Error('Three sittings were started');
    expect((await submitted.student.client.submit(submitted.view.attempt._id)).statusCode).toBe(
      200,
    );
    const save = (sitting: typeof twice, seq: number, text: string) =>
      sitting.student.client.save(sitting.view.attempt._id, {
        seq,
        answers: [{ questionId: sitting.questionId, text }],
      });
    const [refused, unknown, first, second, written] = await Promise.all([
      save(submitted, 1, 'After the submit'),
      other.student.client.save('00000000-0000-4000-8000-000000000000', { seq: 1, answers: [] }),
      save(twice, 1, 'First draft'),
      save(twice, 2, 'Second draft'),
      save(other, 1, 'Beside them'),
    ]);
    expectError(refused, 409, { message: ATTEMPT_MESSAGES.alreadySubmitted });
    expectError(unknown, 404, { message: ATTEMPT_MESSAGES.attemptNotFound });
    for (const response of [first, second, written]) expect(response.statusCode).toBe(200);
    expect(saveResponse.parse(second.json()).data).toMatchObject({ ackSeq: 2, conflict: false });
    expect(await storedTexts(twice.view.attempt._id)).toEqual([{ text: 'Second draft', seq: 2 }]);
    expect(await storedTexts(other.view.attempt._id)).toEqual([{ text: 'Beside them', seq: 1 }]);
    expect(await storedTexts(submitted.view.attempt._id)).toEqual([]);
  });

  it('fail one by one: a save the database refuses does not take the others of its batch with it', async () => {
    const sittings = await startedAttempts(5);
    const { db } = suite.t.database;
    // A fault no request can cause, made for the test: the database refuses one answer's text.
    await db.execute(sql`
      create function refuse_poisoned_answer() returns trigger language plpgsql as $$
      begin
        if new.text = 'Poisoned' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger refuse_poisoned_answer before insert or update on attempt_answers
      for each row execute function refuse_poisoned_answer()`);
    try {
      const responses = await Promise.all(
        sittings.map(({ student, view, questionId }, index) =>
          student.client.save(view.attempt._id, {
            seq: 1,
            answers: [{ questionId, text: index === 3 ? 'Poisoned' : `Answer ${index}` }],
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 500, 200]);
      for (const [index, { view }] of sittings.entries()) {
        expect(await storedTexts(view.attempt._id)).toEqual(
          index === 3 ? [] : [{ text: `Answer ${index}`, seq: 1 }],
        );
      }
    } finally {
      await db.execute(sql`drop trigger refuse_poisoned_answer on attempt_answers`);
      await db.execute(sql`drop function refuse_poisoned_answer()`);
    }
  });
});

describe('starts arriving together', () => {
  it('give each student an attempt of their own', async () => {
    const { exam, students } = await examWithStudents(8);
    const views = await Promise.all(students.map((student) => student.client.start(exam._id)));
    const attempts = await suite.t.database.db
      .select({ id: examAttempts.id, studentUserId: examAttempts.studentUserId })
      .from(examAttempts)
      .where(eq(examAttempts.examId, exam._id));
    expect(attempts.map((attempt) => attempt.studentUserId).sort()).toEqual(
      students.map((student) => student.record.userId._id).sort(),
    );
    expect(views.map((view) => view.attempt._id).sort()).toEqual(
      attempts.map((attempt) => attempt.id).sort(),
    );
  });

  it('give a student starting twice at once one attempt, started once', async () => {
    suite.clock.set(EXAM_DAY_TEN);
    const exam = await suite.fixture.exam();
    const [student, other] = await Promise.all([
      suite.fixture.student(suite.fixture.inSection.A),
      suite.fixture.student(suite.fixture.inSection.A),
    ]);
    const [first, second] = await Promise.all([
      student.client.start(exam._id),
      student.client.start(exam._id),
      other.client.start(exam._id),
    ]);
    expect(second?.attempt._id).toBe(first?.attempt._id);
    const events = await suite.t.database.db
      .select({ type: attemptEvents.type })
      .from(attemptEvents)
      .where(eq(attemptEvents.attemptId, first?.attempt._id ?? ''));
    expect(events.map((event) => event.type).sort()).toEqual(['resumed', 'started']);
  });
});

// On the embedded engine its one connection makes the writes overlap for certain: the second
// start's or save's write arrives while the first's waits for the connection. On PostgreSQL the
// pool may answer each one before the next arrives, as on a quiet server (bench/README.md measures
// the batches there).
describeEmbedded('writes arriving together', () => {
  it('are written in fewer statements than starts and saves', async () => {
    const { exam, students } = await examWithStudents(8);
    const views = await Promise.all(students.map((student) => student.client.start(exam._id)));
    const attemptIds = views.map((view) => view.attempt._id);
    expect(await transactionsWriting(attemptIds)).toBeLessThan(students.length);
    const saved = await Promise.all(
      students.map((student, index) =>
        student.client.save(attemptIds[index] ?? '', {
          seq: 1,
          answers: [{ questionId: shortAnswerOf(views[index] as AttemptView), text: 'Ohm' }],
        }),
      ),
    );
    expect(saved.map((response) => response.statusCode)).toEqual(students.map(() => 200));
    expect(await transactionsWriting(attemptIds)).toBeLessThan(students.length);
  });
});
