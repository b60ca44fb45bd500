import type { BankQuestionData, BankQuestionListItem } from '@examiq/contracts';
import { DEFAULT_ATTAINMENT_LEVELS } from '@examiq/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { blankQuestion } from '@/components/question-editor/question-values';
import { createQueryClient } from '@/lib/query-client';
import { fakeAdminApi, ok } from '@/test/admin-api';
import { type ExamWizardValues, emptyExamValues, newSection } from './exam-values';
import { paperShares } from './paper-shares';
import { QuestionsStep } from './questions-step';

const COURSE = '10000000-0000-4000-8000-000000000001';
const BANK_ID = '20000000-0000-4000-8000-000000000001';
const explanation = 'Covered in the lecture on linear structures.';

const written = {
  ...blankQuestion('TRUE_FALSE', 1),
  questionText: 'A queue removes the oldest item first.',
  explanation,
  options: [
    { text: 'True', isCorrect: true },
    { text: 'False', isCorrect: false },
  ],
};

const LOOKUPS = {
  'GET /admin/get-bank-courses': ok({
    courses: [{ _id: COURSE, name: 'B.Tech', batchName: '2027-2031', roles: [] }],
  }),
  [`GET /admin/get-bank-categories/${COURSE}`]: ok({
    categories: [
      { path: '', name: '', depth: 0, questionCount: 0, totalCount: 1 },
      { path: 'Unit 1', name: 'Unit 1', depth: 0, questionCount: 1, totalCount: 1 },
    ],
  }),
  [`GET /admin/get-course-outcomes/${COURSE}`]: ok({
    courseId: COURSE,
    levels: DEFAULT_ATTAINMENT_LEVELS,
    outcomes: [{ code: 'CO1', description: 'Explain linear structures', targetPercent: 60 }],
  }),
};

const listItem: BankQuestionListItem = {
  _id: BANK_ID,
  courseId: COURSE,
  category: 'Unit 1',
  tags: [],
  bloomLevel: 'UNDERSTAND',
  courseOutcomes: ['CO1'],
  status: 'READY',
  questionType: 'TRUE_FALSE',
  difficulty: 'EASY',
  marks: 1,
  questionText: 'A stack removes the newest item first.',
  version: 2,
  revision: 3,
  usedIn: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  statistics: null,
};

const bankQuestion: BankQuestionData = {
  ...listItem,
  question: { ...written, id: undefined, questionText: listItem.questionText },
  usedBy: [],
  createdBy: { _id: null, name: 'Asha Iyer' },
  updatedBy: { _id: null, name: 'Asha Iyer' },
  history: [],
  versionStatistics: [],
};

/** One True/False section of the exam's course with a written question. */
function renderStep() {
  const section = { ...newSection([]), name: 'Basics', questionType: 'TRUE_FALSE' as const };
  const values: ExamWizardValues = {
    ...emptyExamValues(),
    courseId: COURSE,
    examSections: [section],
    questions: [[written]],
  };
  let form: UseFormReturn<ExamWizardValues> | undefined;
  function Step() {
    form = useForm<ExamWizardValues>({ defaultValues: values });
    return (
      <FormProvider {...form}>
        <QuestionsStep warnings={[]} shares={paperShares(values)} />
      </FormProvider>
    );
  }
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Step />
    </QueryClientProvider>,
  );
  return { values: () => form?.getValues() as ExamWizardValues };
}

describe('the questions step and the bank', { timeout: 30_000 }, () => {
  it('saves a card’s question to a bank with its labels, and the card notes it', async () => {
    const requests = fakeAdminApi({
      ...LOOKUPS,
      'POST /admin/create-bank-question': ok(
        { _id: BANK_ID, version: 1, revision: 1, status: 'DRAFT' },
        201,
      ),
    });
    const success = vi.spyOn(toast, 'success');
    const { values } = renderStep();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save question 1 to the bank' }));
    const dialog = screen.getByRole('dialog', { name: 'Save question 1 to the bank' });
    expect(
      await within(dialog).findByRole('option', { name: 'B.Tech (2027-2031)' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save to bank' }));
    expect(
      await within(dialog).findByText("Please select a valid Bloom's level"),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Category'), 'Unit 1/Queues');
    await user.selectOptions(within(dialog).getByLabelText("Bloom's level"), 'UNDERSTAND');
    await user.click(
      await within(dialog).findByRole('checkbox', { name: 'CO1: Explain linear structures' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save to bank' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Question 1 is in the bank'));
    const { id: _formOnly, ...fields } = written;
    expect(requests.find((request) => request.method === 'POST')?.data).toEqual({
      ...fields,
      courseId: COURSE,
      category: 'Unit 1/Queues',
      tags: [],
      bloomLevel: 'UNDERSTAND',
      courseOutcomes: ['CO1'],
      status: 'DRAFT',
    });
    expect(values().questions[0]?.[0]?.savedToBank).toEqual({
      bankQuestionId: BANK_ID,
      version: 1,
      place: 'B.Tech (2027-2031) › Unit 1/Queues',
    });
    expect(
      screen.getByText('Saved to the bank: B.Tech (2027-2031) › Unit 1/Queues'),
    ).toBeInTheDocument();
  });

  it('picks Ready questions of the section’s type into the section, linked until copied', async () => {
    const requests = fakeAdminApi({
      ...LOOKUPS,
      'GET /admin/get-bank-questions': ok({
        questions: [listItem],
        pagination: {
          currentPage: 1,
          totalPages: 1,
          totalCount: 1,
          hasNextPage: false,
          hasPreviousPage: false,
          totalCountCapped: false,
        },
      }),
      [`GET /admin/get-bank-question/${BANK_ID}`]: ok(bankQuestion),
    });
    const { values } = renderStep();
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Pick questions from the bank for section 1' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Pick from the bank for Section 1' });
    const choice = await within(dialog).findByRole('checkbox', {
      name: /A stack removes the newest item first/,
    });
    expect(
      requests.find((request) => request.url === '/admin/get-bank-questions')?.params,
    ).toMatchObject({ courseId: COURSE, questionType: 'TRUE_FALSE', status: 'READY' });
    await user.click(choice);
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 question to Basics' }));

    const card = await screen.findByRole('region', { name: 'Question 2, from the bank' });
    expect(card).toHaveTextContent('B.Tech (2027-2031) › Unit 1 · version 2');
    expect(values().examSections[0]?.totalQuestions).toBe(2);
    expect(values().questions[0]?.[1]).toMatchObject({
      questionText: listItem.questionText,
      order: 2,
      fromBank: { bankQuestionId: BANK_ID, version: 2 },
    });

    await user.click(within(card).getByRole('button', { name: 'Edit a copy' }));
    expect(values().questions[0]?.[1]).not.toHaveProperty('fromBank');
    expect(
      await screen.findByDisplayValue('A stack removes the newest item first.'),
    ).toBeInTheDocument();
  });
});
