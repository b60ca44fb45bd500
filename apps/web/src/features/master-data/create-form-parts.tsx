import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { ApiError, getFieldErrors, getServerMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';

/** What the Master Data page gives every create form in its modal. */
export interface CreateFormProps {
  /** Called once the record exists; the page closes the modal. */
  onSuccess: () => void;
  onCancel: () => void;
}

interface RecordSubmitOptions<TFieldValues extends FieldValues, TPayload> {
  create: (payload: TPayload) => Promise<unknown>;
  /** The form's fields, under which the server's field errors may show. */
  fields: readonly Path<TFieldValues>[];
  /** The field a duplicate (409) is about, where its message also shows. */
  uniqueField: Path<TFieldValues>;
  /** The toasts of a created record and of a failed create (when the server gives no message). */
  messages: { created: string; createFailed: string };
  onSuccess: () => void;
}

/**
 * The submit handler of a create form: a created record is toasted and handed to `onSuccess`; a
 * failed create puts field errors under their fields (a duplicate's under the field that must be
 * unique, so it is still there once the toast has gone) and the server's message (or the
 * fallback) in a toast.
 */
export function createRecordSubmit<TFieldValues extends FieldValues, TContext, TPayload>(
  form: UseFormReturn<TFieldValues, TContext, TPayload>,
  { create, fields, uniqueField, messages, onSuccess }: RecordSubmitOptions<TFieldValues, TPayload>,
) {
  return form.handleSubmit(async (values) => {
    try {
      await create(values);
    } catch (error) {
      applyFieldErrors(getFieldErrors(error), form.setError, fields);
      const message = getServerMessage(error) ?? messages.createFailed;
      if (error instanceof ApiError && error.response?.status === 409) {
        form.setError(uniqueField, { type: 'server', message }, { shouldFocus: true });
      }
      toast.error(message);
      return;
    }
    toast.success(messages.created);
    onSuccess();
  });
}

interface FormActionsProps {
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}

export function FormActions({ submitLabel, submitting, onCancel }: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
