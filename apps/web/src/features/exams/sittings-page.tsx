import { type Sitting, type SittingsData, scheduleText } from '@examiq/contracts';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { AudienceSectionFilter } from '@/components/audience-section-filter';
import { BackLink } from '@/components/back-link';
import { ProfileFact } from '@/components/detail-view';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { SearchBox } from '@/components/search-box';
import { Skeleton } from '@/components/skeleton';
import { getServerMessage } from '@/lib/api-client';
import { usePageParam } from '@/lib/use-page-param';
import { useSearchParam } from '@/lib/use-search-param';
import { useSectionParam } from '@/lib/use-section-param';
import { SITTINGS_REFRESH_MS, useExamAttempts } from './api/get-exam-attempts';
import { ExtraTimeDialog } from './extra-time-dialog';
import { ModeBadge } from './mode-badge';
import { SittingsTable } from './sittings-table';

const FETCH_SITTINGS_FAILED = 'Failed to fetch sittings';
const EXAM_LIST = '/admin/exam/all-exam';

/** The exam list the admin came from (its page included), else All Exams. */
function useBackTo(): string {
  const { state } = useLocation();
  const from: unknown = state?.from;
  return typeof from === 'string' && from.startsWith('/admin/exam') ? from : EXAM_LIST;
}

export default function SittingsPage() {
  const { examId = '' } = useParams();
  // Another exam is another screen: nothing of the one before (rows, search, dialog) stays.
  return <Sittings key={examId} examId={examId} />;
}

function Sittings({ examId }: { examId: string }) {
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useSearchParam();
  const [section, setSection] = useSectionParam();
  const sittings = useExamAttempts(examId, { page, search, section });
  const [target, setTarget] = useState<Sitting | null>(null);
  const backTo = useBackTo();

  return (
    <>
      <BackLink to={backTo}>Back to Exams</BackLink>
      <PageHeader
        title="Sittings"
        description={`Where each student of this exam stands, refreshed every ${SITTINGS_REFRESH_MS / 1000} seconds, and the extra time they have.`}
      />
      {sittings.isError && (
        <ErrorBanner
          title={FETCH_SITTINGS_FAILED}
          message={getServerMessage(sittings.error)}
          onRetry={() => void sittings.refetch()}
        />
      )}
      {sittings.isPending && <ExamSummarySkeleton />}
      {sittings.data && <ExamSummary exam={sittings.data.exam} />}
      <SearchBox
        label="Search students"
        placeholder="Search by name, roll number or student ID"
        value={search}
        onSearch={setSearch}
        maxLength={100}
      />
      <AudienceSectionFilter
        sections={sittings.data?.audienceSections ?? []}
        value={section}
        onChange={setSection}
      />
      <SittingsTable
        sittings={sittings.data?.attempts ?? []}
        loading={sittings.isPending}
        failed={sittings.isError}
        search={search || section}
        pagination={sittings.data?.pagination}
        onPageChange={setPage}
        // 'Last seen' counts from the moment of the read, which moves on with every refresh.
        now={sittings.dataUpdatedAt}
        onExtraTime={setTarget}
      />
      <ExtraTimeDialog examId={examId} sitting={target} onClose={() => setTarget(null)} />
    </>
  );
}

function ExamSummary({ exam }: { exam: SittingsData['exam'] }) {
  return (
    <section
      aria-label="Exam"
      className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 className="text-lg font-semibold wrap-anywhere text-slate-900">{exam.examTitle}</h2>
      <p className="text-sm text-slate-500">{exam.examId}</p>
      <dl className="mt-4 grid grid-cols-2 gap-4 border-t border-slate-100 pt-4 text-sm lg:grid-cols-4">
        <ProfileFact term="Subject">{exam.subject}</ProfileFact>
        <ProfileFact term="Mode">
          <ModeBadge mode={exam.examMode} />
        </ProfileFact>
        <ProfileFact term="Schedule">{scheduleText(exam.scheduleDetails)}</ProfileFact>
        <ProfileFact term="Duration">{`${exam.duration} min`}</ProfileFact>
      </dl>
    </section>
  );
}

function ExamSummarySkeleton() {
  return (
    <div
      aria-hidden="true"
      className="mb-6 space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="h-4 w-24" />
      <div className="grid grid-cols-2 gap-4 border-t border-slate-100 pt-4 lg:grid-cols-4">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    </div>
  );
}
