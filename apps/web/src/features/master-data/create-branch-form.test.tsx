import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { ids, makeBatch, makeBranch, makeCourse } from '@/test/master-data-fixtures';
import { CreateBranchForm } from './create-branch-form';

const batches = [
  makeBatch(),
  makeBatch({ _id: ids.batch2, name: '2025-2029', startYear: 2025, endYear: 2029 }),
];
const coursesByBatch: Record<string, unknown[]> = {
  [ids.batch1]: [makeCourse()],
  [ids.batch2]: [makeCourse({ _id: ids.course2, batchId: ids.batch2, name: 'MBA', fullName: '' })],
};

function renderForm() {
  const onSuccess = vi.fn();
  const requests = fakeAdminApi({
    'GET /admin/get-batches': ok(batches),
    'GET /admin/get-courses-by-batch': (request) =>
      ok(coursesByBatch[String(request.params?.batchId)]),
    'POST /admin/create-branch': ok(makeBranch(), 201),
  });
  renderPage(<CreateBranchForm onSuccess={onSuccess} onCancel={vi.fn()} />);
  return { onSuccess, requests };
}

function optionLabels(select: HTMLElement) {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

async function chooseBatch(name: string) {
  const batch = screen.getByRole('combobox', { name: 'Batch' });
  await waitFor(() => expect(batch).toBeEnabled());
  await userEvent.selectOptions(batch, name);
}

describe('CreateBranchForm', () => {
  it('keeps Course disabled until a batch is chosen, then offers its courses', async () => {
    const { requests } = renderForm();
    const course = screen.getByRole('combobox', { name: 'Course' });
    expect(course).toBeDisabled();
    expect(optionLabels(course)).toEqual(['Select a batch first']);

    await chooseBatch('2024-2028');

    await waitFor(() => expect(course).toBeEnabled());
    expect(optionLabels(course)).toEqual(['Select a course', 'Bachelor of Technology']);
    expect(requests.at(-1)?.params).toEqual({ batchId: ids.batch1 });
  });

  it('clears the chosen course when the batch changes, and labels a course without full name by its name', async () => {
    renderForm();
    const course = screen.getByRole('combobox', { name: 'Course' });
    await chooseBatch('2024-2028');
    await waitFor(() => expect(course).toBeEnabled());
    await userEvent.selectOptions(course, 'Bachelor of Technology');
    expect(course).toHaveValue(ids.course1);

    await chooseBatch('2025-2029');

    await waitFor(() => expect(optionLabels(course)).toEqual(['Select a course', 'MBA']));
    expect(course).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Create Branch' }));
    expect(await screen.findByText('Course is required')).toBeInTheDocument();
  });

  it('creates the branch under the chosen course, without the batch', async () => {
    const success = vi.spyOn(toast, 'success');
    const { onSuccess, requests } = renderForm();
    await chooseBatch('2024-2028');
    const course = screen.getByRole('combobox', { name: 'Course' });
    await waitFor(() => expect(course).toBeEnabled());
    await userEvent.selectOptions(course, 'Bachelor of Technology');
    await userEvent.type(screen.getByLabelText('Branch Name'), 'Computer Science');
    await userEvent.type(screen.getByLabelText('Branch Code'), 'CSE');
    await userEvent.click(screen.getByRole('button', { name: 'Create Branch' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.data).toEqual({
      courseId: ids.course1,
      name: 'Computer Science',
      code: 'CSE',
    });
    expect(success).toHaveBeenCalledWith('Branch created successfully!');
  });

  it('shows the code rule once the code field is left', async () => {
    renderForm();
    const code = screen.getByLabelText('Branch Code');

    await userEvent.type(code, 'cse');
    expect(
      screen.queryByText('Branch code can only contain uppercase letters and numbers'),
    ).not.toBeInTheDocument();
    await userEvent.tab();
    expect(
      screen.getByText('Branch code can only contain uppercase letters and numbers'),
    ).toBeInTheDocument();
  });

  it("toasts 'Failed to load courses' when the course lookup fails", async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({
      'GET /admin/get-batches': ok(batches),
      'GET /admin/get-courses-by-batch': { status: 200, data: { success: true } },
    });
    renderPage(<CreateBranchForm onSuccess={vi.fn()} onCancel={vi.fn()} />);

    await chooseBatch('2024-2028');

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load courses'));
  });
});
