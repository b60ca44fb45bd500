import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { formatDateTime } from '@/lib/format';
import { plural } from '@/lib/plural';
import type { StoredDraft } from './draft-storage';

interface DraftOfferProps {
  draft: StoredDraft;
  onResume: () => void;
  onDiscard: () => void;
}

/** Offers the exam kept on this device before a new one is started over it. */
export function DraftOffer({ draft, onResume, onDiscard }: DraftOfferProps) {
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const { values } = draft;
  const questions = values.questions.reduce((total, list) => total + list.length, 0);
  const title = values.examTitle.trim() || 'Untitled exam';

  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <History aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Continue your unsaved exam?
          </h2>
          <p className="text-sm text-slate-600">
            {`“${title}” was kept on this device, last changed ${formatDateTime(draft.savedAt)}: ${plural(values.examSections.length, 'section')} and ${plural(questions, 'question')}.`}
          </p>
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Discard
        </Button>
        <Button onClick={onResume}>Resume</Button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Discard the unsaved exam?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={onDiscard}>
              Discard exam
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          Everything typed into it is deleted from this device. This cannot be undone.
        </p>
      </Modal>
    </section>
  );
}
