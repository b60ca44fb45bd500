import type { ExamResultStatus } from '@examiq/contracts';
import { Link } from 'react-router';
import { ResultStatusBadge } from '@/components/result-status-badge';
import { Table, type TableColumn } from '@/components/table';

const columns: TableColumn<ExamResultStatus>[] = [
  {
    key: 'exam',
    header: 'Exam/Subject',
    width: '50%',
    cell: (exam) => (
      <div className="min-w-0">
        <Link
          to={`/admin/exam/${exam._id}/results`}
          className="block truncate font-medium text-brand-700 hover:underline"
          title={exam.examTitle}
        >
          {exam.examTitle}
        </Link>
        <p className="truncate text-xs text-slate-500">{`${exam.examId} · ${exam.subject}`}</p>
      </div>
    ),
  },
  {
    key: 'submitted',
    header: 'Submitted',
    width: '20%',
    align: 'right',
    cell: (exam) => exam.submitted.toLocaleString('en-GB'),
  },
  {
    key: 'status',
    header: 'Status',
    width: '30%',
    cell: (exam) => <ResultStatusBadge status={exam.resultStatus} />,
  },
];

interface ResultStatusTableProps {
  exams: readonly ExamResultStatus[];
  loading: boolean;
  failed: boolean;
}

/** The newest completed exams and where their results stand, each a link to its results. */
export function ResultStatusTable({ exams, loading, failed }: ResultStatusTableProps) {
  return (
    <Table
      caption="Result publishing status"
      columns={columns}
      rows={exams}
      rowKey={(exam) => exam._id}
      loading={loading}
      emptyTitle={failed ? 'Result statuses could not be loaded' : 'No completed exams yet'}
      emptyDescription={
        failed
          ? 'Try again in a moment.'
          : 'Completed exams appear here as they are evaluated: Evaluating, Ready to Publish, then Published.'
      }
    />
  );
}
