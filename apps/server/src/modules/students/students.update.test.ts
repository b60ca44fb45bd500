import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  PEOPLE_MESSAGES,
  studentSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { masterDataClient } from '../../test/master-data';
import {
  createPlacement,
  type PeopleClient,
  type Placement,
  peopleClient,
  studentPayload,
} from '../../test/people';
import { createSignedInUser, type SignedInUser, signIn, uniqueEmail } from '../../test/users';
import { PLACEMENT_ERRORS } from './students.service';

let t: TestApp;
let admin: SignedInUser;
let api: PeopleClient;
let placement: Placement;
let other: Placement;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = peopleClient(t.app, admin.accessToken);
  const masterData = masterDataClient(t.app, admin.accessToken);
  placement = await createPlacement(masterData, 2024);
  other = await createPlacement(masterData, 2025);
});
afterAll(() => t.close());

const updatedResponse = successResponse(z.object({ student: studentSchema.strict() })).strict();

async function lastAuditOf(recordId: string) {
  const [entry] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.recordId, recordId))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

describe('PUT /api/admin/update-student/:id', () => {
  it('edits every part of the student, moving them to another placement and email', async () => {
    const payload = studentPayload(placement);
    const { student, defaultPassword } = await api.student(payload);
    const email = uniqueEmail('moved');
    const moved = studentPayload(other);
    const edited = {
      ...moved,
      email: ` ${email.toUpperCase()} `,
      rollNumber: payload.rollNumber,
      personalInfo: { ...moved.personalInfo, firstName: 'Renamed' },
    };

    const response = await api.put(`update-student/${student._id}`, edited);
    expect(response.statusCode, response.body).toBe(200);
    const body = updatedResponse.parse(response.json());
    expect(body.message).toBe(PEOPLE_MESSAGES.studentUpdated);
    expect(body.data.student).toMatchObject({
      _id: student._id,
      studentId: student.studentId,
      email,
      userId: { _id: student.userId._id, email, isActive: true },
      personalInfo: edited.personalInfo,
      contactInfo: edited.contactInfo,
      familyInfo: edited.familyInfo,
      academicInfo: {
        course: { _id: other.course },
        branch: { _id: other.branch },
        section: { _id: other.section },
        batch: other.batch,
      },
      createdAt: student.createdAt,
    });
    const detail = await api.get(`get-student/${student._id}`);
    expect(detail.json().data.students[0]).toEqual(body.data.student);

    // The account moved with the email: the old one signs in no more, the new one does.
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: payload.email, password: defaultPassword },
      }),
      401,
      { message: AUTH_MESSAGES.invalidCredentials },
    );
    expect((await signIn(t.app, email, defaultPassword)).user._id).toBe(student.userId._id);

    const entry = await lastAuditOf(student._id);
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      action: 'student.update',
      recordType: 'student',
      recordLabel: `Renamed ${edited.personalInfo.lastName} (${student.studentId})`,
    });
    expect(entry?.changes).toMatchObject({
      email: { from: payload.email, to: email },
      'personalInfo.firstName': { from: payload.personalInfo.firstName, to: 'Renamed' },
      'academicInfo.section': { from: placement.section, to: other.section },
    });
    expect(entry?.changes).not.toHaveProperty('rollNumber');
    expect(entry?.summary).toContain('email');
  });

  it('keeps the email of the student themself, whatever its case', async () => {
    const payload = studentPayload(placement);
    const { student } = await api.student(payload);
    const response = await api.put(`update-student/${student._id}`, {
      ...payload,
      email: payload.email.toUpperCase(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await lastAuditOf(student._id))?.summary).toContain('no changes');
  });

  it('refuses an email another account has, changing nothing', async () => {
    const taken = await api.student(studentPayload(placement));
    const payload = studentPayload(placement);
    const { student } = await api.student(payload);
    expectError(
      await api.put(`update-student/${student._id}`, {
        ...payload,
        personalInfo: { ...payload.personalInfo, firstName: 'Changed' },
        email: taken.student.email.toUpperCase(),
      }),
      409,
      { message: PEOPLE_MESSAGES.emailTaken },
    );
    const detail = (await api.get(`get-student/${student._id}`)).json().data.students[0];
    expect(detail).toEqual(student);
  });

  it('refuses a roll number another student has', async () => {
    const taken = await api.student(studentPayload(placement));
    const payload = studentPayload(placement);
    const { student } = await api.student(payload);
    const rollNumber = taken.student.rollNumber.toLowerCase();
    expectError(await api.put(`update-student/${student._id}`, { ...payload, rollNumber }), 409, {
      message: `Roll number "${rollNumber}" is already registered`,
    });
  });

  it('keeps the nesting of course, branch and section', async () => {
    const payload = studentPayload(placement);
    const { student } = await api.student(payload);
    expectError(
      await api.put(`update-student/${student._id}`, {
        ...payload,
        academicInfo: { ...payload.academicInfo, section: other.section },
      }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { 'academicInfo.section': PLACEMENT_ERRORS.section },
      },
    );
  });

  it('answers 404 for an unknown student', async () => {
    expectError(await api.put(`update-student/${randomUUID()}`, studentPayload(placement)), 404, {
      message: PEOPLE_MESSAGES.studentNotFound,
    });
  });

  it('answers 400 for a malformed id', async () => {
    expectError(await api.put('update-student/abc', studentPayload(placement)), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'The id is not valid' },
    });
  });
});
