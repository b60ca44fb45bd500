import { BLANK_MARKER, blankNumbers, EXAM_LIMITS } from '@examiq/contracts';
import { SquareDashed, X } from 'lucide-react';
import { type RefObject, useEffect } from 'react';
import { type UseFieldArrayReturn, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { applyEdit } from '@/components/content-editor/apply-edit';
import { DecimalField } from './decimal-field';
import { recheck } from './form-helpers';
import { blankBlank, type QuestionForm, type QuestionPath } from './question-values';
import { TextListField } from './text-list-field';
import { flattenErrors, listMessage } from './validation-marks';

type BlankRows = UseFieldArrayReturn<QuestionForm, `${QuestionPath}.blanks`>;

/** The text with its markers numbered [[1]], [[2]] … in the order they appear, from `first`. */
export function renumberBlanks(text: string, first = 1): string {
  let next = first;
  return text.replace(BLANK_MARKER, () => `[[${next++}]]`);
}

/**
 * Writes the next blank's marker at the caret (or over the selection) and numbers every marker
 * again in the order they appear, so a blank inserted between two others takes its place among
 * them: its row is inserted at that place, and the rows after it keep their keys.
 */
export function insertBlank(textarea: HTMLTextAreaElement, rows: Pick<BlankRows, 'insert'>) {
  const { value, selectionStart, selectionEnd } = textarea;
  const before = value.slice(0, selectionStart);
  const after = value.slice(selectionEnd);
  const position = blankNumbers(before).length;
  const head = `${renumberBlanks(before)}[[${position + 1}]]`;
  const text = `${head}${renumberBlanks(after, position + 2)}`;
  rows.insert(position, blankBlank(), { shouldFocus: false });
  applyEdit(textarea, {
    start: 0,
    end: value.length,
    text,
    selectStart: head.length,
    selectEnd: head.length,
  });
}

interface InsertBlankButtonProps {
  textarea: RefObject<HTMLTextAreaElement | null>;
  rows: BlankRows;
  disabled: boolean;
}

export function InsertBlankButton({ textarea, rows, disabled }: InsertBlankButtonProps) {
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={disabled}
      // The caret stays where it was in the text: the marker goes there.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        if (textarea.current) insertBlank(textarea.current, rows);
      }}
    >
      <SquareDashed aria-hidden="true" className="size-4" />
      Insert blank
    </Button>
  );
}

export function useBlankRows(path: QuestionPath): BlankRows {
  const { control } = useFormContext<QuestionForm>();
  return useFieldArray({ control, name: `${path}.blanks` });
}

interface BlanksFieldsProps {
  path: QuestionPath;
  rows: BlankRows;
  /** The question's errors, by field. */
  errors: Record<string, unknown> | undefined;
}

/** A blank's row says nothing yet: removing it loses no work. */
function isEmptyBlank(blank: { accepted?: string[]; tolerance?: number | null } | undefined) {
  return (
    !blank ||
    ((blank.accepted ?? []).every((answer) => answer.trim() === '') && blank.tolerance == null)
  );
}

/**
 * One row per `[[n]]` marker of the question text: its accepted answers, whether case counts,
 * and a tolerance that makes it a numeric blank. A marker written adds a row; a marker deleted
 * drops its row if it holds nothing yet, and otherwise leaves it for the author to remove.
 */
export function BlanksFields({ path, rows, errors }: BlanksFieldsProps) {
  const form = useFormContext<QuestionForm>();
  const { register, getValues } = form;
  const text = useWatch({ control: form.control, name: `${path}.questionText` }) ?? '';
  const marked = blankNumbers(text).length;
  const { fields, append, remove } = rows;
  const blankErrors = errors?.blanks as Record<number, Record<string, unknown>> | undefined;

  // The blanks' count is checked against the text: a marker written or deleted checks it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text's change is what to act on
  useEffect(() => {
    recheck(form, `${path}.blanks`);
  }, [text, form, path]);

  useEffect(() => {
    if (marked > fields.length) {
      const missing = Math.min(marked, EXAM_LIMITS.blanks.max) - fields.length;
      if (missing > 0) {
        append(
          Array.from({ length: missing }, () => blankBlank()),
          { shouldFocus: false },
        );
      }
    } else if (marked < fields.length) {
      const blanks = getValues(`${path}.blanks`) ?? [];
      const spare: number[] = [];
      for (let index = fields.length - 1; index >= marked; index -= 1) {
        if (!isEmptyBlank(blanks[index])) break;
        spare.push(index);
      }
      if (spare.length > 0) remove(spare);
    }
  }, [marked, fields.length, append, remove, getValues, path]);

  return (
    <fieldset className="min-w-0 space-y-2.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Blanks</legend>
      <p className="text-sm text-slate-500">
        {
          'Write [[1]], [[2]] … in the question text where the blanks go, or use Insert blank. Give each blank its accepted answers; a tolerance makes it a number blank.'
        }
      </p>
      {listMessage(errors?.blanks) && (
        <p className="text-sm text-red-600">{listMessage(errors?.blanks)}</p>
      )}
      <ul className="space-y-2">
        {fields.map((blank, index) => {
          const at = `${path}.blanks.${index}` as const;
          const own = blankErrors?.[index];
          const unmarked = index >= marked;
          return (
            <li key={blank.id}>
              <fieldset className="flex min-w-0 items-start gap-2 rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-xs font-medium text-slate-500">
                  {`Blank ${index + 1}${unmarked ? ' (not in the text)' : ''}`}
                </legend>
                <div className="grid min-w-0 flex-1 grid-cols-1 gap-3 sm:grid-cols-2">
                  <div className="sm:col-span-2">
                    <TextListField
                      name={`${at}.accepted`}
                      legend={`Accepted answers of blank ${index + 1}`}
                      itemLabel="Accepted answer"
                      min={1}
                      max={EXAM_LIMITS.acceptedPerBlank}
                      maxLength={100}
                      errors={own?.accepted}
                      note={`1 to ${EXAM_LIMITS.acceptedPerBlank} answers, each one the blank accepts.`}
                    />
                  </div>
                  <label className="flex items-center gap-2 self-end text-sm text-slate-700 sm:h-10">
                    <input
                      type="checkbox"
                      className="size-4 rounded accent-brand-600"
                      {...register(`${at}.caseSensitive`)}
                    />
                    Case sensitive
                  </label>
                  <DecimalField
                    label="Tolerance"
                    min={0}
                    hint="Optional: makes it a number blank (± this much)."
                    error={flattenErrors(own?.tolerance)[0]?.message}
                    {...register(`${at}.tolerance`, {
                      setValueAs: (raw) =>
                        raw === '' || raw === null || raw === undefined ? null : Number(raw),
                      // Whether the accepted answers must be numbers turns on the tolerance.
                      onChange: () => recheck(form, `${at}.accepted`),
                    })}
                  />
                </div>
                {unmarked && (
                  <Button
                    variant="ghost"
                    className="px-2 sm:px-2.5"
                    aria-label={`Remove blank ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
