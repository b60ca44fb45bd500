import { defaultOrderOf, LIST_PAGE_SIZE, PAGE_SIZES, type SortOrder } from '@examiq/contracts';
import { useListParams } from './use-list-params';
import { usePageParam } from './use-page-param';

const VIEW_PARAMS = ['search', 'sort', 'order', 'limit'] as const;

/**
 * What a list shows, as its address holds it: search, filters, sort, page size and page. A value
 * the list does not offer (an old link's sort or size) falls back to the list's default; a blank
 * one is left out of the call.
 */
export function useListView<Filter extends string, Sort extends string>(
  filters: readonly Filter[],
  sorts: readonly [Sort, ...Sort[]],
) {
  type Name = Filter | (typeof VIEW_PARAMS)[number];
  const [values, setValues] = useListParams<Name>([...VIEW_PARAMS, ...filters]);
  const setView = (changes: Partial<Record<(typeof VIEW_PARAMS)[number], string>>) =>
    setValues(changes as Partial<Record<Name, string>>);
  const [page, setPage] = usePageParam();
  const sort = sorts.find((candidate) => candidate === values.sort) ?? sorts[0];
  const order: SortOrder =
    values.order === 'asc' || values.order === 'desc' ? values.order : defaultOrderOf(sort);
  const limit = PAGE_SIZES.find((size) => String(size) === values.limit) ?? LIST_PAGE_SIZE;

  // The spec's own call, `?page&limit`, for the default view: sort and order only when chosen.
  const chosen = sort === values.sort ? { sort, order } : {};
  const query = {
    page,
    limit,
    ...chosen,
    ...Object.fromEntries(
      ['search', ...filters].flatMap((name) => {
        const value = values[name as Filter];
        return value ? [[name, value]] : [];
      }),
    ),
  } as { page: number; limit: number; sort?: Sort; order?: SortOrder; search?: string } & Partial<
    Record<Filter, string>
  >;

  return {
    query,
    values,
    setValues,
    page,
    setPage,
    sort,
    order,
    setSort: (next: string, nextOrder: SortOrder) => setView({ sort: next, order: nextOrder }),
    limit,
    setLimit: (size: number) => setView({ limit: size === LIST_PAGE_SIZE ? '' : String(size) }),
  };
}
