import { useId } from 'react';
import { cn } from '@/lib/cn';

export interface Choice<Value extends string> {
  value: Value;
  title: string;
  description: string;
}

interface ChoiceCardsProps<Value extends string> {
  legend: string;
  /** Shown above the cards; otherwise read by screen readers alone, the section naming them. */
  showLegend?: boolean;
  choices: readonly Choice<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}

/** One choice among a few, each a card with a title and a line saying what it does. */
export function ChoiceCards<Value extends string>({
  legend,
  showLegend = false,
  choices,
  value,
  onChange,
}: ChoiceCardsProps<Value>) {
  const name = useId();
  return (
    <fieldset>
      <legend className={cn(showLegend ? 'mb-1.5 text-sm font-medium text-slate-700' : 'sr-only')}>
        {legend}
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-4 text-sm shadow-sm transition-colors hover:border-brand-300 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="mt-0.5 size-4 accent-brand-600"
            />
            <span>
              <span className="block font-semibold text-slate-900">{choice.title}</span>
              <span className="mt-0.5 block text-slate-600">{choice.description}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
