import { PEOPLE_MESSAGES } from '@examiq/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { KeyRound, Mail, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  useResendInvitation,
  useResetPassword,
  useSetAccountStatus,
} from '@/lib/accounts/account-actions';
import { getErrorMessage } from '@/lib/api-client';
import { useOffersInvitation } from '@/lib/institution-settings';
import { Button } from './button';
import { DefaultPasswordDialog } from './default-password-dialog';
import { Modal } from './modal';

interface AccountActionsProps {
  account: { _id: string; isActive: boolean; lastLogin?: string | null };
  /** The person's name, as the dialogs address them. */
  name: string;
  /** The query key of the lists and details that show the account's status. */
  records: QueryKey;
}

type Pending = 'reset' | 'status' | 'invite' | null;

/**
 * Reset Password and Deactivate/Reactivate, each confirmed first, for one person's account; and
 * Resend Invitation while an active account has never signed in and the institution offers
 * invitations (the server answers 409 with the reason when it has no pending invitation, or when
 * invitations are switched off).
 */
export function AccountActions({ account, name, records }: AccountActionsProps) {
  const [pending, setPending] = useState<Pending>(null);
  const [password, setPassword] = useState<string | null>(null);
  const resetPassword = useResetPassword();
  const setStatus = useSetAccountStatus(records);
  const resendInvitation = useResendInvitation();
  const busy = resetPassword.isPending || setStatus.isPending || resendInvitation.isPending;
  const neverSignedIn = account.isActive && account.lastLogin === null;
  // The settings are read only for an account that could be invited, and the button waits for
  // them: with invitations switched off, a resend would only be refused.
  const mayInvite = useOffersInvitation({ enabled: neverSignedIn }) && neverSignedIn;
  const deactivating = account.isActive;

  async function confirm() {
    try {
      if (pending === 'reset') {
        const reset = await resetPassword.mutateAsync(account._id);
        setPassword(reset.defaultPassword);
      } else if (pending === 'invite') {
        toast.success(
          (await resendInvitation.mutateAsync(account._id)) ?? PEOPLE_MESSAGES.invitationResent,
        );
      } else {
        toast.success(
          await setStatus.mutateAsync({ userId: account._id, isActive: !account.isActive }),
        );
      }
    } catch (error) {
      const fallback =
        pending === 'reset'
          ? PEOPLE_MESSAGES.resetPasswordFailed
          : pending === 'invite'
            ? PEOPLE_MESSAGES.resendInvitationFailed
            : PEOPLE_MESSAGES.accountStatusFailed;
      toast.error(getErrorMessage(error, fallback));
    }
    setPending(null);
  }

  const close = busy ? () => {} : () => setPending(null);
  const confirmation =
    pending === 'reset'
      ? {
          title: 'Reset Password',
          text: `${name} gets a new default password, shown once, to change at the next sign-in. Every session of the account ends now.`,
          label: 'Reset Password',
        }
      : pending === 'invite'
        ? {
            title: 'Resend Invitation',
            text: `${name} is emailed a new link to set a password, working once within 7 days. Earlier invitation links stop working.`,
            label: 'Resend Invitation',
          }
        : deactivating
          ? {
              title: 'Deactivate Account',
              text: `${name} is signed out everywhere now and cannot sign in until the account is reactivated.`,
              label: 'Deactivate',
            }
          : {
              title: 'Reactivate Account',
              text: `${name} can sign in again with their password.`,
              label: 'Reactivate',
            };

  return (
    <>
      {mayInvite && (
        <Button variant="secondary" onClick={() => setPending('invite')}>
          <Mail aria-hidden="true" className="size-4" />
          Resend Invitation
        </Button>
      )}
      <Button variant="secondary" onClick={() => setPending('reset')}>
        <KeyRound aria-hidden="true" className="size-4" />
        Reset Password
      </Button>
      <Button variant={deactivating ? 'danger' : 'secondary'} onClick={() => setPending('status')}>
        {deactivating ? (
          <UserX aria-hidden="true" className="size-4" />
        ) : (
          <UserCheck aria-hidden="true" className="size-4" />
        )}
        {deactivating ? 'Deactivate' : 'Reactivate'}
      </Button>
      <Modal
        open={pending !== null}
        onClose={close}
        title={confirmation.title}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant={pending === 'status' && deactivating ? 'danger' : 'primary'}
              onClick={confirm}
              loading={busy}
            >
              {confirmation.label}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">{confirmation.text}</p>
      </Modal>
      <DefaultPasswordDialog
        password={password}
        name={name}
        title="Password Reset"
        onClose={() => setPassword(null)}
      />
    </>
  );
}
