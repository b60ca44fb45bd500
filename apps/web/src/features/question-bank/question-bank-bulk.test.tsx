import type { BankQuestionListItem } from '@examiq/contracts';
import { DEFAULT_ATTAINMENT_LEVELS } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { captureSavedFiles } from '@/test/saved-files';
import QuestionBankPage from './question-bank-page';

const COURSE = '10000000-0000-4000-8000-000000000001';
const REVIEWED = '10000000-0000-4000-8000-000000000002';
const ids = ['20000000-0000-4000-8000-000000000001', '20000000-0000-4000-8000-000000000002'];

const question = (_id: string, questionText: string): BankQuestionListItem => ({
  _id,
  courseId: COURSE,
  category: 'Unit 1',
  tags: [],
  bloomLevel: 'APPLY',
  courseOutcomes: [],
  status: 'READY',
  questionType: 'MCQ',
  difficulty: 'EASY',
  marks: 1,
  questionText,
  version: 1,
  revision: 1,
  usedIn: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  statistics: null,
});

function bankApi(routes: Record<string, Parameters<typeof fakeAdminApi>[0][string]> = {}) {
  return fakeAdminApi({
    'GET /faculty/get-bank-courses': ok({
      courses: [
        { _id: COURSE, name: 'B.Tech', batchName: '2024-2028', roles: ['AUTHOR'] },
        { _id: REVIEWED, name: 'M.Tech', batchName: '2024-2028', roles: ['REVIEWER'] },
      ],
    }),
    [`GET /faculty/get-bank-categories/${COURSE}`]: ok({
      categories: [
        { path: '', name: '', depth: 0, questionCount: 0, totalCount: 2 },
        { path: 'Unit 1', name: 'Unit 1', depth: 1, questionCount: 2, totalCount: 2 },
      ],
    }),
    [`GET /faculty/get-bank-categories/${REVIEWED}`]: ok({ categories: [] }),
    [`GET /faculty/get-course-outcomes/${COURSE}`]: ok({
      courseId: COURSE,
      outcomes: [],
      levels: DEFAULT_ATTAINMENT_LEVELS,
    }),
    [`GET /faculty/get-course-outcomes/${REVIEWED}`]: ok({
      courseId: REVIEWED,
      outcomes: [],
      levels: DEFAULT_ATTAINMENT_LEVELS,
    }),
    'GET /faculty/get-bank-questions': ok({
      questions: [
        question(ids[0] as string, 'What does KCL conserve?'),
        question(ids[1] as string, 'What does KVL conserve?'),
      ],
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalCount: 2,
        hasNextPage: false,
        hasPreviousPage: false,
        totalCountCapped: false,
      },
    }),
    ...routes,
  });
}

const renderBank = (course = COURSE) =>
  renderPage(
    <QuestionBankPage area="faculty" />,
    '/faculty/question-bank',
    [],
    `/faculty/question-bank?course=${course}`,
  );

const bodyOf = (requests: ApiRequest[], url: string) =>
  requests.find((request) => request.url === url)?.data;

