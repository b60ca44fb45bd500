import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { Content, formulaLabel } from './content';

const OPTION_LETTERS = ['A', 'B', 'C', 'D'];

type QuestionFrameProps = Omit<ComponentProps<'article'>, 'children'> & {
  /** Its place within its section, from 1. */
  number: number;
  marks: number;
  questionText: string;
  /** Beside the heading: the review toggle, or the answer's state. */
  aside?: ReactNode;
  /** The answer: given the ids of the heading and the question's text, which name it. */
  children: (ids: { headingId: string; textId: string; label: string }) => ReactNode;
};

/**
 * A question as a student sees it: number, marks, text, then the answer. The attempt and every
 * preview of a paper draw it with this, so a preview shows what the student will see.
 */
export function QuestionFrame({
  number,
  marks,
  questionText,
  aside,
  children,
  className,
  ...article
}: QuestionFrameProps) {
  const headingId = useId();
  const textId = useId();
  const label = `Question ${number}`;
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 min-w-0',
        className,
      )}
      {...article}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="font-semibold text-slate-900">
            {label}
          </h3>
          <p className="text-xs text-slate-500">{plural(marks, 'mark')}</p>
        </div>
        {aside}
      </div>
      <div id={textId} className="mt-3 text-sm text-slate-800 sm:text-base">
        <Content source={questionText} />
      </div>
      <div className="mt-4">{children({ headingId, textId, label })}</div>
    </article>
  );
}

type ChoiceOptionsProps = {
  options: readonly { _id: string; text: string }[];
  /** MCQ options are lettered; True and False are not. */
  lettered: boolean;
  labelledBy: string;
  selected: string | null;
  readOnly: boolean;
  onSelect?: (optionId: string) => void;
};

/** The options of a choice question, one radio each, labelled with the option's content. */
export function ChoiceOptions({
  options,
  lettered,
  labelledBy,
  selected,
  readOnly,
  onSelect,
}: ChoiceOptionsProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className="grid gap-2">
      {options.map((option, index) => (
        <label
          key={option._id}
          className={cn(
            'flex items-start gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-800 transition-colors',
            'has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            readOnly ? 'cursor-default' : 'cursor-pointer hover:border-brand-300',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option._id}
            checked={selected === option._id}
            disabled={readOnly}
            aria-label={formulaLabel(option.text)}
            onChange={() => onSelect?.(option._id)}
            className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
          />
          {lettered && (
            <span aria-hidden="true" className="font-semibold text-slate-500">
              {OPTION_LETTERS[index]}
            </span>
          )}
          <Content inline source={option.text} className="min-w-0" />
        </label>
      ))}
    </div>
  );
}
