import type { BankQuestionData } from '@examiq/contracts';
import { DEFAULT_ATTAINMENT_LEVELS } from '@examiq/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import BankQuestionEditorPage from './bank-question-editor-page';

const COURSE = '10000000-0000-4000-8000-000000000001';
const ID = '20000000-0000-4000-8000-000000000001';
const person = { _id: null, name: 'Asha Iyer' };

const LOOKUPS = {
  'GET /faculty/get-bank-courses': ok({
    courses: [{ _id: COURSE, name: 'B.Tech', batchName: '2027-2031', roles: ['AUTHOR'] }],
  }),
  [`GET /faculty/get-bank-categories/${COURSE}`]: ok({
    categories: [
      { path: '', name: '', depth: 0, questionCount: 0, totalCount: 1 },
      { path: 'Unit 1', name: 'Unit 1', depth: 0, questionCount: 1, totalCount: 1 },
    ],
  }),
  [`GET /faculty/get-course-outcomes/${COURSE}`]: ok({
    courseId: COURSE,
    levels: DEFAULT_ATTAINMENT_LEVELS,
    outcomes: [
      { code: 'CO1', description: 'Analyse DC circuits', targetPercent: 60 },
      { code: 'CO2', description: 'Design filters', targetPercent: 60 },
    ],
  }),
};

const TRUE_FALSE = {
  questionType: 'TRUE_FALSE',
  questionText: 'Kirchhoff’s current law follows from the conservation of charge.',
  marks: 1,
  order: 1,
  difficulty: 'EASY',
  explanation: 'Charge cannot pile up at a node.',
  options: [
    { text: 'True', isCorrect: true },
    { text: 'False', isCorrect: false },
  ],
};

const stored = (overrides: Partial<BankQuestionData> = {}): BankQuestionData => ({
  _id: ID,
  courseId: COURSE,
  category: 'Unit 1',
  tags: ['kcl'],
  bloomLevel: 'REMEMBER',
  courseOutcomes: ['CO1'],
  status: 'READY',
  questionType: 'TRUE_FALSE',
  difficulty: 'EASY',
  marks: 1,
  questionText: TRUE_FALSE.questionText,
  version: 1,
  revision: 1,
  usedIn: 1,
  usedBy: [{ examId: 'EXM-2027-00001', title: 'Circuits Mid-term', version: 1 }],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  question: TRUE_FALSE,
  createdBy: person,
  updatedBy: person,
  history: [],
  statistics: null,
  versionStatistics: [],
  ...overrides,
});

const saved = (revision: number, version: number) =>
  ok({ _id: ID, version, revision, status: 'DRAFT' }, revision === 1 ? 201 : 200);

function renderNew(routes: Parameters<typeof fakeAdminApi>[0] = {}) {
  const requests = fakeAdminApi({ ...LOOKUPS, ...routes });
  const { router } = renderPage(
    <BankQuestionEditorPage area="faculty" />,
    '/faculty/question-bank/new',
    [{ path: '/faculty/question-bank/:questionId', element: <p>Question page</p> }],
    `/faculty/question-bank/new?course=${COURSE}`,
  );
  return { requests, router };
}

function renderEdit(routes: Parameters<typeof fakeAdminApi>[0] = {}) {
  const requests = fakeAdminApi({
    ...LOOKUPS,
    [`GET /faculty/get-bank-question/${ID}`]: ok(stored()),
    ...routes,
  });
  renderPage(
    <BankQuestionEditorPage area="faculty" />,
    '/faculty/question-bank/:questionId/edit',
    [{ path: '/faculty/question-bank/:questionId', element: <p>Question page</p> }],
    `/faculty/question-bank/${ID}/edit`,
  );
  return requests;
}

