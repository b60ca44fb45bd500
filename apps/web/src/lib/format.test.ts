import { describe, expect, it } from 'vitest';
import { formatClock, formatDate, formatDateTime, fullName } from './format';

describe('format', () => {
  it('writes calendar dates for people, whatever the time zone', () => {
    expect(formatDate('2005-04-12')).toBe('12 Apr 2005');
    expect(formatDate('2020-07-01T00:00:00.000Z')).toBe('1 Jul 2020');
    expect(formatDate('soon')).toBe('soon');
  });

  it('writes moments with their time', () => {
    expect(formatDateTime('2025-03-04T09:15:00.000Z')).toMatch(/^4 Mar 2025, \d{2}:\d{2}$/);
    expect(formatDateTime('never')).toBe('never');
    expect(formatClock('2025-03-04T09:15:07.000Z', { seconds: true })).toMatch(/^\d{2}:\d{2}:07$/);
    expect(formatClock(Date.parse('2025-03-04T09:15:07.000Z'))).toMatch(/^\d{2}:\d{2}$/);
    expect(formatClock('never')).toBe('never');
  });

  it('joins first and last name', () => {
    expect(fullName({ firstName: 'Asha', lastName: 'Patel' })).toBe('Asha Patel');
  });
});
