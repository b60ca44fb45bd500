/** Every query of the people import starts with this key. */
export const peopleImportQueryKey = ['people-import'] as const;

export function importJobQueryKey(id: string) {
  return [...peopleImportQueryKey, 'job', id] as const;
}
