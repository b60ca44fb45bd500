import { type ExamDetail, scheduleSchemaFor } from '@examiq/contracts';
import { errorsOf } from '@examiq/contracts/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { EXAM_ID, makeExamDetail } from '@/test/exam-fixtures';
import ExamDetailPage from './exam-detail-page';

const GET = `GET /admin/get-exam/${EXAM_ID}`;
const PUT = `PUT /admin/update-exam/${EXAM_ID}`;

/** What update-exam receives for the exam: everything it holds, back as the create sends it. */
function sentBack(exam: ExamDetail, scheduleDetails: ExamDetail['scheduleDetails']) {
  const {
    _id,
    examId,
    createdAt,
    audience,
    startedCount,
    inProgressCount,
    canEndNow,
    resultsPublished,
    changeScope,
    additionalAudiences,
    ...payload
  } = exam;
  return {
    ...payload,
    // An exam for one branch goes back as the spec's payload.
    ...(additionalAudiences.length > 0 ? { additionalAudiences } : {}),
    ...(exam.examMode === 'AUTO' ? { assignedFacultyIds: undefined } : {}),
    scheduleDetails,
  };
}

function renderExam() {
  return renderPage(<ExamDetailPage />, '/admin/exam/:examId', [], `/admin/exam/${EXAM_ID}`);
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Change End Time' }));
  return screen.getByRole('dialog', { name: 'Change End Time' });
}

const putsOf = (requests: ApiRequest[]) => requests.filter((request) => request.method === 'PUT');

