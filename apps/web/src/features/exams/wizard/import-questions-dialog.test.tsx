import type { ParseQuestionsData, Question } from '@examiq/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { type ImageUploads, ImageUploadsContext } from '@/components/content-editor/image-uploads';
import { blankQuestion } from '@/components/question-editor/question-values';
import type { ApiRequest } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { fakeAdminApi, ok } from '@/test/admin-api';
import { type ExamWizardValues, emptyExamValues, newSection } from './exam-values';
import { paperShares } from './paper-shares';
import { QuestionsStep } from './questions-step';

const PARSE = 'POST /admin/parse-questions';

const explanation = 'Covered in the lecture on linear structures.';

function mcq(order: number, text: string, answer: string): Question {
  return {
    questionType: 'MCQ',
    questionText: text,
    marks: 2,
    order,
    difficulty: 'EASY',
    explanation,
    options: ['Stack', 'Queue', 'Heap'].map((option) => ({
      text: option,
      isCorrect: option === answer,
    })),
  };
}

const trueFalse: Question = {
  questionType: 'TRUE_FALSE',
  questionText: 'A queue removes the oldest item first.',
  marks: 1,
  order: 4,
  difficulty: 'MEDIUM',
  explanation,
  options: [
    { text: 'True', isCorrect: true },
    { text: 'False', isCorrect: false },
  ],
};

/**
 * A file of five: a question ready, one skipped, one to complete, two ready. `order` numbers the
 * questions returned; a warning and an incomplete question name their place in the file.
 */
const parsed: ParseQuestionsData = {
  format: 'gift',
  questions: [
    mcq(1, 'Which structure removes the newest item first?', 'Stack'),
    mcq(3, 'Which structure serves a print spooler best?', 'Queue'),
    trueFalse,
  ],
  incomplete: [
    {
      question: 3,
      draft: {
        ...mcq(2, 'Which structure keeps its items sorted by priority?', 'Heap'),
        explanation: '',
      },
      errors: { explanation: 'Explanation is required' },
    },
  ],
  warnings: [
    {
      question: 2,
      title: 'Area of a circle',
      message: 'Multiple correct answers are not supported',
      skipped: true,
    },
    {
      question: 4,
      message: 'Feedback on single answers is not imported',
      skipped: false,
    },
  ],
  mediaUrls: {},
};

/** Two MCQ sections: the first with a written question, the second as a new one starts. */
function examValues(): ExamWizardValues {
  const first = { ...newSection([]), name: 'Warm-up' };
  const second = { ...newSection([first]), name: 'Structures' };
  return {
    ...emptyExamValues(),
    examSections: [first, second],
    questions: [
      [{ ...blankQuestion('MCQ', 1), questionText: 'Which structure is first in, first out?' }],
      [blankQuestion('MCQ', 1)],
    ],
  };
}

