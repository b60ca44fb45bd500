import {
  PROCTORED_EXAMS_AHEAD_HOURS,
  type ProctoredExamNow,
  scheduleText,
} from '@examiq/contracts';
import { MonitorCheck, MonitorPlay } from 'lucide-react';
import { useId } from 'react';
import { BackLink } from '@/components/back-link';
import { Badge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { CardSkeletons } from '@/components/skeleton';
import { getServerMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useProctoredExamsNow } from './api/get-proctored-exams-now';

/** The admin's monitor: an exam's with `?examId=`, without one the spec's sample sitting. */
const MONITOR_PATH = '/admin/exam/exam-ui';

/**
 * /admin/exam/live-proctoring: the proctored exams to watch now, each opening its real monitor;
 * the spec's sample monitor stays a demonstration beside them.
 */
export default function ProctoredExamsPage() {
  const exams = useProctoredExamsNow();
  const open = exams.data?.filter((exam) => exam.startsInMs === 0) ?? [];
  const soon = exams.data?.filter((exam) => exam.startsInMs > 0) ?? [];
  return (
    <>
      <BackLink to="/admin/exam">Back to Exams</BackLink>
      <PageHeader
        title="Live Proctoring"
        description={`The proctored exams open now or opening within ${PROCTORED_EXAMS_AHEAD_HOURS} hours. Open an exam's monitor to watch its students, their alerts and the chat.`}
        actions={
          <ButtonLink to={MONITOR_PATH} variant="secondary">
            <MonitorPlay aria-hidden="true" className="size-4" />
            See a demonstration
          </ButtonLink>
        }
      />
      {exams.isError && (
        <ErrorBanner
          title="Failed to load the proctored exams"
          message={getServerMessage(exams.error)}
          onRetry={() => void exams.refetch()}
        />
      )}
      {exams.isPending && <CardSkeletons />}
      {exams.data?.length === 0 && (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <EmptyState
            title="No proctored exam is open or about to open"
            description={`A proctored exam appears here ${PROCTORED_EXAMS_AHEAD_HOURS} hours before it opens, until it ends. The demonstration shows what its monitor looks like.`}
          />
        </div>
      )}
      {open.length > 0 && <ExamGroup title="Open now" exams={open} />}
      {soon.length > 0 && <ExamGroup title="Opening soon" exams={soon} />}
    </>
  );
}

function ExamGroup({ title, exams }: { title: string; exams: ProctoredExamNow[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mb-8">
      <h2 id={titleId} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
        {exams.map((exam) => (
          <li key={exam._id} className="min-w-0">
            <ExamCard exam={exam} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExamCard({ exam }: { exam: ProctoredExamNow }) {
  const titleId = useId();
  const open = exam.startsInMs === 0;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <Badge tone={open ? 'green' : 'amber'}>{open ? 'Open now' : 'Opening soon'}</Badge>
      </div>
      <h3 id={titleId} className="mt-3 font-semibold wrap-anywhere text-slate-900">
        {exam.examTitle}
      </h3>
      <p className="text-sm wrap-anywhere text-slate-600">{`${exam.subject} · ${exam.examId}`}</p>
      <p className="mt-2 text-sm text-slate-600">{scheduleText(exam.scheduleDetails)}</p>
      <p className="mt-1 text-sm text-slate-600">
        {open
          ? `${exam.sitting} of ${plural(exam.totalStudents, 'student')} sitting`
          : plural(exam.totalStudents, 'student')}
      </p>
      <div className="mt-auto pt-4">
        <ButtonLink
          to={`${MONITOR_PATH}?examId=${exam._id}`}
          variant={open ? 'primary' : 'secondary'}
          fullWidth
          aria-label={`Open the monitor of ${exam.examTitle}`}
        >
          <MonitorCheck aria-hidden="true" className="size-4" />
          Open monitor
        </ButtonLink>
      </div>
    </article>
  );
}
