import { describe, expect, it } from 'vitest';
import { pageOfText, totalCountText } from './figures';

const pagination = {
  currentPage: 3,
  totalPages: 7,
  totalCount: 130,
  hasNextPage: true,
  hasPreviousPage: true,
};

describe('a list’s count in words', () => {
  it('gives a whole count and its last page', () => {
    expect(totalCountText(pagination)).toBe('130');
    expect(pageOfText(pagination)).toBe('Page 3 of 7');
    expect(pageOfText({ ...pagination, totalCountCapped: false })).toBe('Page 3 of 7');
  });

  it('reads a count the server stopped as a floor, with no last page', () => {
    const capped = { ...pagination, totalPages: 50, totalCount: 1000, totalCountCapped: true };
    expect(totalCountText(capped)).toBe('more than 1,000');
    expect(pageOfText(capped)).toBe('Page 3');
  });
});
