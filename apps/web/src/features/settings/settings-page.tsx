import {
  ALWAYS_REQUIRED_NOTE,
  COUNT_ABSENT_AS_ZERO_LABEL,
  EMAIL_SETTINGS,
  type EmailSetting,
  FACULTY_PROFILE_FIELDS,
  type InstitutionSettingsData,
  type InstitutionSettingsInput,
  type InstitutionSettingsUpdate,
  institutionSettingsSchema,
  MAX_EXAM_DURATION_CEILING,
  SETTINGS_MESSAGES,
  SPEC_MAX_EXAM_DURATION,
  STUDENT_PROFILE_FIELDS,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { CheckboxCard } from '@/components/checkbox-card';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { FieldGrid, FormSection } from '@/components/person-form';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { getErrorMessage, getFieldErrors, getServerMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { useInstitutionSettings, useSaveSettings } from '@/lib/institution-settings';
import { listError } from './list-error';
import { LtiSection } from './lti-section';
import { SignInProvidersSection } from './sign-in-providers-section';

/** What each message switch sends, under its label. */
const EMAIL_HINTS: Record<EmailSetting, string> = {
  invitationEmails:
    'The create forms and the import offer to email a link to set a password, working once within 7 days. Off, every new account gets a default password; links already sent still work.',
  passwordResetEmails:
    "'Forgot password?' on the sign-in screen emails a link to set a new password, working once within 30 minutes. An institution whose people sign in through its own provider may turn it off: the sign-in screen then no longer offers it.",
  examScheduledEmails:
    "When an exam is published, each student of its sections is mailed its window and a link to the exam's page.",
  examReminderEmails:
    'A day and an hour before an exam opens, each of its students is reminded; a student can turn reminders off for themselves.',
  resultsPublishedEmails:
    'When results are published, each student who sat the exam is mailed a link to their result.',
};

function lastSaved({ updatedAt, updatedBy }: InstitutionSettingsData): string {
  if (!updatedAt) return 'No setting was changed yet: every rule is the default.';
  return `Last saved ${formatDateTime(updatedAt)}${updatedBy ? ` by ${updatedBy}` : ''}.`;
}

interface RequiredFieldsProps {
  legend: string;
  fields: readonly { key: string; label: string }[];
  error?: string;
  registration: UseFormRegisterReturn;
}

/** One checkbox per profile field that can be left optional; ticked means required. */
function RequiredFields({ legend, fields, error, registration }: RequiredFieldsProps) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="min-w-0">
      <legend className="mb-3 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map(({ key, label }) => (
          <label key={key} className="flex items-start gap-2.5 text-sm text-slate-700">
            <input
              type="checkbox"
              value={key}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
              {...registration}
            />
            {label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function SettingsForm({ data }: { data: InstitutionSettingsData }) {
  const save = useSaveSettings();
  const form = useForm<InstitutionSettingsInput, unknown, InstitutionSettingsUpdate>({
    resolver: zodResolver(institutionSettingsSchema),
    mode: 'onTouched',
    defaultValues: data.settings,
  });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved.data.settings);
      toast.success(saved.message ?? SETTINGS_MESSAGES.saved);
    } catch (error) {
      applyServerFieldErrors(getFieldErrors(error), form.setError);
      toast.error(getErrorMessage(error, SETTINGS_MESSAGES.saveFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <FormSection
        title="Exams"
        description="The rules every exam created or edited from now on must keep."
      >
        <FieldGrid>
          <TextField
            label="Maximum exam duration (minutes)"
            type="number"
            inputMode="numeric"
            step={1}
            min={SPEC_MAX_EXAM_DURATION}
            max={MAX_EXAM_DURATION_CEILING}
            hint={`${SPEC_MAX_EXAM_DURATION} minutes by default; up to ${MAX_EXAM_DURATION_CEILING}`}
            error={errors.maxExamDurationMinutes?.message}
            {...register('maxExamDurationMinutes', { valueAsNumber: true })}
          />
        </FieldGrid>
      </FormSection>
      <FormSection
        title="Results"
        description="How the figures of every exam's results, report and export are worked out."
      >
        <CheckboxCard
          label={COUNT_ABSENT_AS_ZERO_LABEL}
          hint="Off by default: students who never started show as Absent and are left out of the average, median, highest, lowest and pass rate. On, they still show as Absent, and those figures, the report and the export count them as 0 marks, failed."
          error={errors.countAbsentAsZero?.message}
          {...register('countAbsentAsZero')}
        />
      </FormSection>
      <FormSection
        title="Email"
        description="The messages people are mailed about their accounts and students about their exams; each is on by default."
      >
        {(Object.keys(EMAIL_SETTINGS) as EmailSetting[]).map((key) => (
          <CheckboxCard
            key={key}
            label={EMAIL_SETTINGS[key]}
            hint={EMAIL_HINTS[key]}
            error={errors[key]?.message}
            {...register(key)}
          />
        ))}
      </FormSection>
      <FormSection
        title="Profile fields"
        description={`Ticked fields must be filled in when a person is created, edited or imported; the others may be left out and show as Not provided. ${ALWAYS_REQUIRED_NOTE}`}
      >
        <RequiredFields
          legend="Required for students"
          fields={STUDENT_PROFILE_FIELDS}
          error={listError(errors.requiredStudentFields)}
          registration={register('requiredStudentFields')}
        />
        <RequiredFields
          legend="Required for faculty"
          fields={FACULTY_PROFILE_FIELDS}
          error={listError(errors.requiredFacultyFields)}
          registration={register('requiredFacultyFields')}
        />
      </FormSection>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{lastSaved(data)}</p>
        <Button type="submit" loading={save.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

/** /admin/settings: where the institution's rules differ from the defaults. */
export default function SettingsPage() {
  const query = useInstitutionSettings();
  return (
    <>
      <PageHeader
        title="Settings"
        description="The institution's own rules where they differ from the defaults. Every change is recorded in the audit log."
      />
      {query.isPending ? (
        <Spinner className="size-6 text-brand-600" label="Loading settings" />
      ) : query.isError ? (
        <ErrorBanner
          title={SETTINGS_MESSAGES.fetchFailed}
          message={getServerMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <SettingsForm data={query.data} />
      )}
      <div className="mt-6">
        <SignInProvidersSection />
      </div>
      <div className="mt-6">
        <LtiSection />
      </div>
    </>
  );
}
