import type { StudentQuestion } from '@examiq/contracts';
import { Check, Flag } from 'lucide-react';
import { memo, useId } from 'react';
import { cn } from '@/lib/cn';
import { type Answers, isAnswered } from './answers';
import { questionElementId } from './question-card';

interface QuestionPaletteProps {
  questions: readonly StudentQuestion[];
  answers: Answers;
}

/** Puts the question at the top of the page and gives it focus, for keyboard and screen readers. */
function jumpTo(questionId: string) {
  const element = document.getElementById(questionElementId(questionId));
  element?.scrollIntoView({ block: 'start' });
  element?.focus({ preventScroll: true });
}

function stateOf(answered: boolean, marked: boolean): string {
  const state = answered ? 'answered' : 'not answered';
  return marked ? `${state}, marked for review` : state;
}

/**
 * The section's questions at a glance, each a button to jump to it. Answered, unanswered and
 * marked for review differ by fill, a tick and a flag, not by colour alone.
 */
export const QuestionPalette = memo(function QuestionPalette({
  questions,
  answers,
}: QuestionPaletteProps) {
  const titleId = useId();
  const answeredCount = questions.filter((question) => isAnswered(answers[question._id])).length;

  return (
    <nav
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={titleId} className="font-semibold text-slate-900">
          Questions
        </h2>
        <p className="text-sm text-slate-500">{`${answeredCount} of ${questions.length} answered`}</p>
      </div>
      <ol className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(2.5rem,1fr))] gap-2">
        {questions.map((question, index) => {
          const answer = answers[question._id];
          const answered = isAnswered(answer);
          const marked = answer?.markedForReview ?? false;
          return (
            <li key={question._id}>
              <button
                type="button"
                aria-label={`Question ${index + 1}: ${stateOf(answered, marked)}`}
                onClick={() => jumpTo(question._id)}
                className={cn(
                  'relative flex h-10 w-full items-center justify-center rounded-lg text-sm font-semibold tabular-nums transition-colors',
                  answered
                    ? 'bg-brand-600 text-white hover:bg-brand-700'
                    : 'border border-dashed border-slate-400 bg-white text-slate-700 hover:bg-slate-50',
                  marked && 'ring-2 ring-amber-500 ring-offset-1',
                )}
              >
                {index + 1}
                {answered && (
                  <Check
                    aria-hidden="true"
                    strokeWidth={3}
                    className="absolute right-0.5 bottom-0.5 size-3"
                  />
                )}
                {marked && (
                  <Flag
                    aria-hidden="true"
                    className="absolute -top-1.5 -right-1.5 size-4 rounded-full bg-white fill-amber-500 p-0.5 text-amber-600 shadow"
                  />
                )}
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="mt-4 grid gap-1.5 text-xs text-slate-600" aria-label="Legend">
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="flex size-5 items-center justify-center rounded bg-brand-600 text-white"
          >
            <Check strokeWidth={3} className="size-3" />
          </span>
          Answered
        </li>
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-5 rounded border border-dashed border-slate-400 bg-white"
          />
          Not answered
        </li>
        <li className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="flex size-5 items-center justify-center rounded bg-white ring-2 ring-amber-500"
          >
            <Flag className="size-3 fill-amber-500 text-amber-600" />
          </span>
          Marked for review
        </li>
      </ul>
    </nav>
  );
});
