import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { FieldGrid } from '@/components/person-form';
import { recheck } from '@/components/question-editor/form-helpers';
import { TextField } from '@/components/text-field';
import { BufferTimeFields } from './buffer-time-fields';
import type { ExamWizardValues } from './exam-values';

/**
 * PROCTORING exams sit on one date between two times; AUTO exams run between two dates, each with
 * an optional time.
 */
export function ScheduleStep() {
  const form = useFormContext<ExamWizardValues>();
  const { register, control } = form;
  const mode = useWatch({ control, name: 'examMode' });
  const { errors } = useFormState({ control, name: 'scheduleDetails' });
  const fieldErrors = errors.scheduleDetails;

  return (
    <div className="space-y-6">
      {mode === 'PROCTORING' ? (
        <FieldGrid>
          <TextField
            label="Exam Date"
            type="date"
            className="sm:col-span-2"
            error={fieldErrors?.examDate?.message}
            {...register('scheduleDetails.examDate')}
          />
          <TextField
            label="Start Time"
            type="time"
            error={fieldErrors?.startTime?.message}
            {...register('scheduleDetails.startTime', {
              onChange: () => recheck(form, 'scheduleDetails.endTime'),
            })}
          />
          <TextField
            label="End Time"
            type="time"
            error={fieldErrors?.endTime?.message}
            {...register('scheduleDetails.endTime')}
          />
        </FieldGrid>
      ) : (
        <FieldGrid>
          <TextField
            label="Start Date"
            type="date"
            error={fieldErrors?.startDate?.message}
            {...register('scheduleDetails.startDate', {
              onChange: () => recheck(form, 'scheduleDetails.endDate'),
            })}
          />
          <TextField
            label="End Date"
            type="date"
            error={fieldErrors?.endDate?.message}
            {...register('scheduleDetails.endDate', {
              onChange: () => recheck(form, 'scheduleDetails.endTime'),
            })}
          />
          <AutoTimeFields />
        </FieldGrid>
      )}
      <BufferTimeFields
        register={(buffer) =>
          register(`scheduleDetails.bufferTime.${buffer}`, { valueAsNumber: true })
        }
        errors={{
          beforeExam: fieldErrors?.bufferTime?.beforeExam?.message,
          afterExam: fieldErrors?.bufferTime?.afterExam?.message,
        }}
      />
    </div>
  );
}

/**
 * An AUTO exam's optional clock times, in the fields PROCTORING's times use: switching mode keeps
 * what was typed, and the payload sends them for AUTO only when filled in.
 */
function AutoTimeFields() {
  const form = useFormContext<ExamWizardValues>();
  const { errors } = useFormState({ control: form.control, name: 'scheduleDetails' });
  return (
    <>
      <TextField
        label="Start Time (optional)"
        type="time"
        hint="Midnight when left empty"
        error={errors.scheduleDetails?.startTime?.message}
        {...form.register('scheduleDetails.startTime', {
          onChange: () => recheck(form, 'scheduleDetails.endTime'),
        })}
      />
      <TextField
        label="End Time (optional)"
        type="time"
        hint="The end of the day when left empty"
        error={errors.scheduleDetails?.endTime?.message}
        {...form.register('scheduleDetails.endTime')}
      />
    </>
  );
}
