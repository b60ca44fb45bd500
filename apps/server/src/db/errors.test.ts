import { describe, expect, it } from 'vitest';
import { FOREIGN_KEY_VIOLATION, failedWithSqlState, UNIQUE_VIOLATION } from './errors';

function driverError(code: string): Error {
  return Object.assign(new Error('constraint violated'), { code });
}

describe('failedWithSqlState', () => {
  it('reads the code of a driver error', () => {
    expect(failedWithSqlState(driverError(UNIQUE_VIOLATION), UNIQUE_VIOLATION)).toBe(true);
    expect(failedWithSqlState(driverError(UNIQUE_VIOLATION), FOREIGN_KEY_VIOLATION)).toBe(false);
  });

  it('reads the code of a driver error wrapped by Drizzle', () => {
    const wrapped = new Error('Failed query', { cause: driverError(FOREIGN_KEY_VIOLATION) });
    expect(failedWithSqlState(wrapped, FOREIGN_KEY_VIOLATION)).toBe(true);
  });

  it('is false for anything else', () => {
    expect(failedWithSqlState(new Error('Failed query'), UNIQUE_VIOLATION)).toBe(false);
    expect(failedWithSqlState({ code: UNIQUE_VIOLATION }, UNIQUE_VIOLATION)).toBe(false);
    expect(failedWithSqlState(undefined, UNIQUE_VIOLATION)).toBe(false);
  });
});
