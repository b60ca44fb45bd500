import { randomUUID } from 'node:crypto';
import {
  type Batch,
  type Branch,
  branchListItemSchema,
  type Course,
  courseListItemSchema,
  FIND_MESSAGES,
  type Section,
  sectionListItemSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { type MasterDataClient, masterDataClient } from '../../test/master-data';
import { createSignedInUser } from '../../test/users';

// A database of its own, so every list holds exactly the records made here.
let t: TestApp;
let api: MasterDataClient;
let tree: Awaited<ReturnType<typeof buildTree>>;

/** Two batches with a B.Tech each, so names repeat and only the path tells the records apart. */
async function buildTree() {
  const batch = await api.batch(2024, 2028);
  const otherBatch = await api.batch(2025, 2029);
  const emptyBatch = await api.batch(2026, 2030);
  const btech = await api.course(batch._id, { name: 'B.Tech' });
  const mba = await api.course(batch._id, { name: 'MBA', fullName: 'Master of Business' });
  const otherBtech = await api.course(otherBatch._id, { name: 'B.Tech' });
  const cse = await api.branch(btech._id, { name: 'Computer Science', code: 'CSE' });
  const ece = await api.branch(btech._id, { name: 'Electronics', code: 'ECE' });
  const otherCse = await api.branch(otherBtech._id, { name: 'Computer Science', code: 'CSE' });
  const cseA = await api.section(cse._id, { name: 'A' });
  const cseB = await api.section(cse._id, { name: 'B' });
  const eceA = await api.section(ece._id, { name: 'A' });
  const otherCseA = await api.section(otherCse._id, { name: 'A' });
  return {
    ...{ batch, otherBatch, emptyBatch, btech, mba, otherBtech },
    ...{ cse, ece, otherCse, cseA, cseB, eceA, otherCseA },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = masterDataClient(t.app, admin.accessToken);
  tree = await buildTree();
});
afterAll(() => t.close());

const ref = (record: { _id: string; name: string }) => ({ _id: record._id, name: record.name });

function courseItem(course: Course, batch: Batch) {
  return { ...course, batch: ref(batch), path: `${course.name} · ${batch.name}` };
}

function branchItem(branch: Branch, course: Course, batch: Batch) {
  return {
    ...branch,
    batch: ref(batch),
    course: ref(course),
    path: `${branch.code} · ${course.name} · ${batch.name}`,
  };
}

function sectionItem(section: Section, branch: Branch, course: Course, batch: Batch) {
  return {
    ...section,
    batch: ref(batch),
    course: ref(course),
    branch: { ...ref(branch), code: branch.code },
    path: `Section ${section.name} · ${branch.code} · ${course.name} · ${batch.name}`,
  };
}

/** The records of a list call's answer, which must follow the contract exactly. */
async function listed<Item>(path: string, item: z.ZodType<Item>): Promise<Item[]> {
  const response = await api.get(path);
  expect(response.statusCode, response.body).toBe(200);
  return successResponse(item.array()).strict().parse(response.json()).data;
}

const courses = (query = '') => listed(`get-courses${query}`, courseListItemSchema.strict());
const branches = (query = '') => listed(`get-branches${query}`, branchListItemSchema.strict());
const sections = (query = '') => listed(`get-sections${query}`, sectionListItemSchema.strict());

describe('where each record sits', () => {
  it('lists each course with its batch and path', async () => {
    const { batch, otherBatch, btech, mba, otherBtech } = tree;
    const listedCourses = await courses();
    expect(listedCourses).toHaveLength(3);
    expect(listedCourses).toEqual(
      expect.arrayContaining([
        courseItem(btech, batch),
        courseItem(otherBtech, otherBatch),
        courseItem(mba, batch),
      ]),
    );
    expect(listedCourses[2]).toEqual(courseItem(mba, batch));
  });

  it('lists each branch with its course, batch and path', async () => {
    const { batch, otherBatch, btech, otherBtech, cse, ece, otherCse } = tree;
    const listedBranches = await branches();
    expect(listedBranches).toHaveLength(3);
    expect(listedBranches).toEqual(
      expect.arrayContaining([
        branchItem(cse, btech, batch),
        branchItem(otherCse, otherBtech, otherBatch),
      ]),
    );
    expect(listedBranches[2]).toEqual(branchItem(ece, btech, batch));
  });

  it("lists each section with its branch, course, batch and path ('Section A · CSE · B.Tech · 2024-2028')", async () => {
    const { batch, btech, cse, cseA, cseB } = tree;
    const listedSections = await sections();
    expect(listedSections).toHaveLength(4);
    expect(listedSections).toContainEqual(sectionItem(cseA, cse, btech, batch));
    expect(listedSections[3]).toEqual(sectionItem(cseB, cse, btech, batch));
    expect(sectionItem(cseA, cse, btech, batch).path).toBe('Section A · CSE · B.Tech · 2024-2028');
  });

  it('shows a renamed parent in the paths at once', async () => {
    const batch = await api.batch(2040, 2044);
    const course = await api.course(batch._id, { name: 'BCA' });
    const branch = await api.branch(course._id, { name: 'Data Science', code: 'DS' });
    const section = await api.section(branch._id, { name: 'Z' });
    const query = `?batchId=${batch._id}`;
    expect(await sections(query)).toEqual([sectionItem(section, branch, course, batch)]);

    const update = await api.put(`update-batch/${batch._id}`, {
      startYear: 2040,
      endYear: 2045,
      status: 'Active',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await sections(query))[0]).toMatchObject({
      batch: { _id: batch._id, name: '2040-2045' },
      path: 'Section Z · DS · BCA · 2040-2045',
    });
  });
});

describe('filtering by parent', () => {
  it('lists the courses of a batch', async () => {
    const { batch, otherBatch, btech, mba, otherBtech } = tree;
    expect(await courses(`?batchId=${batch._id}`)).toEqual([
      courseItem(btech, batch),
      courseItem(mba, batch),
    ]);
    expect(await courses(`?batchId=${otherBatch._id}`)).toEqual([
      courseItem(otherBtech, otherBatch),
    ]);
  });

  it('lists the branches of a batch, of a course, or of both', async () => {
    const { batch, otherBatch, btech, otherBtech, cse, ece, otherCse } = tree;
    const ofBtech = [branchItem(cse, btech, batch), branchItem(ece, btech, batch)];
    expect(await branches(`?batchId=${batch._id}`)).toEqual(ofBtech);
    expect(await branches(`?courseId=${btech._id}`)).toEqual(ofBtech);
    expect(await branches(`?batchId=${batch._id}&courseId=${btech._id}`)).toEqual(ofBtech);
    expect(await branches(`?courseId=${otherBtech._id}`)).toEqual([
      branchItem(otherCse, otherBtech, otherBatch),
    ]);
  });

  it('lists the sections of a batch, a course, a branch, or several at once', async () => {
    const { batch, otherBatch, btech, otherBtech, cse, ece, otherCse } = tree;
    const { cseA, cseB, eceA, otherCseA } = tree;
    // The two sections A come first, in either order: only names order the list.
    const ofBatch = await sections(`?batchId=${batch._id}`);
    expect(ofBatch).toHaveLength(3);
    expect(ofBatch.slice(0, 2)).toEqual(
      expect.arrayContaining([
        sectionItem(cseA, cse, btech, batch),
        sectionItem(eceA, ece, btech, batch),
      ]),
    );
    expect(ofBatch[2]).toEqual(sectionItem(cseB, cse, btech, batch));
    expect(await sections(`?courseId=${btech._id}`)).toEqual(ofBatch);
    expect(await sections(`?branchId=${cse._id}`)).toEqual([
      sectionItem(cseA, cse, btech, batch),
      sectionItem(cseB, cse, btech, batch),
    ]);
    expect(
      await sections(
        `?batchId=${otherBatch._id}&courseId=${otherBtech._id}&branchId=${otherCse._id}`,
      ),
    ).toEqual([sectionItem(otherCseA, otherCse, otherBtech, otherBatch)]);
  });

  it('answers an empty list for a parent without children, or filters that do not nest', async () => {
    const { emptyBatch, mba, batch, otherBatch, otherCse } = tree;
    expect(await courses(`?batchId=${emptyBatch._id}`)).toEqual([]);
    expect(await branches(`?courseId=${mba._id}`)).toEqual([]);
    expect(await sections(`?courseId=${mba._id}`)).toEqual([]);
    expect(await sections(`?batchId=${batch._id}&branchId=${otherCse._id}`)).toEqual([]);
    expect(await branches(`?batchId=${otherBatch._id}&courseId=${mba._id}`)).toEqual([]);
  });

  it('refuses a parent that does not exist, naming each one', async () => {
    const unknown = randomUUID();
    expectError(await api.get(`get-courses?batchId=${unknown}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { batchId: FIND_MESSAGES.batchNotFound },
    });
    expectError(await api.get(`get-branches?batchId=${unknown}&courseId=${unknown}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { batchId: FIND_MESSAGES.batchNotFound, courseId: FIND_MESSAGES.courseNotFound },
    });
    expectError(await api.get(`get-sections?batchId=${tree.batch._id}&branchId=${unknown}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { branchId: FIND_MESSAGES.branchNotFound },
    });
    expectError(await api.get(`get-sections?courseId=${unknown}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { courseId: FIND_MESSAGES.courseNotFound },
    });
  });

  it('refuses a parent deleted since the list was last read', async () => {
    const batch = await api.batch(2041, 2045);
    expect(await courses(`?batchId=${batch._id}`)).toEqual([]);
    const deleted = await api.delete(`delete-batch/${batch._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectError(await api.get(`get-courses?batchId=${batch._id}`), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { batchId: FIND_MESSAGES.batchNotFound },
    });
  });

  it.each([
    ['get-courses', 'batchId', 'batch'],
    ['get-branches', 'batchId', 'batch'],
    ['get-branches', 'courseId', 'course'],
    ['get-sections', 'batchId', 'batch'],
    ['get-sections', 'courseId', 'course'],
    ['get-sections', 'branchId', 'branch'],
  ] as const)('%s refuses a malformed %s', async (path, field, type) => {
    for (const value of ['not-an-id', `${randomUUID()}x`, '']) {
      expectError(await api.get(`${path}?${field}=${value}`), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { [field]: `Please select a valid ${type}` },
      });
    }
  });
});
