import { type BlankKey, EXAM_LIMITS } from '@examiq/contracts';
import { TextArea } from '@/components/text-area';
import { TextField } from '@/components/text-field';

/** A blank's key as its inputs hold it: the accepted answers one a line, the tolerance as typed. */
export interface BlankDraft {
  accepted: string;
  caseSensitive: boolean;
  tolerance: string;
}

export const blankDraftOf = (blank: BlankKey): BlankDraft => ({
  accepted: blank.accepted.join('\n'),
  caseSensitive: blank.caseSensitive,
  tolerance: blank.tolerance === null ? '' : String(blank.tolerance),
});

/** A blank's key as it is sent: empty lines are no answers, and no tolerance makes a text blank. */
export const blankOf = (draft: BlankDraft): BlankKey => ({
  accepted: draft.accepted
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== ''),
  caseSensitive: draft.caseSensitive,
  tolerance:
    draft.tolerance.trim() === '' ? null : Number(draft.tolerance.trim().replace(',', '.')),
});

/** The first message about a field or anything under it (`blanks.0.accepted.2`). */
export function messageUnder(errors: Record<string, string>, field: string): string | undefined {
  const key = Object.keys(errors).find((name) => name === field || name.startsWith(`${field}.`));
  return key === undefined ? undefined : errors[key];
}

interface BlankKeyFieldsProps {
  blanks: BlankDraft[];
  onChange: (blanks: BlankDraft[]) => void;
  /** Messages by field, as the server and the contract name them (`blanks.0.tolerance`). */
  errors: Record<string, string>;
}

/**
 * A fill-in-the-blanks question's key, a row per blank of its text: the answers it accepts,
 * whether case counts, and a tolerance that makes it a number blank. The text keeps its blanks,
 * so none is added or removed here.
 */
export function BlankKeyFields({ blanks, onChange, errors }: BlankKeyFieldsProps) {
  const change = (index: number, edit: Partial<BlankDraft>) =>
    onChange(blanks.map((blank, at) => (at === index ? { ...blank, ...edit } : blank)));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-medium text-slate-700">Accepted answers of the blanks</legend>
      {blanks.map((blank, index) => (
        <fieldset
          // The blanks are the text's, numbered in order: the position is each one's identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: blanks are never added or removed here
          key={index}
          className="grid items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_1fr]"
        >
          <legend className="px-1 text-xs font-medium text-slate-500">{`Blank ${index + 1}`}</legend>
          <TextArea
            label="Accepted answers"
            hint={`One a line, up to ${EXAM_LIMITS.acceptedPerBlank}.`}
            rows={Math.min(Math.max(blank.accepted.split('\n').length, 2), 6)}
            value={blank.accepted}
            error={messageUnder(errors, `blanks.${index}.accepted`)}
            onChange={(event) => change(index, { accepted: event.target.value })}
            className="sm:row-span-2"
          />
          <TextField
            label="Tolerance"
            inputMode="decimal"
            hint="Empty for a text blank."
            value={blank.tolerance}
            error={messageUnder(errors, `blanks.${index}.tolerance`)}
            onChange={(event) => change(index, { tolerance: event.target.value })}
          />
          <label className="flex items-center gap-2 text-slate-700">
            <input
              type="checkbox"
              className="size-4 rounded accent-brand-600"
              checked={blank.caseSensitive}
              onChange={(event) => change(index, { caseSensitive: event.target.checked })}
            />
            Case sensitive
          </label>
        </fieldset>
      ))}
      {errors.blanks && <p className="text-red-700">{errors.blanks}</p>}
    </fieldset>
  );
}
