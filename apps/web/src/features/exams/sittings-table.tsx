import {
  ATTEMPT_MESSAGES,
  type Pagination,
  SITTING_STATUS_LABELS,
  type Sitting,
  type SittingStatus,
} from '@examiq/contracts';
import { ClockPlus } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/badge';
import { Table, type TableColumn } from '@/components/table';
import { TwoLines } from '@/components/two-lines';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/format';
import { formatMoment, formatSince } from './sittings-format';

const STATUS_TONES: Record<SittingStatus, BadgeTone> = {
  NOT_STARTED: 'amber',
  IN_PROGRESS: 'blue',
  SUBMITTED: 'green',
  SUBMITTED_BY_DEADLINE: 'violet',
};

/** What a sitting does not have yet: a dash to the eye, words to a screen reader. */
function Missing({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true" className="text-slate-400">
        —
      </span>
      <span className="sr-only">{label}</span>
    </>
  );
}

function Moment({ value }: { value: string | null }) {
  return value ? formatMoment(value) : <Missing label="Not yet" />;
}

/** The start, or the submission, under the status where their own columns are hidden. */
function statusDetail(sitting: Sitting): string {
  if (sitting.submittedAt) return `Submitted ${formatMoment(sitting.submittedAt)}`;
  if (sitting.startedAt) return `Started ${formatMoment(sitting.startedAt)}`;
  return '';
}

function isSubmitted(sitting: Sitting): boolean {
  return sitting.status === 'SUBMITTED' || sitting.status === 'SUBMITTED_BY_DEADLINE';
}

interface SittingsTableProps {
  sittings: readonly Sitting[];
  loading: boolean;
  failed: boolean;
  /** What the list is narrowed to; the empty state then speaks of the search. */
  search: string;
  pagination?: Pagination;
  onPageChange: (page: number) => void;
  /** The moment 'Last seen' counts from: when the sittings were read. */
  now: number;
  onExtraTime: (sitting: Sitting) => void;
}

export function SittingsTable({
  sittings,
  loading,
  failed,
  search,
  pagination,
  onPageChange,
  now,
  onExtraTime,
}: SittingsTableProps) {
  const columns: TableColumn<Sitting>[] = [
    {
      key: 'student',
      header: 'Student',
      width: '220px',
      cell: ({ student }) => (
        <TwoLines
          main={
            <span className="font-medium text-slate-900" title={student.email}>
              {fullName(student)}
            </span>
          }
          // The roll number first: it is what a student is known and searched by.
          detail={`${student.rollNumber} · ${student.studentId}`}
        />
      ),
    },
    {
      key: 'section',
      header: 'Section',
      width: '110px',
      cell: ({ student }) => student.section,
    },
    {
      key: 'status',
      header: 'Status',
      width: '225px',
      cell: (sitting) => (
        <TwoLines
          main={
            <Badge tone={STATUS_TONES[sitting.status]} dot>
              {SITTING_STATUS_LABELS[sitting.status]}
            </Badge>
          }
          detail={<span className="2xl:hidden">{statusDetail(sitting)}</span>}
        />
      ),
    },
    {
      key: 'started',
      header: 'Started',
      width: '130px',
      wideOnly: true,
      cell: (sitting) => <Moment value={sitting.startedAt} />,
    },
    {
      key: 'submitted',
      header: 'Submitted',
      width: '130px',
      wideOnly: true,
      cell: (sitting) => <Moment value={sitting.submittedAt} />,
    },
    {
      key: 'deadline',
      header: 'Deadline',
      width: '135px',
      cell: (sitting) => <Moment value={sitting.deadlineAt} />,
    },
    {
      key: 'answers',
      header: 'Answers saved',
      width: '90px',
      align: 'right',
      // Out of the student's own questions: with drawn sections, each paper is its own.
      cell: (sitting) => `${sitting.answersSaved} of ${sitting.totalQuestions}`,
    },
    {
      key: 'lastSeen',
      header: 'Last seen',
      width: '110px',
      cell: ({ lastSeenAt }) =>
        lastSeenAt ? (
          <span title={formatMoment(lastSeenAt)}>{formatSince(lastSeenAt, now)}</span>
        ) : (
          <Missing label="Not seen" />
        ),
    },
    {
      key: 'extraTime',
      header: 'Extra time',
      width: '90px',
      cell: ({ extraMinutes }) =>
        extraMinutes > 0 ? `${extraMinutes} min` : <Missing label="None" />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      width: '72px',
      align: 'right',
      cell: (sitting) => {
        const submitted = isSubmitted(sitting);
        // A submitted exam takes no more time. The button stays focusable (aria-disabled rather
        // than disabled) so keyboard and screen reader users also learn why it does nothing.
        return (
          <button
            type="button"
            aria-label={`Extra time for ${fullName(sitting.student)}`}
            aria-disabled={submitted || undefined}
            title={submitted ? ATTEMPT_MESSAGES.attemptSubmittedNoExtraTime : 'Extra time'}
            onClick={submitted ? undefined : () => onExtraTime(sitting)}
            className={cn(
              'ml-auto flex size-9 items-center justify-center rounded-lg',
              submitted
                ? 'cursor-not-allowed text-slate-300'
                : 'text-slate-500 transition-colors hover:bg-brand-50 hover:text-brand-700',
            )}
          >
            <ClockPlus aria-hidden="true" className="size-4" />
          </button>
        );
      },
    },
  ];

  let emptyTitle = 'No students yet';
  let emptyDescription = 'The sections this exam is for have no students.';
  if (failed) {
    emptyTitle = 'Sittings could not be loaded';
    emptyDescription = 'Try again in a moment.';
  } else if (search) {
    emptyTitle = 'No students found';
    emptyDescription = `No student of this exam matches “${search}”.`;
  }

  return (
    <Table
      caption="Sittings"
      columns={columns}
      rows={sittings}
      rowKey={(sitting) => sitting.student._id}
      loading={loading}
      emptyTitle={emptyTitle}
      emptyDescription={emptyDescription}
      label="students"
      pagination={pagination}
      onPageChange={onPageChange}
    />
  );
}
