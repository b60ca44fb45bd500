import { randomUUID } from 'node:crypto';
import {
  batchSchema,
  branchListItemSchema,
  branchSchema,
  courseListItemSchema,
  courseSchema,
  masterDataCountsSchema,
  sectionListItemSchema,
  sectionSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { type MasterDataClient, masterDataClient, VALID_COURSE } from '../../test/master-data';
import { createSignedInUser } from '../../test/users';

let t: TestApp;
let api: MasterDataClient;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = masterDataClient(t.app, admin.accessToken);
});
afterAll(() => t.close());

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('creating master data', () => {
  it('creates a batch named after its years', async () => {
    const response = await api.post('create-batch', { startYear: 2024, endYear: 2028 });
    expect(response.statusCode).toBe(201);
    const body = successResponse(batchSchema.strict()).strict().parse(response.json());
    expect(body).toEqual({
      success: true,
      message: 'Batch created successfully',
      data: {
        _id: expect.any(String),
        name: '2024-2028',
        startYear: 2024,
        endYear: 2028,
        status: 'Active',
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      },
    });
  });

  it('creates a course, a branch and a section with trimmed names', async () => {
    const batch = await api.batch(2001);

    const courseResponse = await api.post('create-course', {
      batchId: batch._id,
      name: '  M.Sc  ',
      fullName: ' Master of Science ',
      totalSemesters: 3,
      durationYears: 1.5,
      courseType: 'PG',
    });
    expect(courseResponse.statusCode).toBe(201);
    const course = successResponse(courseSchema.strict()).strict().parse(courseResponse.json());
    expect(course).toEqual({
      success: true,
      message: 'Course created successfully',
      data: {
        _id: expect.any(String),
        batchId: batch._id,
        name: 'M.Sc',
        fullName: 'Master of Science',
        totalSemesters: 3,
        durationYears: 1.5,
        courseType: 'PG',
        status: 'Active',
        createdAt: expect.stringMatching(ISO_TIMESTAMP),
        updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      },
    });

    const branchResponse = await api.post('create-branch', {
      courseId: course.data._id,
      name: ' Physics ',
      code: 'PHY',
    });
    expect(branchResponse.statusCode).toBe(201);
    const branch = successResponse(branchSchema.strict()).strict().parse(branchResponse.json());
    expect(branch).toMatchObject({
      success: true,
      message: 'Branch created successfully',
      data: { courseId: course.data._id, name: 'Physics', code: 'PHY', status: 'Active' },
    });

    const sectionResponse = await api.post('create-section', {
      branchId: branch.data._id,
      name: ' A ',
      capacity: 60,
    });
    expect(sectionResponse.statusCode).toBe(201);
    const section = successResponse(sectionSchema.strict()).strict().parse(sectionResponse.json());
    expect(section).toMatchObject({
      success: true,
      message: 'Section created successfully',
      data: { branchId: branch.data._id, name: 'A', capacity: 60, status: 'Active' },
    });

    const listed = await api.get(`get-sections-by-branch?branchId=${branch.data._id}`);
    expect(listed.json().data).toEqual([section.data]);
  });
});

