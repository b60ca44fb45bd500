import type { CreateStudentInput } from '@examiq/contracts';
import { useFormContext } from 'react-hook-form';
import { FieldGroup, FormSection } from '@/components/person-form';
import { TextField } from '@/components/text-field';

type Relative = 'father' | 'mother' | 'guardian';

function RelativeFields({ relative, legend }: { relative: Relative; legend: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CreateStudentInput>();
  const fieldErrors = errors.familyInfo?.[relative];
  const guardian = relative === 'guardian';

  return (
    <FieldGroup legend={legend}>
      <TextField
        label="Name"
        error={fieldErrors?.name?.message}
        {...register(`familyInfo.${relative}.name`)}
      />
      {guardian && (
        <TextField
          label="Relationship"
          placeholder="e.g. Uncle"
          error={errors.familyInfo?.guardian?.relationship?.message}
          {...register('familyInfo.guardian.relationship')}
        />
      )}
      <TextField
        label="Occupation"
        hint={guardian ? 'Optional' : undefined}
        error={fieldErrors?.occupation?.message}
        {...register(`familyInfo.${relative}.occupation`)}
      />
      <TextField
        label="Phone"
        type="tel"
        error={fieldErrors?.phone?.message}
        {...register(`familyInfo.${relative}.phone`)}
      />
      <TextField
        label="Email"
        type="email"
        error={fieldErrors?.email?.message}
        {...register(`familyInfo.${relative}.email`)}
      />
    </FieldGroup>
  );
}

export function FamilyInfoFields() {
  return (
    <FormSection title="Family Information">
      <RelativeFields relative="father" legend="Father" />
      <RelativeFields relative="mother" legend="Mother" />
      <RelativeFields relative="guardian" legend="Guardian" />
    </FormSection>
  );
}
