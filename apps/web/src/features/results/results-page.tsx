import {
  type ExamResultStatus,
  RESULT_STATUSES,
  type ResultStatus,
  scheduleText,
} from '@examiq/contracts';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { ResultStatusBadge } from '@/components/result-status-badge';
import { Table, type TableColumn } from '@/components/table';
import { TwoLines } from '@/components/two-lines';
import { getServerMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { usePageParam } from '@/lib/use-page-param';
import { useResultStatuses } from './api/get-result-statuses';
import { PublishDialog } from './publish-dialog';

const FILTERS: readonly (ResultStatus | undefined)[] = [undefined, ...RESULT_STATUSES];

/** The status filter in the address (?status=Ready%20to%20Publish), so the dashboard links to it. */
function useStatusParam(): [
  ResultStatus | undefined,
  (status: ResultStatus | undefined) => string,
] {
  const [searchParams] = useSearchParams();
  const value = searchParams.get('status');
  const status = RESULT_STATUSES.find((known) => known === value);
  const hrefOf = (next: ResultStatus | undefined) =>
    next ? `?status=${encodeURIComponent(next)}` : '?';
  return [status, hrefOf];
}

export default function ResultsPage() {
  const [status, hrefOf] = useStatusParam();
  const [page, setPage] = usePageParam();
  const statuses = useResultStatuses({ page, status });
  const [toPublish, setToPublish] = useState<ExamResultStatus | null>(null);

  const columns: TableColumn<ExamResultStatus>[] = [
    {
      key: 'exam',
      header: 'Exam',
      width: '240px',
      cell: (exam) => (
        <TwoLines
          main={
            <Link
              to={`/admin/exam/${exam._id}/results`}
              className="font-medium text-brand-700 hover:underline"
              title={exam.examTitle}
            >
              {exam.examTitle}
            </Link>
          }
          detail={`${exam.examId} · ${scheduleText(exam.scheduleDetails)}`}
        />
      ),
    },
    {
      key: 'schedule',
      header: 'Schedule',
      width: '190px',
      wideOnly: true,
      cell: (exam) => scheduleText(exam.scheduleDetails),
    },
    {
      key: 'status',
      header: 'Status',
      width: '160px',
      cell: (exam) => <ResultStatusBadge status={exam.resultStatus} />,
    },
    {
      key: 'submitted',
      header: 'Submitted',
      width: '100px',
      align: 'right',
      cell: (exam) => exam.submitted,
    },
    {
      key: 'toMark',
      header: 'To mark',
      width: '90px',
      align: 'right',
      cell: (exam) => exam.answersToMark,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      width: '130px',
      align: 'right',
      cell: (exam) =>
        exam.resultStatus === 'Ready to Publish' ? (
          <Button
            size="sm"
            onClick={() => setToPublish(exam)}
            aria-label={`Publish results of ${exam.examTitle}`}
          >
            <Send aria-hidden="true" className="size-4" />
            Publish
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Results"
        description="Completed exams and where their results stand: being marked, ready to publish, or published to the students."
      />
      <nav aria-label="Filter by status" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <Link
            key={filter ?? 'all'}
            to={hrefOf(filter)}
            aria-current={filter === status ? 'page' : undefined}
            className={cn(
              'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
              filter === status
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-brand-300 hover:text-brand-700',
            )}
          >
            {filter ?? 'All'}
          </Link>
        ))}
      </nav>
      {statuses.isError && (
        <ErrorBanner
          title="Failed to fetch results"
          message={getServerMessage(statuses.error)}
          onRetry={() => void statuses.refetch()}
        />
      )}
      <Table
        caption="Completed exams"
        columns={columns}
        rows={statuses.data?.exams ?? []}
        rowKey={(exam) => exam._id}
        loading={statuses.isPending}
        emptyTitle={
          status
            ? `No exams ${status === 'Evaluating' ? 'being evaluated' : status.toLowerCase()}`
            : 'No completed exams'
        }
        emptyDescription="Exams appear here once every sitting is over."
        label="exams"
        pagination={statuses.data?.pagination}
        onPageChange={setPage}
      />
      <PublishDialog exam={toPublish} onClose={() => setToPublish(null)} />
    </>
  );
}
