import {
  type ExamReportData,
  QUESTION_TYPE_LABELS,
  type QuestionStatistic,
} from '@examiq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Target, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Button, ButtonLink } from '@/components/button';
import { Content, MediaUrlsProvider } from '@/components/content/content';
import { gapsOf } from '@/components/content/question-view';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { Table, type TableColumn } from '@/components/table';
import { getServerMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useExamReport } from './api/get-exam-report';
import { useRegradeJob } from './api/get-regrade-job';
import { examReportQueryKey } from './api/keys';
import { RegradeDialog } from './regrade-dialog';
import { RegradeProgress } from './regrade-progress';
import { DifficultyChart, TotalsHistogram } from './report-charts';
import {
  answeredText,
  answerSpreadSentence,
  formatIndex,
  formatMarks,
  formatPercent,
  questionFiguresSentence,
  questionLabel,
} from './report-format';

const FETCH_REPORT_FAILED = 'Failed to fetch the report';

export default function ExamReportPage() {
  const { examId = '' } = useParams();
  // Another exam is another screen: nothing of the one before (dialog, regrade) stays.
  return <ExamReport key={examId} examId={examId} />;
}

function ExamReport({ examId }: { examId: string }) {
  const report = useExamReport(examId);
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<QuestionStatistic | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useRegradeJob(jobId).data;
  const jobEnded = job !== undefined && job.status !== 'RUNNING';

  // The figures change once the job has re-scored every attempt (or stopped part-way).
  useEffect(() => {
    if (jobEnded) void queryClient.invalidateQueries({ queryKey: examReportQueryKey(examId) });
  }, [jobEnded, examId, queryClient]);

  const data = report.data;
  return (
    <MediaUrlsProvider mediaUrls={data?.mediaUrls}>
      <BackLink to="/admin/exam/all-exam">Back to Exams</BackLink>
      <PageHeader
        title="Exam Report"
        description="How the exam went: its results at a glance, how totals spread, and which questions worked. A question that looks broken is flagged, and its answer key can be corrected here."
        actions={
          <ButtonLink to={`/admin/exam/${examId}/outcomes`} variant="secondary">
            <Target aria-hidden="true" className="size-4" />
            CO attainment
          </ButtonLink>
        }
      />
      {report.isError && (
        <ErrorBanner
          title={FETCH_REPORT_FAILED}
          message={getServerMessage(report.error)}
          onRetry={() => void report.refetch()}
        />
      )}
      {report.isPending && <ReportSkeleton />}
      {data && (
        <div className="space-y-6">
          <ReportSummary data={data} />
          {job && target === null && (
            <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <RegradeProgress job={job} />
            </div>
          )}
          <div className="grid gap-6 xl:grid-cols-2">
            <TotalsHistogram histogram={data.histogram} submitted={data.summary.submitted} />
            <DifficultyChart questions={data.questions} />
          </div>
          <SectionAverages sections={data.sections} />
          {data.audienceSections.length > 1 && (
            <StudentSectionFigures
              sections={data.audienceSections}
              totalMarks={data.exam.totalMarks}
            />
          )}
          <QuestionsTable
            questions={data.questions}
            submitted={data.summary.submitted}
            regradeRunning={job?.status === 'RUNNING'}
            onCorrect={setTarget}
          />
        </div>
      )}
      <RegradeDialog
        examId={examId}
        question={target}
        job={job}
        onApplied={setJobId}
        onClose={() => setTarget(null)}
      />
    </MediaUrlsProvider>
  );
}

