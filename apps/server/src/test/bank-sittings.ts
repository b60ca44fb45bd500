import { validQuestions } from '@examiq/contracts/test-support';
import { eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../db/client';
import { examAttempts, questions } from '../db/schema';
import { bankQuestionPayload } from './banks';
import type { SittingFixture } from './sittings';

/** How a student answers a one-mark MCQ: right (option 0), wrong (option 1), or not at all. */
export type Choice = 'right' | 'wrong' | null;

export interface BankQuestionSpec {
  courseOutcomes: string[];
  bloomLevel?: string;
  difficulty?: 'EASY' | 'MEDIUM' | 'HARD';
}

/**
 * A published exam for the fixture's first section whose one section lists one-mark MCQs taken
 * from the course's bank, each with the outcomes and labels given, and answered all or, with
 * `answerAny`, any K of them; the course's outcomes are set first. Students sit it with `sit`, one
 * choice per question in order.
 */
export async function bankExam(
  fixture: SittingFixture,
  outcomes: { code: string; targetPercent: number }[],
  specs: BankQuestionSpec[],
  { answerAny }: { answerAny?: number } = {},
) {
  const { courseId } = fixture.audience;
  const setOutcomes = await fixture.adminCall('POST', `set-course-outcomes/${courseId}`, {
    outcomes: outcomes.map((outcome) => ({
      ...outcome,
      description: `${outcome.code} of circuits`,
    })),
  });
  if (setOutcomes.statusCode !== 200) throw new Error(`outcomes: ${setOutcomes.body}`);
  const bankIds: string[] = [];
  for (const [index, spec] of specs.entries()) {
    const response = await fixture.adminCall(
      'POST',
      'create-bank-question',
      bankQuestionPayload(courseId, {
        status: 'READY',
        ...validQuestions.MCQ(index + 1),
        ...spec,
        questionText: `Bank question ${index + 1}: which structure gives O(1) lookup?`,
      }),
    );
    if (response.statusCode !== 201) throw new Error(`bank question: ${response.body}`);
    bankIds.push(response.json().data._id);
  }
  const marks = answerAny ?? specs.length;
  const exam = await fixture.exam({
    totalMarks: marks,
    passingMarks: 1,
    examSections: [
      {
        name: 'Choices',
        order: '1',
        marks,
        ...(answerAny !== undefined && { answerAny }),
        questionType: 'MCQ',
        totalQuestions: specs.length,
        timeLimit: 0,
        isOptional: false,
        instructions: ['Pick one option.'],
      },
    ],
    questions: [bankIds.map((bankQuestionId) => ({ bankQuestionId }))],
  });

  /** A new student of the first section answers each question as given, then submits. */
  async function sit(choices: Choice[]) {
    const student = await fixture.student(fixture.inSection.A);
    const view = await student.client.start(exam._id);
    const questionIds = view.sections.flatMap((section) => section.questions.map((q) => q._id));
    const answers = choices.flatMap((choice, index) =>
      choice === null
        ? []
        : [{ questionId: questionIds[index], selectedOptionId: choice === 'right' ? '0' : '1' }],
    );
    if (answers.length > 0) {
      const saved = await student.client.save(view.attempt._id, { seq: 1, answers });
      if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.body}`);
    }
    const submitted = await student.client.submit(view.attempt._id);
    if (submitted.statusCode !== 200) throw new Error(`submit failed: ${submitted.body}`);
    return { attemptId: view.attempt._id, questionIds };
  }

  return { examId: exam._id as string, bankIds, sit };
}

/**
 * Makes a listed question a drawn section's pool question (rule 0) given to the attempts named
 * only, as the draw at the start would have written each attempt's layout.
 */
export async function drawnFor(
  db: AppDatabase,
  questionId: string,
  given: string[],
  notGiven: string[],
) {
  const [question] = await db
    .update(questions)
    .set({ drawRule: 0 })
    .where(eq(questions.id, questionId))
    .returning({ sectionId: questions.sectionId });
  const sectionId = question?.sectionId as string;
  for (const [attemptIds, drawn] of [
    [given, [questionId]],
    [notGiven, []],
  ] as const) {
    await db
      .update(examAttempts)
      .set({ layout: { questionOrder: {}, optionOrder: {}, drawn: { [sectionId]: [...drawn] } } })
      .where(inArray(examAttempts.id, [...attemptIds]));
  }
}
