import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { ids, makeBatch, makeCourse } from '@/test/master-data-fixtures';
import { CreateCourseForm } from './create-course-form';

function renderForm() {
  const onSuccess = vi.fn();
  renderPage(<CreateCourseForm onSuccess={onSuccess} onCancel={vi.fn()} />);
  return { onSuccess };
}

function optionLabels(select: HTMLElement) {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('CreateCourseForm', () => {
  it('offers the batches by name and the course types by label', async () => {
    fakeAdminApi({
      'GET /admin/get-batches': ok([
        makeBatch(),
        makeBatch({ _id: ids.batch2, name: '2025-2029', startYear: 2025, endYear: 2029 }),
      ]),
    });
    renderForm();

    const batch = screen.getByRole('combobox', { name: 'Batch' });
    expect(optionLabels(batch)).toEqual(['Loading...']);
    await waitFor(() => expect(batch).toBeEnabled());
    expect(optionLabels(batch)).toEqual(['Select a batch', '2024-2028', '2025-2029']);
    expect(optionLabels(screen.getByRole('combobox', { name: 'Course Type' }))).toEqual([
      'Select a course type',
      'Undergraduate',
      'Postgraduate',
      'Diploma',
      'Ph.D.',
      'M.Phil',
    ]);
    expect(screen.getByLabelText('Duration (Years)')).toHaveAttribute('step', '0.5');
  });

  it('creates the course with numbers where numbers are due', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = fakeAdminApi({
      'GET /admin/get-batches': ok([makeBatch()]),
      'POST /admin/create-course': ok(makeCourse(), 201),
    });
    const { onSuccess } = renderForm();

    const batch = screen.getByRole('combobox', { name: 'Batch' });
    await waitFor(() => expect(batch).toBeEnabled());
    await userEvent.selectOptions(batch, '2024-2028');
    await userEvent.type(screen.getByLabelText('Course Name'), 'B.Tech');
    await userEvent.type(screen.getByLabelText('Full Name'), 'Bachelor of Technology');
    await userEvent.type(screen.getByLabelText('Total Semesters'), '8');
    await userEvent.type(screen.getByLabelText('Duration (Years)'), '4');
    await userEvent.selectOptions(screen.getByLabelText('Course Type'), 'Undergraduate');
    await userEvent.click(screen.getByRole('button', { name: 'Create Course' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.data).toEqual({
      batchId: ids.batch1,
      name: 'B.Tech',
      fullName: 'Bachelor of Technology',
      totalSemesters: 8,
      durationYears: 4,
      courseType: 'UG',
    });
    expect(success).toHaveBeenCalledWith('Course created successfully!');
  });

  it('asks for the batch and the course type when submitted without them', async () => {
    const requests = fakeAdminApi({ 'GET /admin/get-batches': ok([makeBatch()]) });
    renderForm();

    await userEvent.click(screen.getByRole('button', { name: 'Create Course' }));

    expect(await screen.findByText('Batch is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a valid course type')).toBeInTheDocument();
    expect(screen.getByText('Course name is required')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("toasts 'Failed to load batches' when the batch lookup fails", async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({ 'GET /admin/get-batches': { status: 403, data: { success: false } } });
    renderForm();

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load batches'));
    expect(screen.getByRole('combobox', { name: 'Batch' })).toBeDisabled();
  });

  it("toasts 'Failed to load batches' when the answer has no success flag or data", async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({ 'GET /admin/get-batches': { status: 200, data: { batches: [] } } });
    renderForm();

    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load batches'));
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("falls back to 'Error creating course' when the server sends no message", async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({
      'GET /admin/get-batches': ok([makeBatch()]),
      'POST /admin/create-course': { status: 500, data: '' },
    });
    renderForm();

    const batch = screen.getByRole('combobox', { name: 'Batch' });
    await waitFor(() => expect(batch).toBeEnabled());
    await userEvent.selectOptions(batch, '2024-2028');
    await userEvent.type(screen.getByLabelText('Course Name'), 'BSc');
    await userEvent.type(screen.getByLabelText('Full Name'), 'Bachelor of Science');
    await userEvent.type(screen.getByLabelText('Total Semesters'), '6');
    await userEvent.type(screen.getByLabelText('Duration (Years)'), '3');
    await userEvent.selectOptions(screen.getByLabelText('Course Type'), 'Undergraduate');
    await userEvent.click(screen.getByRole('button', { name: 'Create Course' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith('Error creating course'));
  });
});
