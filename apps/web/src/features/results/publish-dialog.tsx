import { RESULT_MESSAGES } from '@examiq/contracts';
import { Send } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { ErrorBanner } from '@/components/error-banner';
import { Modal } from '@/components/modal';
import { getErrorMessage } from '@/lib/api-client';
import { usePublishResults } from './api/publish-results';

const PUBLISH_FAILED = 'Failed to publish the results';

interface PublishDialogProps {
  /** The exam to publish the results of; the dialog is closed while there is none. */
  exam: { _id: string; examTitle: string } | null;
  onClose: () => void;
}

/** Asks before an exam's results go out to its students: publishing cannot be undone. */
export function PublishDialog({ exam, onClose }: PublishDialogProps) {
  const publish = usePublishResults();
  // Closing while the call runs would hide whether the results went out.
  const close = publish.isPending
    ? () => {}
    : () => {
        publish.reset();
        onClose();
      };

  const confirm = () => {
    if (!exam) return;
    publish.mutate(exam._id, {
      onSuccess: ({ message }) => {
        toast.success(message ?? RESULT_MESSAGES.published);
        publish.reset();
        onClose();
      },
    });
  };

  return (
    <Modal
      open={exam !== null}
      onClose={close}
      title="Publish Results"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={publish.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={publish.isPending}>
            <Send aria-hidden="true" className="size-4" />
            {publish.isPending ? 'Publishing...' : 'Publish'}
          </Button>
        </>
      }
    >
      {publish.isError && (
        <ErrorBanner
          title={PUBLISH_FAILED}
          message={getErrorMessage(publish.error, PUBLISH_FAILED)}
        />
      )}
      <div className="space-y-2 text-sm text-slate-600">
        <p>
          Publish the results of <strong className="text-slate-900">{exam?.examTitle}</strong>?
        </p>
        <p>
          Every student who sat it can then read their score and answers. Publishing cannot be
          undone.
        </p>
      </div>
    </Modal>
  );
}
