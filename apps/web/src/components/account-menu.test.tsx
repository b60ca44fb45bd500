import { EXAM_REMINDERS_LABEL } from '@examiq/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage } from '@/test/admin-api';
import { AccountMenu } from './account-menu';

const EMAIL = 'asha.rao@example.edu';

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: `${EMAIL}: account menu` }));
}

describe('AccountMenu', () => {
  it('offers a student Email reminders, which turns their reminders off', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = fakeAdminApi({
      'GET /student/get-email-preferences': ok({ examReminders: true }),
      'PUT /student/update-email-preferences': {
        status: 200,
        data: {
          success: true,
          message: 'Email preferences saved',
          data: { examReminders: false },
        },
      },
    });
    renderPage(<AccountMenu email={EMAIL} userRole="student" />, '/student');
    await openMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Email reminders' }));
    const reminders = await screen.findByRole('checkbox', { name: EXAM_REMINDERS_LABEL });
    expect(reminders).toBeChecked();
    await userEvent.click(reminders);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Email preferences saved'));
    expect(requests.find((request) => request.method === 'PUT')?.data).toEqual({
      examReminders: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each(['admin', 'faculty'] as const)('offers a %s no reminders to choose', async (role) => {
    fakeAdminApi({});
    renderPage(<AccountMenu email={EMAIL} userRole={role} />, '/');
    await openMenu();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email reminders' })).not.toBeInTheDocument();
  });
});
