import {
  type CreateFacultyInput,
  MAX_PREVIOUS_INSTITUTIONS,
  MAX_QUALIFICATIONS,
} from '@examiq/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/button';
import { FieldGrid, FieldGroup, FormSection, useOptionalHint } from '@/components/person-form';
import { TextField } from '@/components/text-field';

// An empty number input reads as NaN, which the contract reports as '… is required'.
const emptyQualification = {
  degree: '',
  institution: '',
  year: Number.NaN,
  percentage: Number.NaN,
};
const emptyPreviousInstitution = {
  institutionName: '',
  designation: '',
  duration: '',
  from: '',
  to: '',
};

/** The professional part of a new faculty member's default values: one blank qualification. */
export const emptyProfessionalInfo = {
  employeeId: '',
  department: '',
  designation: '',
  qualification: [emptyQualification],
  experience: { previousInstitutions: [] },
};

function RemoveButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick} disabled={disabled} aria-label={label}>
      <Trash2 aria-hidden="true" className="size-4" />
      Remove
    </Button>
  );
}

export function ProfessionalInfoFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<CreateFacultyInput>();
  const fieldErrors = errors.professionalInfo;
  const optional = useOptionalHint();

  return (
    <FormSection title="Professional Information">
      <FieldGrid>
        <TextField
          label="Employee ID"
          placeholder="e.g. EMP-1042"
          error={fieldErrors?.employeeId?.message}
          {...register('professionalInfo.employeeId')}
        />
        <TextField
          label="Department"
          placeholder="e.g. Computer Science"
          hint={optional('professionalInfo.department')}
          error={fieldErrors?.department?.message}
          {...register('professionalInfo.department')}
        />
        <TextField
          label="Designation"
          placeholder="e.g. Associate Professor"
          hint={optional('professionalInfo.designation')}
          error={fieldErrors?.designation?.message}
          {...register('professionalInfo.designation')}
        />
      </FieldGrid>
    </FormSection>
  );
}

export function QualificationFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CreateFacultyInput>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: 'professionalInfo.qualification',
  });
  const listErrors = errors.professionalInfo?.qualification;
  const optional = useOptionalHint();
  const listRequired = !optional('professionalInfo.qualification');
  const listMessage = listErrors?.root?.message ?? listErrors?.message;

  return (
    <FormSection
      title="Educational Qualifications"
      description={
        listRequired
          ? 'At least one degree, most recent first.'
          : 'Optional: degrees, most recent first. An entry left blank is left out.'
      }
    >
      {fields.map((field, index) => {
        const rowErrors = listErrors?.[index];
        const legend = `Qualification ${index + 1}`;
        return (
          <FieldGroup
            key={field.id}
            legend={legend}
            actions={
              <RemoveButton
                label={`Remove ${legend}`}
                onClick={() => remove(index)}
                // The institution may ask for at least one qualification.
                disabled={listRequired && fields.length === 1}
              />
            }
          >
            <TextField
              label="Degree"
              placeholder="e.g. M.Tech"
              error={rowErrors?.degree?.message}
              {...register(`professionalInfo.qualification.${index}.degree`)}
            />
            <TextField
              label="Institution"
              hint={optional('professionalInfo.qualification.institution')}
              error={rowErrors?.institution?.message}
              {...register(`professionalInfo.qualification.${index}.institution`)}
            />
            <TextField
              label="Year"
              type="number"
              inputMode="numeric"
              placeholder="e.g. 2012"
              hint={optional('professionalInfo.qualification.year')}
              error={rowErrors?.year?.message}
              {...register(`professionalInfo.qualification.${index}.year`, { valueAsNumber: true })}
            />
            <TextField
              label="Percentage"
              type="number"
              inputMode="decimal"
              step="any"
              min={0}
              max={100}
              placeholder="e.g. 82.5"
              hint={optional('professionalInfo.qualification.percentage')}
              error={rowErrors?.percentage?.message}
              {...register(`professionalInfo.qualification.${index}.percentage`, {
                valueAsNumber: true,
              })}
            />
          </FieldGroup>
        );
      })}
      {listMessage && (
        <p role="alert" className="text-sm text-red-600">
          {listMessage}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => append(emptyQualification)}
        disabled={fields.length >= MAX_QUALIFICATIONS}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add Qualification
      </Button>
    </FormSection>
  );
}

export function ExperienceFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CreateFacultyInput>();
  const { fields, append, remove } = useFieldArray({
    control,
    name: 'professionalInfo.experience.previousInstitutions',
  });
  const experienceErrors = errors.professionalInfo?.experience;
  const optional = useOptionalHint();

  return (
    <FormSection title="Experience" description="Previous institutions are optional.">
      <FieldGrid>
        <TextField
          label="Total Years of Experience"
          type="number"
          inputMode="decimal"
          step="any"
          min={0}
          max={60}
          placeholder="e.g. 11"
          hint={optional('professionalInfo.experience.totalYears')}
          error={experienceErrors?.totalYears?.message}
          {...register('professionalInfo.experience.totalYears', { valueAsNumber: true })}
        />
      </FieldGrid>
      {fields.map((field, index) => {
        const rowErrors = experienceErrors?.previousInstitutions?.[index];
        const name = `professionalInfo.experience.previousInstitutions.${index}` as const;
        const legend = `Previous Institution ${index + 1}`;
        return (
          <FieldGroup
            key={field.id}
            legend={legend}
            actions={<RemoveButton label={`Remove ${legend}`} onClick={() => remove(index)} />}
          >
            <TextField
              label="Institution Name"
              error={rowErrors?.institutionName?.message}
              {...register(`${name}.institutionName`)}
            />
            <TextField
              label="Designation"
              error={rowErrors?.designation?.message}
              {...register(`${name}.designation`)}
            />
            <TextField
              label="Duration"
              placeholder="e.g. 5 years"
              error={rowErrors?.duration?.message}
              {...register(`${name}.duration`)}
            />
            <div className="grid grid-cols-2 gap-4">
              <TextField
                label="From"
                type="date"
                error={rowErrors?.from?.message}
                {...register(`${name}.from`)}
              />
              <TextField
                label="To"
                type="date"
                error={rowErrors?.to?.message}
                {...register(`${name}.to`)}
              />
            </div>
          </FieldGroup>
        );
      })}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => append(emptyPreviousInstitution)}
        disabled={fields.length >= MAX_PREVIOUS_INSTITUTIONS}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add Previous Institution
      </Button>
    </FormSection>
  );
}
