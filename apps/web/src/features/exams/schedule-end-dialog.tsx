import { EXAM_RECORD_MESSAGES, type ExamDetail, scheduleSchemaFor } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { FieldGrid } from '@/components/person-form';
import { TextField } from '@/components/text-field';
import { getFieldErrors, getServerMessage } from '@/lib/api-client';
import { applyFieldErrors } from '@/lib/form-errors';
import { useUpdateExam } from './api/change-exam';
import { BufferTimeFields } from './wizard/buffer-time-fields';
import { examValuesOf } from './wizard/exam-values';
import { buildPayload } from './wizard/steps';

const scheduleFormSchemaFor = (mode: ExamDetail['examMode']) =>
  z.object({ scheduleDetails: scheduleSchemaFor(mode) });

/** The fields the server may refuse in this form, as its 400 answer names them. */
const SERVER_FIELDS = [
  'scheduleDetails.endTime',
  'scheduleDetails.endDate',
  'scheduleDetails.bufferTime.beforeExam',
  'scheduleDetails.bufferTime.afterExam',
] as const;

interface ScheduleEndDialogProps {
  exam: ExamDetail;
  open: boolean;
  onClose: () => void;
}

/** Moves a started exam's end and buffers; the rest of the exam is sent back as it is. */
export function ScheduleEndDialog({ exam, open, onClose }: ScheduleEndDialogProps) {
  const update = useUpdateExam(exam._id);
  // Closing while the call runs would hide whether the end moved.
  const close = update.isPending ? () => {} : onClose;
  return (
    <Modal open={open} onClose={close} title="Change End Time" size="md">
      <ScheduleEndForm exam={exam} onSave={update.mutateAsync} onClose={onClose} />
    </Modal>
  );
}

interface ScheduleEndFormProps {
  exam: ExamDetail;
  onSave: ReturnType<typeof useUpdateExam>['mutateAsync'];
  onClose: () => void;
}

function ScheduleEndForm({ exam, onSave, onClose }: ScheduleEndFormProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const stored = examValuesOf(exam);
  const proctored = exam.examMode === 'PROCTORING';
  const { register, handleSubmit, setError, getFieldState, formState } = useForm({
    resolver: zodResolver(scheduleFormSchemaFor(exam.examMode)),
    mode: 'onTouched',
    defaultValues: { scheduleDetails: stored.scheduleDetails },
  });
  // Read by path: the form's type is either mode's schedule, and each has its own end field.
  const errorOf = (name: (typeof SERVER_FIELDS)[number]) =>
    getFieldState(name, formState).error?.message;

  const onSubmit = handleSubmit(async ({ scheduleDetails }) => {
    setRefusal(null);
    const built = buildPayload(
      { ...stored, scheduleDetails: { ...stored.scheduleDetails, ...scheduleDetails } },
      exam.examStatus,
    );
    if (!built.ok) {
      setRefusal(EXAM_RECORD_MESSAGES.updateFailed);
      return;
    }
    try {
      await onSave(built.payload);
    } catch (error) {
      const serverErrors = getFieldErrors(error);
      applyFieldErrors(serverErrors, setError, SERVER_FIELDS);
      const onFields = SERVER_FIELDS.some((field) => serverErrors[field]);
      setRefusal(onFields ? null : (getServerMessage(error) ?? EXAM_RECORD_MESSAGES.updateFailed));
      return;
    }
    toast.success(EXAM_RECORD_MESSAGES.updated);
    onClose();
  });

  const { examDate, startDate, startTime } = exam.scheduleDetails;
  const start = proctored
    ? `${examDate} at ${startTime}`
    : `${startDate}${startTime ? ` at ${startTime}` : ''}`;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5 text-sm text-slate-600">
      <p>
        {'Starts '}
        <strong className="text-slate-900">{start}</strong>
        {
          '. Students have started or the lobby has opened, so only the end and the buffers can change. Students sitting the exam now get the new end as their deadline when it comes before their time runs out.'
        }
      </p>
      <FieldGrid>
        {proctored ? (
          <TextField
            label="End Time"
            type="time"
            error={errorOf('scheduleDetails.endTime')}
            {...register('scheduleDetails.endTime')}
          />
        ) : (
          <>
            <TextField
              label="End Date"
              type="date"
              error={errorOf('scheduleDetails.endDate')}
              {...register('scheduleDetails.endDate')}
            />
            <TextField
              label="End Time (optional)"
              type="time"
              hint="The end of the day when left empty"
              error={errorOf('scheduleDetails.endTime')}
              {...register('scheduleDetails.endTime')}
            />
          </>
        )}
      </FieldGrid>
      <BufferTimeFields
        register={(buffer) =>
          register(`scheduleDetails.bufferTime.${buffer}`, { valueAsNumber: true })
        }
        errors={{
          beforeExam: errorOf('scheduleDetails.bufferTime.beforeExam'),
          afterExam: errorOf('scheduleDetails.bufferTime.afterExam'),
        }}
      />
      {refusal && (
        <p role="alert" className="font-medium text-red-700">
          {refusal}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={formState.isSubmitting}>
          Save End Time
        </Button>
      </div>
    </form>
  );
}
