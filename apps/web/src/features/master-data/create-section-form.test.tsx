import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { ids, makeBatch, makeBranch, makeCourse, makeSection } from '@/test/master-data-fixtures';
import { CreateSectionForm } from './create-section-form';

function renderForm(
  branchLookup: () => { status: number; data: unknown } = () => ok([makeBranch()]),
) {
  const onSuccess = vi.fn();
  const requests = fakeAdminApi({
    'GET /admin/get-batches': ok([
      makeBatch(),
      makeBatch({ _id: ids.batch2, name: '2025-2029', startYear: 2025, endYear: 2029 }),
    ]),
    'GET /admin/get-courses-by-batch': (request) =>
      ok([
        makeCourse({ batchId: String(request.params?.batchId) }),
        makeCourse({
          _id: ids.course2,
          batchId: String(request.params?.batchId),
          name: 'M.Tech',
          fullName: 'Master of Technology',
        }),
      ]),
    'GET /admin/get-branches-by-course': branchLookup,
    'POST /admin/create-section': ok(makeSection(), 201),
  });
  renderPage(<CreateSectionForm onSuccess={onSuccess} onCancel={vi.fn()} />);
  return { onSuccess, requests };
}

function optionLabels(select: HTMLElement) {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

async function choose(label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  await waitFor(() => expect(select).toBeEnabled());
  await userEvent.selectOptions(select, option);
}

describe('CreateSectionForm', () => {
  it('enables each level once the previous one is chosen', async () => {
    const { requests } = renderForm();
    const course = screen.getByRole('combobox', { name: 'Course' });
    const branch = screen.getByRole('combobox', { name: 'Branch' });
    expect(course).toBeDisabled();
    expect(branch).toBeDisabled();
    expect(optionLabels(branch)).toEqual(['Select a course first']);

    await choose('Batch', '2024-2028');
    await waitFor(() => expect(course).toBeEnabled());
    expect(branch).toBeDisabled();

    await choose('Course', 'Bachelor of Technology');
    await waitFor(() => expect(branch).toBeEnabled());
    expect(optionLabels(branch)).toEqual(['Select a branch', 'Computer Science (CSE)']);
    expect(requests.at(-1)?.params).toEqual({ courseId: ids.course1 });
  });

  it('clears course and branch when the batch changes, and the branch when the course changes', async () => {
    renderForm();
    const course = screen.getByRole('combobox', { name: 'Course' });
    const branch = screen.getByRole('combobox', { name: 'Branch' });
    await choose('Batch', '2024-2028');
    await choose('Course', 'Bachelor of Technology');
    await choose('Branch', 'Computer Science (CSE)');
    expect(branch).toHaveValue(ids.branch1);

    await choose('Batch', '2025-2029');

    expect(course).toHaveValue('');
    expect(branch).toHaveValue('');
    expect(branch).toBeDisabled();

    await choose('Course', 'Bachelor of Technology');
    await choose('Branch', 'Computer Science (CSE)');
    await choose('Course', 'Master of Technology');

    await waitFor(() => expect(branch).toBeEnabled());
    expect(branch).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Create Section' }));
    expect(await screen.findByText('Branch is required')).toBeInTheDocument();
  });

  it('creates the section in the chosen branch', async () => {
    const success = vi.spyOn(toast, 'success');
    const { onSuccess, requests } = renderForm();
    await choose('Batch', '2024-2028');
    await choose('Course', 'Bachelor of Technology');
    await choose('Branch', 'Computer Science (CSE)');
    await userEvent.type(screen.getByLabelText('Section Name'), 'A');
    await userEvent.type(screen.getByLabelText('Capacity'), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Create Section' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.data).toEqual({
      branchId: ids.branch1,
      name: 'A',
      capacity: 60,
    });
    expect(success).toHaveBeenCalledWith('Section created successfully!');
  });

  it('asks for the branch when submitted without one', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Section' }));

    expect(await screen.findByText('Branch is required')).toBeInTheDocument();
    expect(screen.getByText('Section name is required')).toBeInTheDocument();
    expect(screen.getByText('Capacity is required')).toBeInTheDocument();
  });

  it("toasts 'Failed to load branches' when the branch lookup fails", async () => {
    const error = vi.spyOn(toast, 'error');
    renderForm(() => ({ status: 404, data: { success: false, message: 'Course not found' } }));

    await choose('Batch', '2024-2028');
    await choose('Course', 'Bachelor of Technology');

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load branches'));
    expect(screen.getByRole('combobox', { name: 'Branch' })).toBeDisabled();
  });
});
