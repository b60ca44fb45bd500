import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import SettingsPage from './settings-page';

const defaults = ok({
  settings: { maxExamDurationMinutes: 150, countAbsentAsZero: false },
  updatedAt: null,
  updatedBy: null,
});

function renderSettings(put: Parameters<typeof fakeAdminApi>[0][string]) {
  const requests = fakeAdminApi({ 'GET /admin/settings': defaults, 'PUT /admin/settings': put });
  renderPage(<SettingsPage />, '/admin/settings');
  return requests;
}

const field = () => screen.findByLabelText('Maximum exam duration (minutes)');
const absentAsZero = () =>
  screen.getByRole('checkbox', { name: 'Count absent students as 0 marks' });
const puts = (requests: { method: string }[]) => requests.filter((r) => r.method === 'PUT');

describe('SettingsPage', () => {
  it("shows the spec's rules before any save", async () => {
    renderSettings(defaults);
    expect(await field()).toHaveValue(150);
    expect(absentAsZero()).not.toBeChecked();
    expect(screen.getByText('150 minutes by default; up to 600')).toBeInTheDocument();
    expect(
      screen.getByText('No setting was changed yet: every rule is the default.'),
    ).toBeInTheDocument();
  });

  it('refuses a maximum out of bounds with its message, sending nothing', async () => {
    const requests = renderSettings(defaults);
    const input = await field();
    await userEvent.clear(input);
    await userEvent.type(input, '149');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Maximum exam duration must be at least 150 minutes'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(puts(requests)).toHaveLength(0);
  });

  it('saves the settings and says who saved them', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = renderSettings({
      status: 200,
      data: {
        success: true,
        message: 'Settings saved',
        data: {
          settings: { maxExamDurationMinutes: 180, countAbsentAsZero: true },
          updatedAt: '2026-11-28T09:30:00.000Z',
          updatedBy: 'registrar@example.edu',
        },
      },
    });
    const input = await field();
    await userEvent.clear(input);
    await userEvent.type(input, '180');
    await userEvent.click(absentAsZero());
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Settings saved'));
    expect(puts(requests)[0]).toMatchObject({
      data: { maxExamDurationMinutes: 180, countAbsentAsZero: true },
    });
    expect(
      await screen.findByText(/^Last saved .* by registrar@example\.edu\.$/),
    ).toBeInTheDocument();
    expect(input).toHaveValue(180);
    expect(absentAsZero()).toBeChecked();
  });

  it("shows the server's refusal under the field", async () => {
    const error = vi.spyOn(toast, 'error');
    renderSettings({
      status: 400,
      data: {
        success: false,
        message: 'Please correct the highlighted fields',
        errors: { maxExamDurationMinutes: 'Maximum exam duration cannot exceed 600 minutes' },
      },
    });
    await field();
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(
      await screen.findByText('Maximum exam duration cannot exceed 600 minutes'),
    ).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Please correct the highlighted fields');
  });
});
