/** Every faculty query starts with this key, so a create or delete refreshes lists and details. */
export const facultyQueryKey = ['faculty'] as const;
