import { END_EXAM_MESSAGES, type ExamDetail } from '@examiq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { OctagonX, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { ErrorBanner } from '@/components/error-banner';
import { Modal } from '@/components/modal';
import { getErrorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useEndExamNow } from './api/end-exam-now';
import { useExam } from './api/get-exam';
import { examQueryKey } from './api/keys';

/** '3 students are still sitting.', or that nobody is. */
function stillSittingText(count: number): string {
  if (count === 0) return 'Nobody is sitting the exam now.';
  return `${plural(count, 'student')} ${count === 1 ? 'is' : 'are'} still sitting. Their answers will be submitted as saved.`;
}

interface EndExamNowButtonProps {
  examId: string;
  /** Told once the exam has ended, for a page that shows more of it than the exam's own query. */
  onEnded?: () => void;
}

/**
 * "End exam now", offered only while the server would accept it, with its confirmation. It reads
 * the exam through the exam page's own query, so both show the same exam.
 */
export function EndExamNowButton({ examId, onEnded }: EndExamNowButtonProps) {
  const exam = useExam(examId).data;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  if (!exam?.canEndNow && !open) return null;
  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          // The count of students still sitting is read again for the question.
          void queryClient.invalidateQueries({ queryKey: examQueryKey(examId) });
          setOpen(true);
        }}
      >
        <OctagonX aria-hidden="true" className="size-4" />
        End exam now
      </Button>
      {exam && (
        <EndExamDialog exam={exam} open={open} onClose={() => setOpen(false)} onEnded={onEnded} />
      )}
    </>
  );
}

interface EndExamDialogProps {
  exam: Pick<ExamDetail, '_id' | 'examTitle' | 'inProgressCount'>;
  open: boolean;
  onClose: () => void;
  onEnded: (() => void) | undefined;
}

/** Asks before a running exam is ended for everyone: it cannot be undone. */
function EndExamDialog({ exam, open, onClose, onEnded }: EndExamDialogProps) {
  const end = useEndExamNow();
  // Closing while the call runs would hide whether the exam ended.
  const close = end.isPending
    ? () => {}
    : () => {
        end.reset();
        onClose();
      };

  const confirm = () =>
    end.mutate(exam._id, {
      onSuccess: ({ message, data }) => {
        toast.success(message ?? END_EXAM_MESSAGES.ended(data.submitted));
        end.reset();
        onClose();
        onEnded?.();
      },
    });

  return (
    <Modal
      open={open}
      onClose={close}
      title="End Exam Now"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={end.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={end.isPending}>
            <OctagonX aria-hidden="true" className="size-4" />
            {end.isPending ? 'Ending...' : 'End exam now'}
          </Button>
        </>
      }
    >
      {end.isError && (
        <ErrorBanner
          title={END_EXAM_MESSAGES.failed}
          message={getErrorMessage(end.error, END_EXAM_MESSAGES.failed)}
        />
      )}
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600">
          <TriangleAlert aria-hidden="true" className="size-5" />
        </span>
        <div className="space-y-2 text-sm text-slate-600">
          <p>
            End <strong className="text-slate-900">{exam.examTitle}</strong> for everyone now?
          </p>
          <p className="font-medium text-slate-900">{stillSittingText(exam.inProgressCount)}</p>
          <p>
            Nobody can start it afterwards, and its end time becomes now. This cannot be undone.
          </p>
        </div>
      </div>
    </Modal>
  );
}
