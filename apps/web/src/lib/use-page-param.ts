import { useSearchParams } from 'react-router';

/**
 * The page of a paginated list, kept in the address (?page=2) so reloading, sharing the link or
 * coming back from a detail page shows the same page.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = Number(searchParams.get('page'));
  const page = Number.isInteger(parsed) && parsed > 1 ? parsed : 1;

  const setPage = (next: number) => {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next > 1) params.set('page', String(next));
        else params.delete('page');
        return params;
      },
      { replace: true },
    );
  };
  return [page, setPage];
}
