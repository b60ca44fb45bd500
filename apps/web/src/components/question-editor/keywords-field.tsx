import { EXAM_LIMITS } from '@examiq/contracts';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { TextField } from '@/components/text-field';
import type { QuestionForm, QuestionPath } from './question-values';
import { flattenErrors } from './validation-marks';

const MAX = EXAM_LIMITS.keywords.max;

/** Keywords an answer should contain: typed one at a time, added with Enter or Add. */
export function KeywordsField({ name }: { name: `${QuestionPath}.keywords` }) {
  const { control } = useFormContext<QuestionForm>();
  const { field, fieldState } = useController({ control, name });
  const [entry, setEntry] = useState('');
  const keywords = field.value ?? [];
  const full = keywords.length >= MAX;
  const error = flattenErrors(fieldState.error)[0]?.message;

  function add() {
    const keyword = entry.trim();
    if (!keyword) return;
    const known = keywords.some((current) => current.toLowerCase() === keyword.toLowerCase());
    if (!known) field.onChange([...keywords, keyword]);
    setEntry('');
  }

  return (
    <div className="min-w-0 space-y-2">
      <TextField
        label="Keywords"
        value={entry}
        disabled={full}
        placeholder={full ? `${MAX} keywords added` : 'Type a keyword'}
        hint={`Press Enter or Add after each keyword; ${EXAM_LIMITS.keywords.min} to ${MAX}.`}
        error={error}
        onChange={(event) => setEntry(event.target.value)}
        onBlur={field.onBlur}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          add();
        }}
        trailing={
          <button
            type="button"
            aria-label="Add keyword"
            disabled={full || entry.trim() === ''}
            // Focus stays in the input: its blur would validate the field, and the messages that
            // appear (under it, in the section's banner above) move this button before mouse-up,
            // so the click would land elsewhere.
            onMouseDown={(event) => event.preventDefault()}
            onClick={add}
            className="rounded-md px-2.5 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:text-slate-400 disabled:hover:bg-transparent"
          >
            Add
          </button>
        }
      />
      {keywords.length > 0 && (
        <ul aria-label="Added keywords" className="flex flex-wrap gap-1.5">
          {keywords.map((keyword) => (
            <li
              key={keyword}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-sm text-brand-800 ring-1 ring-brand-200 ring-inset"
            >
              {keyword}
              <button
                type="button"
                aria-label={`Remove keyword ${keyword}`}
                onClick={() => field.onChange(keywords.filter((current) => current !== keyword))}
                className="flex size-5 items-center justify-center rounded-full text-brand-600 hover:bg-brand-100"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
