import type { AnswersToGradeData, GradingProgress, QuestionToGrade } from '@examiq/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Button } from '@/components/button';
import { Content, MediaUrlsProvider } from '@/components/content/content';
import { Dropdown } from '@/components/dropdown';
import { EmptyState } from '@/components/empty-state';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { ResultStatusBadge } from '@/components/result-status-badge';
import { Skeleton } from '@/components/skeleton';
import { getServerMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { AnswerCard } from './answer-card';
import { type AnswersFilter, useAnswersToGrade } from './api/get-answers-to-grade';
import { MarkingProgress } from './marking-progress';
import { type MarkSaver, useMarkSaver } from './use-mark-saver';

type Mode = 'question' | 'student';

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

/** Mode, question or script, and page live in the address, so a reload opens the same answers. */
function useGradingParams() {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'student' ? 'student' : 'question';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const chosen = params.get(mode === 'question' ? 'question' : 'script') ?? undefined;
  const filter: AnswersFilter =
    mode === 'question' ? { questionId: chosen, page } : { attemptCode: chosen, page };
  const go = (next: { mode: Mode; chosen?: string; page?: number }, replace = false) => {
    const search = new URLSearchParams();
    if (next.mode === 'student') search.set('mode', 'student');
    if (next.chosen) search.set(next.mode === 'question' ? 'question' : 'script', next.chosen);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace });
  };
  return { mode, page, chosen, filter, go };
}

