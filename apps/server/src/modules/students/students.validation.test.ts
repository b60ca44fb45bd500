import { randomUUID } from 'node:crypto';
import { createStudentSchema } from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { masterDataClient } from '../../test/master-data';
import {
  ABSENT,
  createPlacement,
  expectRejectedCreate,
  expectRejectedForm,
  type FormCall,
  leafPaths,
  type PeopleClient,
  type Placement,
  peopleClient,
  studentPayload,
  withLeaf,
} from '../../test/people';
import { createSignedInUser } from '../../test/users';

// Spec section 5 through the API: every field of the student form, missing and invalid, answers
// its own message keyed by its dotted path, the same map the browser's form builds.

let t: TestApp;
let api: PeopleClient;
let placement: Placement;
let existingId: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = peopleClient(t.app, admin.accessToken);
  placement = await createPlacement(masterDataClient(t.app, admin.accessToken), 2024);
  existingId = (await api.student(studentPayload(placement))).student._id;
});
afterAll(() => t.close());

const long = (length: number) => 'x'.repeat(length);

/** Per field: its message when missing (null: optional), and an invalid value with its message. */
type FieldRule = [missing: string | null, invalid: unknown, invalidMessage: string];

function addressRules(prefix: string): Record<string, FieldRule> {
  return {
    [`${prefix}.street`]: ['Street is required', long(201), 'Street cannot exceed 200 characters'],
    [`${prefix}.city`]: ['City is required', long(101), 'City cannot exceed 100 characters'],
    [`${prefix}.state`]: ['State is required', long(101), 'State cannot exceed 100 characters'],
    [`${prefix}.zipCode`]: ['Zip code is required', 'AB', 'Please enter a valid zip code'],
    [`${prefix}.country`]: [
      'Country is required',
      long(101),
      'Country cannot exceed 100 characters',
    ],
  };
}

function relativeRules(prefix: string, label: string): Record<string, FieldRule> {
  return {
    [`${prefix}.name`]: [
      `${label}'s name is required`,
      'A',
      `${label}'s name must be at least 2 characters`,
    ],
    [`${prefix}.occupation`]: [
      label === 'Guardian' ? null : `${label}'s occupation is required`,
      long(101),
      `${label}'s occupation cannot exceed 100 characters`,
    ],
    [`${prefix}.phone`]: [
      `${label}'s phone number is required`,
      '12-34',
      'Please enter a valid phone number',
    ],
    [`${prefix}.email`]: [
      `${label}'s email is required`,
      'not-an-email',
      'Please enter a valid email address',
    ],
  };
}

const RULES: Record<string, FieldRule> = {
  email: ['Email is required', 'not-an-email', 'Please enter a valid email address'],
  rollNumber: ['Roll number is required', 'AB', 'Roll number must be at least 3 characters'],
  'personalInfo.photo': ['Photo URL is required', 'not a url', 'Please enter a valid photo URL'],
  'personalInfo.firstName': [
    'First name is required',
    'A',
    'First name must be at least 2 characters',
  ],
  'personalInfo.lastName': [
    'Last name is required',
    'B',
    'Last name must be at least 2 characters',
  ],
  'personalInfo.dateOfBirth': [
    'Date of birth is required',
    '2999-01-01',
    'Date of birth cannot be in the future',
  ],
  'personalInfo.gender': ['Gender is required', 'UNKNOWN', 'Please select a valid gender'],
  'personalInfo.nationality': [
    'Nationality is required',
    long(51),
    'Nationality cannot exceed 50 characters',
  ],
  'personalInfo.religion': [
    'Religion is required',
    long(51),
    'Religion cannot exceed 50 characters',
  ],
  'contactInfo.phone': ['Phone number is required', '12345', 'Please enter a valid phone number'],
  ...addressRules('contactInfo.permanentAddress'),
  ...addressRules('contactInfo.currentAddress'),
  ...relativeRules('familyInfo.father', 'Father'),
  ...relativeRules('familyInfo.mother', 'Mother'),
  ...relativeRules('familyInfo.guardian', 'Guardian'),
  'familyInfo.guardian.relationship': [
    'Relationship with guardian is required',
    long(51),
    'Relationship with guardian cannot exceed 50 characters',
  ],
  'academicInfo.course': ['Course is required', 'abc', 'Please select a valid course'],
  'academicInfo.branch': ['Branch is required', 'abc', 'Please select a valid branch'],
  'academicInfo.section': ['Section is required', 'abc', 'Please select a valid section'],
  'academicInfo.semester': ['Semester is required', 11, 'Semester cannot exceed 10'],
  'academicInfo.batch': ['Batch is required', '2028-2024', 'End year must be after start year'],
  'academicInfo.admissionYear': [
    'Admission year is required',
    1949,
    'Admission year must be 1950 or later',
  ],
  'academicInfo.expectedGraduationYear': [
    'Expected graduation year is required',
    2024,
    'Expected graduation year must be after the admission year',
  ],
};

