import { createBatchSchema, MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { TextField } from '@/components/text-field';
import { useCreateBatch } from './api/create-batch';
import { type CreateFormProps, FormActions, showCreateFailure } from './create-form-parts';

export function CreateBatchForm({ onSuccess, onCancel }: CreateFormProps) {
  const createBatch = useCreateBatch();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(createBatchSchema), mode: 'onTouched' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createBatch.mutateAsync(values);
    } catch (error) {
      showCreateFailure(
        error,
        setError,
        createBatchSchema.keyof().options,
        MASTER_DATA_MESSAGES.batch.createFailed,
      );
      return;
    }
    toast.success(MASTER_DATA_MESSAGES.batch.created);
    onSuccess();
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
