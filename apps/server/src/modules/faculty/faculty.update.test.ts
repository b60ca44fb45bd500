import { randomUUID } from 'node:crypto';
import {
  facultySchema,
  PEOPLE_MESSAGES,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { facultyPayload, type PeopleClient, peopleClient } from '../../test/people';
import { createSignedInUser, type SignedInUser, signIn, uniqueEmail } from '../../test/users';

let t: TestApp;
let admin: SignedInUser;
let api: PeopleClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = peopleClient(t.app, admin.accessToken);
});
afterAll(() => t.close());

const updatedResponse = successResponse(z.object({ faculty: facultySchema.strict() })).strict();

describe('PUT /api/admin/update-faculty/:id', () => {
  it('edits the faculty member and their account email, recording what changed', async () => {
    const payload = { ...facultyPayload(), joiningDate: '2020-07-01' };
    const { faculty, defaultPassword } = await api.faculty(payload);
    const email = uniqueEmail('moved');
    const edited = {
      ...payload,
      email,
      professionalInfo: { ...payload.professionalInfo, designation: 'Professor' },
    };

    const response = await api.put(`update-faculty/${faculty._id}`, edited);
    expect(response.statusCode, response.body).toBe(200);
    const body = updatedResponse.parse(response.json());
    expect(body.message).toBe(PEOPLE_MESSAGES.facultyUpdated);
    expect(body.data.faculty).toEqual({
      ...faculty,
      email,
      userId: { ...faculty.userId, email },
      professionalInfo: { ...faculty.professionalInfo, designation: 'Professor' },
    });
    expect((await api.get(`get-faculty/${faculty._id}`)).json().data.faculty[0]).toEqual(
      body.data.faculty,
    );
    expect((await signIn(t.app, email, defaultPassword)).user._id).toBe(faculty.userId._id);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, faculty._id))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      actorUserId: admin.user.id,
      action: 'faculty.update',
      recordType: 'faculty',
      recordLabel: `${payload.personalInfo.firstName} ${payload.personalInfo.lastName} (${faculty.facultyId})`,
      changes: {
        email: { from: payload.email, to: email },
        'professionalInfo.designation': {
          from: payload.professionalInfo.designation,
          to: 'Professor',
        },
      },
    });
  });

  it('keeps the joining date when the edit leaves it out', async () => {
    const payload = { ...facultyPayload(), joiningDate: '2019-01-15' };
    const { faculty } = await api.faculty(payload);
    const { joiningDate: _, ...withoutDate } = payload;
    const response = await api.put(`update-faculty/${faculty._id}`, withoutDate);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.faculty.joiningDate).toBe('2019-01-15');
  });

  it('refuses an email another account has', async () => {
    const taken = await api.faculty(facultyPayload());
    const payload = facultyPayload();
    const { faculty } = await api.faculty(payload);
    expectError(
      await api.put(`update-faculty/${faculty._id}`, { ...payload, email: taken.faculty.email }),
      409,
      { message: PEOPLE_MESSAGES.emailTaken },
    );
  });

  it('refuses an employee ID another faculty member has', async () => {
    const taken = await api.faculty(facultyPayload());
    const payload = facultyPayload();
    const { faculty } = await api.faculty(payload);
    const { employeeId } = taken.faculty.professionalInfo;
    expectError(
      await api.put(`update-faculty/${faculty._id}`, {
        ...payload,
        professionalInfo: { ...payload.professionalInfo, employeeId },
      }),
      409,
      { message: `Employee ID "${employeeId}" is already registered` },
    );
  });

  it('answers 404 for an unknown faculty member', async () => {
    expectError(await api.put(`update-faculty/${randomUUID()}`, facultyPayload()), 404, {
      message: PEOPLE_MESSAGES.facultyNotFound,
    });
  });

  it('answers 400 for a malformed id', async () => {
    expectError(await api.put('update-faculty/abc', facultyPayload()), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { id: 'The id is not valid' },
    });
  });
});
