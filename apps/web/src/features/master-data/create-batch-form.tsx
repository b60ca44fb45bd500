import { createBatchSchema, MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/text-field';
import { useCreateBatch } from './api/create-batch';
import { type CreateFormProps, createRecordSubmit, FormActions } from './create-form-parts';

export function CreateBatchForm({ onSuccess, onCancel }: CreateFormProps) {
  const createBatch = useCreateBatch();
  const form = useForm({ resolver: zodResolver(createBatchSchema), mode: 'onTouched' });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = createRecordSubmit(form, {
    create: createBatch.mutateAsync,
    fields: createBatchSchema.keyof().options,
    uniqueField: 'startYear',
    messages: MASTER_DATA_MESSAGES.batch,
    onSuccess,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Start Year"
          type="number"
          inputMode="numeric"
          placeholder="e.g. 2024"
          error={errors.startYear?.message}
          {...register('startYear', { valueAsNumber: true })}
        />
        <TextField
          label="End Year"
          type="number"
          inputMode="numeric"
          placeholder="e.g. 2028"
          error={errors.endYear?.message}
          {...register('endYear', { valueAsNumber: true })}
        />
      </div>
      <FormActions submitLabel="Create Batch" submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
