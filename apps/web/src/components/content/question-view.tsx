import { ATTEMPT_LIMITS, ATTEMPT_MESSAGES, parseStudentNumber } from '@examiq/contracts';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { Dropdown } from '../dropdown';
import { TextField } from '../text-field';
import { Content, formulaLabel } from './content';

/** An option's letter by its place: A, B, C… (a multiple select has up to 10). */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

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
        <OptionChoice
          key={option._id}
          type="radio"
          name={name}
          option={option}
          letter={lettered ? optionLetter(index) : undefined}
          checked={selected === option._id}
          readOnly={readOnly}
          onChange={() => onSelect?.(option._id)}
        />
      ))}
    </div>
  );
}

type MultiChoiceOptionsProps = {
  options: readonly { _id: string; text: string }[];
  labelledBy: string;
  selected: readonly string[];
  readOnly: boolean;
  onChange?: (optionIds: string[]) => void;
};

/**
 * The options of a multiple select question, one checkbox each, in a group named by the question
 * and saying that any number may be chosen. The chosen ids keep the options' order.
 */
export function MultiChoiceOptions({
  options,
  labelledBy,
  selected,
  readOnly,
  onChange,
}: MultiChoiceOptionsProps) {
  const legendId = useId();
  const toggle = (optionId: string, checked: boolean) =>
    onChange?.(
      options
        .map((option) => option._id)
        .filter((id) => (id === optionId ? checked : selected.includes(id))),
    );
  return (
    <fieldset aria-labelledby={`${labelledBy} ${legendId}`} className="min-w-0">
      <legend id={legendId} className="mb-2 text-sm text-slate-600">
        Select all that apply.
      </legend>
      <div className="grid gap-2">
        {options.map((option, index) => (
          <OptionChoice
            key={option._id}
            type="checkbox"
            option={option}
            letter={optionLetter(index)}
            checked={selected.includes(option._id)}
            readOnly={readOnly}
            onChange={(checked) => toggle(option._id, checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}

type OptionChoiceProps = {
  type: 'radio' | 'checkbox';
  name?: string;
  option: { _id: string; text: string };
  letter: string | undefined;
  checked: boolean;
  readOnly: boolean;
  onChange: (checked: boolean) => void;
};

/** One option as a card: its radio or checkbox, its letter, its content. */
function OptionChoice({
  type,
  name,
  option,
  letter,
  checked,
  readOnly,
  onChange,
}: OptionChoiceProps) {
  return (
    <label
      className={cn(
        'flex items-start gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-800 transition-colors',
        'has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        readOnly ? 'cursor-default' : 'cursor-pointer hover:border-brand-300',
      )}
    >
      <input
        type={type}
        name={name}
        value={option._id}
        checked={checked}
        disabled={readOnly}
        aria-label={formulaLabel(option.text)}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
      />
      {letter && (
        <span aria-hidden="true" className="font-semibold text-slate-500">
          {letter}
        </span>
      )}
      <Content inline source={option.text} className="min-w-0" />
    </label>
  );
}

export interface NumberAnswerValue {
  /** The number as typed, trimmed; null when empty. Never a text that is not a number. */
  number: string | null;
  unit: string | null;
}

type NumberAnswerProps = NumberAnswerValue & {
  /** 'Question 3': names the inputs, whose visible labels every question shares. */
  label: string;
  units: readonly string[];
  readOnly: boolean;
  onChange?: (value: NumberAnswerValue) => void;
};

/**
 * A numerical question's answer: the number as the student types it (a decimal comma or point,
 * an exponent), and its unit when the question has units. A text that is not a number is not
 * passed on: it says so once left, and the last number stands until the text reads as one.
 */
export function NumberAnswer({
  label,
  number,
  unit,
  units,
  readOnly,
  onChange,
}: NumberAnswerProps) {
  const [typed, setTyped] = useState(number ?? '');
  const [invalid, setInvalid] = useState(false);
  const [passedOn, setPassedOn] = useState(number);
  // An answer changed elsewhere (another tab's save, a reload of the attempt) replaces the text.
  if (number !== passedOn) {
    setPassedOn(number);
    setTyped(number ?? '');
    setInvalid(false);
  }
  const readable = (text: string) => text.trim() === '' || parseStudentNumber(text) !== null;

  const type = (text: string) => {
    setTyped(text);
    if (!readable(text)) return;
    setInvalid(false);
    const next = text.trim() === '' ? null : text.trim();
    setPassedOn(next);
    onChange?.({ number: next, unit });
  };

  return (
    <div className="flex flex-wrap items-start gap-3">
      <TextField
        label="Your answer"
        aria-label={`Your answer to ${label.toLowerCase()}`}
        className="w-full max-w-56"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        maxLength={ATTEMPT_LIMITS.numberText}
        value={typed}
        readOnly={readOnly}
        error={invalid ? ATTEMPT_MESSAGES.notANumber : undefined}
        onChange={(event) => type(event.target.value)}
        onBlur={() => setInvalid(!readable(typed))}
      />
      {units.length > 0 && (
        <Dropdown
          label="Unit"
          aria-label={`Unit of your answer to ${label.toLowerCase()}`}
          className="w-40"
          placeholder="Choose a unit"
          options={units.map((choice) => ({ value: choice, label: choice }))}
          value={unit ?? ''}
          disabled={readOnly}
          onChange={(event) => onChange?.({ number, unit: event.target.value || null })}
        />
      )}
    </div>
  );
}
