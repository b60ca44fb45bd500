import type { ComponentProps } from 'react';

type RadioCardProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string;
  description: string;
};

/** One choice of a radio group drawn as a card: its name in bold and what it does below. */
export function RadioCard({ label, description, ...input }: RadioCardProps) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500">
      <input type="radio" className="mt-0.5 size-4 shrink-0 accent-brand-600" {...input} />
      <span>
        <span className="block text-sm font-semibold text-slate-900">{label}</span>
        <span className="mt-0.5 block text-sm text-slate-600">{description}</span>
      </span>
    </label>
  );
}
