import type { StudentSection } from '@examiq/contracts';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { plural } from '@/lib/plural';

interface SubmitDialogProps {
  open: boolean;
  answered: number;
  total: number;
  /** The unanswered questions, numbered within their sections. */
  unanswered: readonly { section: StudentSection; numbers: number[] }[];
  /** Files chosen but not uploaded yet: submitting now leaves them out. */
  waitingFiles: number;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before the exam is submitted for good, naming every question left unanswered. */
export function SubmitDialog({
  open,
  answered,
  total,
  unanswered,
  waitingFiles,
  submitting,
  onConfirm,
  onClose,
}: SubmitDialogProps) {
  // Closing while the call runs would hide whether the exam was submitted.
  const close = submitting ? () => {} : onClose;

  return (
    <Modal
      open={open}
      onClose={close}
      title="Submit exam?"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={submitting}>
            Keep working
          </Button>
          <Button onClick={onConfirm} loading={submitting}>
            {submitting ? 'Submitting…' : 'Submit exam'}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-600">
        <p>
          {`You have answered ${answered} of ${plural(total, 'question')}. Once submitted, your answers cannot be changed.`}
        </p>
        {unanswered.length > 0 && (
          <div className="rounded-lg border border-amber-200 bg-amber-50 p-3">
            <p className="flex items-center gap-2 font-semibold text-amber-900">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              {`${plural(total - answered, 'question')} not answered`}
            </p>
            <ul className="mt-2 space-y-1 text-amber-900">
              {unanswered.map(({ section, numbers }) => (
                <li key={section._id}>
                  <span className="font-medium">{section.name}</span>
                  {`: ${numbers.length === 1 ? 'question' : 'questions'} ${numbers.join(', ')}`}
                </li>
              ))}
            </ul>
          </div>
        )}
        {waitingFiles > 0 && (
          <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 font-medium text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {`${plural(waitingFiles, 'file')} not uploaded yet: submitting now leaves ${waitingFiles === 1 ? 'it' : 'them'} out of your answers.`}
          </p>
        )}
      </div>
    </Modal>
  );
}
