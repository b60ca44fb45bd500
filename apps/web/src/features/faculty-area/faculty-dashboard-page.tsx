import { EXAM_MODE_LABELS, type FacultyExam, scheduleText } from '@examiq/contracts';
import { ArrowRight, MonitorCheck } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { ResultStatusBadge } from '@/components/result-status-badge';
import { CardSkeletons, Skeleton } from '@/components/skeleton';
import { getServerMessage } from '@/lib/api-client';
import { useFacultyExams } from './api/get-my-exams';
import { MarkingProgress } from './marking-progress';

const ROLE_LABELS: Record<FacultyExam['roles'][number], string> = {
  PROCTOR: 'Proctor',
  EVALUATOR: 'Evaluator',
};

export default function FacultyDashboardPage() {
  const exams = useFacultyExams();
  const titleId = useId();
  return (
    <>
      <PageHeader
        title="Faculty Dashboard"
        description="The exams you proctor, with their live monitors, and those you evaluate, with how far the marking of their written answers has gone."
      />
      {exams.isError && (
        <ErrorBanner
          title="Failed to load your exams"
          message={getServerMessage(exams.error)}
          onRetry={() => void exams.refetch()}
        />
      )}
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="mb-4 text-lg font-semibold text-slate-900">
          My exams
        </h2>
        {exams.isPending && (
          <CardSkeletons
            below={
              <>
                <Skeleton className="h-2" />
                <Skeleton className="h-10" />
              </>
            }
          />
        )}
        {exams.data?.length === 0 && (
          <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
            <EmptyState
              title="No exams yet"
              description="Exams you are assigned to proctor or evaluate appear here once they are published."
            />
          </div>
        )}
        {exams.data && exams.data.length > 0 && (
          <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {exams.data.map((exam) => (
              <li key={exam._id} className="min-w-0">
                <ExamCard exam={exam} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function ExamCard({ exam }: { exam: FacultyExam }) {
  const titleId = useId();
  const evaluates = exam.roles.includes('EVALUATOR');
  const proctors = exam.roles.includes('PROCTOR') && exam.examMode === 'PROCTORING';
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ResultStatusBadge status={exam.resultStatus} />
        {exam.roles.map((role) => (
          <Badge key={role} tone={role === 'EVALUATOR' ? 'violet' : 'sky'}>
            {ROLE_LABELS[role]}
          </Badge>
        ))}
      </div>
      <h3 id={titleId} className="mt-3 font-semibold wrap-anywhere text-slate-900">
        {exam.examTitle}
      </h3>
      <p className="text-sm text-slate-600">{`${exam.subject} · ${exam.examId}`}</p>
      <p className="mt-2 text-sm text-slate-600">
        {`${EXAM_MODE_LABELS[exam.examMode]} · ${scheduleText(exam.scheduleDetails)}`}
      </p>
      <div className="mt-auto pt-4">
        <div className="border-t border-slate-100 pt-3">
          <MarkingProgress label="Written answers" progress={exam.gradingProgress} />
        </div>
        <div className="flex flex-col gap-2 pt-4">
          {proctors && (
            <ButtonLink
              to={`/faculty/exams/${exam._id}/monitor`}
              variant={evaluates ? 'secondary' : 'primary'}
              fullWidth
              aria-label={`Open the monitor of ${exam.examTitle}`}
            >
              <MonitorCheck aria-hidden="true" className="size-4" />
              Open monitor
            </ButtonLink>
          )}
          {evaluates ? (
            <ButtonLink
              to={`/faculty/grade/${exam._id}`}
              fullWidth
              aria-label={`Grade ${exam.examTitle}`}
            >
              Grade
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
          ) : (
            <p className="text-sm text-slate-600">
              The admin chose other evaluators for this exam.
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
