import {
  ALWAYS_REQUIRED_NOTE,
  DEFAULT_INSTITUTION_SETTINGS,
  EMAIL_SETTINGS,
  FACULTY_PROFILE_FIELDS,
  STUDENT_PROFILE_FIELDS,
} from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, renderPage, settingsAnswer } from '@/test/admin-api';
import SettingsPage from './settings-page';

const defaults = settingsAnswer();

function renderSettings(put: Parameters<typeof fakeAdminApi>[0][string]) {
  const requests = fakeAdminApi({ 'GET /admin/settings': defaults, 'PUT /admin/settings': put });
  renderPage(<SettingsPage />, '/admin/settings');
  return requests;
}

const field = () => screen.findByLabelText('Maximum exam duration (minutes)');
const absentAsZero = () =>
  screen.getByRole('checkbox', { name: 'Count absent students as 0 marks' });
const puts = (requests: { method: string; data?: unknown }[]) =>
  requests.filter((r) => r.method === 'PUT');

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
          settings: {
            ...DEFAULT_INSTITUTION_SETTINGS,
            maxExamDurationMinutes: 180,
            countAbsentAsZero: true,
          },
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
      data: {
        ...DEFAULT_INSTITUTION_SETTINGS,
        maxExamDurationMinutes: 180,
        countAbsentAsZero: true,
      },
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

describe('SettingsPage required profile fields', () => {
  const studentGroup = () => screen.getByRole('group', { name: 'Required for students' });

  it('ticks every field by default and says what is always required', async () => {
    renderSettings(defaults);
    await field();
    const boxes = within(studentGroup()).getAllByRole('checkbox');
    expect(boxes).toHaveLength(STUDENT_PROFILE_FIELDS.length);
    for (const box of boxes) expect(box).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: 'Required for faculty' })).getAllByRole('checkbox'),
    ).toHaveLength(FACULTY_PROFILE_FIELDS.length);
    expect(screen.getByText(new RegExp(ALWAYS_REQUIRED_NOTE))).toBeInTheDocument();
  });

  it('sends the fields left ticked, from the keyboard', async () => {
    const requests = renderSettings(defaults);
    await field();
    const religion = within(studentGroup()).getByRole('checkbox', { name: 'Religion' });
    religion.focus();
    await userEvent.keyboard(' ');
    expect(religion).not.toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    const sent = puts(requests)[0]?.data as { requiredStudentFields: string[] };
    expect(sent.requiredStudentFields).toEqual(
      STUDENT_PROFILE_FIELDS.map(({ key }) => key).filter((key) => key !== 'personalInfo.religion'),
    );
  });

  it('sends each exam message on by default and one switched off, from the keyboard', async () => {
    const requests = renderSettings(defaults);
    await field();
    const email = screen.getByRole('region', { name: 'Email' });
    for (const label of Object.values(EMAIL_SETTINGS)) {
      expect(within(email).getByRole('checkbox', { name: label })).toBeChecked();
    }
    const reminders = within(email).getByRole('checkbox', {
      name: EMAIL_SETTINGS.examReminderEmails,
    });
    reminders.focus();
    await userEvent.keyboard(' ');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.data).toMatchObject({
      examScheduledEmails: true,
      examReminderEmails: false,
      resultsPublishedEmails: true,
    });
  });

  it('has the switches of invitations and password resets under Email, and sends them off', async () => {
    const requests = renderSettings(defaults);
    await field();
    const email = screen.getByRole('region', { name: 'Email' });
    const invitations = within(email).getByRole('checkbox', {
      name: 'Offer email invitations instead of default passwords',
    });
    const resets = within(email).getByRole('checkbox', {
      name: 'Email a reset link to people who forgot their password',
    });
    expect(invitations).toBeChecked();
    expect(resets).toBeChecked();
    expect(resets).toHaveAccessibleDescription(
      /An institution whose people sign in through its own provider may turn it off/,
    );
    expect(email).not.toHaveTextContent(/always sent/);
    await userEvent.click(invitations);
    await userEvent.click(resets);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(puts(requests)[0]?.data).toMatchObject({
      invitationEmails: false,
      passwordResetEmails: false,
      examScheduledEmails: true,
    });
  });
});
