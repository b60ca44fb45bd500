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
