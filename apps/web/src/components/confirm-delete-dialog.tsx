import { TriangleAlert } from 'lucide-react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDeleteDialogProps {
  /** The person to delete; the dialog is closed while there is none. */
  name: string | null;
  /** 'Delete Student', 'Delete Faculty'. */
  title: string;
  /** What else goes with the account, e.g. 'including their courses and schedules'. */
  consequence?: string;
  /** What deleting does, for a record that is not an account. */
  warning?: string;
  /** Why the server refused the delete; shown in place of the question, without Delete. */
  refusal?: string | null;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a person is deleted for good (spec section 4, delete dialogs). */
export function ConfirmDeleteDialog({
  name,
  title,
  consequence,
  warning,
  refusal,
  deleting,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  // Closing while the call runs would hide whether the deletion happened.
  const close = deleting ? () => {} : onClose;

  return (
    <Modal
      open={name !== null}
      onClose={close}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={deleting}>
            Cancel
          </Button>
          {!refusal && (
            <Button variant="danger" onClick={onConfirm} loading={deleting}>
              {deleting ? 'Deleting...' : 'Delete'}
            </Button>
          )}
        </>
      }
    >
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600">
          <TriangleAlert aria-hidden="true" className="size-5" />
        </span>
        <div className="space-y-2 text-sm text-slate-600">
          {refusal ? (
            <p role="alert" className="font-medium text-red-700">
              {`${name} cannot be deleted: ${refusal}.`}
            </p>
          ) : (
            <>
              <p>
                Are you sure you want to delete <strong className="text-slate-900">{name}</strong>?
              </p>
              <p>
                {warning ??
                  `This action cannot be undone. It permanently removes the account and all associated data${consequence ? `, ${consequence}` : ''}.`}
              </p>
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