function Tile({ term, value, hint }: { term: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}

function ReportSummary({ data }: { data: ExamReportData }) {
  const { exam, summary } = data;
  const outOf = `out of ${exam.totalMarks}`;
  return (
    <section aria-labelledby="report-exam-title">
      <div className="mb-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="report-exam-title" className="text-lg font-semibold wrap-anywhere text-slate-900">
          {exam.examTitle}
        </h2>
        <p className="text-sm text-slate-600">
          {`${exam.examId} · ${exam.subject} · Pass mark ${exam.passingMarks} of ${exam.totalMarks} · Results: ${data.resultStatus}`}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Tile term="Participants" value={String(summary.participants)} />
        <Tile term="Submitted" value={String(summary.submitted)} />
        <Tile term="Absent" value={String(summary.absent)} />
        <Tile term="Average" value={formatMarks(summary.average)} hint={outOf} />
        <Tile term="Median" value={formatMarks(summary.median)} hint={outOf} />
        <Tile term="Highest" value={formatMarks(summary.highest)} />
        <Tile term="Lowest" value={formatMarks(summary.lowest)} />
        <Tile term="Pass rate" value={formatPercent(summary.passRate)} />
        <Tile
          term="Answers to mark"
          value={String(summary.answersToMark)}
          hint={summary.answersToMark > 0 ? 'Totals are provisional' : undefined}
        />
      </dl>
    </section>
  );
}

function SectionAverages({ sections }: { sections: ExamReportData['sections'] }) {
  return (
    <section
      aria-labelledby="report-sections"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="report-sections" className="text-base font-semibold text-slate-900">
        Section averages
      </h2>
      <ul className="mt-4 space-y-4">
        {sections.map((section) => {
          const share = section.average === null ? 0 : section.average / section.maxMarks;
          return (
            <li key={section.sectionId}>
              <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 font-medium wrap-anywhere text-slate-700">
                  {section.name}
                </span>
                <span className="shrink-0 text-slate-600 tabular-nums">
                  {`${formatMarks(section.average)} of ${section.maxMarks}`}
                </span>
              </div>
              <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-slate-200">
                <div
                  className="h-full bg-brand-600"
                  style={{ width: `${Math.round(share * 100)}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** How each section of students did, for an exam sat by several: a table, one row a section. */
function StudentSectionFigures({
  sections,
  totalMarks,
}: {
  sections: ExamReportData['audienceSections'];
  totalMarks: number;
}) {
  const columns: TableColumn<ExamReportData['audienceSections'][number]>[] = [
    { key: 'label', header: 'Student section', width: '160px', cell: (section) => section.label },
    {
      key: 'submitted',
      width: '140px',
      header: 'Submitted',
      align: 'right',
      cell: (section) => String(section.submitted),
    },
    {
      key: 'average',
      width: '140px',
      header: `Average (of ${totalMarks})`,
      align: 'right',
      cell: (section) => formatMarks(section.average),
    },
    {
      key: 'passRate',
      width: '140px',
      header: 'Pass rate',
      align: 'right',
      cell: (section) => formatPercent(section.passRate),
    },
  ];
  return (
    <section aria-labelledby="report-student-sections" className="space-y-3">
      <h2 id="report-student-sections" className="text-base font-semibold text-slate-900">
        By student section
      </h2>
      <Table
        caption="By student section"
        columns={columns}
        rows={sections}
        rowKey={(section) => section._id}
        emptyTitle="No sections"
        emptyDescription="This exam has no students yet."
        label="sections"
      />
    </section>
  );
}

function QuestionsTable({
  questions,
  submitted,
  regradeRunning,
  onCorrect,
}: {
  questions: QuestionStatistic[];
  submitted: number;
  regradeRunning: boolean;
  onCorrect: (question: QuestionStatistic) => void;
}) {
  const columns: TableColumn<QuestionStatistic & { index: number }>[] = [
    {
      key: 'question',
      header: 'Question',
      width: '24rem',
      cell: (question) => {
        const spread = answerSpreadSentence(question);
        return (
          <div className="whitespace-normal">
            <span className="font-medium text-slate-900">{questionLabel(question.index)}</span>
            <span className="ml-2 text-xs text-slate-500">
              {`${question.sectionName} · ${QUESTION_TYPE_LABELS[question.questionType]} · ${plural(question.marks, 'mark')}`}
            </span>
            <p className="mt-0.5 line-clamp-2 wrap-anywhere text-slate-700">
              <Content
                inline
                source={question.questionText}
                blank={gapsOf(question.questionType)}
              />
            </p>
            {spread && <p className="mt-1 wrap-anywhere text-xs text-slate-600">{spread}</p>}
            {question.flag && (
              <p className="mt-1 flex items-start gap-1.5 font-medium text-red-700">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {question.flag}
              </p>
            )}
          </div>
        );
      },
    },
    {
      key: 'answered',
      header: 'Answered',
      width: '6.5rem',
      align: 'right',
      cell: (question) => answeredText(question, submitted),
    },
    {
      key: 'correct',
      header: 'Correct',
      width: '6rem',
      align: 'right',
      cell: (question) => formatPercent(question.correctRate),
    },
    {
      key: 'discrimination',
      header: 'Discrimination',
      width: '8.5rem',
      align: 'right',
      cell: (question) => formatIndex(question.discrimination),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      width: '10rem',
      align: 'right',
      cell: (question) =>
        (question.correctOptionId !== null ||
          question.correctOptionIds !== null ||
          question.numericAnswers !== null ||
          question.blanks !== null ||
          (question.prompts !== null && question.correctMatches !== null) ||
          (question.items !== null && question.correctOrder !== null)) && (
          <Button
            variant="secondary"
            size="sm"
            disabled={regradeRunning}
            onClick={() => onCorrect(question)}
            aria-label={`Correct the key of ${questionLabel(question.index)}`}
          >
            Correct the key
          </Button>
        ),
    },
  ];
  return (
    <section aria-labelledby="report-questions" className="space-y-3">
      <div>
        <h2 id="report-questions" className="text-base font-semibold text-slate-900">
          Questions
        </h2>
        <p className="mt-1 text-sm text-slate-600">{questionFiguresSentence(submitted)}</p>
      </div>
      <Table
        caption="Questions"
        columns={columns}
        rows={questions.map((question, index) => ({ ...question, index }))}
        rowKey={(question) => question.questionId}
        emptyTitle="No questions"
        emptyDescription="This exam has no questions yet."
        label="questions"
      />
    </section>
  );
}

function ReportSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-6">
      <Skeleton className="h-24 rounded-xl" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={index} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}
