/**
 * The profile fields an institution may leave optional, per kind of person. Every other field
 * stays required whatever the settings say, because the platform itself needs it: the email (the
 * sign-in), the first and last name (every list, search and audit entry), the roll number or
 * employee ID (the unique keys), and a student's academic placement (batch, course, branch,
 * section, semester, admission and graduation years: the audience of exams and the filters).
 *
 * A key is the field's dotted path in the create form; a key of a list entry's field
 * (`professionalInfo.qualification.percentage`) stands for that field in every entry. A key of an
 * address stands for the whole address: left optional, it may be left out entirely, but an address
 * given in part must be complete.
 */
export const STUDENT_PROFILE_FIELDS = [
  { key: 'personalInfo.photo', label: 'Photo URL' },
  { key: 'personalInfo.dateOfBirth', label: 'Date of birth' },
  { key: 'personalInfo.gender', label: 'Gender' },
  { key: 'personalInfo.nationality', label: 'Nationality' },
  { key: 'personalInfo.religion', label: 'Religion' },
  { key: 'contactInfo.phone', label: 'Phone' },
  { key: 'contactInfo.permanentAddress', label: 'Permanent address' },
  { key: 'contactInfo.currentAddress', label: 'Current address' },
  { key: 'familyInfo.father.name', label: "Father's name" },
  { key: 'familyInfo.father.occupation', label: "Father's occupation" },
  { key: 'familyInfo.father.phone', label: "Father's phone" },
  { key: 'familyInfo.father.email', label: "Father's email" },
  { key: 'familyInfo.mother.name', label: "Mother's name" },
  { key: 'familyInfo.mother.occupation', label: "Mother's occupation" },
  { key: 'familyInfo.mother.phone', label: "Mother's phone" },
  { key: 'familyInfo.mother.email', label: "Mother's email" },
  { key: 'familyInfo.guardian.name', label: "Guardian's name" },
  { key: 'familyInfo.guardian.relationship', label: 'Relationship with guardian' },
  { key: 'familyInfo.guardian.phone', label: "Guardian's phone" },
  { key: 'familyInfo.guardian.email', label: "Guardian's email" },
] as const;

export const FACULTY_PROFILE_FIELDS = [
  { key: 'personalInfo.photo', label: 'Photo URL' },
  { key: 'personalInfo.dateOfBirth', label: 'Date of birth' },
  { key: 'personalInfo.gender', label: 'Gender' },
  { key: 'personalInfo.maritalStatus', label: 'Marital status' },
  { key: 'personalInfo.nationality', label: 'Nationality' },
  { key: 'personalInfo.religion', label: 'Religion' },
  { key: 'contactInfo.phone', label: 'Phone' },
  { key: 'contactInfo.permanentAddress', label: 'Permanent address' },
  { key: 'contactInfo.currentAddress', label: 'Current address' },
  { key: 'professionalInfo.department', label: 'Department' },
  { key: 'professionalInfo.designation', label: 'Designation' },
  { key: 'professionalInfo.qualification', label: 'At least one qualification' },
  { key: 'professionalInfo.qualification.institution', label: "A qualification's institution" },
  { key: 'professionalInfo.qualification.year', label: "A qualification's year" },
  { key: 'professionalInfo.qualification.percentage', label: "A qualification's percentage" },
  { key: 'professionalInfo.experience.totalYears', label: 'Total years of experience' },
] as const;

export type StudentProfileField = (typeof STUDENT_PROFILE_FIELDS)[number]['key'];
export type FacultyProfileField = (typeof FACULTY_PROFILE_FIELDS)[number]['key'];

export const STUDENT_PROFILE_FIELD_KEYS = STUDENT_PROFILE_FIELDS.map(({ key }) => key);
export const FACULTY_PROFILE_FIELD_KEYS = FACULTY_PROFILE_FIELDS.map(({ key }) => key);

/** What the settings page says of the fields it does not list. */
export const ALWAYS_REQUIRED_NOTE =
  'Name, email, roll number or employee ID, and a student’s batch, course, branch, section, semester and years are always required.';

/** Which profile fields must be filled in, per kind of person. */
export interface RequiredProfileFields {
  requiredStudentFields: readonly StudentProfileField[];
  requiredFacultyFields: readonly FacultyProfileField[];
}
