import {
  COUNT_ABSENT_AS_ZERO_LABEL,
  type InstitutionSettings,
  type InstitutionSettingsData,
  type InstitutionSettingsInput,
  institutionSettingsSchema,
  MAX_EXAM_DURATION_CEILING,
  SETTINGS_MESSAGES,
  SPEC_MAX_EXAM_DURATION,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
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

function lastSaved({ updatedAt, updatedBy }: InstitutionSettingsData): string {
  if (!updatedAt) return 'No setting was changed yet: every rule is the default.';
  return `Last saved ${formatDateTime(updatedAt)}${updatedBy ? ` by ${updatedBy}` : ''}.`;
}

function SettingsForm({ data }: { data: InstitutionSettingsData }) {
  const save = useSaveSettings();
  const form = useForm<InstitutionSettingsInput, unknown, InstitutionSettings>({
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
    </>
  );
}
