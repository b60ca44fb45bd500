import { describe, expect, it } from 'vitest';
import { DATE_OUT_OF_RANGE_MESSAGE } from './fields';
import {
  createFacultySchema,
  createStudentSchema,
  facultySchemaFor,
  pageQuerySchema,
  studentSchemaFor,
} from './people';
import { FACULTY_PROFILE_FIELD_KEYS, STUDENT_PROFILE_FIELD_KEYS } from './profile-fields';
import { errorsOf, validFacultyPayload, validStudentPayload } from './test-support';

const ID = '7b0c8f7e-0c39-4a86-9d83-1c1ad0b1f0a1';
const student = validStudentPayload({
  email: 'asha@example.com',
  rollNumber: 'CS-001',
  course: ID,
  branch: ID,
  section: ID,
  batch: '2024-2028',
});
const faculty = validFacultyPayload({ email: 'vikram@example.com', employeeId: 'EMP-001' });

describe('student form rules', () => {
  it('accepts a complete student', () => {
    expect(errorsOf(createStudentSchema, student)).toEqual({});
  });

  it('stores both readings of gender as one value', () => {
    const others = { ...student, personalInfo: { ...student.personalInfo, gender: 'OTHERS' } };
    expect(createStudentSchema.parse(others).personalInfo.gender).toBe('OTHER');
  });

  it('keys nested messages by dotted path', () => {
    const broken = JSON.parse(JSON.stringify(student)) as typeof student;
    broken.personalInfo.dateOfBirth = '2999-01-01';
    broken.contactInfo.currentAddress.zipCode = 'AB';
    broken.familyInfo.guardian.relationship = '';
    broken.academicInfo.batch = '2028-2024';
    expect(errorsOf(createStudentSchema, broken)).toEqual({
      'personalInfo.dateOfBirth': 'Date of birth cannot be in the future',
      'contactInfo.currentAddress.zipCode': 'Please enter a valid zip code',
      'familyInfo.guardian.relationship': 'Relationship with guardian is required',
      'academicInfo.batch': 'End year must be after start year',
    });
  });

  it("names whose email is missing, as the family's other messages do", () => {
    const broken = JSON.parse(JSON.stringify(student)) as typeof student;
    broken.familyInfo.father.email = '';
    broken.familyInfo.mother.email = ' ';
    broken.familyInfo.guardian.email = '';
    expect(errorsOf(createStudentSchema, broken)).toEqual({
      'familyInfo.father.email': "Father's email is required",
      'familyInfo.mother.email': "Mother's email is required",
      'familyInfo.guardian.email': "Guardian's email is required",
    });
  });
});

describe('dates', () => {
  it('refuses year 0, which JavaScript reads as a date and PostgreSQL does not', () => {
    const yearZero = { ...faculty, joiningDate: '0000-02-29' };
    expect(errorsOf(createFacultySchema, yearZero)).toEqual({
      joiningDate: DATE_OUT_OF_RANGE_MESSAGE,
    });
    expect(errorsOf(createFacultySchema, { ...faculty, joiningDate: '0001-01-01' })).toEqual({});
    expect(errorsOf(createFacultySchema, { ...faculty, joiningDate: '9999-12-31' })).toEqual({});
  });
});

describe('faculty form rules', () => {
  it('accepts a complete faculty member, marital status in either case', () => {
    expect(errorsOf(createFacultySchema, faculty)).toEqual({});
    const titleCase = {
      ...faculty,
      personalInfo: { ...faculty.personalInfo, maritalStatus: 'Single' },
    };
    expect(createFacultySchema.parse(titleCase).personalInfo.maritalStatus).toBe('SINGLE');
  });

  it('requires at least one qualification', () => {
    const none = JSON.parse(JSON.stringify(faculty)) as typeof faculty;
    none.professionalInfo.qualification = [];
    expect(errorsOf(createFacultySchema, none)).toEqual({
      'professionalInfo.qualification': 'At least one qualification is required',
    });
  });
});

