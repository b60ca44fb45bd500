import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { makeBatch } from '@/test/master-data-fixtures';
import { CreateBatchForm } from './create-batch-form';

function renderForm() {
  const onSuccess = vi.fn();
  const onCancel = vi.fn();
  renderPage(<CreateBatchForm onSuccess={onSuccess} onCancel={onCancel} />);
  return { onSuccess, onCancel };
}

async function fillAndSubmit(startYear = '2024', endYear = '2028') {
  await userEvent.type(screen.getByLabelText('Start Year'), startYear);
  await userEvent.type(screen.getByLabelText('End Year'), endYear);
  await userEvent.click(screen.getByRole('button', { name: 'Create Batch' }));
}

describe('CreateBatchForm', () => {
  it('shows a validation message only once the field has been touched', async () => {
    renderForm();
    const startYear = screen.getByLabelText('Start Year');

    await userEvent.type(startYear, '1999');
    expect(screen.queryByText('Start year must be at least 2000')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText('Start year must be at least 2000')).toBeInTheDocument();
    expect(startYear).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('End year is required')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('End Year'), '1998');
    await userEvent.tab();
    expect(screen.getByText('End year must be at least 2000')).toBeInTheDocument();
  });

  it('validates every field when submitted untouched, without calling the server', async () => {
    const requests = fakeAdminApi({});
    renderForm();

    await userEvent.click(screen.getByRole('button', { name: 'Create Batch' }));

    expect(await screen.findByText('Start year is required')).toBeInTheDocument();
    expect(screen.getByText('End year is required')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends the years as numbers, toasts success and calls onSuccess', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = fakeAdminApi({
      'POST /admin/create-batch': ok(makeBatch(), 201),
    });
    const { onSuccess } = renderForm();

    await fillAndSubmit();

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(requests[0]?.data).toEqual({ startYear: 2024, endYear: 2028 });
    expect(success).toHaveBeenCalledWith('Batch created successfully!');
  });

  it('shows a spinner and blocks the button while submitting', async () => {
    let answer: (value: { status: number; data: unknown }) => void = () => {};
    const requests = fakeAdminApi({
      'POST /admin/create-batch': () => new Promise((resolve) => (answer = resolve)),
    });
    const { onSuccess } = renderForm();

    await fillAndSubmit();

    const submit = screen.getByRole('button', { name: 'Create Batch' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(requests).toHaveLength(1));
    answer(ok(makeBatch(), 201));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
  });

  it('puts the server field errors under their fields', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({
      'POST /admin/create-batch': {
        status: 400,
        data: {
          success: false,
          message: 'Please correct the highlighted fields',
          errors: { endYear: 'Batch duration must be between 1 and 10 years' },
        },
      },
    });
    const { onSuccess } = renderForm();

    await fillAndSubmit();

    expect(
      await screen.findByText('Batch duration must be between 1 and 10 years'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('End Year')).toHaveAttribute('aria-invalid', 'true');
    expect(error).toHaveBeenCalledWith('Please correct the highlighted fields');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("toasts a duplicate's message and keeps it under the start year", async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({
      'POST /admin/create-batch': {
        status: 409,
        data: { success: false, message: 'Batch 2024-2028 already exists' },
      },
    });
    renderForm();

    await fillAndSubmit();

    await waitFor(() => expect(error).toHaveBeenCalledWith('Batch 2024-2028 already exists'));
    expect(screen.getByText('Batch 2024-2028 already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Start Year')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Start Year')).toHaveAccessibleDescription(
      'Batch 2024-2028 already exists',
    );
    expect(screen.getByRole('button', { name: 'Create Batch' })).toBeEnabled();
  });

  it("falls back to 'Error creating batch' when the server sends no message", async () => {
    const error = vi.spyOn(toast, 'error');
    fakeAdminApi({ 'POST /admin/create-batch': { status: 502, data: 'Bad Gateway' } });
    const { onSuccess } = renderForm();

    await fillAndSubmit();

    await waitFor(() => expect(error).toHaveBeenCalledWith('Error creating batch'));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('cancels', async () => {
    const { onCancel } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
