import { useListParams } from './use-list-params';

const SEARCH = ['search'] as const;

/**
 * The search of a list, kept in the address (?search=asha) beside its page, so reloading, sharing
 * the link or coming back shows the same students. A new search starts again at the first page.
 */
export function useSearchParam(): [string, (search: string) => void] {
  const [{ search }, setValues] = useListParams(SEARCH);
  return [search, (next) => setValues({ search: next })];
}
