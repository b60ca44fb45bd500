import { facultyInputOf, PEOPLE_MESSAGES } from '@examiq/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '@/lib/api-client';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makeFaculty } from '@/test/people-fixtures';
import EditFacultyPage from './edit-faculty-page';

type Answer = { status: number; data: unknown };

const faculty = makeFaculty();

function renderEdit(update: Answer = ok({ faculty })) {
  const requests = fakeAdminApi({
    [`GET /admin/get-faculty/${faculty._id}`]: ok({ faculty: [faculty] }),
    [`PUT /admin/update-faculty/${faculty._id}`]: () => update,
  });
  const { router } = renderPage(
    <EditFacultyPage />,
    '/admin/faculty/:id/edit',
    [{ path: '/admin/faculty/:id', element: <p>Faculty detail</p> }],
    `/admin/faculty/${faculty._id}/edit`,
  );
  return { requests, router };
}

const updates = (requests: ApiRequest[]) => requests.filter((request) => request.method === 'PUT');

describe('EditFacultyPage', () => {
  it('opens the create form filled with the faculty member, qualifications and experience included', async () => {
    renderEdit();
    expect(await screen.findByLabelText('First Name')).toHaveValue('Vikram');
    const account = screen.getByRole('region', { name: 'Account Information' });
    expect(within(account).getByLabelText('Email')).toHaveValue(faculty.email);
    expect(within(account).getByLabelText('Joining Date')).toHaveValue('2020-07-01');
    const professional = screen.getByRole('region', { name: 'Professional Information' });
    expect(within(professional).getByLabelText('Employee ID')).toHaveValue('EMP-1042');
    expect(within(professional).getByLabelText('Department')).toHaveValue('Computer Science');
    expect(screen.getByLabelText('Degree')).toHaveValue('M.Tech');
    expect(screen.getByLabelText('Institution Name')).toHaveValue('VIT Pune');
    expect(screen.getByRole('heading', { name: 'Edit Faculty' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  it('saves the edited faculty member and returns to their details with a toast', async () => {
    const success = vi.spyOn(toast, 'success');
    const { requests, router } = renderEdit({
      status: 200,
      data: { success: true, message: PEOPLE_MESSAGES.facultyUpdated, data: { faculty } },
    });
    const firstName = await screen.findByLabelText('First Name');
    fireEvent.change(firstName, { target: { value: 'Vikas' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Faculty detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/admin/faculty/${faculty._id}`);
    const expected = facultyInputOf(faculty);
    expect(updates(requests)[0]?.data).toEqual({
      ...expected,
      personalInfo: { ...expected.personalInfo, firstName: 'Vikas' },
    });
    expect(success).toHaveBeenCalledWith(PEOPLE_MESSAGES.facultyUpdated);
  });

  it('keeps the form open with the server’s error when the email is taken', async () => {
    const error = vi.spyOn(toast, 'error');
    const { requests } = renderEdit({
      status: 409,
      data: { success: false, message: PEOPLE_MESSAGES.emailTaken },
    });
    await screen.findByLabelText('First Name');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(PEOPLE_MESSAGES.emailTaken));
    expect(updates(requests)).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Edit Faculty' })).toBeInTheDocument();
  });

  it('applies the create form’s rules before calling the server', async () => {
    const { requests } = renderEdit();
    const firstName = await screen.findByLabelText('First Name');
    fireEvent.change(firstName, { target: { value: 'V' } });
    fireEvent.blur(firstName);
    expect(await screen.findByText('First name must be at least 2 characters')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(updates(requests)).toHaveLength(0);
  });

  it('says when the faculty member does not exist', async () => {
    fakeAdminApi({ [`GET /admin/get-faculty/${faculty._id}`]: ok({ faculty: [] }) });
    renderPage(
      <EditFacultyPage />,
      '/admin/faculty/:id/edit',
      [],
      `/admin/faculty/${faculty._id}/edit`,
    );
    expect(
      await screen.findByText('The requested faculty member could not be found.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'View all faculty' })).toHaveAttribute(
      'href',
      '/admin/faculty',
    );
  });
});
