import {
  ATTEMPT_LIMITS,
  ATTEMPT_MESSAGES,
  grantExtraTimeSchema,
  type Sitting,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { ApiError, getFieldErrors, getServerMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { fullName } from '@/lib/format';
import { plural } from '@/lib/plural';
import { useGrantExtraTime } from './api/grant-extra-time';

const GRANT_FAILED = 'Failed to grant extra time';

/** The form asks for the minutes only; the exam and the student come from the row. */
const minutesSchema = grantExtraTimeSchema.pick({ minutes: true });

const { min, max } = ATTEMPT_LIMITS.extraMinutes;
const SAVE_WITHIN_SECONDS = ATTEMPT_LIMITS.heartbeatMs / 1000;

interface ExtraTimeDialogProps {
  examId: string;
  /** The sitting to set the extra time of; the dialog is closed while there is none. */
  sitting: Sitting | null;
  onClose: () => void;
}

/** Sets a student's total extra time on the exam. */
export function ExtraTimeDialog({ examId, sitting, onClose }: ExtraTimeDialogProps) {
  const grant = useGrantExtraTime();
  // Closing while the call runs would hide whether the time was granted.
  const close = grant.isPending ? () => {} : onClose;

  return (
    <Modal
      open={sitting !== null}
      onClose={close}
      title={sitting ? `Extra time for ${fullName(sitting.student)}` : ''}
      size="sm"
    >
      {sitting && (
        // Keyed by student, so each opening starts from that student's allowance.
        <ExtraTimeForm
          key={sitting.student._id}
          sitting={sitting}
          onGrant={(minutes) =>
            grant.mutateAsync({ examId, studentId: sitting.student._id, minutes })
          }
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

interface ExtraTimeFormProps {
  sitting: Sitting;
  /** Sends the grant; answers with the server's message. */
  onGrant: (minutes: number) => Promise<{ message?: string }>;
  onClose: () => void;
}

function ExtraTimeForm({ sitting, onGrant, onClose }: ExtraTimeFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(minutesSchema),
    mode: 'onTouched',
    // It replaces the allowance, so the one in force is where the admin starts from.
    defaultValues: sitting.extraMinutes > 0 ? { minutes: sitting.extraMinutes } : undefined,
  });

  const onSubmit = handleSubmit(async ({ minutes }) => {
    try {
      const { message } = await onGrant(minutes);
      toast.success(message ?? ATTEMPT_MESSAGES.extraTimeGranted);
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      applyFieldErrors(fieldErrors, setError, ['minutes']);
      // A refused exam or student has no field in this form to show under: the toast says it.
      toast.error(
        fieldErrors.studentId ?? fieldErrors.examId ?? getServerMessage(error) ?? GRANT_FAILED,
      );
      // Submitted meanwhile: no number of minutes can succeed, and the refreshed row says why.
      if (error instanceof ApiError && error.response?.status === 409) onClose();
      return;
    }
    onClose();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4 text-sm text-slate-600">
      <p>
        {sitting.extraMinutes > 0 ? (
          <>
            Current extra time:{' '}
            <strong className="text-slate-900">{plural(sitting.extraMinutes, 'minute')}</strong>
          </>
        ) : (
          'No extra time granted yet.'
        )}
      </p>
      <TextField
        label="Total extra time (minutes)"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        hint={`From ${min} to ${max} minutes.`}
        error={errors.minutes?.message}
        {...register('minutes', { valueAsNumber: true })}
      />
      <p>
        {`This sets the student’s total extra time on this exam, replacing any earlier grant. A student sitting the exam sees their countdown change at their next save, within ${SAVE_WITHIN_SECONDS} seconds.`}
      </p>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Grant extra time
        </Button>
      </div>
    </form>
  );
}
