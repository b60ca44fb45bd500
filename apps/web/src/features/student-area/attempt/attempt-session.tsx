import {
  ATTEMPT_MESSAGES,
  EXAM_MODE_LABELS,
  type StudentQuestion,
  type StudentSection,
} from '@examiq/contracts';
import { RotateCw } from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { ApiError, getServerMessage } from '@/lib/api-client';
import { secondsUntil } from '@/lib/countdown';
import { formatClock } from '@/lib/format';
import { plural } from '@/lib/plural';
import type { AttemptViewData } from '../api/get-attempt';
import { useOpenSection } from '../api/open-section';
import { type SubmitExamResult, useSubmitExam } from '../api/submit-exam';
import { loadProctoredSitting } from '../proctoring/load';
import { type ServerTime, serverNowOf, useServerNow } from '../server-time';
import { AnswerSync, type AnswerValue, type SyncEvents } from './answer-sync';
import {
  type Answers,
  countAnswered,
  mergeAnswers,
  NO_ANSWER,
  unansweredBySection,
} from './answers';
import { Notice } from './notice';
import type { Outbox, OutboxEntry } from './outbox';
import { QuestionPalette } from './question-palette';
import { SectionNav } from './section-nav';
import { type SectionClock, SectionPanel } from './section-panel';
import { StatusBar, warningMinutes } from './status-bar';
import { SubmitDialog } from './submit-dialog';

// Only a proctored attempt loads its signals, camera, face check and chat.
const ProctoredSitting = lazy(loadProctoredSitting);

interface AttemptSessionProps {
  view: AttemptViewData;
  outbox: Outbox;
  /** What the outbox held for this attempt when the page opened. */
  outboxEntries: readonly OutboxEntry[];
  /** The deadline passed: the server submits the saved answers. */
  onTimeOver: () => void;
  /**
   * The server says the attempt is already submitted (another tab, the deadline, a proctor);
   * with the proctor's reason when one ended it.
   */
  onFinalised: (proctorReason?: string) => void;
  onSubmitted: (result: SubmitExamResult) => void;
  /** Opens the attempt again from the server's answers, after a conflict. */
  onReload: () => void;
}

