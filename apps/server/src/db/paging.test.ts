import { SEARCH_COUNT_CAP } from '@examiq/contracts';
import { describe, expect, it } from 'vitest';
import { cappedPaginationOf, countCapOf, findPage, paginationOf } from './paging';

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

describe('findPage with a count of its own', () => {
  const rows = Array.from({ length: 23 }, (_, index) => index);
  const pageOf = async (page: number) => {
    let counted = 0;
    const result = await findPage(
      { page, limit: 10 },
      async ({ limit, offset }) => rows.slice(offset, offset + limit),
      async () => {
        counted += 1;
        return rows.length;
      },
    );
    return { ...result, counted };
  };

  it('counts for a full page, which cannot tell what follows it', async () => {
    const first = await pageOf(1);
    expect(first.items).toEqual(rows.slice(0, 10));
    expect(first.pagination).toMatchObject({ totalCount: 23, totalPages: 3, hasNextPage: true });
    expect(first.counted).toBe(1);
  });

  it('takes the total from a last page short of full, without counting', async () => {
    const last = await pageOf(3);
    expect(last.items).toEqual([20, 21, 22]);
    expect(last.pagination).toMatchObject({ totalCount: 23, totalPages: 3, hasNextPage: false });
    expect(last.counted).toBe(0);
  });

  it('counts for a page past the end, which holds nothing to tell by', async () => {
    const beyond = await pageOf(7);
    expect(beyond.items).toEqual([]);
    expect(beyond.pagination).toMatchObject({ currentPage: 7, totalCount: 23, totalPages: 3 });
    expect(beyond.counted).toBe(1);
  });
});

describe('cappedPaginationOf', () => {
  it('stops at the cap, says so, and keeps the next page open', () => {
    expect(cappedPaginationOf({ page: 2, limit: 20 }, SEARCH_COUNT_CAP + 1)).toEqual({
      currentPage: 2,
      totalPages: 10,
      totalCount: 200,
      hasNextPage: true,
      hasPreviousPage: true,
      totalCountCapped: true,
    });
  });

  it('counts as far as a page past the cap', () => {
    expect(countCapOf({ page: 15, limit: 20 })).toBe(300);
    expect(cappedPaginationOf({ page: 15, limit: 20 }, 290)).toMatchObject({
      totalCount: 290,
      totalPages: 15,
      hasNextPage: false,
      totalCountCapped: false,
    });
  });
});
