import { useSearchParams } from 'react-router';

/**
 * The search of a list, kept in the address (?search=asha) beside its page, so reloading, sharing
 * the link or coming back shows the same students. A new search starts again at the first page.
 */
export function useSearchParam(): [string, (search: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.get('search') ?? '';

  const setSearch = (next: string) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set('search', next);
        else params.delete('search');
        params.delete('page');
        return params;
      },
      { replace: true },
    );
  };
  return [search, setSearch];
}
