import { ATTEMPT_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { asAnotherProcess } from '../../test/database';
import { expectError } from '../../test/errors';
import {
  attemptViewResponse,
  createSittingFixture,
  EXAM_DAY_TEN,
  studentClient,
  testClock,
} from '../../test/sittings';
import { editedInOneProcessSeenInTheOther, examToEdit, lobbyOn, totalsOn } from './test-support';

/**
 * `count` apps on one database, each with the memory of a server process of its own, on the exam
 * day's clock; closed after `use`.
 */
async function processes(
  count: number,
  use: (apps: App[], db: Parameters<typeof createSittingFixture>[1]) => Promise<void>,
) {
  const clock = testClock(EXAM_DAY_TEN);
  const first = await createTestApp({ now: clock.now });
  const apps = [first];
  try {
    while (apps.length < count) {
      apps.push(
        await createTestApp({
          now: clock.now,
          config: { jwtSecret: first.config.jwtSecret },
          database: asAnotherProcess(first.database),
        }),
      );
    }
    await use(
      apps.map((t) => t.app),
      first.database.db,
    );
  } finally {
    for (const t of apps.reverse()) await t.close();
  }
}

describe("an exam's paper across server processes", () => {
  it('is served as edited through another process: lobby, start, saves, results and regrade', async () => {
    await processes(2, (apps, db) => {
      const [a, b] = apps as [App, App];
      return editedInOneProcessSeenInTheOther(a, b, db, EXAM_DAY_TEN);
    });
  }, 60_000);

  it('checks and scores saves made through processes that last read the paper before the edit', async () => {
    await processes(3, async (apps, db) => {
      const [a, b, c] = apps as [App, App, App];
      const { fixture, exam, student, questionIds, editAndOpen } = await examToEdit(
        a,
        db,
        EXAM_DAY_TEN,
      );
      const [originalFirst] = await questionIds();
      await lobbyOn(b, student.accessToken, exam._id);
      await lobbyOn(c, student.accessToken, exam._id);
      await editAndOpen();
      const [, second] = await questionIds();
      const { attempt } = await student.client.start(exam._id);
      const onB = studentClient(b, student.accessToken);
      const onC = studentClient(c, student.accessToken);

      // B's paper knows no such question: the edited one is looked up before it is refused. Right on
      // the edited key only, which moved the second question's answer to option 1.
      const saved = await onB.save(attempt._id, {
        seq: 1,
        answers: [{ questionId: second, selectedOptionId: '1' }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // C's paper has this question: the save statement finds the paper version changed.
      expectError(
        await onC.save(attempt._id, {
          seq: 2,
          answers: [{ questionId: originalFirst, selectedOptionId: '0' }],
        }),
        400,
        {
          message: VALIDATION_FAILED_MESSAGE,
          errors: { 'answers.0.questionId': ATTEMPT_MESSAGES.questionNotInAttempt },
        },
      );
      const resumed = await student.client.call('GET', `get-attempt/${attempt._id}`);
      expect(
        attemptViewResponse.parse(resumed.json()).data.answers.map((answer) => answer.questionId),
      ).toEqual([second]);
      expect((await student.client.submit(attempt._id)).statusCode).toBe(200);
      expect((await totalsOn(a, fixture.admin.accessToken, exam._id)).get(attempt._id)).toBe(1);
    });
  }, 60_000);

  it('is checked against the exam on the save path within the save statement: no statement more than a save without answers', async () => {
    const t = await createTestApp({ now: () => EXAM_DAY_TEN });
    try {
      const fixture = await createSittingFixture(t.app, t.database.db, EXAM_DAY_TEN);
      const exam = await fixture.exam();
      const student = await fixture.student(fixture.inSection.A);
      const view = await student.client.start(exam._id);
      const questionId = view.sections[0]?.questions[0]?._id;
      let statements = 0;
      t.database.timeQueries(() => {
        statements += 1;
      });
      const statementsOf = async (body: object) => {
        statements = 0;
        const response = await student.client.save(view.attempt._id, body);
        expect(response.statusCode, response.body).toBe(200);
        return statements;
      };
      const answer = { questionId, selectedOptionId: '0' };
      await statementsOf({ seq: 1, answers: [answer] });
      const withoutAnswers = await statementsOf({ seq: 2, answers: [] });
      expect(await statementsOf({ seq: 3, answers: [answer] })).toBe(withoutAnswers);
    } finally {
      await t.close();
    }
  });
});
