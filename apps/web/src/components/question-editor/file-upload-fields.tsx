import { EXAM_LIMITS, FILE_KIND_LABELS, FILE_KINDS, type FileKind } from '@examiq/contracts';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { NumberField } from './number-field';
import type { QuestionForm, QuestionPath } from './question-values';
import { flattenErrors } from './validation-marks';

const KIND_DESCRIPTIONS: Record<FileKind, string> = {
  PDF: 'A scan of the pages, or a document written on a tablet.',
  IMAGE: 'Photos of the pages, chosen or taken with a phone’s camera.',
};

interface FileUploadFieldsProps {
  path: QuestionPath;
  /** The question's errors, by field. */
  errors: Record<string, unknown> | undefined;
}

/** A file upload question's limits: the kinds of file it takes, how many and how large each. */
export function FileUploadFields({ path, errors }: FileUploadFieldsProps) {
  const { register } = useFormContext<QuestionForm>();
  const messageOf = (field: string) => flattenErrors(errors?.[field])[0]?.message;
  const kindsError = messageOf('fileTypes');
  const kindsErrorId = useId();
  const { uploadFiles, uploadFileMb } = EXAM_LIMITS;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset className="min-w-0 sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Kinds of file</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {FILE_KINDS.map((kind) => (
            <label
              key={kind}
              className="flex cursor-pointer gap-3 rounded-lg border border-slate-300 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500"
            >
              <input
                type="checkbox"
                value={kind}
                aria-invalid={kindsError ? true : undefined}
                aria-describedby={kindsError ? kindsErrorId : undefined}
                className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
                {...register(`${path}.fileTypes`)}
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">
                  {FILE_KIND_LABELS[kind]}
                </span>
                <span className="mt-0.5 block text-sm text-slate-600">
                  {KIND_DESCRIPTIONS[kind]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {kindsError && (
          <p id={kindsErrorId} className="mt-1.5 text-sm text-red-600">
            {kindsError}
          </p>
        )}
      </fieldset>
      <NumberField
        label="Maximum files"
        min={uploadFiles.min}
        max={uploadFiles.max}
        hint={`${uploadFiles.min} to ${uploadFiles.max} files.`}
        error={messageOf('maxFiles')}
        {...register(`${path}.maxFiles`, { valueAsNumber: true })}
      />
      <NumberField
        label="Maximum file size (MB)"
        min={uploadFileMb.min}
        max={uploadFileMb.max}
        hint={`${uploadFileMb.min} to ${uploadFileMb.max} MB, for each file.`}
        error={messageOf('maxFileMb')}
        {...register(`${path}.maxFileMb`, { valueAsNumber: true })}
      />
    </div>
  );
}
