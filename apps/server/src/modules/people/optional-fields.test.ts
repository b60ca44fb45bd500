import {
  FACULTY_PROFILE_FIELD_KEYS,
  facultyFindDataSchema,
  facultySchema,
  STUDENT_PROFILE_FIELD_KEYS,
  studentSchema,
  successResponse,
  VALIDATION_FAILED_MESSAGE,
} from '@examiq/contracts';
import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { institutionSettings } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { expectError } from '../../test/errors';
import { masterDataClient } from '../../test/master-data';
import {
  createPlacement,
  facultyPayload,
  type PeopleClient,
  type Placement,
  peopleClient,
  studentPayload,
} from '../../test/people';
import { createSignedInUser } from '../../test/users';

let t: TestApp;
let api: PeopleClient;
let placement: Placement;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = peopleClient(t.app, admin.accessToken);
  placement = await createPlacement(masterDataClient(t.app, admin.accessToken), 2024);
});
afterAll(() => t.close());
// Each test starts from the spec's rule: every profile field required.
beforeEach(async () => {
  await t.database.db.delete(institutionSettings);
});

const studentDetail = successResponse(z.object({ students: studentSchema.strict().array() }));
const facultyDetail = successResponse(z.object({ faculty: facultySchema.strict().array() }));

async function requireOnly(settings: {
  requiredStudentFields?: string[];
  requiredFacultyFields?: string[];
}) {
  const response = await api.put('settings', {
    maxExamDurationMinutes: 150,
    countAbsentAsZero: false,
    ...settings,
  });
  expect(response.statusCode).toBe(200);
}

const except = (keys: readonly string[], ...left: string[]) =>
  keys.filter((key) => !left.includes(key));

function withoutReligion(payload: ReturnType<typeof studentPayload>) {
  const { religion: _religion, ...personalInfo } = payload.personalInfo;
  return { ...payload, personalInfo };
}

describe('a student under the required-fields setting', () => {
  it("refuses a student without a religion with the spec's message while every field is required", async () => {
    expectError(await api.post('create-student', withoutReligion(studentPayload(placement))), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'personalInfo.religion': 'Religion is required' },
    });
  });

  it('creates a student without a religion once it is not required, and shows it as null', async () => {
    await requireOnly({
      requiredStudentFields: except(STUDENT_PROFILE_FIELD_KEYS, 'personalInfo.religion'),
    });
    const { student } = await api.student(withoutReligion(studentPayload(placement)));
    expect(student.personalInfo.religion).toBeNull();
    const detail = studentDetail.parse((await api.get(`get-student/${student._id}`)).json());
    expect(detail.data.students[0]?.personalInfo.religion).toBeNull();
  });

  it('stores everything left optional and left out as null, and a guardian left out as absent', async () => {
    await requireOnly({ requiredStudentFields: [] });
    const payload = studentPayload(placement);
    const { student } = await api.student({
      email: payload.email,
      rollNumber: payload.rollNumber,
      personalInfo: { firstName: 'Asha', lastName: 'Rao' },
      academicInfo: payload.academicInfo,
    });
    expect(student.personalInfo).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      photo: null,
      dateOfBirth: null,
      gender: null,
      nationality: null,
      religion: null,
    });
    expect(student.contactInfo).toEqual({
      phone: null,
      permanentAddress: null,
      currentAddress: null,
    });
    const blankRelative = { name: null, occupation: null, phone: null, email: null };
    expect(student.familyInfo).toEqual({
      father: blankRelative,
      mother: blankRelative,
      guardian: null,
    });

    // The export leaves what was left out empty, so the file imports back the same.
    const exported = await api.get(
      `export/students?format=csv&search=${encodeURIComponent(student.studentId)}`,
    );
    const [header, row] = Papa.parse<string[]>(exported.body.slice(1), {
      skipEmptyLines: true,
    }).data;
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell('personalInfo.firstName')).toBe('Asha');
    expect(
      ['personalInfo.religion', 'contactInfo.permanentAddress.city', 'familyInfo.father.email'].map(
        cell,
      ),
    ).toEqual(['', '', '']);
  });

  it('still refuses a malformed value of a field that is not required', async () => {
    await requireOnly({ requiredStudentFields: [] });
    const payload = studentPayload(placement);
    expectError(
      await api.post('create-student', {
        ...payload,
        contactInfo: { ...payload.contactInfo, phone: '12' },
        familyInfo: {
          ...payload.familyInfo,
          father: { ...payload.familyInfo.father, email: 'not-an-email' },
        },
      }),
      400,
      {
        message: VALIDATION_FAILED_MESSAGE,
        errors: {
          'contactInfo.phone': 'Please enter a valid phone number',
          'familyInfo.father.email': 'Please enter a valid email address',
        },
      },
    );
  });

  it('edits a student with the same setting: a field it no longer requires can be emptied', async () => {
    const { student } = await api.student(studentPayload(placement));
    const edited = {
      ...studentPayload(placement),
      email: student.email,
      rollNumber: student.rollNumber,
    };
    const update = () =>
      api.put(`update-student/${student._id}`, {
        ...edited,
        personalInfo: { ...edited.personalInfo, religion: '' },
      });
    expectError(await update(), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: { 'personalInfo.religion': 'Religion is required' },
    });
    await requireOnly({
      requiredStudentFields: except(STUDENT_PROFILE_FIELD_KEYS, 'personalInfo.religion'),
    });
    const response = await update();
    expect(response.statusCode).toBe(200);
    expect(response.json().data.student.personalInfo.religion).toBeNull();
  });
});

describe('a faculty member under the required-fields setting', () => {
  it('creates one without marital status or qualifications once they are not required', async () => {
    const payload = facultyPayload();
    const { maritalStatus: _maritalStatus, ...personalInfo } = payload.personalInfo;
    const lean = {
      ...payload,
      personalInfo,
      professionalInfo: { ...payload.professionalInfo, qualification: [] },
    };
    expectError(await api.post('create-faculty', lean), 400, {
      message: VALIDATION_FAILED_MESSAGE,
      errors: {
        'personalInfo.maritalStatus': 'Marital status is required',
        'professionalInfo.qualification': 'At least one qualification is required',
      },
    });
    await requireOnly({
      requiredFacultyFields: except(
        FACULTY_PROFILE_FIELD_KEYS,
        'personalInfo.maritalStatus',
        'professionalInfo.qualification',
      ),
    });
    const { faculty } = await api.faculty(lean);
    const detail = facultyDetail.parse((await api.get(`get-faculty/${faculty._id}`)).json());
    const [member] = detail.data.faculty;
    expect(member?.personalInfo.maritalStatus).toBeNull();
    expect(member?.professionalInfo.qualification).toEqual([]);
  });

  it('lists a member without a department, whose filters offer no empty department', async () => {
    await requireOnly({ requiredFacultyFields: [] });
    const payload = facultyPayload();
    const { faculty } = await api.faculty({
      ...payload,
      professionalInfo: { ...payload.professionalInfo, department: '', designation: ' ' },
    });
    expect(faculty.professionalInfo).toMatchObject({ department: null, designation: null });
    const response = await api.get('get-all-faculty?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    const page = successResponse(facultyFindDataSchema).parse(response.json()).data;
    expect(page.faculty.map((member) => member._id)).toContain(faculty._id);
    expect(page.facets.departments).not.toContain(null);
    expect(page.facets.designations).not.toContain(null);
  });
});
