import { EXAM_MESSAGES, type ExamListItem, scheduleText } from '@examiq/contracts';
import { ClipboardCheck, Eye, Plus, UsersRound } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '@/components/button';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { Table, type TableColumn } from '@/components/table';
import { TwoLines } from '@/components/two-lines';
import { getServerMessage } from '@/lib/api-client';
import { usePageParam } from '@/lib/use-page-param';
import { useExams } from './api/get-all-exam';
import { ExamStatusBadge } from './exam-status-badge';
import { ModeBadge } from './mode-badge';

/**
 * The way to an exam's sittings. It carries the list's address, page included, so the Sittings
 * screen's back link returns to the page the admin came from.
 */
function SittingsLink({ exam }: { exam: ExamListItem }) {
  const { pathname, search } = useLocation();
  return (
    <Link
      to={`/admin/exam/${exam._id}/sittings`}
      state={{ from: `${pathname}${search}` }}
      aria-label={`Sittings of ${exam.examTitle}`}
      title="Sittings"
      className="flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-brand-50 hover:text-brand-700"
    >
      <UsersRound aria-hidden="true" className="size-4" />
    </Link>
  );
}

/** The way to a published exam's results; a draft has none. */
function ResultsLink({ exam }: { exam: ExamListItem }) {
  if (exam.examStatus !== 'PUBLISH') return <span aria-hidden="true" className="size-9" />;
  return (
    <Link
      to={`/admin/exam/${exam._id}/results`}
      aria-label={`Results of ${exam.examTitle}`}
      title="Results"
      className="flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-brand-50 hover:text-brand-700"
    >
      <ClipboardCheck aria-hidden="true" className="size-4" />
    </Link>
  );
}

const columns: TableColumn<ExamListItem>[] = [
  {
    key: 'title',
    header: 'Exam',
    width: '200px',
    cell: (exam) => (
      <TwoLines
        main={
          <span className="font-medium text-slate-900" title={exam.examTitle}>
            {exam.examTitle}
          </span>
        }
        detail={
          <>
            {exam.examId}
            {/* Below 1536 px the subject has no column of its own: the row fits a laptop. */}
            <span className="2xl:hidden">{` · ${exam.subject}`}</span>
          </>
        }
      />
    ),
  },
  {
    key: 'subject',
    header: 'Subject',
    width: '160px',
    wideOnly: true,
    cell: (exam) => <span title={exam.subject}>{exam.subject}</span>,
  },
  {
    key: 'mode',
    header: 'Mode',
    width: '110px',
    cell: (exam) => <ModeBadge mode={exam.examMode} />,
  },
  {
    key: 'status',
    header: 'Status',
    width: '110px',
    cell: (exam) => <ExamStatusBadge status={exam.examStatus} />,
  },
  {
    key: 'marks',
    header: 'Marks',
    width: '90px',
    cell: (exam) => <TwoLines main={exam.totalMarks} detail={`${exam.passingMarks} to pass`} />,
  },
  {
    key: 'duration',
    header: 'Duration',
    width: '90px',
    wideOnly: true,
    cell: (exam) => `${exam.duration} min`,
  },
  {
    key: 'schedule',
    header: 'Schedule',
    width: '190px',
    cell: (exam) => (
      <TwoLines
        main={scheduleText(exam.scheduleDetails)}
        detail={<span className="2xl:hidden">{`${exam.duration} min`}</span>}
      />
    ),
  },
  {
    key: 'faculty',
    header: 'Faculty Count',
    width: '100px',
    align: 'right',
    cell: (exam) => exam.assignedFacultyIds.length,
  },
  {
    key: 'actions',
    header: <span className="sr-only">Actions</span>,
    width: '152px',
    align: 'right',
    cell: (exam) => (
      <div className="flex items-center justify-end gap-1">
        <SittingsLink exam={exam} />
        <ResultsLink exam={exam} />
        <Link
          to={`/admin/exam/${exam._id}`}
          aria-label={`View ${exam.examTitle}`}
          title="View"
          className="ml-auto flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-brand-50 hover:text-brand-700"
        >
          <Eye aria-hidden="true" className="size-4" />
        </Link>
      </div>
    ),
  },
];

/** The paginated exam list, on the page given by ?page=. */
export function ExamTable() {
  const [page, setPage] = usePageParam();
  const exams = useExams(page);

  return (
    <>
      {exams.isError && (
        <ErrorBanner
          title={EXAM_MESSAGES.fetchExamsFailed}
          message={getServerMessage(exams.error)}
          onRetry={() => void exams.refetch()}
        />
      )}
      <Table
        caption="Exams"
        columns={columns}
        rows={exams.data?.exams ?? []}
        rowKey={(exam) => exam._id}
        loading={exams.isPending}
        emptyTitle={exams.isError ? 'Exams could not be loaded' : 'No exams yet'}
        emptyDescription={
          exams.isError ? 'Try again in a moment.' : 'Create your first exam to see it here.'
        }
        label="exams"
        pagination={exams.data?.pagination}
        onPageChange={setPage}
      />
    </>
  );
}

export default function AllExamPage() {
  return (
    <>
      <PageHeader
        title="All Exams"
        description="Every exam with its subject, mode, status, marks and schedule."
        actions={
          <ButtonLink to="../create-exam" relative="path">
            <Plus aria-hidden="true" className="size-4" />
            Create
          </ButtonLink>
        }
      />
      <ExamTable />
    </>
  );
}
