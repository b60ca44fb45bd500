import {
  DEFAULT_INSTITUTION_SETTINGS,
  FACULTY_PROFILE_FIELD_KEYS,
  institutionSettingsDataSchema,
  SETTINGS_MESSAGES,
  STUDENT_PROFILE_FIELD_KEYS,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { institutionSettings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { lastAuditOf } from '../../test/audit';
import { expectError } from '../../test/errors';
import { createAudience, type ExamsClient, examPayload, examsClient } from '../../test/exams';
import { masterDataClient } from '../../test/master-data';
import { bearer, createSignedInUser } from '../../test/users';

const settingsResponse = successResponse(institutionSettingsDataSchema.strict()).strict();

let t: TestApp;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let exams: ExamsClient;
let audience: Awaited<ReturnType<typeof createAudience>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createSignedInUser(t.app, t.database.db, 'admin');
  exams = examsClient(t.app, admin.accessToken);
  audience = await createAudience(masterDataClient(t.app, admin.accessToken), 2024);
});
afterAll(() => t.close());
// Each test starts from an institution that never saved its settings.
beforeEach(async () => {
  await t.database.db.delete(institutionSettings);
});

function getSettings() {
  return t.app.inject({
    method: 'GET',
    url: '/api/admin/settings',
    headers: bearer(admin.accessToken),
  });
}

/** The spec's rules but for the settings given. */
const settingsWith = (changes: object) => ({
  maxExamDurationMinutes: 150,
  countAbsentAsZero: false,
  ...changes,
});

function putSettings(payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(admin.accessToken),
    payload: payload as object,
  });
}

describe('GET /api/admin/settings', () => {
  it("gives the spec's rules before anyone saved a setting", async () => {
    const response = await getSettings();
    expect(response.statusCode).toBe(200);
    expect(settingsResponse.parse(response.json()).data).toEqual({
      settings: DEFAULT_INSTITUTION_SETTINGS,
      updatedAt: null,
      updatedBy: null,
    });
  });
});

describe('PUT /api/admin/settings', () => {
  it('saves the settings, says who saved them and when, and records the change', async () => {
    const response = await putSettings({ maxExamDurationMinutes: 180, countAbsentAsZero: true });
    expect(response.statusCode).toBe(200);
    const saved = settingsResponse.parse(response.json());
    expect(saved.message).toBe(SETTINGS_MESSAGES.saved);
    expect(saved.data).toEqual({
      settings: {
        ...DEFAULT_INSTITUTION_SETTINGS,
        maxExamDurationMinutes: 180,
        countAbsentAsZero: true,
      },
      updatedAt: expect.any(String),
      updatedBy: admin.email,
    });
    expect(settingsResponse.parse((await getSettings()).json()).data).toEqual(saved.data);
    expect(await lastAuditOf(t.database.db, 'institution')).toMatchObject({
      actorEmail: admin.email,
      action: 'settings.update',
      recordType: 'settings',
      recordLabel: 'Institution settings',
      summary: 'Changed 2 settings',
      changes: {
        maxExamDurationMinutes: { from: 150, to: 180 },
        countAbsentAsZero: { from: false, to: true },
      },
    });
  });

  it('records a save that changed nothing as such', async () => {
    await putSettings(settingsWith({ maxExamDurationMinutes: 240 }));
    await putSettings(settingsWith({ maxExamDurationMinutes: 240 }));
    expect(await lastAuditOf(t.database.db, 'institution')).toMatchObject({
      summary: 'Saved the settings unchanged',
      changes: {},
    });
  });

  it('records a single change as a setting changed', async () => {
    await putSettings(settingsWith({ countAbsentAsZero: true }));
    expect(await lastAuditOf(t.database.db, 'institution')).toMatchObject({
      summary: 'Changed a setting',
      changes: { countAbsentAsZero: { from: false, to: true } },
    });
  });

  it.each([
    [{ maxExamDurationMinutes: undefined }, 'Maximum exam duration is required'],
    [{ maxExamDurationMinutes: null }, 'Maximum exam duration is required'],
    [{ maxExamDurationMinutes: '180' }, 'Must be a number'],
    [{ maxExamDurationMinutes: 180.5 }, 'Maximum exam duration must be a whole number'],
    [{ maxExamDurationMinutes: 149 }, 'Maximum exam duration must be at least 150 minutes'],
    [{ maxExamDurationMinutes: 601 }, 'Maximum exam duration cannot exceed 600 minutes'],
  ])('refuses %j: %s, changing nothing', async (changes, message) => {
    expectError(await putSettings(settingsWith(changes)), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { maxExamDurationMinutes: message },
    });
    expect(settingsResponse.parse((await getSettings()).json()).data.updatedAt).toBeNull();
  });

  it.each([undefined, null, 'true', 1])(
    'refuses %j to count the absent as 0, changing nothing',
    async (countAbsentAsZero) => {
      expectError(await putSettings(settingsWith({ countAbsentAsZero })), 400, {
        message: VALIDATION_FAILED_MESSAGE,
        errors: { countAbsentAsZero: 'Count absent students as 0 marks must be true or false' },
      });
      expect(settingsResponse.parse((await getSettings()).json()).data.updatedAt).toBeNull();
    },
  );

  it('asks for every setting', async () => {
    expectError(await putSettings({}), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: {
        maxExamDurationMinutes: 'Maximum exam duration is required',
        countAbsentAsZero: 'Count absent students as 0 marks must be true or false',
      },
    });
  });
});

