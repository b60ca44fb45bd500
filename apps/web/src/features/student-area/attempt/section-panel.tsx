import { answerAnyCount, answerAnyNotice, type StudentSection } from '@examiq/contracts';
import { ListChecks, Lock, Timer } from 'lucide-react';
import { type Ref, useId } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Content } from '@/components/content/content';
import { cn } from '@/lib/cn';
import { formatCountdown } from '@/lib/countdown';
import { plural } from '@/lib/plural';
import { formatMinutes } from '../format';
import { type Answers, isAnswered } from './answers';
import type { AnswerValue } from './outbox';
import { QuestionCard } from './question-card';

/** Where a timed section stands: its clock not started, running, or over. */
export type SectionClock =
  | { kind: 'untimed' }
  | { kind: 'unopened' }
  | { kind: 'running'; secondsLeft: number }
  | { kind: 'over' };

interface SectionPanelProps {
  section: StudentSection;
  clock: SectionClock;
  headingRef: Ref<HTMLHeadingElement>;
  answers: Answers;
  /** The whole exam is read-only: time over, a conflict, a submit under way. */
  readOnly: boolean;
  /** The paper's preview for an admin: read-only, with no answers and no clock to start. */
  preview?: boolean;
  opening: boolean;
  onOpen: () => void;
  onChange: (questionId: string, change: Partial<AnswerValue>) => void;
}

/** The section shown: its instructions and clock, then its questions (or the way to open it). */
export function SectionPanel({
  section,
  clock,
  headingRef,
  answers,
  readOnly,
  preview = false,
  opening,
  onOpen,
  onChange,
}: SectionPanelProps) {
  const headingId = useId();
  const sectionReadOnly = readOnly || clock.kind === 'over';

  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4 lg:col-start-1">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h2
                ref={headingRef}
                id={headingId}
                tabIndex={-1}
                className="text-lg font-semibold text-slate-900 focus:outline-none"
              >
                {section.name}
              </h2>
              {section.isOptional && <Badge tone="sky">Optional</Badge>}
            </div>
            <p className="text-sm text-slate-500">
              {`${plural(section.totalQuestions, 'question')} · ${section.timeLimit > 0 ? `own time limit of ${formatMinutes(section.timeLimit)}` : 'on the exam’s clock'}`}
            </p>
          </div>
          <SectionClockBadge clock={clock} />
        </div>
        {section.instructions.length > 0 && (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-600">
            {section.instructions.map((instruction, index) => (
              // Instructions never move, and the same line may appear twice.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index}>
                <Content source={instruction} />
              </li>
            ))}
          </ul>
        )}
        {section.answerAny !== null && (
          <InternalChoice section={section} answerAny={section.answerAny} answers={answers} />
        )}
        {clock.kind === 'over' && (
          <p className="mt-3 flex items-start gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
            <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            The time for this section is over. Its answers are shown read-only; those saved before
            it ended count.
          </p>
        )}
      </div>
      {clock.kind === 'unopened' && !readOnly ? (
        <SectionGate section={section} opening={opening} onOpen={onOpen} />
      ) : (
        section.questions.map((question, index) => (
          <QuestionCard
            key={question._id}
            question={question}
            number={index + 1}
            answer={answers[question._id]}
            readOnly={sectionReadOnly}
            preview={preview}
            onChange={onChange}
          />
        ))
      )}
    </section>
  );
}

/**
 * "Answer any K of these N": said before the questions, with how many are answered so far. More
 * than K may be answered; the best K count.
 */
function InternalChoice({
  section,
  answerAny,
  answers,
}: {
  section: StudentSection;
  answerAny: number;
  answers: Answers;
}) {
  const answered = section.questions.filter((question) => isAnswered(answers[question._id])).length;
  return (
    <div className="mt-3 flex flex-col gap-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/20 ring-inset sm:flex-row sm:items-center sm:justify-between sm:gap-3">
      <p className="flex items-start gap-2">
        <ListChecks aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {answerAnyNotice(answerAny, section.totalQuestions)}
      </p>
      <p role="status" className="shrink-0 font-semibold tabular-nums">
        {answerAnyCount(answered, answerAny)}
      </p>
    </div>
  );
}

function SectionClockBadge({ clock }: { clock: SectionClock }) {
  if (clock.kind !== 'running') return null;
  return (
    <p
      className={cn(
        'flex items-center gap-1.5 rounded-lg px-2.5 py-1 text-sm ring-1 ring-inset',
        clock.secondsLeft <= 60
          ? 'bg-red-50 text-red-800 ring-red-300'
          : 'bg-slate-50 text-slate-800 ring-slate-200',
      )}
    >
      <Timer aria-hidden="true" className="size-4" />
      Section time left
      <time dateTime={`PT${clock.secondsLeft}S`} className="font-semibold tabular-nums">
        {formatCountdown(clock.secondsLeft)}
      </time>
    </p>
  );
}

/** A timed section is opened on purpose: its clock starts then and keeps running. */
function SectionGate({
  section,
  opening,
  onOpen,
}: {
  section: StudentSection;
  opening: boolean;
  onOpen: () => void;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Timer aria-hidden="true" className="size-6" />
      </span>
      <p className="font-semibold text-slate-900">
        {`This section has its own time limit of ${formatMinutes(section.timeLimit)}`}
      </p>
      <p className="mt-1 max-w-md text-sm text-slate-600">
        Its clock starts when you open it and keeps running, even if you move to another section or
        leave the page. Open it when you are ready to answer it.
      </p>
      <Button className="mt-5" onClick={onOpen} loading={opening}>
        {opening ? 'Opening…' : 'Open section'}
      </Button>
    </div>
  );
}
