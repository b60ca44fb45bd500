import {
  ATTEMPT_MESSAGES,
  answerAnyNotice,
  EXAM_MODE_LABELS,
  QUESTION_TYPE_LABELS,
  type SystemCheck,
  systemCheckPassed,
} from '@examiq/contracts';
import { CalendarClock, CircleCheck, Info, PlayCircle } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Badge } from '@/components/badge';
import { Button, ButtonLink } from '@/components/button';
import { MediaUrlsProvider } from '@/components/content/content';
import { DetailItem, DetailSection } from '@/components/detail-view';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { getServerMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatCountdown, secondsUntil } from '@/lib/countdown';
import { formatDateTime } from '@/lib/format';
import { plural } from '@/lib/plural';
import { type LobbyExamData, useLobby } from './api/get-exam';
import { useStartExam } from './api/start-exam';
import { Card, GeneralInstructions } from './card';
import { MODE_TONES } from './exam-card';
import { formatMinutes, formatWindow } from './format';
import { loadProctoredSitting } from './proctoring/load';
import { QueryState } from './query-state';
import { useServerNow } from './server-time';

// Only a proctored exam's lobby loads its system check.
const SystemCheckPanel = lazy(() => import('./proctoring/system-check-panel'));

export default function ExamLobbyPage() {
  const { examId = '' } = useParams();
  const lobby = useLobby(examId);

  return (
    <>
      <BackLink to="/student">Back to dashboard</BackLink>
      <QueryState
        query={lobby}
        loadingLabel="Loading the exam"
        skeleton={<LobbySkeleton />}
        notFound={{
          title: ATTEMPT_MESSAGES.examNotFound,
          message: 'This exam does not exist, or it is not published for your section.',
        }}
        errorTitle="Failed to load the exam"
      >
        {(data) => (
          <MediaUrlsProvider mediaUrls={data.mediaUrls}>
            <Lobby data={data} />
          </MediaUrlsProvider>
        )}
      </QueryState>
    </>
  );
}

function Lobby({ data }: { data: LobbyExamData }) {
  const { exam } = data;
  const timedSections = exam.sections.some((section) => section.timeLimit > 0);

  return (
    <>
      <PageHeader title={exam.examTitle} description={`${exam.subject} · ${exam.examId}`} />
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="order-last space-y-6 lg:order-none lg:col-span-2">
          <DetailSection title="About this exam">
            <DetailItem term="Description" className="sm:col-span-2">
              {exam.examDescription}
            </DetailItem>
            <DetailItem term="Subject">{exam.subject}</DetailItem>
            <DetailItem term="Mode">
              <Badge tone={MODE_TONES[exam.examMode]}>{EXAM_MODE_LABELS[exam.examMode]}</Badge>
            </DetailItem>
            <DetailItem term="Duration">{formatMinutes(exam.duration)}</DetailItem>
            <DetailItem term="Marks">
              {`${exam.totalMarks} in total, ${exam.passingMarks} to pass`}
            </DetailItem>
            <DetailItem term="Window" className="sm:col-span-2">
              {formatWindow(exam.startsAt, exam.endsAt)}
            </DetailItem>
          </DetailSection>
          <Card title="Sections">
            <ul className="divide-y divide-slate-100">
              {exam.sections.map((section) => (
                <li
                  key={section._id}
                  className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {section.name}
                      {section.isOptional && <Badge tone="sky">Optional</Badge>}
                    </p>
                    <p className="text-xs text-slate-500">
                      {QUESTION_TYPE_LABELS[section.questionType]}
                    </p>
                    {section.answerAny !== null && (
                      <p className="mt-1 text-sm text-amber-800">
                        {answerAnyNotice(section.answerAny, section.totalQuestions)}
                      </p>
                    )}
                  </div>
                  <p className="text-sm text-slate-600 sm:shrink-0 sm:text-right">
                    {`${plural(section.totalQuestions, 'question')} · ${plural(section.marks, 'mark')}`}
                    <span className="block text-xs text-slate-500">
                      {section.timeLimit > 0
                        ? `Own time limit: ${formatMinutes(section.timeLimit)}`
                        : 'On the exam’s clock'}
                    </span>
                  </p>
                </li>
              ))}
            </ul>
          </Card>
          <GeneralInstructions instructions={exam.generalInstructions} />
        </div>
        <div className="space-y-6 lg:sticky lg:top-24">
          <StartPanel data={data} />
          <Card title="How the exam works">
            <ul className="space-y-2.5 px-5 py-4 text-sm text-slate-700">
              <Rule>
                {`You have ${formatMinutes(exam.duration)} from the moment you start, but the exam ends for everyone when the window closes.`}
              </Rule>
              {timedSections && (
                <Rule>
                  A section with its own time limit starts its clock when you first open it, and
                  that clock keeps running even if you move to another section or leave the page.
                </Rule>
              )}
              <Rule>
                Your answers are saved as you go. If your connection drops, they are kept on this
                device and sent when it returns.
              </Rule>
              <Rule>When the time is over, the answers saved are submitted automatically.</Rule>
              {exam.examMode === 'PROCTORING' && (
                <Rule>
                  Stay in fullscreen on this tab with your face in view of the camera. Leaving the
                  tab or fullscreen, copying and pasting are recorded for your proctors, who can
                  also message you during the exam.
                </Rule>
              )}
            </ul>
          </Card>
        </div>
      </div>
    </>
  );
}