describe('the required profile fields', () => {
  const withoutReligion = STUDENT_PROFILE_FIELD_KEYS.filter(
    (key) => key !== 'personalInfo.religion',
  );

  it('saves which fields are required, in the list order, and records the change', async () => {
    const faculty = ['professionalInfo.department', 'personalInfo.photo'];
    const response = await putSettings(
      settingsWith({ requiredStudentFields: withoutReligion, requiredFacultyFields: faculty }),
    );
    expect(response.statusCode).toBe(200);
    const { settings } = settingsResponse.parse(response.json()).data;
    expect(settings.requiredStudentFields).toEqual(withoutReligion);
    expect(settings.requiredFacultyFields).toEqual([
      'personalInfo.photo',
      'professionalInfo.department',
    ]);
    expect(await lastAuditOf(t.database.db, 'institution')).toMatchObject({
      summary: 'Changed 2 settings',
      changes: {
        requiredStudentFields: { from: STUDENT_PROFILE_FIELD_KEYS, to: withoutReligion },
        requiredFacultyFields: {
          from: FACULTY_PROFILE_FIELD_KEYS,
          to: ['personalInfo.photo', 'professionalInfo.department'],
        },
      },
    });
  });

  it('keeps the stored choice when a save leaves the lists out', async () => {
    await putSettings(settingsWith({ requiredStudentFields: [] }));
    await putSettings(settingsWith({ maxExamDurationMinutes: 200 }));
    const { settings } = settingsResponse.parse((await getSettings()).json()).data;
    expect(settings.requiredStudentFields).toEqual([]);
    expect(settings.requiredFacultyFields).toEqual(FACULTY_PROFILE_FIELD_KEYS);
  });

  it.each([
    [
      { requiredStudentFields: ['personalInfo.religion', 'email'] },
      { 'requiredStudentFields.1': '"email" is not a student profile field' },
    ],
    [
      { requiredFacultyFields: ['familyInfo.father.name'] },
      { 'requiredFacultyFields.0': '"familyInfo.father.name" is not a faculty profile field' },
    ],
    [
      { requiredStudentFields: 'personalInfo.religion' },
      { requiredStudentFields: 'Required student fields must be a list of field names' },
    ],
  ])('refuses %j, changing nothing', async (changes, errors) => {
    expectError(await putSettings(settingsWith(changes)), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors,
    });
    expect(settingsResponse.parse((await getSettings()).json()).data.updatedAt).toBeNull();
  });
});

describe("an exam's duration follows the institution's maximum", () => {
  const longExam = (duration: number) => ({ ...examPayload(audience), duration });

  it("refuses more than 150 minutes with the spec's message while the setting is the default", async () => {
    expectError(await exams.post('create-exam', longExam(151)), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { duration: 'Duration cannot exceed 2.5 hours (150 minutes)' },
    });
    expect((await exams.exam(longExam(150))).duration).toBe(150);
  });

  it('accepts up to the raised maximum and names it when refusing more', async () => {
    await putSettings(settingsWith({ maxExamDurationMinutes: 180 }));
    expect((await exams.exam(longExam(180))).duration).toBe(180);
    expectError(await exams.post('create-exam', longExam(181)), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { duration: 'Duration cannot exceed 3 hours (180 minutes)' },
    });
  });

  it('holds an edited exam to the maximum too', async () => {
    await putSettings(settingsWith({ maxExamDurationMinutes: 300 }));
    const exam = await exams.exam({ ...longExam(300), examStatus: 'DRAFT' });
    await putSettings(settingsWith({ maxExamDurationMinutes: 150 }));
    const update = (duration: number) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/update-exam/${exam._id}`,
        headers: bearer(admin.accessToken),
        payload: { ...longExam(duration), examStatus: 'DRAFT' },
      });
    expectError(await update(300), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { duration: 'Duration cannot exceed 2.5 hours (150 minutes)' },
    });
    expect((await update(150)).statusCode).toBe(200);
  });
});
