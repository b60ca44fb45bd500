import type { StudentExam } from '@examiq/contracts';
import { useId } from 'react';
import { Badge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { ErrorBanner } from '@/components/error-banner';
import { Table, type TableColumn } from '@/components/table';
import { getServerMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useStudentExams } from './api/get-student-exams';

const FETCH_FAILED = "Failed to fetch the student's exams";

function columns(rollNumber: string): TableColumn<StudentExam>[] {
  return [
    {
      key: 'exam',
      header: 'Exam',
      width: '260px',
      cell: ({ exam }) => (
        <div className="whitespace-normal">
          <div className="font-medium wrap-anywhere text-slate-900">{exam.examTitle}</div>
          <div className="text-sm text-slate-600">{`${exam.subject} · ${exam.examId}`}</div>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      width: '190px',
      cell: (row) =>
        row.submittedAt ? (
          <div className="whitespace-normal">
            <Badge tone="green" dot>
              Submitted
            </Badge>
            <div className="mt-1 text-sm text-slate-600">{formatDateTime(row.submittedAt)}</div>
          </div>
        ) : (
          <div className="whitespace-normal">
            <Badge tone="amber" dot>
              In progress
            </Badge>
            <div className="mt-1 text-sm text-slate-600">{`Started ${formatDateTime(row.startedAt)}`}</div>
          </div>
        ),
    },
    {
      key: 'score',
      header: 'Score',
      width: '130px',
      cell: (row) =>
        row.total === null ? (
          <span className="text-slate-600">
            {row.status === 'SUBMITTED' ? 'Not published' : '—'}
          </span>
        ) : (
          `${row.total} / ${row.exam.totalMarks}`
        ),
    },
    {
      key: 'result',
      header: 'Result',
      width: '100px',
      cell: (row) =>
        row.passed === null ? (
          <span className="text-slate-600">—</span>
        ) : (
          <Badge tone={row.passed ? 'green' : 'red'} dot>
            {row.passed ? 'Pass' : 'Fail'}
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Links</span>,
      width: '190px',
      cell: (row) => (
        <div className="flex gap-2">
          <ButtonLink
            to={`/admin/exam/${row.exam._id}/attempts/${row.attemptId}/timeline`}
            variant="secondary"
            size="sm"
            aria-label={`Timeline of ${row.exam.examTitle}`}
          >
            Timeline
          </ButtonLink>
          {row.status === 'SUBMITTED' && (
            <ButtonLink
              to={`/admin/exam/${row.exam._id}/results?search=${encodeURIComponent(rollNumber)}`}
              variant="secondary"
              size="sm"
              aria-label={`Result of ${row.exam.examTitle}`}
            >
              Result
            </ButtonLink>
          )}
        </div>
      ),
    },
  ];
}

/** The exams a student sat, newest first, leading to each attempt's timeline and result. */
export function ExamHistory({ studentId, rollNumber }: { studentId: string; rollNumber: string }) {
  const exams = useStudentExams(studentId);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Exam History
      </h2>
      {exams.isError && (
        <ErrorBanner
          title={FETCH_FAILED}
          message={getServerMessage(exams.error)}
          onRetry={() => void exams.refetch()}
        />
      )}
      <Table
        caption="Exam history"
        columns={columns(rollNumber)}
        rows={exams.data ?? []}
        rowKey={(row) => row.attemptId}
        loading={exams.isPending}
        emptyTitle={exams.isError ? 'The exams could not be loaded' : 'No exams sat yet'}
        emptyDescription={
          exams.isError
            ? 'Try again in a moment.'
            : 'Exams this student starts appear here, with their results once published.'
        }
        label="exams"
      />
    </section>
  );
}