describe('BankQuestionEditorPage', { timeout: 30_000 }, () => {
  it('writes a new question with its category, tags, level, outcomes and status', async () => {
    const { requests, router } = renderNew({ 'POST /faculty/create-bank-question': saved(1, 1) });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('option', { name: 'B.Tech (2027-2031)' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Question Type'), 'TRUE_FALSE');
    await user.type(screen.getByLabelText('Question Text'), TRUE_FALSE.questionText);
    await user.click(screen.getByRole('checkbox', { name: 'Correct (True)' }));
    await user.selectOptions(screen.getByLabelText('Difficulty'), 'EASY');
    await user.type(screen.getByLabelText('Explanation'), TRUE_FALSE.explanation);
    await user.type(screen.getByLabelText('Category'), 'Unit 3 / Kirchhoff');
    await user.type(screen.getByLabelText('Tags'), 'kcl, nodes,');
    await user.selectOptions(screen.getByLabelText("Bloom's level"), 'REMEMBER');
    await user.click(await screen.findByRole('checkbox', { name: 'CO1: Analyse DC circuits' }));
    await user.click(screen.getByRole('radio', { name: /^Ready/ }));
    await user.click(screen.getByRole('button', { name: 'Add to bank' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('The question is in the bank'));
    expect(requests.find((request) => request.method === 'POST')?.data).toEqual({
      ...TRUE_FALSE,
      courseId: COURSE,
      category: 'Unit 3 / Kirchhoff',
      tags: ['kcl', 'nodes'],
      bloomLevel: 'REMEMBER',
      courseOutcomes: ['CO1'],
      status: 'READY',
    });
    expect(router.state.location.pathname).toBe(`/faculty/question-bank/${ID}`);
  });

  it('offers a faculty author the image tool', async () => {
    renderNew();
    expect(await screen.findAllByRole('button', { name: 'Image' })).not.toHaveLength(0);
  });

  it("says what is missing in the contract's words and sends nothing", async () => {
    const { requests } = renderNew();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to bank' }));
    expect(await screen.findByText("Please select a valid Bloom's level")).toBeInTheDocument();
    expect(screen.getByText('MCQ must have at least 2 options')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Category'), 'Unit 3//Kirchhoff');
    await user.tab();
    expect(
      await screen.findByText('Each level of a category must be 1 to 100 characters'),
    ).toBeInTheDocument();
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('edits a used question into a new version, the type fixed and no status asked', async () => {
    const requests = renderEdit({ [`PUT /faculty/update-bank-question/${ID}`]: saved(2, 2) });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    expect(
      await screen.findByText(/An exam uses this question: saving makes a new version/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Question Type')).toHaveAttribute('readonly');
    expect(screen.queryByRole('radio', { name: /^Ready/ })).not.toBeInTheDocument();
    const text = screen.getByLabelText('Question Text');
    await user.clear(text);
    await user.type(text, 'Kirchhoff’s current law follows from the conservation of energy.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Saved as revision 2, version 2'));
    expect(requests.find((request) => request.method === 'PUT')?.data).toEqual({
      ...TRUE_FALSE,
      questionText: 'Kirchhoff’s current law follows from the conservation of energy.',
      courseId: COURSE,
      category: 'Unit 1',
      tags: ['kcl'],
      bloomLevel: 'REMEMBER',
      courseOutcomes: ['CO1'],
    });
  });

  it('shows the conflict when someone else changed the question meanwhile', async () => {
    renderEdit({
      [`PUT /faculty/update-bank-question/${ID}`]: {
        status: 409,
        data: {
          success: false,
          message: 'This question was changed by someone else meanwhile: reload it and try again',
        },
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tags'), ', nodes');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This question was changed by someone else meanwhile: reload it and try again',
    );
  });

  it('puts the server’s field messages under their fields', async () => {
    renderEdit({
      [`PUT /faculty/update-bank-question/${ID}`]: {
        status: 400,
        data: {
          success: false,
          message: 'Validation failed',
          errors: { courseOutcomes: 'CO3 is not a course outcome of this course' },
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('CO3 is not a course outcome of this course'),
    ).toBeInTheDocument();
  });
});
