import { createFacultySchema } from '@examiq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  ABSENT,
  expectRejectedCreate,
  expectRejectedForm,
  type FormCall,
  facultyPayload,
  leafPaths,
  type PeopleClient,
  peopleClient,
  withLeaf,
} from '../../test/people';
import { createSignedInUser } from '../../test/users';

// Spec section 5 through the API: every field of the faculty form, missing and invalid, answers
// its own message keyed by its dotted path, the same map the browser's form builds.

let t: TestApp;
let api: PeopleClient;
let existingId: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createSignedInUser(t.app, t.database.db, 'admin');
  api = peopleClient(t.app, admin.accessToken);
  existingId = (await api.faculty(facultyPayload())).faculty._id;
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
    [`${prefix}.zipCode`]: ['Zip code is required', '12a', 'Please enter a valid zip code'],
    [`${prefix}.country`]: [
      'Country is required',
      long(101),
      'Country cannot exceed 100 characters',
    ],
  };
}

const QUALIFICATION = 'professionalInfo.qualification.0';
const PREVIOUS = 'professionalInfo.experience.previousInstitutions.0';

const RULES: Record<string, FieldRule> = {
  email: ['Email is required', 'not-an-email', 'Please enter a valid email address'],
  joiningDate: [null, '01/07/2020', 'Please enter a valid date'],
  'personalInfo.photo': ['Photo URL is required', 'photo.jpg', 'Please enter a valid photo URL'],
  'personalInfo.firstName': [
    'First name is required',
    'V',
    'First name must be at least 2 characters',
  ],
  'personalInfo.lastName': [
    'Last name is required',
    long(51),
    'Last name cannot exceed 50 characters',
  ],
  'personalInfo.dateOfBirth': [
    'Date of birth is required',
    '2999-12-31',
    'Date of birth cannot be in the future',
  ],
  'personalInfo.gender': ['Gender is required', 'M', 'Please select a valid gender'],
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
  'personalInfo.maritalStatus': [
    'Marital status is required',
    'ENGAGED',
    'Please select a valid marital status',
  ],
  'contactInfo.phone': [
    'Phone number is required',
    'phone-number',
    'Please enter a valid phone number',
  ],
  ...addressRules('contactInfo.permanentAddress'),
  ...addressRules('contactInfo.currentAddress'),
  'professionalInfo.employeeId': [
    'Employee ID is required',
    'E1',
    'Employee ID must be at least 3 characters',
  ],
  'professionalInfo.department': [
    'Department is required',
    long(101),
    'Department cannot exceed 100 characters',
  ],
  'professionalInfo.designation': [
    'Designation is required',
    long(101),
    'Designation cannot exceed 100 characters',
  ],
  [`${QUALIFICATION}.degree`]: [
    'Degree is required',
    long(101),
    'Degree cannot exceed 100 characters',
  ],
  [`${QUALIFICATION}.institution`]: [
    'Institution is required',
    long(201),
    'Institution cannot exceed 200 characters',
  ],
  [`${QUALIFICATION}.year`]: ['Year is required', 1949, 'Year must be 1950 or later'],
  [`${QUALIFICATION}.percentage`]: [
    'Percentage is required',
    100.5,
    'Percentage cannot exceed 100',
  ],
  'professionalInfo.experience.totalYears': [
    'Total years of experience is required',
    -1,
    'Total years of experience cannot be negative',
  ],
  [`${PREVIOUS}.institutionName`]: [
    'Institution name is required',
    long(201),
    'Institution name cannot exceed 200 characters',
  ],
  [`${PREVIOUS}.designation`]: [
    'Designation is required',
    long(101),
    'Designation cannot exceed 100 characters',
  ],
  [`${PREVIOUS}.duration`]: [
    'Duration is required',
    long(51),
    'Duration cannot exceed 50 characters',
  ],
  [`${PREVIOUS}.from`]: ['From date is required', '2013-13-01', 'Please enter a valid date'],
  [`${PREVIOUS}.to`]: [
    'To date is required',
    '2013-06-30',
    'To date must be on or after the from date',
  ],
};

