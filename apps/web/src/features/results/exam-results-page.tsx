import { type ExamResult, type ExamResultsData, scheduleText } from '@examiq/contracts';
import { BarChart3, History, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { AudienceSectionFilter } from '@/components/audience-section-filter';
import { BackLink } from '@/components/back-link';
import { Badge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { ErrorBanner } from '@/components/error-banner';
import { ExportButtons } from '@/components/export-buttons';
import { PageHeader } from '@/components/page-header';
import { ResultStatusBadge } from '@/components/result-status-badge';
import { SearchBox } from '@/components/search-box';
import { Skeleton } from '@/components/skeleton';
import { Table, type TableColumn } from '@/components/table';
import { TwoLines } from '@/components/two-lines';
import { getErrorMessage, getServerMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { usePageParam } from '@/lib/use-page-param';
import { useSearchParam } from '@/lib/use-search-param';
import { useSectionParam } from '@/lib/use-section-param';
import { useExportExamAnswers, useExportExamResults } from './api/export-exam-results';
import { useExamResults } from './api/get-exam-results';
import { FlagBadges } from './flag-badges';
import { publishBlocker } from './publish-blocker';
import { PublishDialog } from './publish-dialog';

const EXPORT_FAILED = 'Failed to export the results';

interface ExamResultsPageProps {
  /** The exam's evaluators, placed under its figures; the app passes it in. */
  evaluatorsPanel?: (examId: string) => ReactNode;
  /** "End exam now" while the exam runs, told to read the results again once it ended. */
  endExamAction?: (examId: string, onEnded: () => void) => ReactNode;
}

export default function ExamResultsPage(props: ExamResultsPageProps) {
  const { examId = '' } = useParams();
  // Another exam is another screen: nothing of the one before (rows, search, dialog) stays.
  return <ExamResults key={examId} examId={examId} {...props} />;
}

function ExamResults({
  examId,
  evaluatorsPanel,
  endExamAction,
}: { examId: string } & ExamResultsPageProps) {
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useSearchParam();
  const [section, setSection] = useSectionParam();
  const results = useExamResults(examId, { page, search, section });
  const [publishing, setPublishing] = useState(false);
  const data = results.data;

  return (
    <>
      <BackLink to="/admin/exam/results">Back to Results</BackLink>
      <PageHeader
        title={data ? data.exam.examTitle : 'Exam results'}
        description="Each student's score by section, and the figures of the whole exam."
        actions={
          data && (
            <ResultActions
              data={data}
              onPublish={() => setPublishing(true)}
              endExam={endExamAction?.(examId, () => void results.refetch())}
            />
          )
        }
      />
      {results.isError && (
        <ErrorBanner
          title="Failed to fetch results"
          message={getServerMessage(results.error)}
          onRetry={() => void results.refetch()}
        />
      )}
      {results.isPending && <Skeleton className="mb-6 h-40" />}
      {data && <Summary data={data} />}
      {evaluatorsPanel && <div className="mb-6">{evaluatorsPanel(examId)}</div>}
      <SearchBox
        label="Search results"
        placeholder="Search by name, roll number or student ID"
        value={search}
        onSearch={setSearch}
        maxLength={100}
      />
      <AudienceSectionFilter
        sections={data?.audienceSections ?? []}
        value={section}
        onChange={setSection}
      />
      <Table
        caption="Results"
        columns={resultColumns(data)}
        rows={data?.results ?? []}
        rowKey={(result) => result.attemptId ?? result.student._id}
        loading={results.isPending}
        emptyTitle={search || section ? 'No matching results' : 'No submitted attempts'}
        emptyDescription={
          search || section
            ? 'No student of this exam matches this search.'
            : 'Results appear here as students submit the exam.'
        }
        label="results"
        pagination={data?.pagination}
        onPageChange={setPage}
      />
      <PublishDialog
        exam={publishing && data ? data.exam : null}
        onClose={() => setPublishing(false)}
      />
    </>
  );
}

interface ResultActionsProps {
  data: ExamResultsData;
  onPublish: () => void;
  endExam: ReactNode;
}

/**
 * Publish is offered only when the server would accept it; otherwise the page says why and what
 * to do, with "End exam now" beside it while the exam runs.
 */
function ResultActions({ data, onPublish, endExam }: ResultActionsProps) {
  const exported = useExportExamResults(data.exam._id, `${data.exam.examId}-results`);
  const answersExported = useExportExamAnswers(data.exam._id, `${data.exam.examId}-answers`);
  const blocker = publishBlocker(data, new Date());
  return (
    <div className="flex flex-col gap-2">
      {blocker && (
        <p className="max-w-md rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {blocker}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!data.sittingsOver && endExam}
        {data.resultStatus !== 'Published' && !blocker && (
          <Button onClick={onPublish}>
            <Send aria-hidden="true" className="size-4" />
            Publish Results
          </Button>
        )}
        <ExportButtons onExport={exported.mutate} pending={exported.isPending} />
        <ExportButtons
          what="answers"
          onExport={answersExported.mutate}
          pending={answersExported.isPending}
        />
        <ButtonLink to={`/admin/exam/${data.exam._id}/report`} variant="secondary">
          <BarChart3 aria-hidden="true" className="size-4" />
          Report
        </ButtonLink>
      </div>
      {[exported, answersExported].map(
        (attempt, index) =>
          attempt.isError && (
            <p
              key={index === 0 ? 'results' : 'answers'}
              role="alert"
              className="text-sm text-red-700"
            >
              {getErrorMessage(attempt.error, EXPORT_FAILED)}
            </p>
          ),
      )}
    </div>
  );
}

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);
const figure = (value: number | null) => (value === null ? '—' : String(value));

function Summary({ data: { exam, resultStatus, summary } }: { data: ExamResultsData }) {
  const tiles = [
    ['Participants', summary.participants],
    ['Submitted', summary.submitted],
    ['Absent', summary.absent],
    ['Average', figure(summary.average)],
    ['Median', figure(summary.median)],
    ['Highest', figure(summary.highest)],
    ['Lowest', figure(summary.lowest)],
    ['Pass rate', percent(summary.passRate)],
    ['To mark', summary.answersToMark],
  ] as const;
  return (
    <section
      aria-label="Exam"
      className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-3">
        <ResultStatusBadge status={resultStatus} />
        <p className="text-sm text-slate-600">
          {`${exam.examId} · ${exam.subject} · ${scheduleText(exam.scheduleDetails)} · ${exam.passingMarks} of ${exam.totalMarks} marks to pass`}
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 border-t border-slate-100 pt-4 text-sm sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-9">
        {tiles.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-500">{term}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A proctored exam's results show each attempt's flags by review status beside the student, where
 * they are seen without scrolling, and lead to the attempt's timeline, where they are reviewed.
 */
const FLAGS_COLUMN: TableColumn<ExamResult> = {
  key: 'flags',
  header: 'Flags',
  width: '170px',
  cell: (result) => <FlagBadges flags={result.flags} />,
};

function timelineColumn(examId: string): TableColumn<ExamResult> {
  return {
    key: 'actions',
    header: <span className="sr-only">Actions</span>,
    width: '150px',
    align: 'right',
    cell: (result) =>
      result.attemptId !== null && (
        <ButtonLink
          to={`/admin/exam/${examId}/attempts/${result.attemptId}/timeline`}
          variant="secondary"
          size="sm"
          aria-label={`Timeline of ${fullName(result.student)}`}
        >
          <History aria-hidden="true" className="size-4" />
          Timeline
        </ButtonLink>
      ),
  };
}

/** An absent student's marks: none, said as such to a screen reader. */
function NoMarks() {
  return (
    <span className="text-slate-500">
      <span aria-hidden="true">—</span>
      <span className="sr-only">No marks</span>
    </span>
  );
}

/** A section's marks out of its maximum, or why they do not count. */
function sectionScore(score: ExamResult['sections'][number]): string {
  return score.counted ? `${score.marks} / ${score.maxMarks}` : 'Not counted';
}

/** The columns of the results: one per section of the exam, as the first row names them. */
function resultColumns(data: ExamResultsData | undefined): TableColumn<ExamResult>[] {
  const sections = data?.results[0]?.sections ?? [];
  const proctored = data?.exam.examMode === 'PROCTORING';
  return [
    {
      key: 'student',
      header: 'Student',
      width: '220px',
      // The student's section is said under the name: a column of its own would push the row
      // past a laptop's width.
      cell: ({ student, attemptCode }) => (
        <TwoLines
          main={<span className="font-medium text-slate-900">{fullName(student)}</span>}
          detail={[student.rollNumber, student.section, attemptCode]
            .filter((part) => part !== null)
            .join(' · ')}
        />
      ),
    },
    ...(proctored ? [FLAGS_COLUMN] : []),
    ...sections.map(
      (section, index): TableColumn<ExamResult> => ({
        key: section.sectionId,
        header: section.name,
        width: '120px',
        align: 'right',
        // Below 1536 px the sections are said under the total: the row fits a laptop.
        wideOnly: true,
        cell: (result) => {
          const score = result.sections[index];
          if (!score) return null;
          if (result.status === 'ABSENT') return <NoMarks />;
          const text = sectionScore(score);
          return score.counted ? text : <span className="text-slate-500">{text}</span>;
        },
      }),
    ),
    {
      key: 'total',
      header: 'Total',
      width: '190px',
      align: 'right',
      cell: (result) =>
        result.total === null ? (
          <NoMarks />
        ) : (
          <TwoLines
            main={
              <span className="font-semibold text-slate-900">{`${result.total} / ${data?.exam.totalMarks ?? ''}`}</span>
            }
            detail={
              <span className="2xl:hidden">
                {sections
                  .map((section, index) => {
                    const score = result.sections[index];
                    return score ? `${section.name}: ${sectionScore(score)}` : null;
                  })
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            }
          />
        ),
    },
    {
      key: 'result',
      header: 'Result',
      width: '130px',
      cell: (result) =>
        result.status === 'ABSENT' ? (
          <Badge tone="slate">Absent</Badge>
        ) : result.toMark > 0 ? (
          <Badge tone="amber">{`${result.toMark} to mark`}</Badge>
        ) : (
          <Badge tone={result.passed ? 'green' : 'red'} dot>
            {result.passed ? 'Pass' : 'Fail'}
          </Badge>
        ),
    },
    ...(data && proctored ? [timelineColumn(data.exam._id)] : []),
  ];
}
