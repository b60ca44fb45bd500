import { type RegradeJob, regradeJobSchema, successResponse } from '@examiq/contracts';
import { validQuestions } from '@examiq/contracts/test-support';
import { expect } from 'vitest';
import type { SittingFixture } from '../../test/sittings';

const jobResponse = successResponse(regradeJobSchema);

/** Polls a regrade job as the browser does, until it has ended. */
export async function finishedRegrade(fixture: SittingFixture, jobId: string): Promise<RegradeJob> {
  for (let poll = 0; poll < 200; poll++) {
    const response = await fixture.adminCall('GET', `get-regrade-job/${jobId}`);
    expect(response.statusCode, response.body).toBe(200);
    const job = jobResponse.parse(response.json()).data;
    if (job.status !== 'RUNNING') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The regrade did not end');
}

/** How a student answers a choice question: right (option 0), wrong (option 1), or not at all. */
export type Choice = 'right' | 'wrong' | null;

/** A published exam of five one-mark MCQs (option 0 is the key), passed with 2 marks. */
export function choiceExam(fixture: SittingFixture, overrides: Record<string, unknown> = {}) {
  return fixture.exam({
    totalMarks: 5,
    passingMarks: 2,
    examSections: [
      {
        name: 'Choices',
        order: '1',
        marks: 5,
        questionType: 'MCQ',
        totalQuestions: 5,
        timeLimit: 0,
        isOptional: false,
        instructions: ['Pick one option.'],
      },
    ],
    questions: [Array.from({ length: 5 }, (_, index) => validQuestions.MCQ(index + 1))],
    ...overrides,
  });
}

/** A new student of the exam's section who answers each question as given, then submits. */
export async function sit(
  fixture: SittingFixture,
  examId: string,
  choices: Choice[],
  section = fixture.inSection.A,
) {
  const student = await fixture.student(section);
  const view = await student.client.start(examId);
  const questionIds = view.sections.flatMap((section) => section.questions.map((q) => q._id));
  const answers = choices.flatMap((choice, index) =>
    choice === null
      ? []
      : [{ questionId: questionIds[index], selectedOptionId: choice === 'right' ? '0' : '1' }],
  );
  const saved = await student.client.save(view.attempt._id, { seq: 1, answers });
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.body}`);
  const submitted = await student.client.submit(view.attempt._id);
  if (submitted.statusCode !== 200) throw new Error(`submit failed: ${submitted.body}`);
  return { ...student, attemptId: view.attempt._id, questionIds };
}
