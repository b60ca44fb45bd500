import {
  type AnswerInput,
  dashboardOverviewSchema,
  RESULT_STATUSES_LIMIT,
  successResponse,
} from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { type SittingFixture, sittingSuite } from '../../test/sittings';

const suite = sittingSuite();
const overviewResponse = successResponse(dashboardOverviewSchema);

async function overview() {
  const response = await suite.fixture.adminCall('GET', 'overview');
  expect(response.statusCode).toBe(200);
  return overviewResponse.parse(response.json()).data;
}

/** A student's answers: the first option of every choice question, and text where asked. */
async function sitAndSubmit(
  student: Awaited<ReturnType<SittingFixture['student']>>,
  examId: string,
  { writeAnswers }: { writeAnswers: boolean },
) {
  const view = await student.client.start(examId);
  const answers = view.sections.flatMap((section) =>
    section.questions.flatMap((question): AnswerInput[] => {
      if (question.options) return [{ questionId: question._id, selectedOptionId: '0' }];
      return writeAnswers ? [{ questionId: question._id, text: 'My answer' }] : [];
    }),
  );
  expect((await student.client.save(view.attempt._id, { seq: 1, answers })).statusCode).toBe(200);
  expect((await student.client.submit(view.attempt._id)).statusCode).toBe(200);
}

describe('result publishing status', () => {
  it('lists the exams whose sittings are over, and counts those not published as pending', async () => {
    const only = await suite.fixture.student(suite.fixture.inSection.A);
    const [toMark, ready, published, running] = [
      await suite.fixture.exam({ examTitle: 'Answers to mark' }),
      await suite.fixture.exam({ examTitle: 'Everything marked' }),
      await suite.fixture.exam({ examTitle: 'Already out' }),
      await suite.fixture.exam({ examTitle: 'Still open' }),
    ];
    await sitAndSubmit(only, toMark._id, { writeAnswers: true });
    await sitAndSubmit(only, ready._id, { writeAnswers: false });
    await sitAndSubmit(only, published._id, { writeAnswers: false });
    const publish = await suite.fixture.adminCall('POST', `publish-results/${published._id}`);
    expect(publish.statusCode).toBe(200);

    const { examStatistics, resultStatuses } = await overview();
    // Their windows are still open: the one student of their audience has submitted each.
    expect(examStatistics).toMatchObject({ completed: 0, pendingResults: 2 });
    expect(resultStatuses.length).toBeLessThanOrEqual(RESULT_STATUSES_LIMIT);
    const statusOf = (id: string) => resultStatuses.find((exam) => exam._id === id);
    expect(statusOf(toMark._id)).toMatchObject({
      examTitle: 'Answers to mark',
      resultStatus: 'Evaluating',
      submitted: 1,
      answersToMark: 2,
    });
    expect(statusOf(ready._id)).toMatchObject({ resultStatus: 'Ready to Publish', submitted: 1 });
    expect(statusOf(published._id)?.resultStatus).toBe('Published');
    expect(statusOf(running._id)).toBeUndefined();
  });
});
