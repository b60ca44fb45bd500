import type { Batch, Branch, Course, Section } from '@examiq/contracts';

const timestamps = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };

export const ids = {
  batch1: '00000000-0000-4000-8000-000000000001',
  batch2: '00000000-0000-4000-8000-000000000002',
  course1: '00000000-0000-4000-8000-000000000011',
  course2: '00000000-0000-4000-8000-000000000012',
  branch1: '00000000-0000-4000-8000-000000000021',
  section1: '00000000-0000-4000-8000-000000000031',
};

export function makeBatch(overrides: Partial<Batch> = {}): Batch {
  return {
    _id: ids.batch1,
    name: '2024-2028',
    startYear: 2024,
    endYear: 2028,
    status: 'Active',
    ...timestamps,
    ...overrides,
  };
}

export function makeCourse(overrides: Partial<Course> = {}): Course {
  return {
    _id: ids.course1,
    batchId: ids.batch1,
    name: 'B.Tech',
    fullName: 'Bachelor of Technology',
    totalSemesters: 8,
    durationYears: 4,
    courseType: 'UG',
    status: 'Active',
    ...timestamps,
    ...overrides,
  };
}

export function makeBranch(overrides: Partial<Branch> = {}): Branch {
  return {
    _id: ids.branch1,
    courseId: ids.course1,
    name: 'Computer Science',
    code: 'CSE',
    status: 'Active',
    ...timestamps,
    ...overrides,
  };
}

export function makeSection(overrides: Partial<Section> = {}): Section {
  return {
    _id: ids.section1,
    branchId: ids.branch1,
    name: 'A',
    capacity: 60,
    status: 'Active',
    ...timestamps,
    ...overrides,
  };
}
