import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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

/** A failed create: field errors go under their fields, the server's message (or the fallback) to a toast. */
export function showCreateFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): void {
  applyFieldErrors(getFieldErrors(error), setError, fields);
  toast.error(getServerMessage(error) ?? fallback);
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
