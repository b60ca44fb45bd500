import type { BankQuestionListItem } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import QuestionBankPage from './question-bank-page';

const COURSE = '10000000-0000-4000-8000-000000000001';
const OTHER = '10000000-0000-4000-8000-000000000002';

const courses = [
  { _id: COURSE, name: 'B.Tech', batchName: '2024-2028', roles: ['AUTHOR'] },
  { _id: OTHER, name: 'M.Tech', batchName: '2024-2028', roles: ['REVIEWER'] },
];
const categories = [
  { path: '', name: '', depth: 0, questionCount: 0, totalCount: 3 },
  { path: 'Unit 1', name: 'Unit 1', depth: 1, questionCount: 1, totalCount: 2 },
  { path: 'Unit 1/Kirchhoff', name: 'Kirchhoff', depth: 2, questionCount: 1, totalCount: 1 },
  { path: 'Unit 2', name: 'Unit 2', depth: 1, questionCount: 1, totalCount: 1 },
];
const outcomes = [
  { code: 'CO1', description: 'Apply circuit laws', targetPercent: 60 },
  { code: 'CO2', description: 'Analyse networks', targetPercent: 60 },
];

const question = (overrides: Partial<BankQuestionListItem> = {}): BankQuestionListItem => ({
  _id: '20000000-0000-4000-8000-000000000001',
  courseId: COURSE,
  category: 'Unit 1/Kirchhoff',
  tags: ['circuits', 'kcl'],
  bloomLevel: 'APPLY',
  courseOutcomes: ['CO1'],
  status: 'READY',
  questionType: 'MCQ',
  difficulty: 'HARD',
  marks: 2,
  questionText: 'What does Kirchhoff’s current law conserve?',
  version: 1,
  revision: 3,
  statistics: null,
  usedIn: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

const listOf = (questions: BankQuestionListItem[]) =>
  ok({
    questions,
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalCount: questions.length,
      hasNextPage: false,
      hasPreviousPage: false,
      totalCountCapped: false,
    },
  });

function bankApi(area: 'admin' | 'faculty', list = listOf([question()])) {
  return fakeAdminApi({
    [`GET /${area}/get-bank-courses`]: ok({ courses }),
    [`GET /${area}/get-bank-categories/${COURSE}`]: ok({ categories }),
    [`GET /${area}/get-course-outcomes/${COURSE}`]: ok({
      courseId: COURSE,
      outcomes,
      levels: { level1: 40, level2: 60, level3: 70 },
    }),
    [`GET /${area}/get-bank-questions`]: list,
  });
}

const listCalls = (requests: ApiRequest[], area = 'admin') =>
  requests.filter((request) => request.url === `/${area}/get-bank-questions`).map((r) => r.params);

function renderBank(area: 'admin' | 'faculty' = 'admin', entry = `/${area}/question-bank`) {
  return renderPage(<QuestionBankPage area={area} />, `/${area}/question-bank`, [], entry);
}

describe('QuestionBankPage', () => {
  it('asks for a course first, offering those the user works in', async () => {
    const requests = bankApi('faculty');
    renderBank('faculty');

    expect(screen.getByRole('heading', { level: 1, name: 'Question Bank' })).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Course' });
    expect(
      await within(picker).findByRole('option', { name: 'B.Tech (2024-2028)' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose a course')).toBeInTheDocument();
    expect(within(picker).getByRole('option', { name: 'M.Tech (2024-2028)' })).toBeInTheDocument();
    expect(listCalls(requests, 'faculty')).toEqual([]);
  });

  it('says when no course’s bank is granted', async () => {
    fakeAdminApi({ 'GET /faculty/get-bank-courses': ok({ courses: [] }) });
    renderBank('faculty');
    expect(await screen.findByText('No question bank yet')).toBeInTheDocument();
    expect(
      screen.getByText('An admin grants each course’s question bank to its authors and reviewers.'),
    ).toBeInTheDocument();
  });

  it('shows the category tree with counts and the questions with their labels', async () => {
    bankApi('admin');
    const user = userEvent.setup();
    renderBank();
    const picker = screen.getByRole('combobox', { name: 'Course' });
    await within(picker).findByRole('option', { name: 'B.Tech (2024-2028)' });
    await user.selectOptions(picker, 'B.Tech (2024-2028)');

    const tree = await screen.findByRole('navigation', { name: 'Categories' });
    expect(
      await within(tree).findByRole('button', { name: 'All categories 3 questions' }),
    ).toBeInTheDocument();
    expect(within(tree).getByRole('button', { name: 'Kirchhoff 1 question' })).toBeInTheDocument();

    const row = (await screen.findByText('What does Kirchhoff’s current law conserve?')).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Unit 1/Kirchhoff')).toBeInTheDocument();
    expect(within(row).getByText('MCQ (Multiple Choice)')).toBeInTheDocument();
    expect(within(row).getByText('2 marks')).toBeInTheDocument();
    expect(within(row).getByText('Hard')).toBeInTheDocument();
    expect(within(row).getByText('Apply')).toBeInTheDocument();
    expect(within(row).getByText('CO1')).toBeInTheDocument();
    expect(within(row).getByText('kcl')).toBeInTheDocument();
    expect(within(row).getByText('Ready')).toHaveClass('text-green-700');
    expect(within(row).getByText('Revision 3')).toBeInTheDocument();
  });

  it('narrows the list by category, search and each filter, in the address', async () => {
    const requests = bankApi('admin');
    const user = userEvent.setup();
    renderBank('admin', `/admin/question-bank?course=${COURSE}`);

    const tree = await screen.findByRole('navigation', { name: 'Categories' });
    await user.click(await within(tree).findByRole('button', { name: 'Unit 1 2 questions' }));
    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toMatchObject({ courseId: COURSE, category: 'Unit 1' }),
    );
    expect(within(tree).getByRole('button', { name: 'Unit 1 2 questions' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Include subcategories' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Numerical');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Difficulty' }), 'Hard');
    await user.selectOptions(screen.getByRole('combobox', { name: "Bloom's level" }), 'Analyse');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Outcome' }),
      'CO2: Analyse networks',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Draft');
    await user.type(screen.getByRole('textbox', { name: 'Tag' }), 'kcl{Enter}');
    await user.type(screen.getByRole('searchbox', { name: 'Search questions' }), 'current{Enter}');

    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toEqual({
        courseId: COURSE,
        page: 1,
        limit: 10,
        category: 'Unit 1',
        includeSubcategories: 'false',
        questionType: 'NUMERICAL',
        difficulty: 'HARD',
        bloomLevel: 'ANALYSE',
        courseOutcome: 'CO2',
        status: 'DRAFT',
        tag: 'kcl',
        search: 'current',
      }),
    );
  });

  it('tells an empty bank from a search that finds nothing', async () => {
    bankApi('admin', listOf([]));
    renderBank('admin', `/admin/question-bank?course=${COURSE}`);
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    bankApi('admin', listOf([]));
    renderBank('admin', `/admin/question-bank?course=${COURSE}&difficulty=EASY`);
    expect(await screen.findByText('No questions found')).toBeInTheDocument();
  });

  it('shows the server’s refusal with a way to try again', async () => {
    bankApi('faculty', {
      status: 403,
      data: { success: false, message: "You have no access to this course's question bank" },
    });
    renderBank('faculty', `/faculty/question-bank?course=${COURSE}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Questions could not be loaded')).toBeInTheDocument();
    expect(
      within(alert).getByText("You have no access to this course's question bank"),
    ).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
