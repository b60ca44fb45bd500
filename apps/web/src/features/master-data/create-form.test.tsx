import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { CreateForm } from './create-form';

describe('CreateForm', () => {
  it.each([
    ['batch', 'Create Batch'],
    ['course', 'Create Course'],
    ['branch', 'Create Branch'],
    ['section', 'Create Section'],
  ])('shows the %s form', (formType, submit) => {
    fakeAdminApi({ 'GET /admin/get-batches': ok([]) });
    renderPage(<CreateForm formType={formType} onSuccess={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('button', { name: submit })).toBeInTheDocument();
  });

  it("says 'Unknown form type' for any other type", () => {
    renderPage(<CreateForm formType="exam" onSuccess={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByText('Unknown form type')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
