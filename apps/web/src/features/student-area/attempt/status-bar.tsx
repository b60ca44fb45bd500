import { ANSWER_FILE_MESSAGES, ATTEMPT_LIMITS, ATTEMPT_MESSAGES } from '@examiq/contracts';
import { AlarmClock, CircleCheck, CloudOff, LoaderCircle, Send, Timer } from 'lucide-react';
import { Button } from '@/components/button';
import { cn } from '@/lib/cn';
import { formatCountdown } from '@/lib/countdown';
import type { SaveState } from './answer-sync';

const [FIRST_WARNING_MINUTES = 5, LAST_WARNING_MINUTES = 1] = ATTEMPT_LIMITS.warningsAtMinutes;

/** The warning the time left calls for: none, the 5-minute one or the 1-minute one. */
export function warningMinutes(secondsLeft: number): number | null {
  const warnings = ATTEMPT_LIMITS.warningsAtMinutes.filter(
    (minutes) => secondsLeft > 0 && secondsLeft <= minutes * 60,
  );
  return warnings.length > 0 ? Math.min(...warnings) : null;
}

interface StatusBarProps {
  secondsLeft: number;
  saveState: SaveState;
  canSubmit: boolean;
  onSubmit: () => void;
}

/** Stays in view while the student scrolls: the time left, whether answers are saved, Submit. */
export function StatusBar({ secondsLeft, saveState, canSubmit, onSubmit }: StatusBarProps) {
  return (
    <div className="sticky top-16 z-10 -mx-4 mb-6 border-b border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 sm:gap-x-5">
        <ExamClock secondsLeft={secondsLeft} />
        <SaveStatus state={saveState} />
        <Button className="ml-auto" onClick={onSubmit} disabled={!canSubmit}>
          <Send aria-hidden="true" className="size-4" />
          {/* A phone shows 'Submit' so the bar stays one row; the name is the same everywhere. */}
          <span>
            Submit <span className="sr-only sm:not-sr-only">exam</span>
          </span>
        </Button>
      </div>
    </div>
  );
}

function ExamClock({ secondsLeft }: { secondsLeft: number }) {
  const warning = warningMinutes(secondsLeft);
  const Icon = warning === null ? Timer : AlarmClock;
  return (
    <p
      className={cn(
        'flex items-center gap-2 rounded-lg px-2.5 py-1.5 ring-1 ring-inset sm:px-3',
        warning === null && 'bg-slate-50 text-slate-900 ring-slate-200',
        warning === FIRST_WARNING_MINUTES && 'bg-amber-50 text-amber-900 ring-amber-300',
        warning === LAST_WARNING_MINUTES && 'bg-red-50 text-red-800 ring-red-300',
      )}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <span className="sr-only text-sm font-medium sm:not-sr-only">Time left</span>
      <time
        dateTime={`PT${secondsLeft}S`}
        className="text-lg font-semibold tabular-nums"
        data-testid="time-left"
      >
        {formatCountdown(secondsLeft)}
      </time>
    </p>
  );
}

const SAVE_STATES = {
  saved: { text: ATTEMPT_MESSAGES.saved, icon: CircleCheck, tone: 'text-green-700' },
  saving: { text: ATTEMPT_MESSAGES.saving, icon: LoaderCircle, tone: 'text-slate-600' },
  uploading: { text: ANSWER_FILE_MESSAGES.uploading, icon: LoaderCircle, tone: 'text-slate-600' },
  offline: { text: ATTEMPT_MESSAGES.offline, icon: CloudOff, tone: 'text-amber-800' },
} as const;

/** Always in view; not a live region, so a screen reader is not told of every save. */
function SaveStatus({ state }: { state: SaveState }) {
  const { text, icon: Icon, tone } = SAVE_STATES[state];
  return (
    <p
      data-testid="save-state"
      className={cn(
        'flex min-w-0 items-center gap-1.5 text-sm font-medium',
        tone,
        state === 'offline' && 'order-last basis-full sm:order-none sm:basis-auto sm:flex-1',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('size-4 shrink-0', Icon === LoaderCircle && 'animate-spin')}
      />
      {text}
    </p>
  );
}
