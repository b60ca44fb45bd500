import type { BankQuestionData } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import BankQuestionPage from './bank-question-page';

const ID = '20000000-0000-4000-8000-000000000001';
const person = (name: string) => ({ _id: '40000000-0000-4000-8000-000000000001', name });

const makeQuestion = (overrides: Partial<BankQuestionData> = {}): BankQuestionData => ({
  _id: ID,
  courseId: '10000000-0000-4000-8000-000000000001',
  category: 'Unit 1/Kirchhoff',
  tags: ['kcl'],
  bloomLevel: 'APPLY',
  courseOutcomes: ['CO1'],
  status: 'DRAFT',
  questionType: 'MCQ',
  difficulty: 'MEDIUM',
  marks: 2,
  questionText: 'Which quantity does Kirchhoff’s current law conserve?',
  version: 1,
  revision: 2,
  usedIn: 0,
  statistics: null,
  usedBy: [],
  versionStatistics: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  question: {},
  createdBy: person('Vikram Rao'),
  updatedBy: person('Asha Iyer'),
  history: [
    {
      revision: 2,
      changedBy: person('Asha Iyer'),
      changedAt: '2026-11-02T10:00:00.000Z',
      changedFields: ['questionText', 'tags'],
    },
    {
      revision: 1,
      changedBy: person('Vikram Rao'),
      changedAt: '2026-11-01T10:00:00.000Z',
      changedFields: [],
    },
  ],
  ...overrides,
});

const saved = (status = 'DRAFT', revision = 2) => ok({ _id: ID, version: 1, revision, status });

function renderQuestion(routes: Parameters<typeof fakeAdminApi>[0]) {
  const requests = fakeAdminApi({
    [`GET /faculty/get-bank-question/${ID}`]: ok(makeQuestion()),
    ...routes,
  });
  renderPage(
    <BankQuestionPage area="faculty" />,
    '/faculty/question-bank/:questionId',
    [],
    `/faculty/question-bank/${ID}`,
  );
  return requests;
}

describe('BankQuestionPage', () => {
  it('shows the question, its labels and who changed which fields when', async () => {
    renderQuestion({});
    expect(
      await screen.findByText('Which quantity does Kirchhoff’s current law conserve?'),
    ).toBeInTheDocument();
    expect(screen.getByText('Unit 1/Kirchhoff')).toBeInTheDocument();
    expect(screen.getByText('Apply')).toBeInTheDocument();
    expect(screen.getByText('CO1')).toBeInTheDocument();
    expect(screen.getByText('No exam yet')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'History' });
    const items = within(history).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Revision 2(current)');
    expect(items[0]).toHaveTextContent('Changed question text, tags');
    expect(items[0]).toHaveTextContent('Asha Iyer');
    expect(items[1]).toHaveTextContent('Created the question');
    expect(
      within(history).queryByRole('button', { name: 'Restore revision 2' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Question bank' })).toHaveAttribute(
      'href',
      '/faculty/question-bank?course=10000000-0000-4000-8000-000000000001',
    );
  });

  it('names the exams that use each version', async () => {
    renderQuestion({
      [`GET /faculty/get-bank-question/${ID}`]: ok(
        makeQuestion({
          usedIn: 2,
          usedBy: [
            { examId: 'EXM-2026-00002', title: 'Circuits End-term', version: 2 },
            { examId: 'EXM-2026-00001', title: 'Circuits Mid-term', version: 1 },
          ],
        }),
      ),
    });
    expect(
      await screen.findByText('Circuits End-term (version 2); Circuits Mid-term (version 1)'),
    ).toBeInTheDocument();
  });

  it('restores an earlier revision after asking', async () => {
    const requests = renderQuestion({
      [`POST /faculty/restore-bank-question/${ID}`]: saved('DRAFT', 3),
    });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore revision 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore revision 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Revision 1 restored as revision 3'));
    expect(requests.find((request) => request.method === 'POST')?.data).toEqual({ revision: 1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when someone else changed the question meanwhile', async () => {
    renderQuestion({
      [`POST /faculty/restore-bank-question/${ID}`]: {
        status: 409,
        data: {
          success: false,
          message: 'This question was changed by someone else meanwhile: reload it and try again',
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore revision 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This question was changed by someone else meanwhile: reload it and try again',
    );
  });

  it('moves the status as the bank allows, showing its refusal', async () => {
    renderQuestion({
      [`POST /faculty/set-bank-question-status/${ID}`]: (request) =>
        (request.data as { status: string }).status === 'READY'
          ? {
              status: 403,
              data: {
                success: false,
                message:
                  'This course requires a reviewer other than the question’s last author to make it Ready',
              },
            }
          : saved('RETIRED'),
    });
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Make Ready' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This course requires a reviewer other than the question’s last author to make it Ready',
    );
    await user.click(screen.getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('The question is Retired'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
