import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { ContentEditor } from '@/components/content-editor/content-editor';
import { controlClasses, controlStateClasses, describedBy } from '@/components/field';
import { cn } from '@/lib/cn';
import { recheck } from './form-helpers';
import type { QuestionForm, QuestionPath } from './question-values';
import { flattenErrors, listMessage } from './validation-marks';

export type TextListPath =
  | `${QuestionPath}.items`
  | `${QuestionPath}.distractors`
  | `${QuestionPath}.blanks.${number}.accepted`;

interface TextListFieldProps {
  name: TextListPath;
  legend: string;
  /** Names each line ('Item 2') and its buttons. */
  itemLabel: string;
  min: number;
  max: number;
  /** Lines of exam content (with formulas and images) rather than plain text. */
  content?: boolean;
  /** The order matters (an ordering question's items): each line moves up and down. */
  movable?: boolean;
  /** The question card was opened: the content editors' toolbars load. */
  open?: boolean;
  maxLength?: number;
  /** The list's errors: its own rule's and each line's. */
  errors: unknown;
  note: string;
}

/**
 * A list of short texts with add, remove and, where their order is the answer, move up and down.
 * Each line is registered by its place, so a line's message shows once it was left, as the other
 * fields' do; adding, removing and moving set the whole list.
 */
export function TextListField({
  name,
  legend,
  itemLabel,
  min,
  max,
  content = false,
  movable = false,
  open = false,
  maxLength,
  errors,
  note,
}: TextListFieldProps) {
  const form = useFormContext<QuestionForm>();
  const { register, setValue, getValues } = form;
  const lines: string[] = useWatch({ control: form.control, name }) ?? [];
  const [announcement, setAnnouncement] = useState('');
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const lower = itemLabel.toLowerCase();

  useEffect(() => {
    if (focusAfterMove === null) return;
    buttons.current.get(focusAfterMove)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const update = (next: string[]) => {
    setValue(name, next, { shouldDirty: true });
    recheck(form, name);
  };
  const current = () => [...((getValues(name) as string[] | undefined) ?? [])];

  const move = (index: number, by: -1 | 1) => {
    const next = current();
    const to = index + by;
    const [line] = next.splice(index, 1);
    next.splice(to, 0, line ?? '');
    update(next);
    const text = (line ?? '').trim() || `${itemLabel} ${index + 1}`;
    setAnnouncement(`${text} moved to position ${to + 1} of ${next.length}`);
    // The button pressed may have gone (the first line has no Move up): the other one takes focus.
    const still = by === -1 ? to > 0 : to < next.length - 1;
    setFocusAfterMove(`${to}:${still === (by === -1) ? 'up' : 'down'}`);
  };

  return (
    <fieldset className="min-w-0 space-y-2.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      {lines.length === 0 && <p className="text-sm text-slate-500">{`No ${lower}s yet.`}</p>}
      <ol className="space-y-2">
        {lines.map((_, index) => {
          const label = `${itemLabel} ${index + 1}`;
          const error = flattenErrors((errors as Record<number, unknown> | undefined)?.[index])[0]
            ?.message;
          const field = register(`${name}.${index}` as `questions.0.0.items.0`);
          return (
            <li
              // A line has no identity but its place: moving one moves its text to another input.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              // On a phone a line that moves keeps the width to be read: its buttons go below it.
              className={cn(
                'flex items-start gap-1.5 sm:gap-2',
                movable && 'flex-wrap sm:flex-nowrap',
              )}
            >
              {movable && (
                <span
                  aria-hidden="true"
                  className="flex h-10 w-5 shrink-0 items-center justify-end text-sm font-semibold text-slate-500"
                >
                  {index + 1}
                </span>
              )}
              {content ? (
                <ContentEditor
                  label={label}
                  compact
                  inline
                  open={open}
                  className={cn('flex-1', movable && 'basis-[calc(100%-1.625rem)] sm:basis-0')}
                  error={error}
                  {...field}
                />
              ) : (
                <PlainLine label={label} maxLength={maxLength} error={error} {...field} />
              )}
              <span className={cn('flex gap-1.5 sm:gap-2', movable && 'ml-auto sm:ml-0')}>
                {movable && (
                  <>
                    <Button
                      ref={(element) => {
                        if (element) buttons.current.set(`${index}:up`, element);
                        else buttons.current.delete(`${index}:up`);
                      }}
                      variant="ghost"
                      className="px-2 sm:px-2.5"
                      aria-label={`Move ${lower} ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      ref={(element) => {
                        if (element) buttons.current.set(`${index}:down`, element);
                        else buttons.current.delete(`${index}:down`);
                      }}
                      variant="ghost"
                      className="px-2 sm:px-2.5"
                      aria-label={`Move ${lower} ${index + 1} down`}
                      disabled={index === lines.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </Button>
                  </>
                )}
                <Button
                  variant="ghost"
                  className="px-2 sm:px-2.5"
                  aria-label={`Remove ${lower} ${index + 1}`}
                  disabled={lines.length <= min}
                  onClick={() => update(current().filter((__, other) => other !== index))}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      {listMessage(errors) && <p className="text-sm text-red-600">{listMessage(errors)}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={lines.length >= max}
          onClick={() => {
            update([...current(), '']);
            setTimeout(() => form.setFocus(`${name}.${lines.length}` as `questions.0.0.items.0`));
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {`Add ${lower}`}
        </Button>
        <span className="text-sm text-slate-500">{note}</span>
      </div>
      {movable && (
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
      )}
    </fieldset>
  );
}

/** One line of plain text, named by its place: the list's legend says what the lines are. */
function PlainLine({
  label,
  error,
  ...input
}: ComponentProps<'input'> & { label: string; error: string | undefined }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1">
      <input
        id={id}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        className={cn(controlClasses, controlStateClasses(Boolean(error)))}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