const expectRejected = (payload: unknown, errors: Record<string, string>) =>
  expectRejectedCreate(
    api,
    { path: 'create-faculty', schema: createFacultySchema },
    payload,
    errors,
  );

// The edit form is the create form: every rule answers the same on both calls.
const FORMS: Array<{ call: string; send: FormCall; success: number }> = [
  {
    call: 'POST /api/admin/create-faculty',
    send: (payload) => api.post('create-faculty', payload),
    success: 201,
  },
  {
    call: 'PUT /api/admin/update-faculty/{id}',
    send: (payload) => api.put(`update-faculty/${existingId}`, payload),
    success: 200,
  },
];

describe.each(FORMS)('$call field rules', ({ send, success }) => {
  it('has a rule for every field of the payload', () => {
    expect(Object.keys(RULES).sort()).toEqual(leafPaths(facultyPayload()).sort());
  });

  const paths = Object.keys(RULES);

  it.each(paths)('%s: missing', async (path) => {
    const [missing] = RULES[path] as FieldRule;
    if (missing === null) {
      const response = await send(withLeaf(facultyPayload(), path, ABSENT));
      expect(response.statusCode, response.body).toBe(success);
      return;
    }
    for (const value of [ABSENT, '', null]) {
      await expectRejectedForm(send, createFacultySchema, withLeaf(facultyPayload(), path, value), {
        [path]: missing,
      });
    }
  });

  it.each(paths)('%s: invalid', async (path) => {
    const [, invalid, message] = RULES[path] as FieldRule;
    await expectRejectedForm(send, createFacultySchema, withLeaf(facultyPayload(), path, invalid), {
      [path]: message,
    });
  });
});

describe('POST /api/admin/create-faculty further rules', () => {
  it.each<[string, string, unknown, Record<string, string>]>([
    [
      'no qualification',
      'professionalInfo.qualification',
      [],
      { 'professionalInfo.qualification': 'At least one qualification is required' },
    ],
    [
      'eleven qualifications',
      'professionalInfo.qualification',
      Array.from({ length: 11 }, () => facultyPayload().professionalInfo.qualification[0]),
      { 'professionalInfo.qualification': 'At most 10 qualifications can be listed' },
    ],
    [
      'more than 60 years of experience',
      'professionalInfo.experience.totalYears',
      61,
      { 'professionalInfo.experience.totalYears': 'Total years of experience cannot exceed 60' },
    ],
    [
      'a negative percentage',
      `${QUALIFICATION}.percentage`,
      -1,
      { [`${QUALIFICATION}.percentage`]: 'Percentage must be at least 0' },
    ],
    [
      'a fractional qualification year',
      `${QUALIFICATION}.year`,
      2012.5,
      { [`${QUALIFICATION}.year`]: 'Year must be a whole number' },
    ],
    [
      'a long employee ID',
      'professionalInfo.employeeId',
      long(31),
      { 'professionalInfo.employeeId': 'Employee ID cannot exceed 30 characters' },
    ],
  ])('refuses %s', async (_, path, value, errors) => {
    await expectRejected(withLeaf(facultyPayload(), path, value), errors);
  });

  it.each<[string, string, unknown]>([
    ['no previous institution', 'professionalInfo.experience.previousInstitutions', []],
    ['marital status in title case', 'personalInfo.maritalStatus', 'Widowed'],
    ['gender OTHERS', 'personalInfo.gender', 'OTHERS'],
    ['no experience', 'professionalInfo.experience.totalYears', 0],
    ['a one-day previous appointment', `${PREVIOUS}.to`, '2013-07-01'],
  ])('accepts %s', async (_, path, value) => {
    const response = await api.post('create-faculty', withLeaf(facultyPayload(), path, value));
    expect(response.statusCode, response.body).toBe(201);
  });
});
