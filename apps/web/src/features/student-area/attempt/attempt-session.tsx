import {
  ANSWER_FILE_MESSAGES,
  type AnswerFile,
  ATTEMPT_MESSAGES,
  EXAM_MODE_LABELS,
  type StudentSection,
} from '@examiq/contracts';
import { RotateCw } from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { MediaUrlsProvider } from '@/components/content/content';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { ApiError, getServerMessage } from '@/lib/api-client';
import { formatClock } from '@/lib/format';
import { plural } from '@/lib/plural';
import type { AttemptViewData } from '../api/get-attempt';
import { type SubmitExamResult, useSubmitExam } from '../api/submit-exam';
import { loadProctoredSitting } from '../proctoring/load';
import { AnswerSync, type SyncEvents } from './answer-sync';
import {
  type Answers,
  countAnswered,
  mergeAnswers,
  NO_ANSWER,
  unansweredBySection,
} from './answers';
import { AnswerFilesContext, type AnswerFilesValue } from './file-answer';
import { FileUploads, saveStateOf } from './file-uploads';
import { Notice } from './notice';
import type { AnswerValue, Outbox, OutboxEntry, PendingFile } from './outbox';
import { QuestionPalette } from './question-palette';
import { SectionNav } from './section-nav';
import { SectionPanel } from './section-panel';
import { StatusBar } from './status-bar';
import { SubmitDialog } from './submit-dialog';
import { useExamClock } from './use-exam-clock';
import { useTimeWarning } from './use-time-warning';
import { useTimedSections } from './use-timed-sections';

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
  const clock = useExamClock(view);
  const timed = useTimedSections(view, clock.endsAt, clock.now);
  const { sections, clockOf } = timed;
  const [currentId, setCurrentId] = useState(view.sections[0]?._id ?? '');
  const [conflict, setConflict] = useState(false);
  // Once over, always over: a save answered at the deadline must not unlock the page again.
  const [timeWasOver, setTimeWasOver] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const submit = useSubmitExam();

  // The sync outlives renders; its events reach the latest props through this ref.
  const latest = useRef({ onTimeOver, onFinalised, onSubmitted });
  useEffect(() => {
    latest.current = { onTimeOver, onFinalised, onSubmitted };
  });
  const [sync] = useState(() => {
    const events: SyncEvents = {
      onSaved: (result) => {
        clock.deadlineTold(result.deadlineAt, result.remainingMs);
        timed.closedOnServer(result.closedSectionIds);
        if (result.conflict) {
          sync.stop();
          uploads.stop();
          setConflict(true);
        }
        if (result.status === 'SUBMITTED') {
          void sync.discard();
          uploads.discard();
          latest.current.onFinalised();
        }
      },
      onClosed: (message) => {
        uploads.discard();
        closedOnServer(message);
      },
    };
    const sync = new AnswerSync(attemptId, outbox, events, {
      startSeq: initial.startSeq,
      pending: initial.pending,
    });
    return sync;
  });

  const change = useCallback(
    (questionId: string, patch: Partial<AnswerValue>) => {
      const next = { ...NO_ANSWER, ...answersRef.current[questionId], ...patch };
      answersRef.current = { ...answersRef.current, [questionId]: next };
      setAnswers(answersRef.current);
      sync.change(questionId, next);
    },
    [sync],
  );

  // Every file the server holds for the attempt: those of the view, then those uploaded here.
  const [files, setFiles] = useState<ReadonlyMap<string, AnswerFile>>(
    () => new Map(view.files.map((file) => [file._id, file])),
  );
  const [fileProblems, setFileProblems] = useState<AnswerFilesValue['problems']>({});
  // Told to screen readers: the file chosen last to have reached the server.
  const [uploadedNote, setUploadedNote] = useState('');
  const [uploads] = useState(
    () =>
      new FileUploads(attemptId, outbox, {
        onUploaded: (file, chosen) => {
          setFiles((current) => new Map(current).set(file._id, file));
          const fileIds = answersRef.current[file.questionId]?.fileIds ?? [];
          if (fileIds.includes(file._id)) {
            noteFileProblem(chosen, ANSWER_FILE_MESSAGES.alreadyUploaded);
          } else {
            change(file.questionId, { fileIds: [...fileIds, file._id] });
            setUploadedNote(`${chosen.fileName}: ${ANSWER_FILE_MESSAGES.uploaded}`);
          }
        },
        onRefused: noteFileProblem,
        onClosed: (message) => {
          void sync.discard();
          closedOnServer(message);
        },
      }),
  );
  const uploadState = useSyncExternalStore(uploads.subscribe, uploads.getState);
  const saveState = saveStateOf(useSyncExternalStore(sync.subscribe, sync.getState), uploadState);

  /** Why a chosen file is not (again) in the answer, shown beside its question's chooser. */
  function noteFileProblem(file: PendingFile, message: string) {
    setFileProblems((current) => ({
      ...current,
      [file.questionId]: [...(current[file.questionId] ?? []), `${file.fileName}: ${message}`],
    }));
  }

  /** The server refused a save or an upload with 409: submitted elsewhere, or the time is over. */
  function closedOnServer(message: string | undefined) {
    if (message === ATTEMPT_MESSAGES.alreadySubmitted) latest.current.onFinalised();
    else setTimeWasOver(true);
  }

  /** The attempt is over: nothing this device holds can count any more. */
  const discard = useCallback(() => {
    void sync.discard();
    uploads.discard();
  }, [sync, uploads]);

  useEffect(() => {
    sync.start();
    uploads.start();
    return () => {
      sync.leave();
      uploads.stop();
    };
  }, [sync, uploads]);

  const choose = useCallback<AnswerFilesValue['choose']>(
    (questionId, accepted, problems) => {
      setFileProblems((current) => ({ ...current, [questionId]: problems }));
      for (const file of accepted) uploads.add(questionId, file);
    },
    [uploads],
  );
  const answerFiles = useMemo<AnswerFilesValue>(
    () => ({
      files,
      uploads: uploadState,
      problems: fileProblems,
      choose,
      removePending: (id) => uploads.remove(id),
    }),
    [files, uploadState, fileProblems, choose, uploads],
  );

  const timeOver = timeWasOver || clock.secondsLeft === 0;
  const readOnly = timeOver || conflict || submit.isPending;

  useEffect(() => {
    if (!timeOver) return;
    setTimeWasOver(true);
    // Answers changed in the last moments still count within the server's grace period.
    void sync.flush().finally(() => sync.stop());
    uploads.stop();
    latest.current.onTimeOver();
  }, [timeOver, sync, uploads]);

  // A section whose own time just ran out sends its last changes while the server still takes them.
  const closedSections = view.sections
    .filter((section) => clockOf(section).kind === 'over')
    .map((section) => section._id)
    .join();
  useEffect(() => {
    if (closedSections) void sync.flush();
  }, [closedSections, sync]);

  const { warning, announcement } = useTimeWarning(clock.secondsLeft, timeOver);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly chosen section takes focus once it shows
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
  }, [currentId]);

  const selectSection = (section: StudentSection) => {
    focusHeading.current = section._id !== currentId;
    setCurrentId(section._id);
  };

  const confirmSubmit = () => {
    // A file still waiting is not part of the submitted answer.
    uploads.stop();
    submit.mutate(
      { attemptId, payload: sync.finish() },
      {
        onSuccess: (result) => {
          discard();
          latest.current.onSubmitted(result);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.response?.status === 409) {
            discard();
            latest.current.onFinalised();
            return;
          }
          sync.resume();
          uploads.resume();
          setConfirming(false);
          toast.error(
            getServerMessage(error) ??
              'Your exam could not be submitted. Your answers are kept on this device; please try again.',
          );
        },
      },
    );
  };

  const { deadlineTold } = clock;
  const moveDeadline = useCallback(
    (deadlineAt: string, remainingMs: number) => {
      deadlineTold(deadlineAt, remainingMs);
      toast.success(`Your proctor extended your exam: it now ends at ${formatClock(deadlineAt)}.`);
    },
    [deadlineTold],
  );

  const endedElsewhere = useCallback(
    (proctorReason: string | null) => {
      discard();
      latest.current.onFinalised(proctorReason ?? undefined);
    },
    [discard],
  );

  const current = sections.find((section) => section._id === currentId);
  const totalQuestions = sections.reduce((sum, section) => sum + section.totalQuestions, 0);
  const { exam } = view;

  return (
    <MediaUrlsProvider mediaUrls={timed.mediaUrls}>
      <AnswerFilesContext value={answerFiles}>
        <PageHeader
          title={exam.examTitle}
          description={`${exam.subject} · ${EXAM_MODE_LABELS[exam.examMode]} · ${plural(totalQuestions, 'question')} · ${plural(exam.totalMarks, 'mark')}`}
        />
        <StatusBar
          secondsLeft={timeOver ? 0 : clock.secondsLeft}
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
        <p aria-live="polite" className="sr-only">
          {uploadedNote}
        </p>
        {exam.examMode === 'PROCTORING' && !timeOver && (
          <Suspense fallback={null}>
            <ProctoredSitting
              attemptId={attemptId}
              examId={exam._id}
              serverNow={clock.serverNow}
              onRemaining={clock.remainingTold}
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
              The answers saved before the deadline are being submitted; your receipt appears here
              in a moment.
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
          <Notice
            tone={warning === 1 ? 'red' : 'amber'}
            title={`${plural(warning, 'minute')} left`}
          >
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
                opening={timed.opening}
                onOpen={() => timed.open(currentId)}
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
          waitingFiles={uploadState.pending.length}
          submitting={submit.isPending}
          onConfirm={confirmSubmit}
          onClose={() => setConfirming(false)}
        />
      </AnswerFilesContext>
    </MediaUrlsProvider>
  );
}