describe('page query', () => {
  it('defaults to page 1 of 10 and refuses what is not a page', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(errorsOf(pageQuerySchema, { page: '0', limit: '1000' })).toEqual({
      page: 'Page must be a whole number of at least 1',
      limit: 'Limit must be a whole number from 1 to 100',
    });
    expect(errorsOf(pageQuerySchema, { page: 'abc' })).toEqual({
      page: 'Page must be a whole number of at least 1',
    });
  });
});

describe('person schemas built from the required-fields setting', () => {
  const withoutReligion = STUDENT_PROFILE_FIELD_KEYS.filter(
    (key) => key !== 'personalInfo.religion',
  );

  it("keeps the spec's rule when every field is required", () => {
    const blank = { ...student, personalInfo: { ...student.personalInfo, religion: '' } };
    expect(errorsOf(studentSchemaFor(STUDENT_PROFILE_FIELD_KEYS), blank)).toEqual({
      'personalInfo.religion': 'Religion is required',
    });
  });

  it('reads a field left blank, null or out as null once it is not required', () => {
    const schema = studentSchemaFor(withoutReligion);
    for (const religion of ['', '  ', null, undefined]) {
      const left = { ...student, personalInfo: { ...student.personalInfo, religion } };
      expect(schema.parse(left).personalInfo.religion).toBeNull();
    }
    expect(schema.parse(student).personalInfo.religion).toBe(student.personalInfo.religion);
  });

  it('still holds a given optional value to its rules', () => {
    const schema = studentSchemaFor([]);
    const malformed = JSON.parse(JSON.stringify(student)) as typeof student;
    malformed.familyInfo.father.email = 'not-an-email';
    malformed.contactInfo.phone = '12';
    expect(errorsOf(schema, malformed)).toEqual({
      'familyInfo.father.email': 'Please enter a valid email address',
      'contactInfo.phone': 'Please enter a valid phone number',
    });
  });

  it('lets a whole address be left out, but not half of one', () => {
    const schema = studentSchemaFor([]);
    const noAddress = JSON.parse(JSON.stringify(student)) as typeof student;
    noAddress.contactInfo.currentAddress = {
      street: '',
      city: '',
      state: '',
      zipCode: '',
      country: '',
    };
    expect(schema.parse(noAddress).contactInfo.currentAddress).toBeNull();
    noAddress.contactInfo.currentAddress.city = 'Pune';
    expect(errorsOf(schema, noAddress)).toMatchObject({
      'contactInfo.currentAddress.street': 'Street is required',
    });
  });

  it('keeps the fields the platform needs required with nothing else required', () => {
    expect(errorsOf(studentSchemaFor([]), { academicInfo: {} })).toEqual({
      email: 'Email is required',
      rollNumber: 'Roll number is required',
      personalInfo: 'Personal information is required',
      'academicInfo.course': 'Course is required',
      'academicInfo.branch': 'Branch is required',
      'academicInfo.section': 'Section is required',
      'academicInfo.semester': 'Semester is required',
      'academicInfo.batch': 'Batch is required',
      'academicInfo.admissionYear': 'Admission year is required',
      'academicInfo.expectedGraduationYear': 'Expected graduation year is required',
    });
  });

  it('lets a faculty member have no qualification, or one without its percentage', () => {
    const schema = facultySchemaFor(
      FACULTY_PROFILE_FIELD_KEYS.filter(
        (key) =>
          key !== 'professionalInfo.qualification' &&
          key !== 'professionalInfo.qualification.percentage',
      ),
    );
    const none = JSON.parse(JSON.stringify(faculty)) as typeof faculty;
    none.professionalInfo.qualification = [];
    expect(errorsOf(schema, none)).toEqual({});
    const first = { degree: 'M.Tech', institution: 'Anna University', year: 2008 };
    const noPercentage = JSON.parse(JSON.stringify(faculty)) as typeof faculty;
    noPercentage.professionalInfo.qualification = [{ ...first, percentage: Number.NaN }];
    expect(schema.parse(noPercentage).professionalInfo.qualification[0]?.percentage).toBeNull();
    noPercentage.professionalInfo.qualification = [{ ...first, percentage: 140 }];
    expect(errorsOf(schema, noPercentage)).toEqual({
      'professionalInfo.qualification.0.percentage': 'Percentage cannot exceed 100',
    });
  });
});
