import { grantExtraTimeSchema, type Sitting } from '@examiq/contracts';
import { errorsOf } from '@examiq/contracts/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makePagination } from '@/test/people-fixtures';
import SittingsPage from './sittings-page';

const EXAM_ID = '30000000-0000-4000-8000-000000000001';
const ATTEMPTS = `GET /admin/get-exam-attempts/${EXAM_ID}`;
const GRANT = 'POST /admin/grant-extra-time';

const exam = {
  _id: EXAM_ID,
  examId: 'EXM-0001',
  examTitle: 'Data Structures Mid-term',
  subject: 'Data Structures',
  examMode: 'AUTO',
  duration: 90,
  scheduleDetails: {
    startDate: '2030-03-14',
    endDate: '2030-03-15',
    bufferTime: { beforeExam: 0, afterExam: 0 },
  },
};

const ravi: Sitting = {
  student: {
    _id: '10000000-0000-4000-8000-000000000002',
    studentId: 'STU-0002',
    rollNumber: 'CSE-24-002',
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: 'ravi.kumar@example.edu',
    section: 'CSE · A',
  },
  status: 'IN_PROGRESS',
  attemptId: '40000000-0000-4000-8000-000000000002',
  startedAt: '2030-03-14T04:01:00.000Z',
  submittedAt: null,
  deadlineAt: '2030-03-14T05:31:00.000Z',
  lastSeenAt: null,
  answersSaved: 4,
  totalQuestions: 10,
  extraMinutes: 0,
};
const meera: Sitting = {
  ...ravi,
  student: {
    ...ravi.student,
    _id: '10000000-0000-4000-8000-000000000003',
    firstName: 'Meera',
    lastName: 'Shah',
  },
  status: 'SUBMITTED',
  submittedAt: '2030-03-14T05:02:00.000Z',
};

function attemptsAnswer(attempts: Sitting[]) {
  return ok({
    exam,
    attempts,
    audienceSections: [],
    pagination: makePagination(1, attempts.length),
  });
}

/** The server's message is shown as sent, so this one differs from the contract's words. */
const grantAnswer = (minutes: number) => ({
  status: 200,
  data: {
    success: true,
    message: `Extra time granted: ${minutes} minutes`,
    data: {
      allowance: { examId: EXAM_ID, studentId: ravi.student._id, extraMinutes: minutes },
      attempt: null,
    },
  },
});

function renderSittings() {
  return renderPage(
    <SittingsPage />,
    '/admin/exam/:examId/sittings',
    [],
    `/admin/exam/${EXAM_ID}/sittings`,
  );
}

async function openDialog(name = 'Extra time for Ravi Kumar') {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.getByRole('dialog', { name });
}

/** The contract's message for these minutes: the dialog validates with the contract's rules. */
function minutesError(minutes: number): string {
  const message = errorsOf(grantExtraTimeSchema.pick({ minutes: true }), { minutes }).minutes;
  if (!message) throw new Error(`${minutes} minutes are valid`);
  return message;
}

const minutesField = () => screen.getByLabelText('Total extra time (minutes)');

