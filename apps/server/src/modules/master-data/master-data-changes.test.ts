import { randomUUID } from 'node:crypto';
import {
  batchSchema,
  branchSchema,
  courseSchema,
  messageResponseSchema,
  sectionSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditOf as lastAuditOfRecord } from '../../test/audit';
import { expectError } from '../../test/errors';
import { createAudience, examPayload, examsClient } from '../../test/exams';
import { type MasterDataClient, masterDataClient, VALID_COURSE } from '../../test/master-data';
import { createPlacement, peopleClient, studentPayload } from '../../test/people';
import { createSignedInUser } from '../../test/users';

let t: TestApp;
let api: MasterDataClient;
let adminUserId: string;
let people: ReturnType<typeof peopleClient>;
let examsApi: ReturnType<typeof examsClient>;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  adminUserId = admin.user.id;
  api = masterDataClient(t.app, admin.accessToken);
  people = peopleClient(t.app, admin.accessToken);
  examsApi = examsClient(t.app, admin.accessToken);
});
afterAll(() => t.close());

const lastAuditOf = (recordId: string) => lastAuditOfRecord(t.database.db, recordId);

describe('editing master data', () => {
  it('edits a batch: its years rename it, its status can be Inactive, and the edit is audited', async () => {
    const batch = await api.batch(2030, 2034);
    const response = await api.put(`update-batch/${batch._id}`, {
      startYear: 2030,
      endYear: 2035,
      status: 'Inactive',
    });
    expect(response.statusCode).toBe(200);
    const body = successResponse(batchSchema.strict()).strict().parse(response.json());
    expect(body).toMatchObject({
      success: true,
      message: 'Batch updated successfully',
      data: { _id: batch._id, name: '2030-2035', endYear: 2035, status: 'Inactive' },
    });
    const listed = (await api.get('get-batches')).json().data;
    expect(listed).toContainEqual(body.data);
    expect(await lastAuditOf(batch._id)).toMatchObject({
      actorUserId: adminUserId,
      action: 'batch.update',
      recordType: 'batch',
      recordLabel: '2030-2035',
      summary: 'Edited batch 2030-2035: endYear 2034 → 2035, status Active → Inactive',
      changes: { endYear: { from: 2034, to: 2035 }, status: { from: 'Active', to: 'Inactive' } },
    });
  });

  it('edits a course, a branch and a section in place, trimming names', async () => {
    const batch = await api.batch(2031);
    const course = await api.course(batch._id);
    const branch = await api.branch(course._id);
    const section = await api.section(branch._id, { capacity: 60 });

    const courseResponse = await api.put(`update-course/${course._id}`, {
      ...VALID_COURSE,
      name: ' M.Tech ',
      fullName: 'Master of Technology',
      totalSemesters: 4,
      durationYears: 2,
      courseType: 'PG',
      status: 'Active',
    });
    expect(courseResponse.statusCode).toBe(200);
    expect(successResponse(courseSchema.strict()).parse(courseResponse.json())).toMatchObject({
      message: 'Course updated successfully',
      data: { _id: course._id, batchId: batch._id, name: 'M.Tech', courseType: 'PG' },
    });

    const branchResponse = await api.put(`update-branch/${branch._id}`, {
      name: ' Electronics ',
      code: 'ECE',
      status: 'Active',
    });
    expect(successResponse(branchSchema.strict()).parse(branchResponse.json())).toMatchObject({
      message: 'Branch updated successfully',
      data: { _id: branch._id, courseId: course._id, name: 'Electronics', code: 'ECE' },
    });

    const sectionResponse = await api.put(`update-section/${section._id}`, {
      name: section.name,
      capacity: 40,
      status: 'Active',
    });
    const edited = successResponse(sectionSchema.strict()).parse(sectionResponse.json());
    expect(edited).toMatchObject({
      message: 'Section updated successfully',
      data: { _id: section._id, branchId: branch._id, capacity: 40 },
    });
    expect((await api.get(`get-sections-by-branch?branchId=${branch._id}`)).json().data).toEqual([
      edited.data,
    ]);
    expect(await lastAuditOf(section._id)).toMatchObject({
      action: 'section.update',
      changes: { capacity: { from: 60, to: 40 } },
    });
  });

  it('applies the rules of create, each on its field', async () => {
    const batch = await api.batch(2032);
    const course = await api.course(batch._id);
    const branch = await api.branch(course._id);
    const section = await api.section(branch._id);

    expectError(
      await api.put(`update-batch/${batch._id}`, { startYear: 2032, endYear: 2031 }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          endYear: 'End year must be greater than start year',
          status: 'Please select a valid status',
        },
      },
    );
    expectError(
      await api.put(`update-batch/${batch._id}`, {
        startYear: 2032,
        endYear: 2045,
        status: 'Active',
      }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { endYear: 'Batch duration must be between 1 and 10 years' },
      },
    );
    expectError(
      await api.put(`update-course/${course._id}`, {
        ...VALID_COURSE,
        totalSemesters: 2,
        status: 'Active',
      }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          totalSemesters:
            'Duration and semesters should be consistent (typically 2 semesters per year)',
        },
      },
    );
    expectError(
      await api.put(`update-branch/${branch._id}`, { name: 'X', code: 'cse', status: 'Active' }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          name: 'Branch name must be at least 2 characters',
          code: 'Branch code can only contain uppercase letters and numbers',
        },
      },
    );
    expectError(
      await api.put(`update-section/${section._id}`, {
        name: 'A',
        capacity: 501,
        status: 'Closed',
      }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { capacity: 'Capacity cannot exceed 500', status: 'Please select a valid status' },
      },
    );
  });

  it('refuses an edit onto another record of the same parent (409), as create does', async () => {
    await api.batch(2033, 2037);
    const batch = await api.batch(2033, 2038);
    expectError(
      await api.put(`update-batch/${batch._id}`, {
        startYear: 2033,
        endYear: 2037,
        status: 'Active',
      }),
      409,
      { message: 'Batch 2033-2037 already exists' },
    );

    const course = await api.course(batch._id, { name: 'B.Sc' });
    const other = await api.course(batch._id);
    expectError(
      await api.put(`update-course/${other._id}`, {
        ...VALID_COURSE,
        name: 'b.sc',
        status: 'Active',
      }),
      409,
      { message: 'Course "b.sc" already exists in batch 2033-2038' },
    );

    const branch = await api.branch(course._id, { code: 'ME' });
    const otherBranch = await api.branch(course._id);
    expectError(
      await api.put(`update-branch/${otherBranch._id}`, {
        name: 'Mechanical',
        code: 'ME',
        status: 'Active',
      }),
      409,
      { message: 'Branch code "ME" already exists in this course' },
    );

    await api.section(branch._id, { name: 'A' });
    const otherSection = await api.section(branch._id);
    expectError(
      await api.put(`update-section/${otherSection._id}`, {
        name: 'a',
        capacity: 60,
        status: 'Active',
      }),
      409,
      { message: 'Section "a" already exists in this branch' },
    );
    expect(await lastAuditOf(otherSection._id)).toMatchObject({ action: 'section.create' });
  });

  it.each([
    ['batch', { startYear: 2040, endYear: 2044, status: 'Active' }, 'Batch not found'],
    ['course', { ...VALID_COURSE, status: 'Active' }, 'Course not found'],
    ['branch', { name: 'Civil', code: 'CIV', status: 'Active' }, 'Branch not found'],
    ['section', { name: 'Z', capacity: 10, status: 'Active' }, 'Section not found'],
  ])(
    'answers 404 for an unknown %s, and 400 for an id that is not one',
    async (kind, body, message) => {
      expectError(await api.put(`update-${kind}/${randomUUID()}`, body), 404, { message });
      expectError(await api.delete(`delete-${kind}/${randomUUID()}`), 404, { message });
      expectError(await api.put(`update-${kind}/not-an-id`, body), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { id: 'The id is not valid' },
      });
    },
  );
});

