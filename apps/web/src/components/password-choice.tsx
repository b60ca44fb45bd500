import { useId } from 'react';
import { FormSection } from './person-form';

const CHOICES = [
  {
    invite: false,
    title: 'Set a default password',
    description:
      'Shown once after creating, to hand over; it must be changed at the first sign-in.',
  },
  {
    invite: true,
    title: 'Email an invitation',
    description: 'A link to set their own password is emailed; it works once within 7 days.',
  },
] as const;

interface PasswordChoiceProps {
  invite: boolean;
  onChange: (invite: boolean) => void;
}

/** How a new account gets its first password: a default one (the spec's flow) or an invitation. */
export function PasswordChoice({ invite, onChange }: PasswordChoiceProps) {
  const name = useId();
  return (
    <FormSection
      title="First Password"
      description="How the new account gets the password it signs in with."
    >
      <fieldset>
        <legend className="sr-only">First password</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {CHOICES.map((choice) => (
            <label
              key={String(choice.invite)}
              className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-4 text-sm shadow-sm transition-colors hover:border-brand-300 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500"
            >
              <input
                type="radio"
                name={name}
                value={choice.invite ? 'invite' : 'default'}
                checked={invite === choice.invite}
                onChange={() => onChange(choice.invite)}
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
    </FormSection>
  );
}
