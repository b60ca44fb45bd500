import { Button } from './button';
import { Modal } from './modal';

interface InvitationSentDialogProps {
  /** Who was invited; the dialog is closed while there is nobody. */
  invited: { name: string; email: string } | null;
  /** 'Student Created'. */
  title: string;
  onClose: () => void;
}

/** Says that the new account's set-password link was emailed: there is no password to hand over. */
export function InvitationSentDialog({ invited, title, onClose }: InvitationSentDialogProps) {
  return (
    <Modal
      open={invited !== null}
      onClose={onClose}
      title={title}
      size="sm"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="space-y-3 text-sm text-slate-600">
        <p>
          An invitation was emailed to <strong className="text-slate-900">{invited?.email}</strong>.{' '}
          {invited?.name} sets a password with its link, which works once within 7 days.
        </p>
        <p>
          Without a mail server the message waits in the Outbox. If the link expires, use Resend
          Invitation on the person's page.
        </p>
      </div>
    </Modal>
  );
}
