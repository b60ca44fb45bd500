import { PEOPLE_MESSAGES } from '@examiq/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { fakeAdminApi, ok, renderPage, settingsAnswer } from '@/test/admin-api';
import { AccountActions } from './account-actions';

const userId = '30000000-0000-4000-8000-000000000001';

function renderActions(
  isActive: boolean,
  answers: Parameters<typeof fakeAdminApi>[0],
  lastLogin: string | null = '2026-01-05T09:00:00.000Z',
) {
  const requests = fakeAdminApi(answers);
  const { queryClient } = renderPage(
    <AccountActions
      account={{ _id: userId, isActive, lastLogin }}
      name="Asha Patel"
      records={['students']}
    />,
    '/admin/student/1',
  );
  return { requests, queryClient };
}

describe('AccountActions', () => {
  it('resends an invitation, after confirming, to an active account that never signed in while invitations are on', async () => {
    const success = vi.spyOn(toast, 'success');
    const { requests } = renderActions(
      true,
      {
        'POST /admin/resend-invitation': {
          status: 200,
          data: { success: true, message: PEOPLE_MESSAGES.invitationResent },
        },
      },
      null,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Invitation' }));
    const confirm = screen.getByRole('dialog', { name: 'Resend Invitation' });
    expect(confirm).toHaveTextContent('Earlier invitation links stop working.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Resend Invitation' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(PEOPLE_MESSAGES.invitationResent));
    expect(requests.find(({ method }) => method === 'POST')).toMatchObject({
      url: '/admin/resend-invitation',
      data: { userId },
    });
  });

  it('offers no invitation while the institution has invitations off', async () => {
    const { requests, queryClient } = renderActions(
      true,
      { 'GET /admin/settings': settingsAnswer({ invitationEmails: false }) },
      null,
    );
    await waitFor(() => expect(requests.some(({ url }) => url === '/admin/settings')).toBe(true));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Invitation' })).not.toBeInTheDocument();
  });

  it('offers no invitation to an account that has signed in', () => {
    renderActions(true, {});
    expect(screen.queryByRole('button', { name: 'Resend Invitation' })).not.toBeInTheDocument();
  });

  it('shows why the server refused to resend an invitation', async () => {
    const error = vi.spyOn(toast, 'error');
    renderActions(
      true,
      {
        'POST /admin/resend-invitation': {
          status: 409,
          data: { success: false, message: PEOPLE_MESSAGES.invitationNotPending },
        },
      },
      null,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Resend Invitation' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Resend Invitation' })).getByRole('button', {
        name: 'Resend Invitation',
      }),
    );
    await waitFor(() => expect(error).toHaveBeenCalledWith(PEOPLE_MESSAGES.invitationNotPending));
  });

  it('resets the password after confirming and shows it once with a Copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { requests } = renderActions(true, {
      'POST /admin/reset-password': ok({ defaultPassword: 'Xy7#pQ2r-New' }),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    const confirm = screen.getByRole('dialog', { name: 'Reset Password' });
    expect(confirm).toHaveTextContent('Every session of the account ends now.');
    expect(requests).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset Password' }));

    const shown = await screen.findByRole('dialog', { name: 'Password Reset' });
    expect(requests[0]).toMatchObject({ url: '/admin/reset-password', data: { userId } });
    expect(within(shown).getByLabelText('Default password')).toHaveValue('Xy7#pQ2r-New');
    await userEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Xy7#pQ2r-New');
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(shown).getByRole('status')).toHaveTextContent('Password copied to the clipboard');

    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Xy7#pQ2r-New')).not.toBeInTheDocument();
  });

  it('deactivates an active account after confirming, with the server’s message', async () => {
    const success = vi.spyOn(toast, 'success');
    const { requests } = renderActions(true, {
      'POST /admin/set-account-status': {
        status: 200,
        data: {
          success: true,
          message: PEOPLE_MESSAGES.accountDeactivated,
          data: { userId, isActive: false },
        },
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const confirm = screen.getByRole('dialog', { name: 'Deactivate Account' });
    expect(confirm).toHaveTextContent('cannot sign in until the account is reactivated');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(PEOPLE_MESSAGES.accountDeactivated));
    expect(requests[0]).toMatchObject({ data: { userId, isActive: false } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers Reactivate for an inactive account', async () => {
    const { requests } = renderActions(false, {
      'POST /admin/set-account-status': ok({ userId, isActive: true }),
    });
    expect(screen.queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reactivate' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Reactivate Account' })).getByRole('button', {
        name: 'Reactivate',
      }),
    );
    await waitFor(() => expect(requests[0]).toMatchObject({ data: { userId, isActive: true } }));
  });

  it('toasts a refusal and shows no password', async () => {
    const error = vi.spyOn(toast, 'error');
    renderActions(true, {
      'POST /admin/reset-password': {
        status: 409,
        data: { success: false, message: PEOPLE_MESSAGES.ownPasswordReset },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset Password' }),
    );
    await waitFor(() => expect(error).toHaveBeenCalledWith(PEOPLE_MESSAGES.ownPasswordReset));
    expect(screen.queryByRole('dialog', { name: 'Password Reset' })).not.toBeInTheDocument();
  });
});
