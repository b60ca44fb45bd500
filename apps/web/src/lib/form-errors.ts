import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Shows the server's 400 field errors (keyed by field path) under the matching inputs. */
export function applyFieldErrors<T extends FieldValues>(
  errors: Record<string, string>,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  for (const field of fields) {
    const message = errors[field];
    if (message) setError(field, { type: 'server', message });
  }
}

/**
 * Shows every field error of a server answer under its field. Keys are dotted paths
 * ('personalInfo.firstName', 'professionalInfo.qualification.0.year'), which are react-hook-form
 * names as they stand. The first field gets focus, so a long form scrolls to it.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  errors: Record<string, string>,
  setError: UseFormSetError<T>,
): void {
  Object.entries(errors).forEach(([field, message], index) => {
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
}
