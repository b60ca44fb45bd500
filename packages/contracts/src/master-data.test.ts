import { describe, expect, it } from 'vitest';
import {
  createBatchSchema,
  createBranchSchema,
  createCourseSchema,
  createSectionSchema,
} from './master-data';
import { errorsOf } from './test-support';

const BATCH_ID = '7b0c8f7e-0c39-4a86-9d83-1c1ad0b1f0a1';

describe('batch rules', () => {
  it('accepts a four-year batch', () => {
    expect(errorsOf(createBatchSchema, { startYear: 2024, endYear: 2028 })).toEqual({});
  });

  it.each([
    [{}, { startYear: 'Start year is required', endYear: 'End year is required' }],
    [
      { startYear: Number.NaN, endYear: null },
      { startYear: 'Start year is required', endYear: 'End year is required' },
    ],
    [{ startYear: 1999, endYear: 2004 }, { startYear: 'Start year must be at least 2000' }],
    [{ startYear: 2051, endYear: 2055 }, { startYear: 'Start year cannot be more than 2050' }],
    [{ startYear: 2024.5, endYear: 2028 }, { startYear: 'Start year must be a whole number' }],
    [{ startYear: 2024, endYear: 2061 }, { endYear: 'End year cannot be more than 2060' }],
    [{ startYear: 2024, endYear: 2028.5 }, { endYear: 'End year must be a whole number' }],
    [{ startYear: 2024, endYear: 2024 }, { endYear: 'End year must be greater than start year' }],
    [{ startYear: 2024, endYear: 2020 }, { endYear: 'End year must be greater than start year' }],
    [
      { startYear: 2020, endYear: 2031 },
      { endYear: 'Batch duration must be between 1 and 10 years' },
    ],
  ])('%j → %j', (value, errors) => {
    expect(errorsOf(createBatchSchema, value)).toEqual(errors);
  });
});

describe('course rules', () => {
  const valid = {
    batchId: BATCH_ID,
    name: 'B.Tech',
    fullName: 'Bachelor of Technology',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
  };

  it('accepts a valid course', () => {
    expect(errorsOf(createCourseSchema, valid)).toEqual({});
  });

  it.each([
    [{ batchId: '' }, { batchId: 'Batch is required' }],
    [{ batchId: 'abc' }, { batchId: 'Please select a valid batch' }],
    [{ name: 'B' }, { name: 'Course name must be at least 2 characters' }],
    [{ name: 'B'.repeat(51) }, { name: 'Course name cannot exceed 50 characters' }],
    [
      { name: 'B.Tech!' },
      { name: 'Course name can only contain letters, numbers, dots, spaces and hyphens' },
    ],
    [{ fullName: 'Bach' }, { fullName: 'Full name must be at least 5 characters' }],
    [
      { fullName: 'Bachelor 2' },
      { fullName: 'Full name can only contain letters, spaces, dots and hyphens' },
    ],
    [{ totalSemesters: 0 }, { totalSemesters: 'Total semesters must be at least 1' }],
    [
      { totalSemesters: 21, durationYears: 10 },
      { totalSemesters: 'Total semesters cannot exceed 20' },
    ],
    [{ totalSemesters: 7.5 }, { totalSemesters: 'Total semesters must be a whole number' }],
    [{ durationYears: 0.25 }, { durationYears: 'Duration must be at least 0.5 years' }],
    [{ durationYears: 4.3 }, { durationYears: 'Duration must be in steps of 0.5 years' }],
    [
      { totalSemesters: 2, durationYears: 4 },
      {
        totalSemesters:
          'Duration and semesters should be consistent (typically 2 semesters per year)',
      },
    ],
    [{ courseType: 'BSC' }, { courseType: 'Please select a valid course type' }],
  ])('%j → %j', (change, errors) => {
    expect(errorsOf(createCourseSchema, { ...valid, ...change })).toEqual(errors);
  });
});

describe('branch rules', () => {
  const valid = { courseId: BATCH_ID, name: 'Computer Science', code: 'CSE' };

  it.each([
    [{}, {}],
    [{ courseId: '' }, { courseId: 'Course is required' }],
    [{ name: ' C ' }, { name: 'Branch name must be at least 2 characters' }],
    [{ name: 'C'.repeat(101) }, { name: 'Branch name cannot exceed 100 characters' }],
    [{ code: '' }, { code: 'Branch code is required' }],
    [{ code: 'cse' }, { code: 'Branch code can only contain uppercase letters and numbers' }],
    [{ code: 'ABCDEFGHIJK' }, { code: 'Branch code cannot exceed 10 characters' }],
  ])('%j → %j', (change, errors) => {
    expect(errorsOf(createBranchSchema, { ...valid, ...change })).toEqual(errors);
  });
});

describe('section rules', () => {
  const valid = { branchId: BATCH_ID, name: 'A', capacity: 60 };

  it.each([
    [{}, {}],
    [{ branchId: undefined }, { branchId: 'Branch is required' }],
    [{ name: '' }, { name: 'Section name is required' }],
    [
      { name: 'A/B' },
      { name: 'Section name can only contain letters, numbers, spaces and hyphens' },
    ],
    [{ capacity: 0 }, { capacity: 'Capacity must be at least 1' }],
    [{ capacity: 501 }, { capacity: 'Capacity cannot exceed 500' }],
    [{ capacity: 10.5 }, { capacity: 'Capacity must be a whole number' }],
    [{ capacity: '60' }, { capacity: 'Must be a number' }],
  ])('%j → %j', (change, errors) => {
    expect(errorsOf(createSectionSchema, { ...valid, ...change })).toEqual(errors);
  });
});
