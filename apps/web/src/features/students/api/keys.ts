/** Every students query starts with this key, so a create or delete refreshes lists and details. */
export const studentsQueryKey = ['students'] as const;
