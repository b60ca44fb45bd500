import { describe, expect, it } from 'vitest';
import { examProgress, examWindow } from './dashboard';

const sitting = { examDate: '2030-03-14', startTime: '09:30', endTime: '11:00' };
const range = { startDate: '2030-03-14', endDate: '2030-03-16' };

describe('exam window', () => {
  it('runs from start to end time on a single date', () => {
    expect(examWindow(sitting)).toEqual({ start: '2030-03-14T09:30', end: '2030-03-14T11:00' });
  });

  it('runs from the first day’s midnight to the end of the last day, across months and years', () => {
    expect(examWindow(range)).toEqual({ start: '2030-03-14T00:00', end: '2030-03-17T00:00' });
    expect(examWindow({ startDate: '2030-12-31', endDate: '2030-12-31' })).toEqual({
      start: '2030-12-31T00:00',
      end: '2031-01-01T00:00',
    });
  });

  it('runs between an AUTO exam’s clock times when it has them', () => {
    expect(examWindow({ ...range, startTime: '09:00', endTime: '17:00' })).toEqual({
      start: '2030-03-14T09:00',
      end: '2030-03-16T17:00',
    });
    expect(examWindow({ ...range, startTime: '09:00' })).toEqual({
      start: '2030-03-14T09:00',
      end: '2030-03-17T00:00',
    });
  });

  it('is absent without a schedule', () => {
    expect(examWindow({})).toBeNull();
    expect(examProgress({}, '2030-03-14T10:00')).toBeNull();
  });
});

describe('exam progress', () => {
  it.each([
    ['2030-03-14T09:29', 'Scheduled'],
    ['2030-03-14T09:30', 'Ongoing'],
    ['2030-03-14T10:59', 'Ongoing'],
    ['2030-03-14T11:00', 'Completed'],
  ] as const)('a sitting at %s is %s', (now, progress) => {
    expect(examProgress(sitting, now)).toBe(progress);
  });

  it.each([
    ['2030-03-13T23:59', 'Scheduled'],
    ['2030-03-14T00:00', 'Ongoing'],
    ['2030-03-16T23:59', 'Ongoing'],
    ['2030-03-17T00:00', 'Completed'],
  ] as const)('a date range at %s is %s', (now, progress) => {
    expect(examProgress(range, now)).toBe(progress);
  });
});
