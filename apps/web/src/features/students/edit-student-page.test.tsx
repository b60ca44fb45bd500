import { PEOPLE_MESSAGES, studentInputOf } from '@examiq/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { cascadeLookups, fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { ids } from '@/test/master-data-fixtures';
import { makeStudent } from '@/test/people-fixtures';
import EditStudentPage from './edit-student-page';

type Answer = { status: number; data: unknown };

const base = makeStudent();
const student = makeStudent({
  familyInfo: {
    ...base.familyInfo,
    mother: { ...base.familyInfo.mother, occupation: 'Teacher' },
  },
  academicInfo: {
    ...base.academicInfo,
    course: { _id: ids.course1, name: 'B.Tech', fullName: 'Bachelor of Technology' },
    branch: { _id: ids.branch1, name: 'Computer Science', code: 'CSE' },
    section: { _id: ids.section1, name: 'A' },
  },
});

function renderEdit(update: Answer = ok({ student })) {
  const requests = fakeAdminApi({
    ...cascadeLookups(),
    [`GET /admin/get-student/${student._id}`]: ok({ students: [student] }),
    [`PUT /admin/update-student/${student._id}`]: () => update,
  });
  const { router } = renderPage(
    <EditStudentPage />,
    '/admin/student/:id/edit',
    [{ path: '/admin/student/:id', element: <p>Student detail</p> }],
    `/admin/student/${student._id}/edit`,
  );
  return { requests, router };
}

const updates = (requests: ApiRequest[]) => requests.filter((request) => request.method === 'PUT');

describe('EditStudentPage', () => {
  it('opens the create form filled with the student, placement included', async () => {
    renderEdit();
    expect(await screen.findByLabelText('First Name')).toHaveValue('Asha');
    const account = screen.getByRole('region', { name: 'Account Information' });
    expect(within(account).getByLabelText('Email')).toHaveValue(student.email);
    expect(screen.getByLabelText('Roll Number')).toHaveValue(student.rollNumber);
    const academic = screen.getByRole('region', { name: 'Academic Information' });
    // Each choice shows once its options arrive.
    await waitFor(() => {
      expect(within(academic).getByLabelText('Batch')).toHaveDisplayValue('2024-2028');
      expect(within(academic).getByLabelText('Course')).toHaveValue(ids.course1);
      expect(within(academic).getByLabelText('Branch')).toHaveValue(ids.branch1);
      expect(within(academic).getByLabelText('Section')).toHaveValue(ids.section1);
    });
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('saves the edited student and returns to their details with a toast', async () => {
    const success = vi.spyOn(toast, 'success');
    const { requests, router } = renderEdit({
      status: 200,
      data: { success: true, message: PEOPLE_MESSAGES.studentUpdated, data: { student } },
    });
    const firstName = await screen.findByLabelText('First Name');
    await waitFor(() => expect(screen.getByLabelText('Section')).toHaveValue(ids.section1));
    fireEvent.change(firstName, { target: { value: 'Anita' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Student detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/admin/student/${student._id}`);
    const expected = studentInputOf(student);
    expect(updates(requests)[0]?.data).toEqual({
      ...expected,
      personalInfo: { ...expected.personalInfo, firstName: 'Anita' },
    });
    expect(success).toHaveBeenCalledWith(PEOPLE_MESSAGES.studentUpdated);
  });

  it('keeps the form open with the server’s error under its field when the email is taken', async () => {
    const error = vi.spyOn(toast, 'error');
    const { requests } = renderEdit({
      status: 409,
      data: { success: false, message: PEOPLE_MESSAGES.emailTaken },
    });
    await screen.findByLabelText('First Name');
    await waitFor(() => expect(screen.getByLabelText('Section')).toHaveValue(ids.section1));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(PEOPLE_MESSAGES.emailTaken));
    expect(updates(requests)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Edit Student' })).toBeInTheDocument();
  });

  it('applies the create form’s rules before calling the server', async () => {
    const { requests } = renderEdit();
    const firstName = await screen.findByLabelText('First Name');
    fireEvent.change(firstName, { target: { value: 'A' } });
    fireEvent.blur(firstName);
    expect(await screen.findByText('First name must be at least 2 characters')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(updates(requests)).toHaveLength(0);
  });
});