describe('ExtraTimeDialog', () => {
  it('explains what the grant does and shows the allowance in force', async () => {
    fakeAdminApi({ [ATTEMPTS]: attemptsAnswer([{ ...ravi, extraMinutes: 15 }]) });
    renderSittings();

    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('Current extra time: 15 minutes');
    expect(dialog).toHaveTextContent(
      'This sets the student’s total extra time on this exam, replacing any earlier grant. A student sitting the exam sees their countdown change at their next save, within 30 seconds.',
    );
    expect(minutesField()).toHaveValue(15);
    expect(minutesField()).toHaveAccessibleDescription('From 1 to 600 minutes.');
  });

  it('says when no extra time was granted yet, and closes with Cancel or Escape', async () => {
    fakeAdminApi({ [ATTEMPTS]: attemptsAnswer([ravi]) });
    renderSittings();

    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('No extra time granted yet.');
    expect(minutesField()).toHaveValue(null);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await openDialog();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['', Number.NaN],
    ['0', 0],
    ['601', 601],
    ['2.5', 2.5],
  ])('refuses %j with the contract’s message once the field was left', async (typed, minutes) => {
    const message = minutesError(minutes);
    const requests = fakeAdminApi({ [ATTEMPTS]: attemptsAnswer([ravi]) });
    renderSittings();
    await openDialog();

    if (typed) await userEvent.type(minutesField(), typed);
    else await userEvent.click(minutesField());
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await userEvent.tab();

    expect(screen.getByText(message)).toBeInTheDocument();
    expect(minutesField()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Grant extra time' }));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('grants the minutes, toasts the server’s message and shows the new allowance in the row', async () => {
    const success = vi.spyOn(toast, 'success');
    let extraMinutes = 0;
    let answer: (value: { status: number; data: unknown }) => void = () => {};
    const requests = fakeAdminApi({
      [ATTEMPTS]: () => attemptsAnswer([{ ...ravi, extraMinutes }]),
      [GRANT]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderSittings();
    const dialog = await openDialog();

    await userEvent.type(minutesField(), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant extra time' }));

    const busy = within(dialog).getByRole('button', { name: 'Grant extra time' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Escape cannot hide whether the time was granted.
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    extraMinutes = 20;
    answer(grantAnswer(20));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Extra time granted: 20 minutes');
    expect(requests.find((request) => request.method === 'POST')?.data).toEqual({
      examId: EXAM_ID,
      studentId: ravi.student._id,
      minutes: 20,
    });
    const row = screen.getByText('Ravi Kumar').closest('tr') as HTMLElement;
    expect(within(row).getByText('20 min')).toBeInTheDocument();
  });

  it('puts the server’s field error under the minutes', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({
      [ATTEMPTS]: attemptsAnswer([ravi]),
      [GRANT]: {
        status: 400,
        data: {
          success: false,
          message: 'Please correct the highlighted fields',
          errors: { minutes: 'Extra time cannot exceed 600 minutes' },
        },
      },
    });
    renderSittings();
    const dialog = await openDialog();

    await userEvent.type(minutesField(), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant extra time' }));

    expect(await within(dialog).findByText('Extra time cannot exceed 600 minutes')).toBeVisible();
    expect(minutesField()).toHaveAttribute('aria-invalid', 'true');
    expect(error).toHaveBeenCalledWith('Please correct the highlighted fields');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('toasts why the server refused the student, who has no field in the form', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({
      [ATTEMPTS]: attemptsAnswer([ravi]),
      [GRANT]: {
        status: 400,
        data: {
          success: false,
          message: 'Please correct the highlighted fields',
          errors: { studentId: 'This student is not in this exam’s audience' },
        },
      },
    });
    renderSittings();
    const dialog = await openDialog();

    await userEvent.type(minutesField(), '30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant extra time' }));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('This student is not in this exam’s audience'),
    );
    expect(minutesField()).not.toHaveAttribute('aria-invalid');
  });

  it('toasts the 409 of a student who has submitted meanwhile and shows the row as it now is', async () => {
    const error = vi.spyOn(toast, 'error');
    let status: Sitting['status'] = 'IN_PROGRESS';
    fakeAdminApi({
      [ATTEMPTS]: () => attemptsAnswer([{ ...ravi, status }]),
      [GRANT]: () => {
        status = 'SUBMITTED';
        return {
          status: 409,
          data: { success: false, message: 'This student has already submitted the exam' },
        };
      },
    });
    renderSittings();
    const dialog = await openDialog();

    await userEvent.type(minutesField(), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant extra time' }));

    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('This student has already submitted the exam'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByText('Ravi Kumar').closest('tr') as HTMLElement;
    expect(await within(row).findByText('Submitted')).toBeInTheDocument();
  });

  it('keeps the dialog open with a toast when the grant fails otherwise', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({
      [ATTEMPTS]: attemptsAnswer([ravi]),
      [GRANT]: { status: 502, data: 'Bad Gateway' },
    });
    renderSittings();
    const dialog = await openDialog();

    await userEvent.type(minutesField(), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant extra time' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to grant extra time'));
    expect(within(dialog).getByRole('button', { name: 'Grant extra time' })).toBeEnabled();
    expect(minutesField()).toHaveValue(10);
  });

  it('offers no extra time to a student who has submitted, and says why', async () => {
    fakeAdminApi({ [ATTEMPTS]: attemptsAnswer([meera]) });
    renderSittings();

    const button = await screen.findByRole('button', { name: 'Extra time for Meera Shah' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('This student has already submitted the exam');
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
