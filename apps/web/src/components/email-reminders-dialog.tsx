import {
  EMAIL_PREFERENCES_MESSAGES,
  type EmailPreferences,
  EXAM_REMINDERS_LABEL,
  emailPreferencesSchema,
  successResponse,
} from '@examiq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { apiClient, getErrorMessage, getServerMessage, parseResponse } from '@/lib/api-client';
import { Button } from './button';
import { CheckboxCard } from './checkbox-card';
import { ErrorBanner } from './error-banner';
import { Modal } from './modal';
import { Spinner } from './spinner';

const preferencesResponse = successResponse(emailPreferencesSchema);
const PREFERENCES_KEY = ['student', 'email-preferences'];

async function getEmailPreferences() {
  const response = await apiClient.get('/student/get-email-preferences');
  return parseResponse(preferencesResponse, response.data).data;
}

async function updateEmailPreferences(preferences: EmailPreferences) {
  const response = await apiClient.put('/student/update-email-preferences', preferences);
  return parseResponse(preferencesResponse, response.data);
}

/** A student's own choice of whether they are reminded by email before their exams. */
export function EmailRemindersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: getEmailPreferences,
    enabled: open,
  });
  const save = useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved.data),
  });
  const [examReminders, setExamReminders] = useState(true);
  useEffect(() => {
    if (query.data) setExamReminders(query.data.examReminders);
  }, [query.data]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const saved = await save.mutateAsync({ examReminders });
      toast.success(saved.message ?? EMAIL_PREFERENCES_MESSAGES.saved);
      onClose();
    } catch (error) {
      toast.error(getErrorMessage(error, EMAIL_PREFERENCES_MESSAGES.saveFailed));
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Email reminders"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending} disabled={!query.data}>
            Save
          </Button>
        </>
      }
    >
      {query.isError ? (
        <ErrorBanner
          title={EMAIL_PREFERENCES_MESSAGES.fetchFailed}
          message={getServerMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : !query.data ? (
        <Spinner className="size-6 text-brand-600" label="Loading your email preferences" />
      ) : (
        <form id={formId} onSubmit={onSubmit} noValidate>
          <CheckboxCard
            label={EXAM_REMINDERS_LABEL}
            hint="A day and an hour before each exam opens. You are still emailed when an exam is scheduled and when results are published."
            checked={examReminders}
            onChange={(event) => setExamReminders(event.target.checked)}
          />
        </form>
      )}
    </Modal>
  );
}
