import type { ExamStatus } from '@examiq/contracts';
import { CircleCheck, Eye, List, Plus } from 'lucide-react';
import { Button, ButtonLink } from '@/components/button';

interface SavedPanelProps {
  examId: string;
  status: ExamStatus;
  title: string;
  onCreateAnother: () => void;
}

/**
 * Shown once the exam is stored. The wizard stays on screen, read-only, for reference; saving it
 * again would create a second exam, so the next steps are to look at it or start a new one.
 */
export function SavedPanel({ examId, status, title, onCreateAnother }: SavedPanelProps) {
  return (
    <div
      role="status"
      className="mb-6 flex flex-col gap-4 rounded-xl border border-green-200 bg-green-50 p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <CircleCheck aria-hidden="true" className="hidden size-8 shrink-0 text-green-600 sm:block" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-green-900">
          {status === 'PUBLISH' ? 'Exam published' : 'Exam saved as draft'}
        </p>
        <p className="mt-0.5 text-green-800">
          {`“${title}” is stored and appears in the exam list. The form below is now read-only.`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={`/admin/exam/${examId}/preview`} variant="secondary">
          <Eye aria-hidden="true" className="size-4" />
          Preview as a student
        </ButtonLink>
        <ButtonLink to="/admin/exam/all-exam" variant="secondary">
          <List aria-hidden="true" className="size-4" />
          View all exams
        </ButtonLink>
        <Button onClick={onCreateAnother}>
          <Plus aria-hidden="true" className="size-4" />
          Create another exam
        </Button>
      </div>
    </div>
  );
}