/**
 * Start, with what stands in its way: the window not open yet or closed, an attempt already made,
 * results already published.
 */
function StartPanel({ data }: { data: LobbyExamData }) {
  const { exam } = data;
  const navigate = useNavigate();
  const start = useStartExam();
  const now = useServerNow(data);
  const startsAt = Date.parse(exam.startsAt);
  const endsAt = Date.parse(exam.endsAt);
  const startsIn = secondsUntil(startsAt, now);
  const open = now >= startsAt && now < endsAt;
  const { attempt } = exam;
  const proctored = exam.examMode === 'PROCTORING';
  const [systemCheck, setSystemCheck] = useState<SystemCheck | null>(null);
  useEffect(() => {
    if (proctored) void loadProctoredSitting();
  }, [proctored]);

  const onStart = () => {
    // The click allows fullscreen again, had the student left it since the check.
    if (proctored && !document.fullscreenElement) {
      document.documentElement.requestFullscreen().catch(() => undefined);
    }
    const payload = { examId: exam._id, ...(systemCheck && { systemCheck }) };
    start.mutate(payload, {
      onSuccess: (view) => void navigate(`/student/attempt/${view.attempt._id}`),
      onError: (error) => {
        toast.error(getServerMessage(error) ?? 'The exam could not be started. Please try again.');
      },
    });
  };

  let body: ReactNode;
  if (attempt?.status === 'SUBMITTED') {
    body = (
      <>
        <Status icon={CircleCheck} tone="text-green-700">
          {attempt.submittedAt
            ? `You submitted this exam on ${formatDateTime(attempt.submittedAt)}.`
            : 'You have submitted this exam.'}
        </Status>
        <ButtonLink to={`/student/attempt/${attempt._id}`} variant="secondary" fullWidth>
          View receipt
        </ButtonLink>
      </>
    );
  } else if (attempt?.status === 'IN_PROGRESS') {
    body = (
      <>
        <Status icon={Info} tone="text-blue-700">
          {`Your exam is in progress and ends ${formatDateTime(attempt.deadlineAt)}. Its clock keeps running.`}
        </Status>
        <ButtonLink to={`/student/attempt/${attempt._id}`} size="lg" fullWidth>
          <PlayCircle aria-hidden="true" className="size-5" />
          Resume exam
        </ButtonLink>
      </>
    );
  } else if (exam.resultsPublished) {
    body = (
      <Status icon={Info} tone="text-red-700">
        {ATTEMPT_MESSAGES.resultsPublished}
      </Status>
    );
  } else {
    const minutesLeftInWindow = Math.round((endsAt - Math.max(now, startsAt)) / 60_000);
    body = (
      <>
        {startsIn > 0 && (
          <Status icon={CalendarClock} tone="text-slate-700">
            Start opens in{' '}
            <time dateTime={`PT${startsIn}S`} className="font-semibold text-slate-900 tabular-nums">
              {formatCountdown(startsIn)}
            </time>
          </Status>
        )}
        {open && minutesLeftInWindow < exam.duration && (
          <Status icon={Info} tone="text-amber-800">
            {`The window closes at ${formatDateTime(exam.endsAt)}: starting now, you have ${plural(Math.max(minutesLeftInWindow, 0), 'minute')}.`}
          </Status>
        )}
        {now >= endsAt && (
          <Status icon={Info} tone="text-red-700">
            {ATTEMPT_MESSAGES.closed}
          </Status>
        )}
        {proctored && now < endsAt && (
          <Suspense fallback={<Spinner label="Loading the system check" />}>
            <SystemCheckPanel
              onChange={setSystemCheck}
              starting={start.isPending || start.isSuccess}
              opensIn={startsIn}
            />
          </Suspense>
        )}
        {/* A proctored exam offers Start only once its system check has passed. */}
        {(!proctored || now >= endsAt || systemCheckPassed(systemCheck)) && (
          <Button size="lg" fullWidth disabled={!open} loading={start.isPending} onClick={onStart}>
            <PlayCircle aria-hidden="true" className="size-5" />
            {start.isPending ? 'Starting…' : 'Start exam'}
          </Button>
        )}
      </>
    );
  }

  return (
    <Card title="Your sitting">
      <div className="space-y-4 px-5 py-4">{body}</div>
    </Card>
  );
}

function Status({
  icon: Icon,
  tone,
  children,
}: {
  icon: typeof Info;
  tone: string;
  children: ReactNode;
}) {
  return (
    <p className={cn('flex items-start gap-2 text-sm', tone)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

function Rule({ children }: { children: ReactNode }) {
  return (
    <li className="flex gap-2">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
      <span>{children}</span>
    </li>
  );
}

function LobbySkeleton() {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <Skeleton className="h-7 w-2/3 max-w-md" />
        <Skeleton className="h-4 w-1/3 max-w-xs" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-40" />
        </div>
        <Skeleton className="h-56" />
      </div>
    </div>
  );
}
