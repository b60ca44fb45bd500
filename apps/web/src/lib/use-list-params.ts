import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Named values of a list (its search, filters, sort, page size) kept in the address beside its
 * page, so reloading, sharing the link or coming back shows the same list. A blank value leaves
 * the address; any change starts the list again at its first page.
 */
export function useListParams<Name extends string>(
  names: readonly Name[],
): [Record<Name, string>, (changes: Partial<Record<Name, string>>) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  // The address as last set, not as this render saw it: a search sent when typing pauses, from
  // an earlier render, must not undo a filter chosen meanwhile.
  const latest = useRef(searchParams);
  latest.current = searchParams;
  const values = Object.fromEntries(
    names.map((name) => [name, searchParams.get(name) ?? '']),
  ) as Record<Name, string>;

  const setValues = (changes: Partial<Record<Name, string>>) => {
    const params = new URLSearchParams(latest.current);
    for (const [name, value] of Object.entries(changes) as [Name, string][]) {
      if (value) params.set(name, value);
      else params.delete(name);
    }
    params.delete('page');
    latest.current = params;
    setSearchParams(params, { replace: true });
  };
  return [values, setValues];
}