describe('ScheduleEndDialog', () => {
  it('is offered instead of Edit once an exam has started, and opens filled in with its schedule', async () => {
    fakeAdminApi({ [GET]: ok({ exam: makeExamDetail('PROCTORING', 'SCHEDULE_END') }) });
    renderExam();

    const dialog = await openDialog();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Starts 2030-03-14 at 09:30.');
    expect(within(dialog).getByLabelText('End Time')).toHaveValue('11:00');
    expect(within(dialog).getByLabelText('Before Exam (minutes)')).toHaveValue(15);
    expect(within(dialog).getByLabelText('After Exam (minutes)')).toHaveValue(10);
    expect(within(dialog).queryByLabelText('End Date')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered while the whole exam can still be edited', async () => {
    fakeAdminApi({ [GET]: ok({ exam: makeExamDetail('PROCTORING', 'FULL') }) });
    renderExam();

    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change End Time' })).not.toBeInTheDocument();
  });

  it.each([
    ['End Time', '09:00', { endTime: '09:00' }],
    ['End Time', '', { endTime: '' }],
    ['After Exam (minutes)', '61', { bufferTime: { beforeExam: 15, afterExam: 61 } }],
  ])('refuses %s %j with the contract’s message once left', async (label, typed, change) => {
    const schedule = makeExamDetail('PROCTORING', 'SCHEDULE_END').scheduleDetails;
    const errors = errorsOf(scheduleSchemaFor('PROCTORING'), { ...schedule, ...change });
    const message = Object.values(errors)[0] as string;
    const requests = fakeAdminApi({
      [GET]: ok({ exam: makeExamDetail('PROCTORING', 'SCHEDULE_END') }),
    });
    renderExam();
    const dialog = await openDialog();

    const field = within(dialog).getByLabelText(label);
    await userEvent.clear(field);
    if (typed) await userEvent.type(field, typed);
    await userEvent.tab();

    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save End Time' }));
    expect(putsOf(requests)).toHaveLength(0);
  });

  it('sends the exam back unchanged but for its end and buffers, toasts and shows the new end', async () => {
    const success = vi.spyOn(toast, 'success');
    let exam = makeExamDetail('PROCTORING', 'SCHEDULE_END');
    const before = exam;
    const requests = fakeAdminApi({
      [GET]: () => ok({ exam }),
      [PUT]: (request) => {
        exam = { ...exam, scheduleDetails: (request.data as ExamDetail).scheduleDetails };
        return ok({ exam });
      },
    });
    renderExam();
    expect(await screen.findByText('2030-03-14 at 09:30 to 11:00')).toBeInTheDocument();
    const dialog = await openDialog();

    await userEvent.clear(within(dialog).getByLabelText('End Time'));
    await userEvent.type(within(dialog).getByLabelText('End Time'), '12:15');
    await userEvent.clear(within(dialog).getByLabelText('After Exam (minutes)'));
    await userEvent.type(within(dialog).getByLabelText('After Exam (minutes)'), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save End Time' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Exam updated successfully');
    const moved = {
      examDate: '2030-03-14',
      startTime: '09:30',
      endTime: '12:15',
      bufferTime: { beforeExam: 15, afterExam: 20 },
    };
    const [put] = putsOf(requests);
    expect(JSON.parse(JSON.stringify(put?.data))).toEqual(
      JSON.parse(JSON.stringify(sentBack(before, moved))),
    );
    expect(await screen.findByText('2030-03-14 at 09:30 to 12:15')).toBeInTheDocument();
    expect(screen.getByText('15 minutes before, 20 minutes after')).toBeInTheDocument();
  });

  it('moves the end date and time of an exam that runs over days, refusing a date before its start', async () => {
    const exam = makeExamDetail('AUTO', 'SCHEDULE_END');
    const requests = fakeAdminApi({
      [GET]: ok({ exam }),
      [PUT]: (request) => ok({ exam: { ...exam, ...(request.data as object) } }),
    });
    renderExam();
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('Starts 2030-03-14.');
    const endDate = within(dialog).getByLabelText('End Date');
    expect(endDate).toHaveValue('2030-03-16');
    expect(within(dialog).getByLabelText('End Time (optional)')).toHaveValue('');

    await userEvent.clear(endDate);
    await userEvent.type(endDate, '2030-03-13');
    await userEvent.tab();
    expect(
      within(dialog).getByText('End date must be after or same as start date'),
    ).toBeInTheDocument();

    await userEvent.clear(endDate);
    await userEvent.type(endDate, '2030-03-18');
    await userEvent.type(within(dialog).getByLabelText('End Time (optional)'), '17:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save End Time' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [put] = putsOf(requests);
    expect(put?.data).toMatchObject({
      examMode: 'AUTO',
      scheduleDetails: {
        startDate: '2030-03-14',
        endDate: '2030-03-18',
        endTime: '17:00',
        bufferTime: { beforeExam: 0, afterExam: 0 },
      },
    });
    expect(put?.data).not.toHaveProperty('assignedFacultyIds');
  });

  it('puts the server’s field errors under their fields', async () => {
    fakeAdminApi({
      [GET]: ok({ exam: makeExamDetail('PROCTORING', 'SCHEDULE_END') }),
      [PUT]: {
        status: 400,
        data: {
          success: false,
          message: 'Please correct the highlighted fields',
          errors: { 'scheduleDetails.endTime': 'End time must be after start time' },
        },
      },
    });
    renderExam();
    const dialog = await openDialog();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save End Time' }));

    expect(await within(dialog).findByText('End time must be after start time')).toBeVisible();
    expect(within(dialog).getByLabelText('End Time')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      409,
      {
        success: false,
        message: 'The results of this exam are published: it can no longer be changed',
      },
      'The results of this exam are published: it can no longer be changed',
    ],
    [502, 'Bad Gateway', 'Error updating exam. Please try again.'],
  ])(
    'says in the dialog why a %i answer refused the change, and stays open',
    async (status, data, message) => {
      fakeAdminApi({
        [GET]: ok({ exam: makeExamDetail('PROCTORING', 'SCHEDULE_END') }),
        [PUT]: { status, data },
      });
      renderExam();
      const dialog = await openDialog();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Save End Time' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
      expect(within(dialog).getByRole('button', { name: 'Save End Time' })).toBeEnabled();
    },
  );
});