describe('QuestionBankPage: many questions at once', () => {
  it('moves the questions of the page chosen at once, and says how many moved', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = bankApi({
      'POST /faculty/bulk-bank-questions': {
        status: 200,
        data: {
          success: true,
          message: '2 questions moved to Unit 2',
          data: { action: 'move', changed: 2, unchanged: 0 },
        },
      },
    });
    const user = userEvent.setup();
    renderBank();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select all questions on this page' }),
    );
    const bar = screen.getByRole('region', { name: 'Chosen questions' });
    expect(within(bar).getByText('2 questions selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Move…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move questions' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Category' }), 'Unit 2');
    await user.click(within(dialog).getByRole('button', { name: 'Move 2 questions' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('2 questions moved to Unit 2'));
    expect(bodyOf(requests, '/faculty/bulk-bank-questions')).toEqual({
      courseId: COURSE,
      ids,
      action: 'move',
      category: 'Unit 2',
    });
    expect(screen.queryByRole('region', { name: 'Chosen questions' })).not.toBeInTheDocument();
  });

  it('asks before retiring, and keeps the dialog open with the server’s refusal', async () => {
    const requests = bankApi({
      'POST /faculty/bulk-bank-questions': {
        status: 409,
        data: { success: false, message: '1 chosen question is retired' },
      },
    });
    const user = userEvent.setup();
    renderBank();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select What does KVL conserve?' }),
    );
    await user.click(screen.getByRole('button', { name: 'Retire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retire questions' });
    await user.click(within(dialog).getByRole('button', { name: 'Retire 1 question' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '1 chosen question is retired',
    );
    expect(bodyOf(requests, '/faculty/bulk-bank-questions')).toMatchObject({
      ids: [ids[1]],
      action: 'retire',
    });
  });

  it('offers a reviewer neither import nor moving and tagging', async () => {
    bankApi({
      'GET /faculty/get-bank-questions': ok({
        questions: [question(ids[0] as string, 'What does KCL conserve?')],
        pagination: {
          currentPage: 1,
          totalPages: 1,
          totalCount: 1,
          hasNextPage: false,
          hasPreviousPage: false,
          totalCountCapped: false,
        },
      }),
    });
    const user = userEvent.setup();
    renderBank(REVIEWED);
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select What does KCL conserve?' }),
    );
    expect(screen.getByRole('button', { name: 'Retire' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Move…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('imports a file into the category shown and reports where its questions went', async () => {
    const requests = bankApi({
      [`POST /faculty/import-bank-questions/${COURSE}`]: {
        status: 200,
        data: {
          success: true,
          message: '2 questions imported as Draft, 1 to complete in the file',
          data: {
            format: 'gift',
            imported: 2,
            categories: [{ path: 'Unit 1/Kirchhoff', count: 2 }],
            incomplete: [
              {
                question: 3,
                title: 'Essay',
                draft: {
                  questionType: 'LONG_ANSWER',
                  questionText: 'Explain',
                  marks: 5,
                  order: 3,
                  difficulty: 'MEDIUM',
                  explanation: '',
                },
                errors: { explanation: 'Explanation is required' },
              },
            ],
            warnings: [],
          },
        },
      },
    });
    const user = userEvent.setup();
    renderPage(
      <QuestionBankPage area="faculty" />,
      '/faculty/question-bank',
      [],
      `/faculty/question-bank?course=${COURSE}&category=Unit+1`,
    );
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions into the bank' });
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['$CATEGORY: Kirchhoff\n::Q::KCL? {T}'], 'unit.gift'),
    );
    expect(within(dialog).getByRole('combobox', { name: 'Format' })).toHaveValue('gift');
    expect(within(dialog).getByRole('textbox', { name: 'Into category' })).toHaveValue('Unit 1');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      '2 questions imported as Draft, 1 to complete in the file',
    );
    expect(within(dialog).getByText('Unit 1/Kirchhoff')).toBeInTheDocument();
    expect(within(dialog).getByText('Explanation is required')).toBeInTheDocument();
    const form = bodyOf(requests, `/faculty/import-bank-questions/${COURSE}`) as FormData;
    expect([...form.keys()]).toEqual(['format', 'category', 'bloomLevel', 'file']);
    expect(form.get('bloomLevel')).toBe('UNDERSTAND');
  });

  it('exports the chosen questions as the format chosen', async () => {
    const requests = bankApi({
      'GET /faculty/export-bank-questions': { status: 200, data: new Blob(['<quiz/>']) },
    });
    const saved = captureSavedFiles();
    const user = userEvent.setup();
    renderBank();
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select What does KCL conserve?' }),
    );
    await user.click(screen.getByRole('button', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export questions' });
    expect(within(dialog).getByRole('radio', { name: 'The 1 selected question' })).toBeChecked();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Format' }),
      'Moodle XML',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('B.Tech question bank.xml');
    expect(
      requests.find((request) => request.url === '/faculty/export-bank-questions')?.params,
    ).toEqual({ courseId: COURSE, format: 'moodle-xml', ids: ids[0] });
  });
});
