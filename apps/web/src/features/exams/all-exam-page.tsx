import {
  EXAM_MESSAGES,
  EXAM_MODE_LABELS,
  EXAM_MODES,
  EXAM_SORTS,
  EXAM_STATUSES,
  type ExamListItem,
  SEARCH_MAX_LENGTH,
  scheduleText,
} from '@examiq/contracts';
import { ClipboardCheck, Eye, Plus, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '@/components/button';
import { Dropdown } from '@/components/dropdown';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { PageSizeSelect } from '@/components/page-size-select';
import { SearchBox } from '@/components/search-box';
import { SortHeader } from '@/components/sort-header';
import { Table, type TableColumn } from '@/components/table';
import { TwoLines } from '@/components/two-lines';
import { getServerMessage } from '@/lib/api-client';
import { useBatches } from '@/lib/lookups/get-batches';
import { batchOptions } from '@/lib/lookups/lookup-options';
import { useListView } from '@/lib/use-list-view';
import { useExams } from './api/get-all-exam';
import { EXAM_STATUS_LABELS, ExamStatusBadge } from './exam-status-badge';
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

const FILTERS = ['mode', 'status', 'batch'] as const;
const MODE_OPTIONS = EXAM_MODES.map((mode) => ({ value: mode, label: EXAM_MODE_LABELS[mode] }));
const STATUS_OPTIONS = EXAM_STATUSES.map((status) => ({
  value: status,
  label: EXAM_STATUS_LABELS[status],
}));

/** The list's columns; the title and schedule headings sort the list. */
const columnsOf = (
  sortHeader: (label: string, column: (typeof EXAM_SORTS)[number]) => ReactNode,
): TableColumn<ExamListItem>[] => [
  {
    key: 'title',
    header: sortHeader('Exam', 'title'),
    width: '186px',
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
    width: '124px',
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
    header: sortHeader('Schedule', 'schedule'),
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

/**
 * The exam list with its search, filters, sort and page size, all in the address beside the page,
 * so Back and a shared link show the same view.
 */
export function ExamTable() {
  const view = useListView(FILTERS, EXAM_SORTS);
  const { values, setValues } = view;
  const exams = useExams(view.query);
  const batches = useBatches();
  const filtered = FILTERS.some((name) => values[name]) || Boolean(values.search);
  const columns = columnsOf((label, column) => (
    <SortHeader
      label={label}
      column={column}
      sort={view.sort}
      order={view.order}
      onSort={view.setSort}
    />
  ));

  return (
    <>
      {exams.isError && (
        <ErrorBanner
          title={EXAM_MESSAGES.fetchExamsFailed}
          message={getServerMessage(exams.error)}
          onRetry={() => void exams.refetch()}
        />
      )}
      <SearchBox
        label="Search exams"
        placeholder="Search by title or subject"
        value={values.search}
        onSearch={(search) => setValues({ search })}
        maxLength={SEARCH_MAX_LENGTH}
      />
      <fieldset className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <legend className="sr-only">Filter exams</legend>
        <Dropdown
          label="Mode"
          placeholder="All"
          options={MODE_OPTIONS}
          value={values.mode}
          onChange={(event) => setValues({ mode: event.target.value })}
        />
        <Dropdown
          label="Status"
          placeholder="All"
          options={STATUS_OPTIONS}
          value={values.status}
          onChange={(event) => setValues({ status: event.target.value })}
        />
        <Dropdown
          label="Batch"
          placeholder="All"
          options={batchOptions(batches.data)}
          loading={batches.isPending}
          value={values.batch}
          onChange={(event) => setValues({ batch: event.target.value })}
        />
      </fieldset>
      <Table
        caption="Exams"
        columns={columns}
        rows={exams.data?.exams ?? []}
        rowKey={(exam) => exam._id}
        loading={exams.isPending}
        emptyTitle={
          exams.isError ? 'Exams could not be loaded' : filtered ? 'No exams found' : 'No exams yet'
        }
        emptyDescription={
          exams.isError
            ? 'Try again in a moment.'
            : filtered
              ? 'No exam matches this search and these filters.'
              : 'Create your first exam to see it here.'
        }
        label="exams"
        pagination={exams.data?.pagination}
        pageSize={view.limit}
        onPageChange={view.setPage}
      />
      <div className="mt-3 flex justify-end">
        <PageSizeSelect value={view.limit} onChange={view.setLimit} />
      </div>
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
