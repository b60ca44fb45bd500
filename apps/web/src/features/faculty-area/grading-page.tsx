import type { AnswersToGradeData, GradingProgress } from '@examiq/contracts';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Button } from '@/components/button';
import { MediaUrlsProvider } from '@/components/content/content';
import { EmptyState } from '@/components/empty-state';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { ResultStatusBadge } from '@/components/result-status-badge';
import { getServerMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useAnswersToGrade } from './api/get-answers-to-grade';
import { Marking } from './marking';
import { MarkingProgress } from './marking-progress';
import { CardSkeleton, Panel } from './panel';
import { type Mode, useGradingParams } from './use-grading-params';
import { type MarkSaver, useMarkSaver } from './use-mark-saver';

export default function GradingPage() {
  const { examId = '' } = useParams();
  // Another exam is another screen: nothing typed for the one before stays.
  return <Grading key={examId} examId={examId} />;
}

const hasWorkLeft = ({ progress }: { progress: GradingProgress }) =>
  progress.marked < progress.total;

/** The question or script to open with: the first with answers left to mark, else the first. */
function firstToMark<Item extends { progress: GradingProgress }>(items: Item[]) {
  return items.find(hasWorkLeft) ?? items[0];
}

function Grading({ examId }: { examId: string }) {
  const { mode, chosen, filter, go } = useGradingParams();
  const saver = useMarkSaver();
  // Until a question or script is chosen, the unfiltered first page names them all.
  const overview = useAnswersToGrade(examId, { page: 1 }, !chosen);
  const answers = useAnswersToGrade(examId, filter, Boolean(chosen));
  const current = chosen ? answers : overview;
  const data = current.data;
  // An exam without written questions has scripts only, whose scores the server gave.
  const shownMode: Mode = data?.questions.length === 0 ? 'student' : mode;

  useEffect(() => {
    if (chosen || !overview.data) return;
    const byStudent = mode === 'student' || overview.data.questions.length === 0;
    const first = byStudent
      ? firstToMark(overview.data.scripts)?.attemptCode
      : firstToMark(overview.data.questions)?._id;
    if (first) go({ mode: byStudent ? 'student' : 'question', chosen: first }, true);
  }, [chosen, mode, overview.data, go]);

  return (
    <>
      <BackLink to="/faculty">Back to Faculty Dashboard</BackLink>
      <PageHeader
        title="Grade Answers"
        description="Type the marks and press Enter: they are saved at once and the next answer is ready. Students appear by an anonymous code until the results are published."
      />
      {current.isError && (
        <ErrorBanner
          title="Failed to load the answers"
          message={getServerMessage(current.error)}
          onRetry={() => void current.refetch()}
        />
      )}
      <UnsavedBanner saver={saver} />
      {data ? <ExamSummary data={data} /> : !current.isError && <SummarySkeleton />}
      {data &&
        (data.questions.length === 0 && data.scripts.length === 0 && !data.scriptsHeld ? (
          <Panel>
            <EmptyState
              title="No written answers in this exam"
              description="Its questions are scored automatically. Scripts appear here once submitted, to review the scores they were given."
            />
          </Panel>
        ) : data.scriptsHeld ? (
          <Panel>
            <EmptyState
              title="Scripts open once every sitting is over"
              description="You proctor this exam: a script appearing while you watch students submit would tell you whose it is, so marking waits until the exam has ended."
            />
          </Panel>
        ) : (
          <MediaUrlsProvider mediaUrls={data.mediaUrls}>
            <Marking
              data={data}
              mode={shownMode}
              chosen={chosen}
              saver={saver}
              loading={current.isPlaceholderData}
              onMode={(next) => go({ mode: next })}
              onChoose={(next) => go({ mode, chosen: next })}
              onPage={(next) => go({ mode, chosen, page: next })}
            />
          </MediaUrlsProvider>
        ))}
    </>
  );
}

function UnsavedBanner({ saver }: { saver: MarkSaver }) {
  if (saver.failed === 0) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm sm:flex-row sm:items-center"
    >
      <p className="min-w-0 flex-1 font-semibold text-red-800">
        {`${plural(saver.failed, 'mark')} not saved yet: they are kept here until saved.`}
      </p>
      <Button variant="danger" size="sm" onClick={saver.retryFailed}>
        Retry all
      </Button>
    </div>
  );
}

function ExamSummary({ data }: { data: AnswersToGradeData }) {
  const { exam } = data;
  const overall = data.questions.reduce(
    (sum, question) => ({
      marked: sum.marked + question.progress.marked,
      total: sum.total + question.progress.total,
    }),
    { marked: 0, total: 0 },
  );
  return (
    <section
      aria-label="Exam"
      className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold wrap-anywhere text-slate-900">{exam.examTitle}</h2>
          <p className="text-sm text-slate-600">{`${exam.subject} · ${exam.examId}`}</p>
        </div>
        <ResultStatusBadge status={exam.resultStatus} />
      </div>
      <div className="mt-4 border-t border-slate-100 pt-4">
        {data.questions.length > 0 ? (
          <MarkingProgress label="All written answers" progress={overall} />
        ) : (
          <p className="text-sm text-slate-600">
            No written answers: every question is scored automatically.
          </p>
        )}
      </div>
    </section>
  );
}

function SummarySkeleton() {
  return <CardSkeleton className="mb-6" bars={['h-6 w-1/3', 'h-4 w-24', 'h-2']} />;
}
