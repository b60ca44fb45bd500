import { describe, expect, it } from 'vitest';
import { createFacultySchema } from './people';
import {
  FACULTY_IMPORT_EXAMPLE,
  importColumnNamed,
  importColumnsFor,
  importExampleRow,
  PEOPLE_IMPORT_COLUMNS,
} from './people-import';
import { FACULTY_PROFILE_FIELD_KEYS, STUDENT_PROFILE_FIELD_KEYS } from './profile-fields';

const names = (kind: 'students' | 'faculty') =>
  PEOPLE_IMPORT_COLUMNS[kind].map((column) => column.name);

describe('import template columns', () => {
  it('has one dotted column per field of the student form, master data by name', () => {
    expect(names('students')).toHaveLength(40);
    expect(names('students')).toEqual(
      expect.arrayContaining([
        'email',
        'rollNumber',
        'personalInfo.firstName',
        'contactInfo.permanentAddress.zipCode',
        'familyInfo.guardian.relationship',
        'academicInfo.batch',
        'academicInfo.course',
        'academicInfo.branch',
        'academicInfo.section',
      ]),
    );
    expect(importExampleRow('students')).toEqual(
      expect.arrayContaining(['2024-2028', 'B.Tech', 'CSE', 'A']),
    );
  });

  it('requires what the forms require', () => {
    const optional = (kind: 'students' | 'faculty') =>
      PEOPLE_IMPORT_COLUMNS[kind].filter((column) => !column.required).map((c) => c.name);
    expect(optional('students')).toEqual(['familyInfo.guardian.occupation']);
    expect(optional('faculty')).toContain('joiningDate');
    expect(optional('faculty')).toContain('professionalInfo.qualification.1.degree');
    expect(optional('faculty')).not.toContain('professionalInfo.qualification.0.degree');
  });

  it('marks the number fields, whose cells are read as numbers', () => {
    const numeric = PEOPLE_IMPORT_COLUMNS.students.filter((c) => c.numeric).map((c) => c.name);
    expect(numeric).toEqual([
      'academicInfo.semester',
      'academicInfo.admissionYear',
      'academicInfo.expectedGraduationYear',
    ]);
  });

  it('has a faculty example the form accepts', () => {
    expect(createFacultySchema.safeParse(FACULTY_IMPORT_EXAMPLE).success).toBe(true);
  });

  it('accepts more list entries than the template up to the form limits, nothing else', () => {
    expect(importColumnNamed('faculty', 'professionalInfo.qualification.9.year')).toMatchObject({
      numeric: true,
      required: false,
    });
    expect(importColumnNamed('faculty', 'professionalInfo.qualification.10.year')).toBeUndefined();
    expect(importColumnNamed('faculty', 'professionalInfo.qualification.3.grade')).toBeUndefined();
    expect(importColumnNamed('students', 'personalInfo.nickname')).toBeUndefined();
  });

  it('requires only the columns of the fields the institution requires', () => {
    const optionalOf = (kind: 'students' | 'faculty', required: readonly string[]) =>
      importColumnsFor(kind, {
        requiredStudentFields: STUDENT_PROFILE_FIELD_KEYS.filter((key) => required.includes(key)),
        requiredFacultyFields: FACULTY_PROFILE_FIELD_KEYS.filter((key) => required.includes(key)),
      })
        .filter((column) => !column.required)
        .map((column) => column.name);
    const allStudent = STUDENT_PROFILE_FIELD_KEYS.filter(
      (key) => key !== 'contactInfo.currentAddress',
    );
    expect(optionalOf('students', allStudent)).toEqual([
      'contactInfo.currentAddress.street',
      'contactInfo.currentAddress.city',
      'contactInfo.currentAddress.state',
      'contactInfo.currentAddress.zipCode',
      'contactInfo.currentAddress.country',
      'familyInfo.guardian.occupation',
    ]);
    const noPercentage = FACULTY_PROFILE_FIELD_KEYS.filter(
      (key) => key !== 'professionalInfo.qualification.percentage',
    );
    expect(optionalOf('faculty', noPercentage)).toContain(
      'professionalInfo.qualification.0.percentage',
    );
    expect(optionalOf('faculty', noPercentage)).not.toContain(
      'professionalInfo.qualification.0.degree',
    );
    expect(optionalOf('faculty', [])).toContain('professionalInfo.qualification.0.degree');
    expect(optionalOf('students', [])).not.toContain('personalInfo.firstName');
  });
});
