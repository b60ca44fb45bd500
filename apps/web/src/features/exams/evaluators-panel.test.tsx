import { type EvaluatorsData, RESULT_MESSAGES, VALIDATION_FAILED_MESSAGE } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { examIds, makeFacultyOption } from '@/test/exam-fixtures';
import { EvaluatorsPanel } from './evaluators-panel';

const EXAM_ID = '50000000-0000-4000-8000-000000000001';
const GET = `GET /admin/get-exam-evaluators/${EXAM_ID}`;
const PUT = `PUT /admin/set-exam-evaluators/${EXAM_ID}`;

const vikram = makeFacultyOption();
const meera = makeFacultyOption({
  _id: '20000000-0000-4000-8000-000000000002',
  facultyId: 'FAC-2025-00002',
  userId: { _id: examIds.facultyUser2 },
  personalInfo: { firstName: 'Meera', lastName: 'Iyer' },
});
const evaluatorOf = (option: typeof vikram) => ({
  _id: option.userId._id,
  facultyId: option.facultyId,
  firstName: option.personalInfo.firstName,
  lastName: option.personalInfo.lastName,
  email: `${option.personalInfo.firstName.toLowerCase()}@example.edu`,
});

function renderPanel(evaluators: EvaluatorsData, put?: () => { status: number; data: unknown }) {
  const requests = fakeAdminApi({
    [GET]: ok(evaluators),
    'GET /admin/get-faculty-options': ok({ faculty: [vikram, meera] }),
    ...(put ? { [PUT]: put } : {}),
  });
  renderPage(<EvaluatorsPanel examId={EXAM_ID} />, '/admin/exam/results');
  return requests;
}

describe('EvaluatorsPanel', () => {
  it('says the proctors mark the exam while no evaluator is chosen', async () => {
    renderPanel({ chosenByAdmin: false, evaluators: [evaluatorOf(vikram)] });
    expect(await screen.findByText('Its proctors, by default: Vikram Rao.')).toBeInTheDocument();
    const list = await screen.findByRole('group', { name: 'Evaluators' });
    expect(
      within(list).getByRole('checkbox', { name: 'Vikram Rao (FAC-2025-00001)' }),
    ).not.toBeChecked();
  });

  it('saves the faculty chosen and shows them as the evaluators', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = renderPanel({ chosenByAdmin: false, evaluators: [] }, () =>
      ok({ chosenByAdmin: true, evaluators: [evaluatorOf(meera)] }),
    );
    expect(await screen.findByText(/No evaluator yet/)).toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Meera Iyer (FAC-2025-00002)' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save evaluators' }));

    expect(await screen.findByText('Chosen: Meera Iyer.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.data).toEqual({
      evaluatorIds: [examIds.facultyUser2],
    });
    expect(screen.getByRole('checkbox', { name: 'Meera Iyer (FAC-2025-00002)' })).toBeChecked();
    expect(success).toHaveBeenCalledWith(RESULT_MESSAGES.evaluatorsSaved);
  });

  it('hands the marking back to the proctors when every box is cleared', async () => {
    const requests = renderPanel({ chosenByAdmin: true, evaluators: [evaluatorOf(meera)] }, () =>
      ok({ chosenByAdmin: false, evaluators: [evaluatorOf(vikram)] }),
    );
    const meeraBox = await screen.findByRole('checkbox', { name: 'Meera Iyer (FAC-2025-00002)' });
    expect(meeraBox).toBeChecked();
    await userEvent.click(meeraBox);
    await userEvent.click(screen.getByRole('button', { name: 'Save evaluators' }));
    expect(await screen.findByText('Its proctors, by default: Vikram Rao.')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.data).toEqual({
      evaluatorIds: [],
    });
  });

  it('shows why the server refused the choice under the list', async () => {
    renderPanel({ chosenByAdmin: false, evaluators: [] }, () => ({
      status: 400,
      data: {
        success: false,
        message: VALIDATION_FAILED_MESSAGE,
        errors: { 'evaluatorIds.0': RESULT_MESSAGES.evaluatorNotFaculty },
      },
    }));
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Vikram Rao (FAC-2025-00001)' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save evaluators' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Evaluators' })).toHaveAccessibleDescription(
        RESULT_MESSAGES.evaluatorNotFaculty,
      ),
    );
    expect(screen.getByRole('checkbox', { name: 'Vikram Rao (FAC-2025-00001)' })).toBeChecked();
  });
});
