import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { cascadeLookups, fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { ids } from '@/test/master-data-fixtures';
import { makePagination, makeStudent } from '@/test/people-fixtures';
import { captureSavedFiles, fileAnswer } from '@/test/saved-files';
import StudentsPage from './students-page';

const asha = makeStudent();
const ravi = makeStudent({
  _id: '10000000-0000-4000-8000-000000000002',
  studentId: 'STU-0002',
  rollNumber: 'CSE-24-002',
  email: 'ravi.kumar@example.edu',
  status: 'Suspended',
  personalInfo: { ...asha.personalInfo, firstName: 'Ravi', lastName: 'Kumar' },
});

function listAnswer(students = [asha, ravi], page = 1, total = students.length) {
  return ok({ students, pagination: makePagination(page, total) });
}

function renderList(entry = '/admin/student') {
  return renderPage(<StudentsPage />, '/admin/student', [], entry);
}

describe('StudentsPage', () => {
  it('lists the students with their details, status and the footer', async () => {
    const requests = fakeAdminApi({ 'GET /admin/get-all-student': listAnswer() });
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'All Students' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    const row = (await screen.findByText('Asha Patel')).closest('tr') as HTMLElement;
    expect(within(row).getByText('STU-0001')).toBeInTheDocument();
    expect(within(row).getByText('CSE-24-001')).toBeInTheDocument();
    // Under the name on laptops, in its own column on wide screens.
    expect(within(row).getAllByText('asha.patel@example.edu')).toHaveLength(2);
    expect(within(row).getByText('B.Tech / CSE / A')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toHaveClass('text-green-700');
    expect(screen.getByText('Suspended')).toHaveClass('text-red-700');
    expect(screen.getByText('1 to 2 of 2 students')).toBeInTheDocument();
    expect(requests[0]?.params).toEqual({ page: 1, limit: 10 });
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute(
      'href',
      '/admin/student/create-student',
    );
    expect(screen.getByRole('link', { name: 'View Asha Patel' })).toHaveAttribute(
      'href',
      `/admin/student/${asha._id}`,
    );
  });

  it('pages through the list and keeps the page in the address', async () => {
    const requests = fakeAdminApi({
      'GET /admin/get-all-student': (request) =>
        listAnswer([request.params?.page === 1 ? asha : ravi], Number(request.params?.page), 12),
    });
    const { router } = renderList();

    expect(await screen.findByText('1 to 10 of 12 students')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('11 to 12 of 12 students')).toBeInTheDocument();
    expect(screen.getByText('Ravi Kumar')).toBeInTheDocument();
    expect(requests.at(-1)?.params).toEqual({ page: 2, limit: 10 });
    expect(router.state.location.search).toBe('?page=2');
  });

  it('shows the empty state when there are no students', async () => {
    fakeAdminApi({ 'GET /admin/get-all-student': listAnswer([]) });
    renderList();

    expect(await screen.findByText('No students found')).toBeInTheDocument();
    expect(
      screen.getByText('Create the first student with the Create button.'),
    ).toBeInTheDocument();
  });

  it("shows a red banner with 'Failed to fetch students' and the server's message", async () => {
    fakeAdminApi({
      'GET /admin/get-all-student': {
        status: 403,
        data: { success: false, message: 'Admins only' },
      },
    });
    renderList();

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to fetch students');
    expect(banner).toHaveTextContent('Admins only');
    expect(screen.queryByText('No students found')).not.toBeInTheDocument();
  });

  it('asks before deleting, shows the deletion running, then toasts and refreshes the list', async () => {
    const success = vi.spyOn(toast, 'success');
    let answer: (value: { status: number; data: unknown }) => void = () => {};
    let deleted = false;
    fakeAdminApi({
      'GET /admin/get-all-student': () => listAnswer(deleted ? [ravi] : [asha, ravi]),
      [`DELETE /admin/delete-student/${asha._id}`]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderList();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Asha Patel' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Student' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Asha Patel?');
    expect(dialog).toHaveTextContent('This action cannot be undone');
    expect(dialog).toHaveTextContent('permanently removes the account and all associated data');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const busy = within(dialog).getByRole('button', { name: 'Deleting...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();

    deleted = true;
    answer({ status: 200, data: { success: true, message: 'Student deleted successfully' } });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Student deleted successfully');
    expect(screen.queryByText('Asha Patel')).not.toBeInTheDocument();
    expect(screen.getByText('1 to 1 of 1 students')).toBeInTheDocument();
  });

  it('steps back a page when the last student of a page is deleted', async () => {
    let deleted = false;
    fakeAdminApi({
      'GET /admin/get-all-student': (request) =>
        request.params?.page === 2
          ? listAnswer(deleted ? [] : [ravi], 2, deleted ? 10 : 11)
          : listAnswer([asha], 1, deleted ? 10 : 11),
      [`DELETE /admin/delete-student/${ravi._id}`]: {
        status: 200,
        data: { success: true, message: 'Student deleted successfully' },
      },
    });
    const { router } = renderList('/admin/student?page=2');

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Ravi Kumar' }));
    deleted = true;
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Asha Patel')).toBeInTheDocument();
  });

  it.each([
    {
      answer: { status: 409, data: { success: false, message: 'Student has exam results' } },
      toast: 'Student has exam results',
    },
    { answer: { status: 502, data: 'Bad Gateway' }, toast: 'Failed to delete student' },
  ])(
    'toasts $toast when the deletion fails and keeps the dialog open',
    async ({ answer, toast: text }) => {
      const error = vi.spyOn(toast, 'error');
      fakeAdminApi({
        'GET /admin/get-all-student': listAnswer(),
        [`DELETE /admin/delete-student/${asha._id}`]: answer,
      });
      renderList();

      await userEvent.click(await screen.findByRole('button', { name: 'Delete Asha Patel' }));
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

      await waitFor(() => expect(error).toHaveBeenCalledWith(text));
      expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
      await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByText('Asha Patel')).toBeInTheDocument();
    },
  );

  it('asks for the search, filters, sort and page size its address holds', async () => {
    const requests = fakeAdminApi({
      ...cascadeLookups(),
      'GET /admin/get-all-student': listAnswer(),
    });
    renderList(
      `/admin/student?search=ash&batch=${ids.batch1}&status=Inactive&sort=name&order=desc&limit=25&page=2`,
    );

    await screen.findByText('Asha Patel');
    expect(requests.find((request) => request.url === '/admin/get-all-student')?.params).toEqual({
      page: 2,
      limit: 25,
      search: 'ash',
      batch: ids.batch1,
      status: 'Inactive',
      sort: 'name',
      order: 'desc',
    });
    expect(screen.getByRole('searchbox', { name: 'Search students' })).toHaveValue('ash');
    expect(
      await screen.findByRole('option', { name: '2024-2028', selected: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
    expect(screen.getByRole('button', { name: 'Name, sorted descending' })).toBeInTheDocument();
  });

  it('exports every student of the search and filters, without the paging and sort', async () => {
    const saved = captureSavedFiles();
    const requests = fakeAdminApi({
      ...cascadeLookups(),
      'GET /admin/get-all-student': listAnswer(),
      'GET /admin/export/students': fileAnswer('email\r\n'),
    });
    renderList(`/admin/student?search=ash&batch=${ids.batch1}&sort=name&page=2&limit=25`);
    await screen.findByText('Asha Patel');

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['students.csv']));
    await userEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(saved).toHaveLength(2));

    const exports = requests.filter((request) => request.url === '/admin/export/students');
    expect(exports.map((request) => request.params)).toEqual([
      { search: 'ash', batch: ids.batch1, format: 'csv' },
      { search: 'ash', batch: ids.batch1, format: 'xlsx' },
    ]);
    expect(saved[1]?.name).toBe('students.xlsx');
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      '/admin/student/import',
    );
  });

  it("says why an export failed, in the server's words", async () => {
    captureSavedFiles();
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({
      'GET /admin/get-all-student': listAnswer(),
      'GET /admin/export/students': {
        status: 400,
        data: {
          success: false,
          message: 'Validation failed',
          errors: { batch: 'Batch not found' },
        },
      },
    });
    renderList();
    await screen.findByText('Asha Patel');

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Validation failed'));
  });

  it('keeps each new search, filter, sort and page size in the address, from the first page', async () => {
    fakeAdminApi({ ...cascadeLookups(), 'GET /admin/get-all-student': listAnswer() });
    const { router } = renderList('/admin/student?page=3');
    await screen.findByText('Asha Patel');
    const address = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search students' }), 'ravi{Enter}');
    await waitFor(() => expect(address()).toEqual({ search: 'ravi' }));

    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Batch' }),
      '2024-2028',
    );
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Course' }),
      ids.course1,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
    expect(address()).toEqual({
      search: 'ravi',
      batch: ids.batch1,
      course: ids.course1,
      status: 'Active',
    });
    // A new batch empties the course chosen under the old one.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Batch' }), '2025-2029');
    expect(address()).toMatchObject({ batch: ids.batch2 });
    expect(address().course).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Roll Number, sort' }));
    expect(address()).toMatchObject({ sort: 'rollNumber', order: 'asc' });
    await userEvent.click(screen.getByRole('button', { name: 'Roll Number, sorted ascending' }));
    expect(address()).toMatchObject({ sort: 'rollNumber', order: 'desc' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(address()).toMatchObject({ limit: '50' });
  });
});
