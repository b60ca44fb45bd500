import {
  ATTEMPT_MESSAGES,
  END_EXAM_MESSAGES,
  PROCTORING_MESSAGES,
  type SubmitTrigger,
} from '@examiq/contracts';
import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { ButtonLink } from '@/components/button';
import { MediaUrlsProvider } from '@/components/content/content';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { formatDateTime } from '@/lib/format';
import type { AttemptViewData } from '../api/get-attempt';
import type { SubmitExamResult } from '../api/submit-exam';
import { countAnswered, savedAnswers } from './answers';
import { AnswerFilesContext, submittedFiles } from './file-answer';
import { getOutbox } from './outbox';
import { QuestionCard } from './question-card';

const SUBMITTED_BY: Record<SubmitTrigger, string> = {
  STUDENT: 'You',
  DEADLINE: 'Automatically, at the deadline',
  PROCTOR: 'Your proctor',
  ADMIN: 'The admin, who ended the exam',
};

interface SubmittedAttemptProps {
  view: AttemptViewData;
  /** The submit's own answer, when the student submitted on this page. */
  receipt: SubmitExamResult | null;
  /** The reason a proctor gave for ending the attempt, when this page was told it. */
  proctorReason: string | null;
  /** The attempt is being read again for its final answers, or that failed. */
  refreshing: boolean;
  refreshFailed: boolean;
  onRetry: () => void;
}

/** The receipt of a submitted attempt, and its answers, read-only. */
export function SubmittedAttempt({
  view,
  receipt,
  proctorReason,
  refreshing,
  refreshFailed,
  onRetry,
}: SubmittedAttemptProps) {
  const attempt = receipt?.attempt ?? view.attempt;
  const final = view.attempt.status === 'SUBMITTED';
  const answers = savedAnswers(view);
  const files = useMemo(() => submittedFiles(view.files), [view.files]);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const message =
    receipt?.message ??
    (attempt.submitTrigger === 'DEADLINE'
      ? ATTEMPT_MESSAGES.submittedAtDeadline
      : attempt.submitTrigger === 'PROCTOR'
        ? PROCTORING_MESSAGES.endedByProctor
        : attempt.submitTrigger === 'ADMIN'
          ? END_EXAM_MESSAGES.endedForStudent
          : ATTEMPT_MESSAGES.submitted);
  const total = view.sections.reduce((sum, section) => sum + section.totalQuestions, 0);

  // The submit dialog that had focus is gone: the receipt takes it, and is read out.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // Nothing left on this device can count any more.
  useEffect(() => {
    void getOutbox().then((outbox) => outbox.clear(view.attempt._id));
  }, [view.attempt._id]);

  return (
    <MediaUrlsProvider mediaUrls={view.mediaUrls}>
      <PageHeader title={view.exam.examTitle} description={view.exam.subject} />
      <section
        aria-labelledby={headingId}
        className="mb-8 rounded-xl border border-green-200 bg-white shadow-sm"
      >
        <div className="flex items-start gap-4 border-b border-green-100 bg-green-50 px-5 py-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-700">
            <CircleCheck aria-hidden="true" className="size-6" />
          </span>
          <div className="min-w-0">
            <h2
              ref={headingRef}
              id={headingId}
              tabIndex={-1}
              className="text-lg font-semibold text-green-900 focus:outline-none"
            >
              Exam submitted
            </h2>
            <p className="mt-0.5 text-sm text-green-800">{message}</p>
            {proctorReason && (
              <p className="mt-1 text-sm text-green-900">
                <span className="font-medium">Reason given: </span>
                {proctorReason}
              </p>
            )}
          </div>
        </div>
        <dl className="grid gap-4 px-5 py-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <ReceiptItem term="Exam">{`${view.exam.examTitle} (${view.exam.subject})`}</ReceiptItem>
          <ReceiptItem term="Submitted">
            {attempt.submittedAt ? formatDateTime(attempt.submittedAt) : 'Just now'}
          </ReceiptItem>
          <ReceiptItem term="Answers saved">
            {`${receipt?.answersSaved ?? countAnswered(view.sections, answers)} of ${total}`}
          </ReceiptItem>
          <ReceiptItem term="Submitted by">
            {attempt.submitTrigger ? SUBMITTED_BY[attempt.submitTrigger] : SUBMITTED_BY.STUDENT}
          </ReceiptItem>
        </dl>
        <div className="flex flex-col gap-3 border-t border-slate-100 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">Results are not published yet.</p>
          <ButtonLink to="/student" variant="secondary">
            Back to dashboard
          </ButtonLink>
        </div>
      </section>

      <p className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
        Your answers, as submitted
      </p>
      {refreshFailed && !final && (
        <ErrorBanner
          title="Your answers could not be loaded"
          message="Your exam is submitted; only this copy of your answers failed to load."
          onRetry={onRetry}
        />
      )}
      {refreshing && !final && (
        <div aria-busy="true" className="space-y-4">
          <p role="status" className="sr-only">
            Loading your answers
          </p>
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      )}
      {final && (
        <AnswerFilesContext value={files}>
          <div className="space-y-8">
            {view.sections.map((section) => (
              <section key={section._id} aria-label={section.name} className="space-y-4">
                <h2 className="text-lg font-semibold text-slate-900">{section.name}</h2>
                {section.questions.map((question, index) => (
                  <QuestionCard
                    key={question._id}
                    question={question}
                    number={index + 1}
                    answer={answers[question._id]}
                    readOnly
                    onChange={ignoreChange}
                  />
                ))}
              </section>
            ))}
          </div>
        </AnswerFilesContext>
      )}
    </MediaUrlsProvider>
  );
}

function ignoreChange() {}

function ReceiptItem({ term, children }: { term: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{term}</dt>
      <dd className="mt-0.5 font-medium wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}
