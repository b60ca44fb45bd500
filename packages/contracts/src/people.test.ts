import { describe, expect, it } from 'vitest';
import { DATE_OUT_OF_RANGE_MESSAGE } from './fields';
import { createFacultySchema, createStudentSchema, pageQuerySchema } from './people';
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
