import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_LENGTH, generateDefaultPassword, paginationOf } from './people.service';

describe('generateDefaultPassword', () => {
  it('mixes upper and lower case letters, digits and symbols every time', () => {
    const passwords = Array.from({ length: 200 }, () => generateDefaultPassword());
    for (const password of passwords) {
      expect(password).toHaveLength(DEFAULT_PASSWORD_LENGTH);
      for (const characterClass of [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d]/]) {
        expect(password).toMatch(characterClass);
      }
    }
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});

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
