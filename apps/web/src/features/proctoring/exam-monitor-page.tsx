import type { UseQueryResult } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { ButtonLink } from '@/components/button';
import { DetailMessage } from '@/components/detail-view';
import { ErrorBanner } from '@/components/error-banner';
import { Skeleton } from '@/components/skeleton';
import { ApiError, getServerMessage } from '@/lib/api-client';
import type { ProctorArea } from './api/get-monitor';
import { ExamMonitor } from './exam-monitor';
import { useMonitorFeed } from './monitor-data';
import { useLiveMonitor } from './use-live-monitor';

/**
 * /admin/exam/exam-ui: the monitor of the exam named by `?examId=`, opened from the exam's page
 * or Live Proctoring; without one, the spec's sample sitting, which says it is a demonstration.
 */
export default function ExamMonitorPage() {
  const examId = useSearchParams()[0].get('examId');
  // Keyed: another exam's monitor starts afresh, not from the last one's sitting.
  return examId ? <LiveMonitor key={examId} area="admin" examId={examId} /> : <SampleMonitor />;
}

/** /faculty/exams/{examId}/monitor: the monitor of an exam the faculty member proctors. */
export function FacultyMonitorPage() {
  const { examId = '' } = useParams();
  return <LiveMonitor key={examId} area="faculty" examId={examId} />;
}

/** Where an admin picks the proctored exam to watch. */
const PROCTORED_EXAMS_PATH = '/admin/exam/live-proctoring';

function SampleMonitor() {
  return (
    <>
      <BackLink to={PROCTORED_EXAMS_PATH}>Back to Live Proctoring</BackLink>
      <ExamMonitor feed={useMonitorFeed()} />
    </>
  );
}

const WAY_BACK: Record<ProctorArea, (examId: string) => { to: string; label: string }> = {
  faculty: () => ({ to: '/faculty', label: 'Back to Faculty Dashboard' }),
  admin: (examId) => ({ to: `/admin/exam/${examId}`, label: 'Back to the exam' }),
};

function LiveMonitor({ area, examId }: { area: ProctorArea; examId: string }) {
  const { query, feed, revoked } = useLiveMonitor(area, examId);
  const back = WAY_BACK[area](examId);
  if (revoked) {
    // Nothing of the exam stays on screen once the right to watch it is gone.
    return (
      <>
        <BackLink to={back.to}>{back.label}</BackLink>
        <DetailMessage tone="neutral" title="You can no longer watch this exam" message={revoked}>
          <ButtonLink to={back.to} variant="secondary">
            {back.label}
          </ButtonLink>
        </DetailMessage>
      </>
    );
  }
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      {/* Once on screen the sitting stays there: a failed read again keeps the last one. */}
      {feed ? <ExamMonitor feed={feed} /> : <MonitorLoadState query={query} back={back} />}
    </>
  );
}

/** Why a refused read shows no monitor, by the server's answer. */
const REFUSALS: Record<number, { title: string; message: string }> = {
  400: { title: 'Exam not found', message: 'This address names no exam.' },
  403: {
    title: 'Not your exam to proctor',
    message: 'You are not assigned to proctor this exam. The admin assigns its proctors.',
  },
  404: {
    title: 'Exam not found',
    message: 'The exam could not be found: it may have been deleted.',
  },
  409: {
    title: 'This exam is not proctored',
    message: 'Only exams in PROCTORING mode have a live monitor.',
  },
};

interface MonitorLoadStateProps {
  query: UseQueryResult<unknown>;
  back: { to: string; label: string };
}

function MonitorLoadState({ query, back }: MonitorLoadStateProps) {
  const status = query.error instanceof ApiError ? query.error.response?.status : undefined;
  const refusal = status === undefined ? undefined : REFUSALS[status];
  if (refusal) {
    return (
      <DetailMessage tone="neutral" title={refusal.title} message={refusal.message}>
        <ButtonLink to={back.to} variant="secondary">
          {back.label}
        </ButtonLink>
      </DetailMessage>
    );
  }
  if (query.isError) {
    return (
      <ErrorBanner
        title="Failed to load the monitor"
        message={getServerMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <MonitorSkeleton />;
}

function MonitorSkeleton() {
  return (
    <div
      aria-busy="true"
      className="flex flex-col gap-6 xl:grid xl:grid-cols-[minmax(0,1fr)_350px]"
    >
      <p role="status" className="sr-only">
        Loading the monitor
      </p>
      <div className="space-y-6">
        <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-16" />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
            <Skeleton key={key} className="aspect-video rounded-xl" />
          ))}
        </div>
      </div>
      <Skeleton className="h-[36rem] rounded-xl" />
    </div>
  );
}
