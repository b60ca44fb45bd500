import { type Choice, ChoiceCards } from './choice-cards';
import { FormSection } from './person-form';

type FirstPassword = 'default' | 'invite';

const ONE_PERSON: readonly Choice<FirstPassword>[] = [
  {
    value: 'default',
    title: 'Set a default password',
    description:
      'Shown once after creating, to hand over; it must be changed at the first sign-in.',
  },
  {
    value: 'invite',
    title: 'Email an invitation',
    description: 'A link to set their own password is emailed; it works once within 7 days.',
  },
];

const MANY_PEOPLE: readonly Choice<FirstPassword>[] = [
  {
    value: 'default',
    title: 'Set default passwords',
    description:
      'In a credentials file downloadable once, to hand over; each must be changed at the first sign-in.',
  },
  {
    value: 'invite',
    title: 'Email invitations',
    description:
      'Each person is emailed a link to set their own password; it works once within 7 days.',
  },
];

interface PasswordChoiceCardsProps {
  invite: boolean;
  onChange: (invite: boolean) => void;
  /** For an import: the choice is said of every person of the file. */
  many?: boolean;
  showLegend?: boolean;
}

/** How new accounts get their first password: a default one (the spec's flow) or an invitation. */
export function PasswordChoiceCards({
  invite,
  onChange,
  many = false,
  showLegend = false,
}: PasswordChoiceCardsProps) {
  return (
    <ChoiceCards
      legend={many ? 'First passwords' : 'First password'}
      showLegend={showLegend}
      choices={many ? MANY_PEOPLE : ONE_PERSON}
      value={invite ? 'invite' : 'default'}
      onChange={(value) => onChange(value === 'invite')}
    />
  );
}

/** The create forms' section holding the choice of a new account's first password. */
export function PasswordChoice({
  invite,
  onChange,
}: Pick<PasswordChoiceCardsProps, 'invite' | 'onChange'>) {
  return (
    <FormSection
      title="First Password"
      description="How the new account gets the password it signs in with."
    >
      <PasswordChoiceCards invite={invite} onChange={onChange} />
    </FormSection>
  );
}