/** The exam being sat: sections, questions, the clock, saving and submitting. */
export function AttemptSession({
  view,
  outbox,
  outboxEntries,
  onTimeOver,
  onFinalised,
  onSubmitted,
  onReload,
}: AttemptSessionProps) {
  const attemptId = view.attempt._id;
  const [initial] = useState(() => mergeAnswers(view, outboxEntries));
  const [answers, setAnswers] = useState<Answers>(initial.answers);
  const answersRef = useRef(answers);
  const [clock, setClock] = useState<ServerTime>(view);
  const clockRef = useRef(clock);
  useEffect(() => {
    clockRef.current = clock;
  }, [clock]);
  const [examEndsAt, setExamEndsAt] = useState(() => Date.parse(view.serverNow) + view.remainingMs);
  const [sectionDeadlines, setSectionDeadlines] = useState<Record<string, string | null>>(() =>
    Object.fromEntries(view.sections.map((section) => [section._id, section.deadlineAt])),
  );
  const [openedIds, setOpenedIds] = useState<ReadonlySet<string>>(new Set());
  // A timed section's questions come with its opening: the attempt shows none before its clock runs.
  const [revealed, setRevealed] = useState<Readonly<Record<string, StudentQuestion[]>>>({});
  const sections = view.sections.map((section) => {
    const questions = revealed[section._id];
    return questions ? { ...section, questions } : section;
  });
  const [closedByServer, setClosedByServer] = useState<ReadonlySet<string>>(new Set());
  const [currentId, setCurrentId] = useState(view.sections[0]?._id ?? '');
  const [conflict, setConflict] = useState(false);
  // Once over, always over: a save answered at the deadline must not unlock the page again.
  const [timeWasOver, setTimeWasOver] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const submit = useSubmitExam();
  const openSection = useOpenSection();

  // The sync outlives renders; its events reach the latest props through this ref.
  const latest = useRef({ onTimeOver, onFinalised, onSubmitted });
  useEffect(() => {
    latest.current = { onTimeOver, onFinalised, onSubmitted };
  });
  const [sync] = useState(() => {
    const events: SyncEvents = {
      onSaved: (result) => {
        // The server's time is its deadline less the time it said was left.
        setClock({
          serverNow: new Date(Date.parse(result.deadlineAt) - result.remainingMs).toISOString(),
          receivedAt: performance.now(),
        });
        setExamEndsAt(Date.parse(result.deadlineAt));
        if (result.closedSectionIds.length > 0) {
          setClosedByServer((closed) => new Set([...closed, ...result.closedSectionIds]));
        }
        if (result.conflict) {
          sync.stop();
          setConflict(true);
        }
        if (result.status === 'SUBMITTED') {
          void sync.discard();
          latest.current.onFinalised();
        }
      },
      onClosed: (message) => {
        if (message === ATTEMPT_MESSAGES.alreadySubmitted) latest.current.onFinalised();
        else setTimeWasOver(true);
      },
    };
    const sync = new AnswerSync(attemptId, outbox, events, {
      startSeq: initial.startSeq,
      pending: initial.pending,
    });
    return sync;
  });
  const saveState = useSyncExternalStore(sync.subscribe, sync.getState);

  useEffect(() => {
    sync.start();
    return () => sync.leave();
  }, [sync]);

  const now = useServerNow(clock);
  const examSecondsLeft = secondsUntil(examEndsAt, now);
  const timeOver = timeWasOver || examSecondsLeft === 0;
  const readOnly = timeOver || conflict || submit.isPending;

  useEffect(() => {
    if (!timeOver) return;
    setTimeWasOver(true);
    // Answers changed in the last moments still count within the server's grace period.
    void sync.flush().finally(() => sync.stop());
    latest.current.onTimeOver();
  }, [timeOver, sync]);

  const clockOf = (section: StudentSection): SectionClock => {
    if (closedByServer.has(section._id)) return { kind: 'over' };
    if (section.timeLimit === 0) return { kind: 'untimed' };
    const deadline = sectionDeadlines[section._id] ?? null;
    // Opened, yet without a deadline: the server keeps no clock for it.
    if (deadline === null) {
      return openedIds.has(section._id) ? { kind: 'untimed' } : { kind: 'unopened' };
    }
    const left = secondsUntil(Math.min(Date.parse(deadline), examEndsAt), now);
    return left > 0 ? { kind: 'running', secondsLeft: left } : { kind: 'over' };
  };

  // A section whose own time just ran out sends its last changes while the server still takes them.
  const closedSections = view.sections
    .filter((section) => clockOf(section).kind === 'over')
    .map((section) => section._id)
    .join();
  useEffect(() => {
    if (closedSections) void sync.flush();
  }, [closedSections, sync]);

  const warning = timeOver ? null : warningMinutes(examSecondsLeft);
  const [announcement, setAnnouncement] = useState('');
  const announcedWarning = useRef<number | null>(null);
  useEffect(() => {
    if (warning !== null && warning !== announcedWarning.current) {
      setAnnouncement(`${plural(warning, 'minute')} left`);
    }
    announcedWarning.current = warning;
  }, [warning]);
  useEffect(() => {
    if (timeOver) setAnnouncement(ATTEMPT_MESSAGES.timeOver);
  }, [timeOver]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly chosen section takes focus once it shows
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [currentId]);

  const change = useCallback(
    (questionId: string, patch: Partial<AnswerValue>) => {
      const next = { ...NO_ANSWER, ...answersRef.current[questionId], ...patch };
      answersRef.current = { ...answersRef.current, [questionId]: next };
      setAnswers(answersRef.current);
      sync.change(questionId, next);
    },
    [sync],
  );

  const selectSection = (section: StudentSection) => {
    focusHeading.current = section._id !== currentId;
    setCurrentId(section._id);
  };

  const openCurrentSection = () => {
    openSection.mutate(
      { attemptId, sectionId: currentId },
      {
        onSuccess: ({ sectionId, deadlineAt, questions }) => {
          setSectionDeadlines((deadlines) => ({ ...deadlines, [sectionId]: deadlineAt }));
          setOpenedIds((opened) => new Set([...opened, sectionId]));
          setRevealed((shown) => ({ ...shown, [sectionId]: questions }));
        },
        onError: (error) => {
          toast.error(
            getServerMessage(error) ?? 'The section could not be opened. Please try again.',
          );
        },
      },
    );
  };

  const confirmSubmit = () => {
    submit.mutate(
      { attemptId, payload: sync.finish() },
      {
        onSuccess: (result) => {
          void sync.discard();
          latest.current.onSubmitted(result);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.response?.status === 409) {
            void sync.discard();
            latest.current.onFinalised();
            return;
          }
          sync.resume();
          setConfirming(false);
          toast.error(
            getServerMessage(error) ??
              'Your exam could not be submitted. Your answers are kept on this device; please try again.',
          );
        },
      },
    );
  };

  // A proctored attempt's heartbeat tells the time left: the countdown follows it when it drifts.
  const resyncRemaining = useCallback((remainingMs: number) => {
    setExamEndsAt((endsAt) => {
      const told = serverNowOf(clockRef.current) + remainingMs;
      return Math.abs(told - endsAt) > 1000 ? told : endsAt;
    });
  }, []);

  const moveDeadline = useCallback((deadlineAt: string, remainingMs: number) => {
    setClock({
      serverNow: new Date(Date.parse(deadlineAt) - remainingMs).toISOString(),
      receivedAt: performance.now(),
    });
    setExamEndsAt(Date.parse(deadlineAt));
    toast.success(`Your proctor extended your exam: it now ends at ${formatClock(deadlineAt)}.`);
  }, []);

  const endedElsewhere = useCallback(
    (proctorReason: string | null) => {
      void sync.discard();
      latest.current.onFinalised(proctorReason ?? undefined);
    },
    [sync],
  );

  const current = sections.find((section) => section._id === currentId);
  const totalQuestions = sections.reduce((sum, section) => sum + section.totalQuestions, 0);
  const { exam } = view;

  return (
    <>
      <PageHeader
        title={exam.examTitle}
        description={`${exam.subject} · ${EXAM_MODE_LABELS[exam.examMode]} · ${plural(totalQuestions, 'question')} · ${plural(exam.totalMarks, 'mark')}`}
      />
      <StatusBar
        secondsLeft={timeOver ? 0 : examSecondsLeft}
        saveState={saveState}
        canSubmit={!readOnly}
        onSubmit={() => setConfirming(true)}
      />
      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      <p aria-live="polite" className="sr-only">
        {saveState === 'offline' ? ATTEMPT_MESSAGES.offline : ''}
      </p>
      {exam.examMode === 'PROCTORING' && !timeOver && (
        <Suspense fallback={null}>
          <ProctoredSitting
            attemptId={attemptId}
            examId={exam._id}
            serverNow={() => serverNowOf(clockRef.current)}
            onRemaining={resyncRemaining}
            onDeadline={moveDeadline}
            onEnded={endedElsewhere}
          />
        </Suspense>
      )}
      {conflict && (
        <Notice
          tone="red"
          title="Newer answers were saved elsewhere"
          alert
          action={
            <Button variant="secondary" size="sm" onClick={onReload}>
              <RotateCw aria-hidden="true" className="size-4" />
              Reload
            </Button>
          }
        >
          {ATTEMPT_MESSAGES.conflict}
        </Notice>
      )}
      {timeOver && (
        <Notice tone="red" title={ATTEMPT_MESSAGES.timeOver}>
          <span className="flex items-center gap-2">
            The answers saved before the deadline are being submitted; your receipt appears here in
            a moment.
            <Spinner />
          </span>
          {saveState !== 'saved' && (
            <span className="mt-1 block">
              Answers this device could not send before the deadline do not count.
            </span>
          )}
        </Notice>
      )}
      {warning !== null && (
        <Notice tone={warning === 1 ? 'red' : 'amber'} title={`${plural(warning, 'minute')} left`}>
          Your answers are saved as you go. When the time is over, the exam is submitted with the
          answers saved.
        </Notice>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] lg:items-start">
        {sections.length > 1 && (
          <div className="min-w-0 lg:col-start-1">
            <SectionNav
              sections={sections}
              currentId={currentId}
              answers={answers}
              isClosed={(section) => clockOf(section).kind === 'over'}
              onSelect={selectSection}
            />
          </div>
        )}
        {current && (
          <>
            {/* A section not opened yet shows no questions to jump to. */}
            {(readOnly || clockOf(current).kind !== 'unopened') && (
              <aside className="lg:sticky lg:top-40 lg:col-start-2 lg:row-span-2 lg:row-start-1">
                <QuestionPalette questions={current.questions} answers={answers} />
              </aside>
            )}
            <SectionPanel
              section={current}
              clock={clockOf(current)}
              headingRef={headingRef}
              answers={answers}
              readOnly={readOnly}
              opening={openSection.isPending}
              onOpen={openCurrentSection}
              onChange={change}
            />
          </>
        )}
      </div>
      <SubmitDialog
        open={confirming}
        answered={countAnswered(sections, answers)}
        total={totalQuestions}
        unanswered={unansweredBySection(sections, answers)}
        submitting={submit.isPending}
        onConfirm={confirmSubmit}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