describe('deleting master data', () => {
  it('deletes records nothing uses, child first, each audited', async () => {
    const batch = await api.batch(2034);
    const course = await api.course(batch._id);
    const branch = await api.branch(course._id);
    const section = await api.section(branch._id);

    for (const [kind, id, message] of [
      ['section', section._id, 'Section deleted successfully'],
      ['branch', branch._id, 'Branch deleted successfully'],
      ['course', course._id, 'Course deleted successfully'],
      ['batch', batch._id, 'Batch deleted successfully'],
    ] as const) {
      const response = await api.delete(`delete-${kind}/${id}`);
      expect(response.statusCode).toBe(200);
      expect(messageResponseSchema.strict().parse(response.json())).toEqual({
        success: true,
        message,
      });
      expect(await lastAuditOf(id)).toMatchObject({ action: `${kind}.delete`, recordType: kind });
    }
    expect((await api.get('get-batches')).json().data).not.toContainEqual(
      expect.objectContaining({ _id: batch._id }),
    );
  });

  it('refuses to delete what students and exams use, naming them (409)', async () => {
    const placement = await createPlacement(api, 2035);
    await people.student(studentPayload(placement));
    await people.student(studentPayload(placement));
    const sectionCount = 1;
    const audience = await createAudience(api, 2036, sectionCount);
    await examsApi.exam(examPayload(audience));
    await people.student(
      studentPayload({
        batch: '2036-2040',
        course: audience.courseId,
        branch: audience.branchId,
        section: audience.sectionIds[0] as string,
      }),
    );

    expectError(await api.delete(`delete-section/${placement.section}`), 409, {
      message: '2 students use this section',
    });
    expectError(await api.delete(`delete-branch/${placement.branch}`), 409, {
      message: '1 section and 2 students use this branch',
    });
    expectError(await api.delete(`delete-section/${audience.sectionIds[0]}`), 409, {
      message: '1 student and 1 exam use this section',
    });
    expectError(await api.delete(`delete-course/${audience.courseId}`), 409, {
      message: '1 branch, 1 student and 1 exam use this course',
    });
    expectError(await api.delete(`delete-batch/${audience.batchId}`), 409, {
      message: '1 course, 1 student and 1 exam use this batch',
    });
    expect(await lastAuditOf(audience.batchId)).toMatchObject({ action: 'batch.create' });
    expect((await api.get(`get-courses-by-batch?batchId=${audience.batchId}`)).json().data).toEqual(
      [expect.objectContaining({ _id: audience.courseId })],
    );
  });

  it('says a single user of a record uses it', async () => {
    const batch = await api.batch(2037);
    await api.course(batch._id);
    expectError(await api.delete(`delete-batch/${batch._id}`), 409, {
      message: '1 course uses this batch',
    });
  });
});
