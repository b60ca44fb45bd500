import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldGrid } from '@/components/person-form';
import { NumberField } from '@/components/question-editor/number-field';

type Buffer = 'beforeExam' | 'afterExam';

interface BufferTimeFieldsProps {
  /** The registration of `scheduleDetails.bufferTime.<buffer>` in the caller's form. */
  register: (buffer: Buffer) => UseFormRegisterReturn;
  errors: Partial<Record<Buffer, string>>;
}

/** The schedule's two buffers, as the wizard and the end-time dialog of a started exam ask them. */
export function BufferTimeFields({ register, errors }: BufferTimeFieldsProps) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-slate-800">Buffer Time</legend>
      <p className="mb-3 text-sm text-slate-500">
        Minutes the exam opens early and stays open late, from 0 to 60.
      </p>
      <FieldGrid>
        <NumberField
          label="Before Exam (minutes)"
          min={0}
          max={60}
          error={errors.beforeExam}
          {...register('beforeExam')}
        />
        <NumberField
          label="After Exam (minutes)"
          min={0}
          max={60}
          error={errors.afterExam}
          {...register('afterExam')}
        />
      </FieldGrid>
    </fieldset>
  );
}
