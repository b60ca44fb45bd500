import { PEOPLE_MESSAGES } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makeFaculty, makePagination } from '@/test/people-fixtures';
import { captureSavedFiles, fileAnswer } from '@/test/saved-files';
import FacultyPage from './faculty-page';

const vikram = makeFaculty();
const facets = {
  departments: ['Computer Science', 'Physics'],
  designations: ['Associate Professor', 'Professor'],
};
const listAnswer = (faculty = [vikram], pagination = makePagination(1, faculty.length)) =>
  ok({ faculty, pagination, facets });

function renderList(entry = '/admin/faculty') {
  return renderPage(<FacultyPage />, '/admin/faculty', [], entry);
}

describe('FacultyPage', () => {
  it('lists the faculty with their department, designation, status and the footer', async () => {
    const requests = fakeAdminApi({
      'GET /admin/get-all-faculty': listAnswer([vikram], makePagination(2, 11)),
    });
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'All Faculty' })).toBeInTheDocument();
    const row = (await screen.findByText('Vikram Rao')).closest('tr') as HTMLElement;
    expect(within(row).getByText('FAC-0001')).toBeInTheDocument();
    expect(within(row).getByText('EMP-1042')).toBeInTheDocument();
    // Email and department join other cells on laptops and have their own columns on wide screens.
    expect(within(row).getAllByText('vikram.rao@example.edu')).toHaveLength(2);
    expect(within(row).getAllByText('Computer Science')).toHaveLength(2);
    expect(within(row).getByText('Associate Professor')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toHaveClass('text-green-700');
    expect(screen.getByText('11 to 11 of 11 faculty')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(requests[0]?.params).toEqual({ page: 1, limit: 10 });
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute(
      'href',
      '/admin/faculty/create-faculty',
    );
    expect(screen.getByRole('link', { name: 'View Vikram Rao' })).toHaveAttribute(
      'href',
      `/admin/faculty/${vikram._id}`,
    );
  });

  it("shows a red banner with 'Failed to fetch faculty'", async () => {
    fakeAdminApi({ 'GET /admin/get-all-faculty': { status: 404, data: 'Not Found' } });
    renderList();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch faculty');
  });

  it('warns about courses, schedules and student assignments, then deletes', async () => {
    const success = vi.spyOn(toast, 'success');
    let deleted = false;
    fakeAdminApi({
      'GET /admin/get-all-faculty': () => listAnswer(deleted ? [] : [vikram]),
      [`DELETE /admin/delete-faculty/${vikram._id}`]: () => {
        deleted = true;
        return {
          status: 200,
          data: { success: true, message: 'Faculty member deleted successfully' },
        };
      },
    });
    renderList();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Vikram Rao' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Faculty Member' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Vikram Rao?');
    expect(dialog).toHaveTextContent('This action cannot be undone');
    expect(dialog).toHaveTextContent(
      'all associated data, including their courses, schedules and student assignments',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(success).toHaveBeenCalledWith('Faculty member deleted successfully');
    expect(await screen.findByText('No faculty found')).toBeInTheDocument();
  });

  it("toasts 'Failed to delete faculty member' when the deletion fails without a message", async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({
      'GET /admin/get-all-faculty': listAnswer(),
      [`DELETE /admin/delete-faculty/${vikram._id}`]: { status: 500, data: '' },
    });
    renderList();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Vikram Rao' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to delete faculty member'));
  });

  it('shows why the deletion was refused and keeps the faculty member listed', async () => {
    const error = vi.spyOn(toast, 'error');
    const refusal = PEOPLE_MESSAGES.facultySoleProctor(['Compilers final (EXM0007)']);
    fakeAdminApi({
      'GET /admin/get-all-faculty': listAnswer(),
      [`DELETE /admin/delete-faculty/${vikram._id}`]: {
        status: 409,
        data: { success: false, message: refusal },
      },
    });
    renderList();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Vikram Rao' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
    expect(screen.getByRole('button', { name: 'Delete Vikram Rao' })).toBeInTheDocument();
  });

  it('filters by the departments and designations on record, and keeps the view in the address', async () => {
    const requests = fakeAdminApi({ 'GET /admin/get-all-faculty': listAnswer() });
    const { router } = renderList('/admin/faculty?search=rao&sort=department&order=desc');
    await screen.findByText('Vikram Rao');
    expect(requests[0]?.params).toEqual({
      page: 1,
      limit: 10,
      search: 'rao',
      sort: 'department',
      order: 'desc',
    });
    const address = () => Object.fromEntries(new URLSearchParams(router.state.location.search));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'Physics');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Designation' }),
      'Professor',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Inactive');
    expect(address()).toEqual({
      search: 'rao',
      sort: 'department',
      order: 'desc',
      department: 'Physics',
      designation: 'Professor',
      status: 'Inactive',
    });
    await waitFor(() =>
      expect(requests.at(-1)?.params).toMatchObject({
        department: 'Physics',
        designation: 'Professor',
        status: 'Inactive',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Employee ID, sort' }));
    expect(address()).toMatchObject({ sort: 'employeeId', order: 'asc' });
  });

  it('exports every member of the search and filters, without the paging and sort', async () => {
    const saved = captureSavedFiles();
    const requests = fakeAdminApi({
      'GET /admin/get-all-faculty': listAnswer(),
      'GET /admin/export/faculty': fileAnswer('email\r\n'),
    });
    renderList('/admin/faculty?search=rao&department=Physics&sort=name&order=desc&limit=25');
    await screen.findByText('Vikram Rao');

    await userEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));

    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['faculty.xlsx']));
    expect(requests.find((request) => request.url === '/admin/export/faculty')?.params).toEqual({
      search: 'rao',
      department: 'Physics',
      format: 'xlsx',
    });
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      '/admin/faculty/import',
    );
  });
});