describe('duplicates', () => {
  it('refuses a batch with the same years', async () => {
    await api.batch(2010, 2014);
    expectError(await api.post('create-batch', { startYear: 2010, endYear: 2014 }), 409, {
      message: 'Batch 2010-2014 already exists',
    });
    await expect(api.batch(2010, 2015)).resolves.toMatchObject({ name: '2010-2015' });
  });

  it('refuses a course name already in the batch, whatever its case', async () => {
    const batch = await api.batch(2011);
    const other = await api.batch(2012);
    await api.course(batch._id, { name: 'B.Tech' });
    expectError(
      await api.post('create-course', { ...VALID_COURSE, batchId: batch._id, name: ' b.tech ' }),
      409,
      { message: 'Course "b.tech" already exists in batch 2011-2015' },
    );
    await expect(api.course(other._id, { name: 'B.Tech' })).resolves.toMatchObject({
      batchId: other._id,
    });
  });

  it('refuses a branch code already in the course', async () => {
    const batch = await api.batch(2013);
    const course = await api.course(batch._id);
    const other = await api.course(batch._id);
    await api.branch(course._id, { code: 'CSE' });
    expectError(
      await api.post('create-branch', { courseId: course._id, name: 'Other name', code: 'CSE' }),
      409,
      { message: 'Branch code "CSE" already exists in this course' },
    );
    await expect(api.branch(other._id, { code: 'CSE' })).resolves.toMatchObject({ code: 'CSE' });
    await expect(api.branch(course._id, { code: 'ECE' })).resolves.toMatchObject({ code: 'ECE' });
  });

  it('refuses a section name already in the branch, whatever its case', async () => {
    const batch = await api.batch(2014);
    const course = await api.course(batch._id);
    const branch = await api.branch(course._id);
    const other = await api.branch(course._id);
    await api.section(branch._id, { name: 'A' });
    expectError(
      await api.post('create-section', { branchId: branch._id, name: 'a', capacity: 30 }),
      409,
      { message: 'Section "a" already exists in this branch' },
    );
    await expect(api.section(other._id, { name: 'A' })).resolves.toMatchObject({ name: 'A' });
  });

  it('lets exactly one of two simultaneous identical creates through', async () => {
    const responses = await Promise.all(
      [1, 2].map(() => api.post('create-batch', { startYear: 2015, endYear: 2019 })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('unknown parents', () => {
  const cases = [
    ['create-course', { ...VALID_COURSE, batchId: randomUUID() }, { batchId: 'Batch not found' }],
    [
      'create-branch',
      { name: 'Mechanical', code: 'ME', courseId: randomUUID() },
      { courseId: 'Course not found' },
    ],
    [
      'create-section',
      { name: 'A', capacity: 40, branchId: randomUUID() },
      { branchId: 'Branch not found' },
    ],
  ] as const;

  it.each(cases)('%s answers 400 on the parent field', async (path, payload, errors) => {
    expectError(await api.post(path, payload), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors,
    });
  });
});

describe('lists', () => {
  it('lists batches newest start year first', async () => {
    const response = await api.get('get-batches');
    expect(response.statusCode).toBe(200);
    const { data } = successResponse(batchSchema.strict().array()).strict().parse(response.json());
    expect(data.length).toBeGreaterThan(1);
    const newestFirst = [...data].sort(
      (a, b) => b.startYear - a.startYear || b.endYear - a.endYear,
    );
    expect(data).toEqual(newestFirst);
  });

  it('lists courses, branches and sections by name, ignoring case', async () => {
    const batch = await api.batch(2020);
    const course = await api.course(batch._id, { name: 'zeta' });
    await api.course(batch._id, { name: 'Alpha' });
    const branch = await api.branch(course._id, { name: 'zoology', code: 'ZOO' });
    await api.branch(course._id, { name: 'Botany', code: 'BOT' });
    await api.section(branch._id, { name: 'z' });
    await api.section(branch._id, { name: 'B' });

    for (const [path, schema] of [
      ['get-courses', courseListItemSchema],
      ['get-branches', branchListItemSchema],
      ['get-sections', sectionListItemSchema],
    ] as const) {
      const response = await api.get(path);
      expect(response.statusCode).toBe(200);
      const { data } = successResponse(schema.strict().array()).strict().parse(response.json());
      const names = data.map((record) => record.name.toLowerCase());
      expect(names).toEqual([...names].sort());
    }
  });
});

describe('cascades', () => {
  let tree: Awaited<ReturnType<typeof buildTree>>;

  /** Two of everything at each level, so each cascade has children it must leave out. */
  async function buildTree() {
    const batch = await api.batch(2030);
    const otherBatch = await api.batch(2031);
    const emptyBatch = await api.batch(2032);
    const courseB = await api.course(batch._id, { name: 'MBA' });
    const courseA = await api.course(batch._id, { name: 'BBA' });
    const otherCourse = await api.course(otherBatch._id, { name: 'BBA' });
    const emptyCourse = await api.course(otherBatch._id);
    const branchB = await api.branch(courseA._id, { name: 'Marketing', code: 'MKT' });
    const branchA = await api.branch(courseA._id, { name: 'Finance', code: 'FIN' });
    const otherBranch = await api.branch(otherCourse._id, { name: 'Finance', code: 'FIN' });
    const emptyBranch = await api.branch(otherCourse._id);
    const sectionB = await api.section(branchA._id, { name: 'B' });
    const sectionA = await api.section(branchA._id, { name: 'A' });
    await api.section(otherBranch._id, { name: 'A' });
    return {
      batch,
      emptyBatch,
      courses: [courseA, courseB],
      emptyCourse,
      courseA,
      branches: [branchA, branchB],
      emptyBranch,
      branchA,
      sections: [sectionA, sectionB],
    };
  }

  beforeAll(async () => {
    tree = await buildTree();
  });

  it('returns only the courses of the batch, by name', async () => {
    const response = await api.get(`get-courses-by-batch?batchId=${tree.batch._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: tree.courses });
  });

  it('returns only the branches of the course, by name', async () => {
    const response = await api.get(`get-branches-by-course?courseId=${tree.courseA._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: tree.branches });
  });

  it('returns only the sections of the branch, by name', async () => {
    const response = await api.get(`get-sections-by-branch?branchId=${tree.branchA._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: tree.sections });
  });

  it('returns an empty list for a parent without children', async () => {
    for (const path of [
      `get-courses-by-batch?batchId=${tree.emptyBatch._id}`,
      `get-branches-by-course?courseId=${tree.emptyCourse._id}`,
      `get-sections-by-branch?branchId=${tree.emptyBranch._id}`,
    ]) {
      const response = await api.get(path);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: [] });
    }
  });

  const queries = [
    ['get-courses-by-batch', 'batchId', 'Batch'],
    ['get-branches-by-course', 'courseId', 'Course'],
    ['get-sections-by-branch', 'branchId', 'Branch'],
  ] as const;

  it.each(queries)('%s answers 404 for an unknown %s', async (path, field, type) => {
    expectError(await api.get(`${path}?${field}=${randomUUID()}`), 404, {
      message: `${type} not found`,
    });
  });

  it.each(queries)('%s answers 400 when %s is missing', async (path, field, type) => {
    for (const query of ['', `?${field}=`, `?${field}=%20`]) {
      expectError(await api.get(`${path}${query}`), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { [field]: `${type} is required` },
      });
    }
  });

  it.each(queries)('%s answers 400 when %s is malformed', async (path, field, type) => {
    const valid = randomUUID();
    for (const query of [`?${field}=not-an-id`, `?${field}=${valid}x`, `?${field}=1`]) {
      expectError(await api.get(`${path}${query}`), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { [field]: `Please select a valid ${type.toLowerCase()}` },
      });
    }
    expectError(await api.get(`${path}?${field}=${valid}&${field}=${valid}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { [field]: 'Must be text' },
    });
  });
});

describe('GET /api/admin/get-master-data-counts', () => {
  async function counts() {
    const response = await api.get('get-master-data-counts');
    expect(response.statusCode).toBe(200);
    return successResponse(masterDataCountsSchema.strict()).strict().parse(response.json()).data;
  }

  it('counts every record of each type', async () => {
    const before = await counts();
    const batch = await api.batch(2040);
    const course = await api.course(batch._id);
    await api.course(batch._id);
    const branch = await api.branch(course._id);
    await api.section(branch._id);
    await api.section(branch._id);
    await api.section(branch._id);

    const after = await counts();
    expect(after).toEqual({
      batches: before.batches + 1,
      courses: before.courses + 2,
      branches: before.branches + 1,
      sections: before.sections + 3,
    });
    for (const [type, path] of [
      ['batches', 'get-batches'],
      ['courses', 'get-courses'],
      ['branches', 'get-branches'],
      ['sections', 'get-sections'],
    ] as const) {
      expect((await api.get(path)).json().data).toHaveLength(after[type]);
    }
  });
});
