import { PEOPLE_MESSAGES } from '@examiq/contracts';
import type { FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiError, getFieldErrors, getServerMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';

/** How long the created toast stays: long enough to copy the default password. */
const CREATED_TOAST_DURATION_MS = 15_000;

/** The success toast of a created account: the server's message and the default password. */
function toastCreatedWithPassword(message: string, password: string): void {
  // The contract's sentence without the password, so the password itself can be set apart.
  const passwordLabel = PEOPLE_MESSAGES.defaultPassword('');
  toast.success(
    <div className="space-y-1">
      <p className="font-medium">{message}</p>
      <p>
        {passwordLabel}
        <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono select-all">{password}</span>
      </p>
    </div>,
    { duration: CREATED_TOAST_DURATION_MS },
  );
}

/**
 * The toast text of a failed create or edit (spec section 8): the server's message; else the
 * form's fallback when the call itself failed; else, for anything else (an answer of an unexpected
 * shape), 'An unexpected error occurred'.
 */
function createFailureMessage(error: unknown, fallback: string): string {
  return (
    getServerMessage(error) ?? (error instanceof ApiError ? fallback : PEOPLE_MESSAGES.unexpected)
  );
}

/**
 * What a person's create call answers: the server's message and the account's default password,
 * or null when an invitation was emailed to `email` instead.
 */
interface CreatedPerson {
  message: string;
  defaultPassword: string | null;
  email: string;
}

/** Shows a failed save: the server's field errors under their fields, and a toast. */
function showSaveFailure<TFieldValues extends FieldValues>(
  setError: UseFormSetError<TFieldValues>,
  error: unknown,
  failedMessage: string,
): void {
  applyServerFieldErrors(getFieldErrors(error), setError);
  toast.error(createFailureMessage(error, failedMessage));
}

/**
 * The submit handler of a person create form: on success it toasts the default password (or that
 * an invitation was emailed) and empties the form for the next person; on failure it shows the
 * server's field errors under their fields and toasts the failure (`failedMessage` when the call
 * itself failed).
 */
export function createPersonSubmit<TFieldValues extends FieldValues, TContext, TPayload>(
  form: UseFormReturn<TFieldValues, TContext, TPayload>,
  create: (payload: TPayload) => Promise<CreatedPerson>,
  failedMessage: string,
) {
  return form.handleSubmit(async (values) => {
    let created: CreatedPerson;
    try {
      created = await create(values);
    } catch (error) {
      showSaveFailure(form.setError, error, failedMessage);
      return;
    }
    if (created.defaultPassword === null) {
      toast.success(
        <div className="space-y-1">
          <p className="font-medium">{created.message}</p>
          <p>{PEOPLE_MESSAGES.invitationSent(created.email)}</p>
        </div>,
      );
    } else {
      toastCreatedWithPassword(created.message, created.defaultPassword);
    }
    form.reset();
    // The next person starts at the top of an empty form.
    window.scrollTo({ top: 0, behavior: 'smooth' });
  });
}

/**
 * The submit handler of a person edit form: on success it toasts the server's message and calls
 * `onUpdated` (back to the record); on failure it shows errors as a create does.
 */
export function updatePersonSubmit<TFieldValues extends FieldValues, TContext, TPayload>(
  form: UseFormReturn<TFieldValues, TContext, TPayload>,
  update: (payload: TPayload) => Promise<string>,
  failedMessage: string,
  onUpdated: () => void,
) {
  return form.handleSubmit(async (values) => {
    let message: string;
    try {
      message = await update(values);
    } catch (error) {
      showSaveFailure(form.setError, error, failedMessage);
      return;
    }
    toast.success(message);
    onUpdated();
  });
}