function renderStep(values = examValues(), uploads: ImageUploads | null = null) {
  let form: UseFormReturn<ExamWizardValues> | undefined;
  function Step() {
    form = useForm<ExamWizardValues>({ defaultValues: values });
    return (
      <FormProvider {...form}>
        <ImageUploadsContext value={uploads}>
          <QuestionsStep warnings={[]} shares={paperShares(values)} />
        </ImageUploadsContext>
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

async function openDialog(section = 2) {
  await userEvent.click(
    screen.getByRole('button', { name: `Import questions into section ${section}` }),
  );
  return screen.getByRole('dialog', { name: `Import questions into Section ${section}` });
}

function giftFile(name = 'structures.gift', size?: number) {
  const file = new File(
    ['::Q1:: Which structure removes the newest item first? {=Stack ~Queue}'],
    name,
  );
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function choose(dialog: HTMLElement, file: File) {
  await userEvent.upload(within(dialog).getByLabelText('Question file'), file);
}

function formOf(request: ApiRequest | undefined): FormData {
  if (!(request?.data instanceof FormData)) throw new Error('No form was sent');
  return request.data;
}

describe('ImportQuestionsDialog', () => {
  it('opens from its section, keeps focus inside, and gives it back when closed', async () => {
    renderStep();
    const dialog = await openDialog();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(dialog).toHaveTextContent(
      'This section holds MCQ (Multiple Choice) questions: those of the file are added after the ones already written',
    );

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import questions into section 2' })).toHaveFocus();

    await userEvent.click(within(await openDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the format and the file before sending anything', async () => {
    const requests = fakeAdminApi({});
    renderStep();
    const dialog = await openDialog();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(within(dialog).getByLabelText('Format')).toHaveAccessibleDescription(
      'Please choose the format of the file',
    );
    expect(within(dialog).getByLabelText('Question file')).toHaveAccessibleDescription(
      'Please choose a file to import',
    );
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['structures.gift', 'gift'],
    ['package.zip', 'qti'],
    ['bank.txt', ''],
    ['bank.xml', ''],
  ])('preselects the format of %s where its extension tells', async (name, format) => {
    renderStep();
    const dialog = await openDialog();
    await choose(dialog, giftFile(name));
    expect(within(dialog).getByLabelText('Format')).toHaveValue(format);
  });

  it.each([
    ['over the size limit', 5 * 1024 * 1024 + 1, 'The file is too large: the limit is 5 MB'],
    ['empty', 0, 'The file is empty'],
  ])('refuses a file %s without uploading it', async (_case, size, message) => {
    const requests = fakeAdminApi({});
    renderStep();
    const dialog = await openDialog();
    await choose(dialog, giftFile('structures.gift', size));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(within(dialog).getByLabelText('Question file')).toHaveAccessibleDescription(message);
    expect(requests).toHaveLength(0);
  });

  it('previews the questions with their keys, and what is not added and why', async () => {
    const requests = fakeAdminApi({ [PARSE]: ok(parsed) });
    renderStep();
    const dialog = await openDialog();
    const file = giftFile();
    await choose(dialog, file);
    expect(within(dialog).queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '2 questions ready to add, 1 to complete, 2 skipped',
    );
    const sent = formOf(requests[0]);
    expect(sent.get('format')).toBe('gift');
    expect(sent.get('file')).toBe(file);

    const added = within(dialog).getByRole('region', { name: 'To add: MCQ (Multiple Choice)' });
    // The questions themselves, not their options.
    const items = Array.from(added.querySelectorAll('ol > li'));
    expect(items).toHaveLength(3);
    // Before and after the content renderer has loaded, which may already be when this runs.
    expect(items[0]).toHaveTextContent(
      /^1\. Which structure removes the newest item first\? ?\(2 marks, easy\)/,
    );
    expect(within(added).getAllByText('(correct answer)')).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Stack (correct answer)');
    // In file order, the one to complete with what it misses.
    expect(items[1]).toHaveTextContent(
      /^2\. Which structure keeps its items sorted by priority\? ?\(2 marks, easy\)/,
    );
    expect(items[1]).toHaveTextContent('To complete in the wizard:Explanation is required');
    expect(items[2]).toHaveTextContent('3. Which structure serves a print spooler best?');

    const notAdded = within(dialog).getByRole('region', { name: 'Not added' });
    expect(notAdded).toHaveTextContent(
      'Question 2 of the file (Area of a circle)Multiple correct answers are not supported',
    );
    expect(notAdded).toHaveTextContent(
      '“A queue removes the oldest item first.”A True/False question: this section holds MCQ (Multiple Choice) questions',
    );
    expect(within(dialog).getByRole('region', { name: 'Notes' })).toHaveTextContent(
      'Question 4 of the fileFeedback on single answers is not imported',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Add 3 questions to Structures' }),
    ).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
  });

  it('drops the preview when another format is chosen, so it is previewed again', async () => {
    fakeAdminApi({ [PARSE]: ok(parsed) });
    renderStep();
    const dialog = await openDialog();
    await choose(dialog, giftFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByRole('status');

    await userEvent.selectOptions(within(dialog).getByLabelText('Format'), 'Aiken');

    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toBeEnabled();
  });

  it('adds the questions to its own section, after its written ones, and the count follows', async () => {
    const success = vi.spyOn(toast, 'success');
    fakeAdminApi({ [PARSE]: ok(parsed) });
    const { values } = renderStep({
      ...examValues(),
      questions: [
        examValues().questions[0] ?? [],
        [
          {
            ...blankQuestion('MCQ', 1),
            questionText: 'Which structure is a tree kept in an array?',
          },
        ],
      ],
    });
    const dialog = await openDialog();
    await choose(dialog, giftFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Add 3 questions to Structures' }),
    );

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(success).toHaveBeenCalledWith('3 questions added to Structures');
    const { examSections, questions } = values();
    expect(examSections.map((section) => section.totalQuestions)).toEqual([1, 4]);
    expect(questions[0]).toEqual(
      examValues().questions[0]?.map((q) => ({ ...q, id: expect.any(String) })),
    );
    expect(questions[1]?.map((question) => [question.order, question.questionText])).toEqual([
      [1, 'Which structure is a tree kept in an array?'],
      [2, 'Which structure removes the newest item first?'],
      [3, 'Which structure keeps its items sorted by priority?'],
      [4, 'Which structure serves a print spooler best?'],
    ]);
    expect(questions[1]?.[2]?.explanation).toBe('');
    const section = screen.getByRole('region', { name: /^Section 2/ });
    await waitFor(() => expect(within(section).getAllByTestId('question-card')).toHaveLength(4));
    expect(within(section).getAllByLabelText('Question Text')[3]).toHaveValue(
      'Which structure serves a print spooler best?',
    );
  });

  it("hands the wizard the URLs of the added questions' images, for its previews", async () => {
    const image = 'a'.repeat(64);
    const mediaUrls = { [image]: `/api/media/${image}?aud=upload&exp=1&sig=s` };
    fakeAdminApi({ [PARSE]: ok({ ...parsed, mediaUrls }) });
    const adopt = vi.fn();
    renderStep(examValues(), { upload: vi.fn(), adopt });
    const dialog = await openDialog();
    await choose(dialog, giftFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(adopt).not.toHaveBeenCalled();
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Add 3 questions to Structures' }),
    );
    expect(adopt).toHaveBeenCalledWith(mediaUrls);
  });

  it('replaces the blank question a new section starts with', async () => {
    fakeAdminApi({ [PARSE]: ok(parsed) });
    const { values } = renderStep();
    const dialog = await openDialog();
    await choose(dialog, giftFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Add 3 questions to Structures' }),
    );

    expect(values().examSections[1]?.totalQuestions).toBe(3);
    expect(values().questions[1]?.map((question) => question.order)).toEqual([1, 2, 3]);
  });

  it('offers no Add when the section has no room for the questions', async () => {
    fakeAdminApi({ [PARSE]: ok(parsed) });
    const full = Array.from({ length: 49 }, (_, index) => ({
      ...blankQuestion('MCQ', index + 1),
      questionText: `Written question number ${index + 1}?`,
    }));
    renderStep({ ...examValues(), questions: [examValues().questions[0] ?? [], full] });
    const dialog = await openDialog();
    await choose(dialog, giftFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(
      await within(dialog).findByText(
        'This section has room for 1 more question (at most 50 a section). Import a smaller file or use another section.',
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('button', { name: 'Add 3 questions to Structures' }),
    ).toBeDisabled();
  });

  it('shows why the server refused the file under the file field, and no preview', async () => {
    fakeAdminApi({
      [PARSE]: {
        status: 400,
        data: {
          success: false,
          message: 'Please correct the highlighted fields',
          errors: { file: 'This file is not a Moodle GIFT file' },
        },
      },
    });
    renderStep();
    const dialog = await openDialog();
    await choose(dialog, giftFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText('Question file')).toHaveAccessibleDescription(
        'This file is not a Moodle GIFT file',
      ),
    );
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
  });

  it.each([
    [
      "the server's message",
      { status: 400, data: { success: false, message: 'No questions were found in this file' } },
      'No questions were found in this file',
    ],
    [
      'a failure to read when no message came',
      { status: 502, data: 'Bad Gateway' },
      'Failed to read the questions from this file',
    ],
  ])('shows %s as an alert, and no preview', async (_case, answer, message) => {
    fakeAdminApi({ [PARSE]: answer });
    renderStep();
    const dialog = await openDialog();
    await choose(dialog, giftFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
  });
});