function Grading({ examId }: { examId: string }) {
  const { mode, chosen, filter, go } = useGradingParams();
  const saver = useMarkSaver();
  // Until a question or script is chosen, the unfiltered first page names them all.
  const overview = useAnswersToGrade(examId, { page: 1 }, !chosen);
  const answers = useAnswersToGrade(examId, filter, Boolean(chosen));
  const current = chosen ? answers : overview;
  const data = current.data;

  useEffect(() => {
    if (chosen || !overview.data) return;
    const first =
      mode === 'question'
        ? firstToMark(overview.data.questions)?._id
        : firstToMark(overview.data.scripts)?.attemptCode;
    if (first) go({ mode, chosen: first }, true);
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
        (data.questions.length === 0 ? (
          <Panel>
            <EmptyState
              title="No written answers in this exam"
              description="Its choice questions are scored automatically: there is nothing to mark."
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
              mode={mode}
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
        <MarkingProgress label="All written answers" progress={overall} />
      </div>
    </section>
  );
}

interface MarkingProps {
  data: AnswersToGradeData;
  mode: Mode;
  chosen: string | undefined;
  saver: MarkSaver;
  /** The data is the previous choice's or page's while the new answers load: none are shown. */
  loading: boolean;
  onMode: (mode: Mode) => void;
  onChoose: (chosen: string) => void;
  onPage: (page: number) => void;
}

function Marking({ data, mode, chosen, saver, loading, onMode, onChoose, onPage }: MarkingProps) {
  // A page turned from its buttons opens with focus on its first answer, where marking goes on.
  const [turnedPage, setTurnedPage] = useState(false);
  const questionById = new Map(data.questions.map((question) => [question._id, question]));
  const question = mode === 'question' && chosen ? questionById.get(chosen) : undefined;
  const options =
    mode === 'question'
      ? data.questions.map((item) => ({
          value: item._id,
          label: `${item.sectionName} · Question ${item.position} (${item.progress.marked}/${item.progress.total} marked)`,
        }))
      : data.scripts.map((script) => ({
          value: script.attemptCode,
          label: `${script.attemptCode} (${script.progress.marked}/${script.progress.total} marked)`,
        }));

  return (
    <>
      <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <ModeSwitch mode={mode} onMode={onMode} />
        <Dropdown
          className="min-w-0 flex-1"
          label={mode === 'question' ? 'Question' : 'Script'}
          placeholder={mode === 'question' ? 'Select a question' : 'Select a script'}
          options={options}
          value={chosen ?? ''}
          onChange={(event) => event.target.value && onChoose(event.target.value)}
        />
      </div>
      <div
        className={cn(
          question && 'grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]',
        )}
      >
        {question && <QuestionPanel question={question} />}
        {loading && <AnswersSkeleton />}
        {!loading && chosen ? (
          <AnswerList
            key={`${mode}-${chosen}-${data.pagination.currentPage}`}
            data={data}
            questionById={questionById}
            showQuestion={mode === 'student'}
            saver={saver}
            focusFirst={turnedPage}
            onPage={(page) => {
              setTurnedPage(true);
              onPage(page);
            }}
          />
        ) : (
          // Until the first one is chosen for them, which is at once unless there is none.
          !loading &&
          options.length === 0 && (
            <Panel>
              <EmptyState
                title="No scripts to mark"
                description="Scripts appear here once the students who wrote them have submitted."
              />
            </Panel>
          )
        )}
      </div>
    </>
  );
}

function ModeSwitch({ mode, onMode }: { mode: Mode; onMode: (mode: Mode) => void }) {
  const modes: { value: Mode; label: string }[] = [
    { value: 'question', label: 'By question' },
    { value: 'student', label: 'By student' },
  ];
  return (
    <fieldset className="inline-flex shrink-0 rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">Mark</legend>
      {modes.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={mode === value}
          onClick={() => onMode(value)}
          className={cn(
            'h-9 rounded-md px-4 text-sm font-medium transition-colors',
            mode === value
              ? 'bg-white text-slate-900 shadow-sm'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

/** The question being marked and its key, beside its answers on a wide screen. */
function QuestionPanel({ question }: { question: QuestionToGrade }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-4"
    >
      <div>
        <h2 id={titleId} className="font-semibold text-slate-900">
          {`${question.sectionName} · Question ${question.position}`}
        </h2>
        <p className="text-sm text-slate-600">{plural(question.marks, 'mark')}</p>
        <Content source={question.questionText} className="mt-2 text-sm text-slate-900" />
      </div>
      {question.modelAnswer && <KeyText title="Model answer">{question.modelAnswer}</KeyText>}
      {question.sampleAnswer && <KeyText title="Sample answer">{question.sampleAnswer}</KeyText>}
      {question.keywords.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-slate-700">Keywords</h3>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {question.keywords.map((keyword) => (
              <li
                key={keyword}
                className="rounded-sm bg-amber-200 px-1.5 py-0.5 text-sm text-slate-900"
              >
                {keyword}
              </li>
            ))}
          </ul>
        </div>
      )}
      {question.minWordCount !== null && question.maxWordCount !== null && (
        <p className="text-sm text-slate-600">{`Expected length: ${question.minWordCount}–${question.maxWordCount} words`}</p>
      )}
      <MarkingProgress label="This question" progress={question.progress} />
    </section>
  );
}

function KeyText({ title, children }: { title: string; children: string }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      <Content
        source={children}
        className="mt-1 rounded-lg bg-green-50 p-3 text-sm text-slate-900"
      />
    </div>
  );
}

interface AnswerListProps {
  data: AnswersToGradeData;
  questionById: Map<string, QuestionToGrade>;
  showQuestion: boolean;
  saver: MarkSaver;
  focusFirst: boolean;
  onPage: (page: number) => void;
}

/** The page of answers; Enter on one's marks moves to the next one's, then to the next page. */
function AnswerList({
  data,
  questionById,
  showQuestion,
  saver,
  focusFirst,
  onPage,
}: AnswerListProps) {
  const titleId = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const nextPage = useRef<HTMLButtonElement>(null);

  // Once, when the page is first shown: it is keyed by its choice and page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the page as it first shows
  useEffect(() => {
    if (focusFirst) inputs.current[0]?.focus();
  }, []);
  const { pagination } = data;

  function focusAfter(index: number) {
    const next = inputs.current[index + 1];
    if (next) {
      next.focus();
      next.select();
    } else nextPage.current?.focus();
  }

  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <h2 id={titleId} className="sr-only">
        Answers
      </h2>
      {data.answers.length === 0 ? (
        <Panel>
          <EmptyState
            title="No answers to mark"
            description="Answers appear here once the students who wrote them have submitted."
          />
        </Panel>
      ) : (
        <ol className="space-y-4">
          {data.answers.map((answer, index) => {
            const question = questionById.get(answer.questionId);
            if (!question) return null;
            return (
              <li key={answer._id}>
                <AnswerCard
                  answer={answer}
                  question={question}
                  showQuestion={showQuestion}
                  save={saver.saves.get(answer._id)}
                  onSave={(marks, comment) => saver.save(answer._id, marks, comment)}
                  marksRef={(input) => {
                    inputs.current[index] = input;
                  }}
                  onDone={() => focusAfter(index)}
                />
              </li>
            );
          })}
        </ol>
      )}
      {pagination.totalPages > 1 && (
        <nav
          aria-label="Answer pages"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
        >
          <span>{`Page ${pagination.currentPage} of ${pagination.totalPages}`}</span>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={!pagination.hasPreviousPage}
              onClick={() => onPage(pagination.currentPage - 1)}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Button>
            <Button
              ref={nextPage}
              variant="secondary"
              size="sm"
              disabled={!pagination.hasNextPage}
              onClick={() => onPage(pagination.currentPage + 1)}
            >
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </nav>
      )}
    </section>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-slate-200 bg-white shadow-sm">{children}</div>;
}

function SummarySkeleton() {
  return (
    <div
      aria-hidden="true"
      className="mb-6 space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="h-4 w-24" />
      <Skeleton className="h-2" />
    </div>
  );
}

function AnswersSkeleton() {
  return (
    <div className="space-y-4">
      <p role="status" className="sr-only">
        Loading answers
      </p>
      {['a', 'b'].map((key) => (
        <div
          key={key}
          aria-hidden="true"
          className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-20" />
          <Skeleton className="h-10 w-2/3" />
        </div>
      ))}
    </div>
  );
}
