import { describe, expect, it } from 'vitest';
import { paginationOf } from './paging';

describe('paginationOf', () => {
  it.each([
    [{ page: 1, limit: 10 }, 0, { totalPages: 0, hasNextPage: false, hasPreviousPage: false }],
    [{ page: 1, limit: 10 }, 10, { totalPages: 1, hasNextPage: false, hasPreviousPage: false }],
    [{ page: 2, limit: 10 }, 11, { totalPages: 2, hasNextPage: false, hasPreviousPage: true }],
    [{ page: 1, limit: 5 }, 11, { totalPages: 3, hasNextPage: true, hasPreviousPage: false }],
    [{ page: 9, limit: 5 }, 11, { totalPages: 3, hasNextPage: false, hasPreviousPage: true }],
  ])('%o of %i records', (query, totalCount, expected) => {
    expect(paginationOf(query, totalCount)).toEqual({
      currentPage: query.page,
      totalCount,
      ...expected,
    });
  });
});
