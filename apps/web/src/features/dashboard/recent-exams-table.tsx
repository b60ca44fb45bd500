import { type ExamProgress, type RecentExam, scheduleText } from '@examiq/contracts';
import { Badge, type BadgeTone } from '@/components/badge';
import { Table, type TableColumn } from '@/components/table';

const PROGRESS_TONES: Record<ExamProgress, BadgeTone> = {
  Completed: 'green',
  Ongoing: 'blue',
  Scheduled: 'amber',
};

const columns: TableColumn<RecentExam>[] = [
  {
    key: 'course',
    header: 'Course/Subject',
    width: '230px',
    cell: (exam) => (
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900" title={exam.course.fullName}>
          {`${exam.course.name} / ${exam.subject}`}
        </p>
        <p className="truncate text-xs text-slate-500">{exam.examTitle}</p>
      </div>
    ),
  },
  { key: 'batch', header: 'Batch', width: '100px', cell: (exam) => exam.batch.name },
  {
    key: 'schedule',
    header: 'Schedule',
    width: '210px',
    cell: (exam) => scheduleText(exam.scheduleDetails),
  },
  {
    key: 'participants',
    header: 'Participants',
    width: '120px',
    align: 'right',
    cell: (exam) => exam.participants.toLocaleString('en-GB'),
  },
  {
    key: 'status',
    header: 'Status',
    width: '130px',
    cell: (exam) => (
      <Badge tone={PROGRESS_TONES[exam.status]} dot>
        {exam.status}
      </Badge>
    ),
  },
];

interface RecentExamsTableProps {
  exams: readonly RecentExam[];
  loading: boolean;
  failed: boolean;
}

export function RecentExamsTable({ exams, loading, failed }: RecentExamsTableProps) {
  return (
    <Table
      caption="Recent exams"
      columns={columns}
      rows={exams}
      rowKey={(exam) => exam._id}
      loading={loading}
      emptyTitle={failed ? 'Recent exams could not be loaded' : 'No published exams yet'}
      emptyDescription={
        failed
          ? 'Try again in a moment.'
          : 'Exams appear here once they are published, with their schedule and status.'
      }
    />
  );
}