const expectRejected = (payload: unknown, errors: Record<string, string>) =>
  expectRejectedCreate(
    api,
    { path: 'create-student', schema: createStudentSchema },
    payload,
    errors,
  );

// The edit form is the create form: every rule answers the same on both calls.
const FORMS: Array<{ call: string; send: FormCall; success: number }> = [
  {
    call: 'POST /api/admin/create-student',
    send: (payload) => api.post('create-student', payload),
    success: 201,
  },
  {
    call: 'PUT /api/admin/update-student/{id}',
    send: (payload) => api.put(`update-student/${existingId}`, payload),
    success: 200,
  },
];

describe.each(FORMS)('$call field rules', ({ send, success }) => {
  it('has a rule for every field of the payload', () => {
    expect(Object.keys(RULES).sort()).toEqual(leafPaths(studentPayload(placement)).sort());
  });

  const paths = Object.keys(RULES);

  it.each(paths)('%s: missing', async (path) => {
    const [missing] = RULES[path] as FieldRule;
    // An optional field may be left out or blank; null is only a missing value of required ones.
    for (const value of missing === null ? [ABSENT, ''] : [ABSENT, '', null]) {
      const payload = withLeaf(studentPayload(placement), path, value);
      if (missing === null) {
        const response = await send(payload);
        expect(response.statusCode, response.body).toBe(success);
      } else {
        await expectRejectedForm(send, createStudentSchema, payload, { [path]: missing });
      }
    }
  });

  it.each(paths)('%s: invalid', async (path) => {
    const [, invalid, message] = RULES[path] as FieldRule;
    await expectRejectedForm(
      send,
      createStudentSchema,
      withLeaf(studentPayload(placement), path, invalid),
      { [path]: message },
    );
  });
});

describe('POST /api/admin/create-student further rules', () => {
  it.each<[string, string, unknown, string]>([
    ['a semester below 1', 'academicInfo.semester', 0, 'Semester must be at least 1'],
    ['a fractional semester', 'academicInfo.semester', 1.5, 'Semester must be a whole number'],
    ['a semester as text', 'academicInfo.semester', '1', 'Must be a number'],
    [
      'a batch not written as two years',
      'academicInfo.batch',
      '2024',
      'Batch must be written as start year-end year, e.g. 2024-2028',
    ],
    [
      'an impossible birth date',
      'personalInfo.dateOfBirth',
      '2005-02-30',
      'Please enter a valid date',
    ],
    [
      'a photo URL that is not http',
      'personalInfo.photo',
      'ftp://example.com/a.jpg',
      'Please enter a valid photo URL',
    ],
    [
      'a long first name',
      'personalInfo.firstName',
      long(51),
      'First name cannot exceed 50 characters',
    ],
    ['a long roll number', 'rollNumber', long(31), 'Roll number cannot exceed 30 characters'],
    ['a phone of 9 digits', 'contactInfo.phone', '123456789', 'Please enter a valid phone number'],
    [
      'a phone of 16 digits',
      'contactInfo.phone',
      '1234567890123456',
      'Please enter a valid phone number',
    ],
    [
      'a zip code of 11 digits',
      'contactInfo.currentAddress.zipCode',
      '12345678901',
      'Please enter a valid zip code',
    ],
    [
      'a graduation year after 2100',
      'academicInfo.expectedGraduationYear',
      2101,
      'Expected graduation year cannot be after 2100',
    ],
    [
      'a fractional graduation year',
      'academicInfo.expectedGraduationYear',
      2028.5,
      'Expected graduation year must be a whole number',
    ],
    ['an email as a number', 'email', 42, 'Must be text'],
  ])('refuses %s', async (_, path, value, message) => {
    await expectRejected(withLeaf(studentPayload(placement), path, value), { [path]: message });
  });

  it('reports each missing group of the form', async () => {
    const response = await api.post('create-student', {});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'academicInfo',
      'contactInfo',
      'email',
      'familyInfo',
      'personalInfo',
      'rollNumber',
    ]);
  });

  it.each<[string, string, unknown]>([
    ['semester 1', 'academicInfo.semester', 1],
    ['semester 10', 'academicInfo.semester', 10],
    ['a phone with a plus and 15 digits', 'contactInfo.phone', '+123456789012345'],
    ['a phone with brackets and dashes', 'contactInfo.phone', '(020) 2345-6789'],
    ['a three-digit zip code', 'contactInfo.permanentAddress.zipCode', '123'],
    ['gender in lower case', 'personalInfo.gender', 'female'],
    ['a birth date as a timestamp', 'personalInfo.dateOfBirth', '2005-04-12T00:00:00.000Z'],
  ])('accepts %s', async (_, path, value) => {
    const response = await api.post(
      'create-student',
      withLeaf(studentPayload(placement), path, value),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses ids that are not ids without looking them up', async () => {
    const payload = studentPayload(placement);
    await expectRejected(
      { ...payload, academicInfo: { ...payload.academicInfo, course: `${randomUUID()}x` } },
      { 'academicInfo.course': 'Please select a valid course' },
    );
  });
});
