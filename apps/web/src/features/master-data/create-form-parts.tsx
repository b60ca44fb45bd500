import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { getFieldErrors, getServerMessage } from '@/lib/api-client';
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
  /** The toasts of a created record and of a failed create (when the server gives no message). */
  messages: { created: string; createFailed: string };
  onSuccess: () => void;
}

/**
 * The submit handler of a create form: a created record is toasted and handed to `onSuccess`; a
 * failed create puts field errors under their fields and the server's message (or the fallback)
 * in a toast.
 */
export function createRecordSubmit<TFieldValues extends FieldValues, TContext, TPayload>(
  form: UseFormReturn<TFieldValues, TContext, TPayload>,
  { create, fields, messages, onSuccess }: RecordSubmitOptions<TFieldValues, TPayload>,
) {
  return form.handleSubmit(async (values) => {
    try {
      await create(values);
    } catch (error) {
      applyFieldErrors(getFieldErrors(error), form.setError, fields);
      toast.error(getServerMessage(error) ?? messages.createFailed);
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
