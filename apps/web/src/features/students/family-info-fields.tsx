import type { CreateStudentInput } from '@examiq/contracts';
import { useFormContext } from 'react-hook-form';
import { FieldGroup, FormSection, useOptionalHint } from '@/components/person-form';
import { TextField } from '@/components/text-field';

type Relative = 'father' | 'mother' | 'guardian';

function RelativeFields({ relative, legend }: { relative: Relative; legend: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CreateStudentInput>();
  const fieldErrors = errors.familyInfo?.[relative];
  const guardian = relative === 'guardian';
  const optionalHint = useOptionalHint();
  const optional = (field: string) => optionalHint(`familyInfo.${relative}.${field}`);

  return (
    <FieldGroup legend={legend}>
      <TextField
        label="Name"
        hint={optional('name')}
        error={fieldErrors?.name?.message}
        {...register(`familyInfo.${relative}.name`)}
      />
      {guardian && (
        <TextField
          label="Relationship"
          placeholder="e.g. Uncle"
          hint={optional('relationship')}
          error={errors.familyInfo?.guardian?.relationship?.message}
          {...register('familyInfo.guardian.relationship')}
        />
      )}
      <TextField
        label="Occupation"
        // A guardian's occupation is optional whatever the institution chooses.
        hint={guardian ? 'Optional' : optional('occupation')}
        error={fieldErrors?.occupation?.message}
        {...register(`familyInfo.${relative}.occupation`)}
      />
      <TextField
        label="Phone"
        type="tel"
        hint={optional('phone')}
        error={fieldErrors?.phone?.message}
        {...register(`familyInfo.${relative}.phone`)}
      />
      <TextField
        label="Email"
        type="email"
        hint={optional('email')}
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
