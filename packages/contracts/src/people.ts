import { z } from 'zod';
import { paginationSchema } from './api';
import { LIST_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import {
  boundedText,
  DATE_OUT_OF_RANGE_MESSAGE,
  emailField,
  idField,
  isStorableDate,
  labelledEmailField,
  requiredNumber,
  requiredText,
} from './fields';
import {
  FACULTY_PROFILE_FIELD_KEYS,
  type FacultyProfileField,
  type RequiredProfileFields,
  STUDENT_PROFILE_FIELD_KEYS,
  type StudentProfileField,
} from './profile-fields';

/**
 * Gender and marital status each have two spellings in the spec (OTHER/OTHERS, SINGLE/Single).
 * Both are accepted on input; one canonical value is stored and returned.
 */
export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  OTHER: 'Other',
};
export const genderSchema = requiredText('Gender is required')
  .transform((value) => value.toUpperCase())
  .transform((value) => (value === 'OTHERS' ? 'OTHER' : value))
  .pipe(z.enum(GENDERS, { error: 'Please select a valid gender' }));

export const MARITAL_STATUSES = ['SINGLE', 'MARRIED', 'DIVORCED', 'WIDOWED'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export const MARITAL_STATUS_LABELS: Record<MaritalStatus, string> = {
  SINGLE: 'Single',
  MARRIED: 'Married',
  DIVORCED: 'Divorced',
  WIDOWED: 'Widowed',
};
export const maritalStatusSchema = requiredText('Marital status is required')
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(MARITAL_STATUSES, { error: 'Please select a valid marital status' }));

const PHONE_PATTERN = /^\+?[\d\s()-]{10,15}$/;
const ZIP_PATTERN = /^[\d\s-]{3,10}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Today in the user's calendar, as YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** A calendar date as a date input gives it (YYYY-MM-DD); an ISO timestamp is cut to its date. */
export function dateField(requiredMessage: string) {
  return requiredText(requiredMessage)
    .transform((value) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value))
    .refine(isRealDate, { message: 'Please enter a valid date', abort: true })
    .refine((value) => isStorableDate(new Date(value)), DATE_OUT_OF_RANGE_MESSAGE);
}

export function phoneField(requiredMessage: string) {
  return requiredText(requiredMessage).regex(PHONE_PATTERN, 'Please enter a valid phone number');
}

function textField(label: string, max = 100) {
  return requiredText(`${label} is required`).max(max, `${label} cannot exceed ${max} characters`);
}

/** A missing group of fields reads as its own required message, not zod's type error. */
function group<T extends z.core.$ZodLooseShape>(label: string, shape: T) {
  return z.object(shape, { error: `${label} is required` });
}

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (typeof value === 'number' && Number.isNaN(value));

/**
 * A field as the institution's setting has it: required with the spec's rules, or optional, when
 * blank (absent, null, empty, an emptied number input) reads as null and anything given still
 * follows the same rules. `empty` says when a group of fields counts as blank as a whole.
 */
function field<T extends z.ZodType>(
  required: boolean,
  schema: T,
  empty: (value: unknown) => boolean = isBlank,
): z.ZodType<z.output<T> | null, z.input<T>> {
  if (required) return schema as unknown as z.ZodType<z.output<T> | null, z.input<T>>;
  return z
    .preprocess((value) => (empty(value) ? undefined : value), schema.optional())
    .transform((value) => value ?? null) as unknown as z.ZodType<z.output<T> | null, z.input<T>>;
}

/** A group whose every field may be left out may itself be left out: it reads as all blank. */
function omissible<T extends z.ZodType>(
  allOptional: boolean,
  schema: T,
): z.ZodType<z.output<T>, z.input<T>> {
  if (!allOptional) return schema as unknown as z.ZodType<z.output<T>, z.input<T>>;
  return z.preprocess((value) => value ?? {}, schema) as unknown as z.ZodType<
    z.output<T>,
    z.input<T>
  >;
}

/** Whether the institution requires a field; `key` is its dotted name in the settings. */
type Needs = (key: string) => boolean;

/** A group of fields (an address, a list entry) none of which was filled in. */
const isBlankGroup = (value: unknown) =>
  isBlank(value) || (typeof value === 'object' && Object.values(value as object).every(isBlank));

const addressSchema = (label: string, required: boolean) =>
  field(
    required,
    group(label, {
      street: textField('Street', 200),
      city: textField('City'),
      state: textField('State'),
      zipCode: requiredText('Zip code is required').regex(
        ZIP_PATTERN,
        'Please enter a valid zip code',
      ),
      country: textField('Country'),
    }),
    isBlankGroup,
  );

const personalInfoShape = (needs: Needs) => ({
  photo: field(
    needs('personalInfo.photo'),
    requiredText('Photo URL is required')
      .max(2048, 'Photo URL cannot exceed 2048 characters')
      .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a valid photo URL' })),
  ),
  firstName: boundedText('First name', { min: 2, max: 50 }),
  lastName: boundedText('Last name', { min: 2, max: 50 }),
  dateOfBirth: field(
    needs('personalInfo.dateOfBirth'),
    dateField('Date of birth is required').refine(
      (value) => value <= today(),
      'Date of birth cannot be in the future',
    ),
  ),
  gender: field(needs('personalInfo.gender'), genderSchema),
  nationality: field(needs('personalInfo.nationality'), textField('Nationality', 50)),
  religion: field(needs('personalInfo.religion'), textField('Religion', 50)),
});

const contactInfoSchema = (needs: Needs) => {
  const required = [
    'contactInfo.phone',
    'contactInfo.permanentAddress',
    'contactInfo.currentAddress',
  ];
  return omissible(
    !required.some(needs),
    group('Contact information', {
      phone: field(needs('contactInfo.phone'), phoneField('Phone number is required')),
      permanentAddress: addressSchema('Permanent address', needs('contactInfo.permanentAddress')),
      currentAddress: addressSchema('Current address', needs('contactInfo.currentAddress')),
    }),
  );
};

type Relative = 'father' | 'mother' | 'guardian';
const RELATIVE_FIELDS = {
  father: ['name', 'occupation', 'phone', 'email'],
  mother: ['name', 'occupation', 'phone', 'email'],
  guardian: ['name', 'phone', 'email', 'relationship'],
} as const;

const relativeRequires = (needs: Needs, relative: Relative) =>
  RELATIVE_FIELDS[relative].some((name) => needs(`familyInfo.${relative}.${name}`));

function relativeShape(needs: Needs, relative: Relative, label: string) {
  const key = (name: string) => needs(`familyInfo.${relative}.${name}`);
  return {
    name: field(key('name'), boundedText(`${label}'s name`, { min: 2, max: 100 })),
    phone: field(key('phone'), phoneField(`${label}'s phone number is required`)),
    email: field(key('email'), labelledEmailField(`${label}'s email`)),
  };
}

function relativeSchema(needs: Needs, relative: 'father' | 'mother', label: string) {
  return omissible(
    !relativeRequires(needs, relative),
    group(`${label}'s details`, {
      ...relativeShape(needs, relative, label),
      occupation: field(
        needs(`familyInfo.${relative}.occupation`),
        textField(`${label}'s occupation`),
      ),
    }),
  );
}

const guardianSchema = (needs: Needs) =>
  omissible(
    !relativeRequires(needs, 'guardian'),
    group("Guardian's details", {
      ...relativeShape(needs, 'guardian', 'Guardian'),
      occupation: z
        .string()
        .trim()
        .max(100, "Guardian's occupation cannot exceed 100 characters")
        .nullish(),
      relationship: field(
        needs('familyInfo.guardian.relationship'),
        textField('Relationship with guardian', 50),
      ),
    }),
  );

const yearField = (label: string) =>
  requiredNumber(`${label} is required`)
    .int(`${label} must be a whole number`)
    .min(1950, `${label} must be 1950 or later`)
    .max(2100, `${label} cannot be after 2100`);

const BATCH_NAME = /^(\d{4})-(\d{4})$/;

const academicInfoSchema = group('Academic information', {
  course: idField('Course is required', 'Please select a valid course'),
  branch: idField('Branch is required', 'Please select a valid branch'),
  section: idField('Section is required', 'Please select a valid section'),
  semester: requiredNumber('Semester is required')
    .int('Semester must be a whole number')
    .min(1, 'Semester must be at least 1')
    .max(10, 'Semester cannot exceed 10'),
  batch: requiredText('Batch is required')
    .regex(BATCH_NAME, 'Batch must be written as start year-end year, e.g. 2024-2028')
    .refine((value) => {
      const [, start, end] = BATCH_NAME.exec(value) ?? [];
      return Number(end) > Number(start);
    }, 'End year must be after start year'),
  admissionYear: yearField('Admission year'),
  expectedGraduationYear: yearField('Expected graduation year'),
}).superRefine((value, ctx) => {
  if (value.expectedGraduationYear <= value.admissionYear) {
    ctx.addIssue({
      code: 'custom',
      path: ['expectedGraduationYear'],
      message: 'Expected graduation year must be after the admission year',
    });
  }
});

/**
 * The student create and edit schema under the institution's setting: the fields it lists are
 * required, the others may be left blank. The browser's form, the API and the import all build
 * it from the same setting.
 */
export function studentSchemaFor(required: readonly StudentProfileField[]) {
  const needs: Needs = (key) => (required as readonly string[]).includes(key);
  return z.object({
    email: emailField,
    rollNumber: requiredText('Roll number is required')
      .min(3, 'Roll number must be at least 3 characters')
      .max(30, 'Roll number cannot exceed 30 characters'),
    personalInfo: group('Personal information', personalInfoShape(needs)),
    contactInfo: contactInfoSchema(needs),
    familyInfo: omissible(
      !(['father', 'mother', 'guardian'] as const).some((relative) =>
        relativeRequires(needs, relative),
      ),
      group('Family information', {
        father: relativeSchema(needs, 'father', 'Father'),
        mother: relativeSchema(needs, 'mother', 'Mother'),
        guardian: guardianSchema(needs),
      }),
    ),
    academicInfo: academicInfoSchema,
  });
}

/** The spec's rule: every field required. */
export const createStudentSchema = studentSchemaFor(STUDENT_PROFILE_FIELD_KEYS);
export type CreateStudentInput = z.input<typeof createStudentSchema>;
export type CreateStudentPayload = z.output<typeof createStudentSchema>;

export const MAX_QUALIFICATIONS = 10;
export const MAX_PREVIOUS_INSTITUTIONS = 20;

const qualificationSchema = (needs: Needs) =>
  group('Qualification', {
    degree: textField('Degree'),
    institution: field(
      needs('professionalInfo.qualification.institution'),
      textField('Institution', 200),
    ),
    year: field(needs('professionalInfo.qualification.year'), yearField('Year')),
    percentage: field(
      needs('professionalInfo.qualification.percentage'),
      requiredNumber('Percentage is required')
        .min(0, 'Percentage must be at least 0')
        .max(100, 'Percentage cannot exceed 100'),
    ),
  });

function qualificationsSchema(needs: Needs) {
  const list = z
    .array(qualificationSchema(needs), { error: 'At least one qualification is required' })
    .max(MAX_QUALIFICATIONS, `At most ${MAX_QUALIFICATIONS} qualifications can be listed`);
  if (needs('professionalInfo.qualification')) {
    return list.min(1, 'At least one qualification is required');
  }
  // Optional, a list may be left out, and an entry the form shows but nobody filled in is none.
  return z.preprocess(
    (value) =>
      Array.isArray(value) ? value.filter((entry) => !isBlankGroup(entry)) : (value ?? []),
    list,
  ) as unknown as typeof list;
}

const previousInstitutionSchema = group('Previous institution', {
  institutionName: textField('Institution name', 200),
  designation: textField('Designation'),
  duration: textField('Duration', 50),
  from: dateField('From date is required'),
  to: dateField('To date is required'),
}).superRefine((value, ctx) => {
  if (value.to < value.from) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'To date must be on or after the from date',
    });
  }
});

/** The faculty create and edit schema under the institution's setting, as for students. */
export function facultySchemaFor(required: readonly FacultyProfileField[]) {
  const needs: Needs = (key) => (required as readonly string[]).includes(key);
  return z.object({
    email: emailField,
    joiningDate: dateField('Joining date is required').optional(),
    personalInfo: group('Personal information', {
      ...personalInfoShape(needs),
      maritalStatus: field(needs('personalInfo.maritalStatus'), maritalStatusSchema),
    }),
    contactInfo: contactInfoSchema(needs),
    professionalInfo: group('Professional information', {
      employeeId: requiredText('Employee ID is required')
        .min(3, 'Employee ID must be at least 3 characters')
        .max(30, 'Employee ID cannot exceed 30 characters'),
      department: field(needs('professionalInfo.department'), textField('Department')),
      designation: field(needs('professionalInfo.designation'), textField('Designation')),
      qualification: qualificationsSchema(needs),
      experience: omissible(
        !needs('professionalInfo.experience.totalYears'),
        group('Experience', {
          totalYears: field(
            needs('professionalInfo.experience.totalYears'),
            requiredNumber('Total years of experience is required')
              .min(0, 'Total years of experience cannot be negative')
              .max(60, 'Total years of experience cannot exceed 60'),
          ),
          previousInstitutions: z
            .array(previousInstitutionSchema)
            .max(
              MAX_PREVIOUS_INSTITUTIONS,
              `At most ${MAX_PREVIOUS_INSTITUTIONS} previous institutions can be listed`,
            )
            .default([]),
        }),
      ),
    }),
  });
}

/** The spec's rule: every field required. */
export const createFacultySchema = facultySchemaFor(FACULTY_PROFILE_FIELD_KEYS);
export type CreateFacultyInput = z.input<typeof createFacultySchema>;
export type CreateFacultyPayload = z.output<typeof createFacultySchema>;

/** The create and edit schema of a kind of person under the institution's setting. */
export function personSchemaFor(
  kind: 'students' | 'faculty',
  required: RequiredProfileFields,
): z.ZodType<CreateStudentPayload | CreateFacultyPayload> {
  return kind === 'students'
    ? studentSchemaFor(required.requiredStudentFields)
    : facultySchemaFor(required.requiredFacultyFields);
}

/** `?page&limit` of the paginated lists: both optional, whole numbers, limit capped. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a whole number of at least 1' })
    .int('Page must be a whole number of at least 1')
    .min(1, 'Page must be a whole number of at least 1')
    .default(1),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(LIST_PAGE_SIZE),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** `{id}` path parameter of the detail and delete calls. */
export const idParamSchema = z.object({
  id: z.uuid('The id is not valid'),
});

// --- Records as the API returns them (spec section 3) ---------------------------------------

const accountSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.string(),
  isActive: z.boolean(),
  isEmailVerified: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});

// A field the institution leaves optional is null when it was left out ('Not provided').
const personalInfoRecordSchema = z.object({
  photo: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  nationality: z.string().nullable(),
  religion: z.string().nullable(),
});
const addressRecordSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof addressRecordSchema>;

const contactInfoRecordSchema = z.object({
  phone: z.string().nullable(),
  permanentAddress: addressRecordSchema.nullable(),
  currentAddress: addressRecordSchema.nullable(),
});
const relativeRecordSchema = z.object({
  name: z.string().nullable(),
  occupation: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

export const studentSchema = z.object({
  _id: z.string(),
  studentId: z.string(),
  rollNumber: z.string(),
  email: z.string(),
  status: z.string(),
  userId: accountSchema,
  personalInfo: personalInfoRecordSchema,
  contactInfo: contactInfoRecordSchema,
  familyInfo: z.object({
    father: relativeRecordSchema,
    mother: relativeRecordSchema,
    guardian: relativeRecordSchema.extend({ relationship: z.string().nullable() }).nullable(),
  }),
  academicInfo: z.object({
    course: z.object({ _id: z.string(), name: z.string(), fullName: z.string() }),
    branch: z.object({ _id: z.string(), name: z.string(), code: z.string() }),
    section: z.object({ _id: z.string(), name: z.string() }),
    batch: z.string(),
    semester: z.number(),
    admissionYear: z.number(),
    expectedGraduationYear: z.number(),
  }),
  createdAt: z.string(),
});
export type Student = z.infer<typeof studentSchema>;

export const facultySchema = z.object({
  _id: z.string(),
  facultyId: z.string(),
  email: z.string(),
  status: z.string(),
  joiningDate: z.string(),
  userId: accountSchema,
  personalInfo: personalInfoRecordSchema.extend({
    maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
  }),
  contactInfo: contactInfoRecordSchema,
  professionalInfo: z.object({
    employeeId: z.string(),
    department: z.string().nullable(),
    designation: z.string().nullable(),
    qualification: z.array(
      z.object({
        degree: z.string(),
        institution: z.string().nullable(),
        year: z.number().nullable(),
        percentage: z.number().nullable(),
      }),
    ),
    experience: z.object({
      totalYears: z.number().nullable(),
      previousInstitutions: z.array(
        z.object({
          institutionName: z.string(),
          designation: z.string(),
          duration: z.string(),
          from: z.string(),
          to: z.string(),
        }),
      ),
    }),
  }),
  createdAt: z.string(),
});
export type Faculty = z.infer<typeof facultySchema>;

/** One faculty option of the exam wizard (spec section 7: userId._id and personalInfo names). */
export const facultyOptionSchema = z.object({
  _id: z.string(),
  facultyId: z.string(),
  userId: z.object({ _id: z.string() }),
  personalInfo: z.object({ firstName: z.string(), lastName: z.string() }),
  professionalInfo: z.object({
    department: z.string().nullable(),
    designation: z.string().nullable(),
  }),
});
export type FacultyOption = z.infer<typeof facultyOptionSchema>;

export const PEOPLE_MESSAGES = {
  studentCreated: 'Student created successfully',
  facultyCreated: 'Faculty created successfully',
  studentDeleted: 'Student deleted successfully',
  facultyDeleted: 'Faculty member deleted successfully',
  studentNotFound: 'Student not found',
  facultyNotFound: 'Faculty member not found',
  /** A proctoring exam must keep a proctor until it has ended (exams: "Title (EXM0001)"). */
  facultySoleProctor: (exams: string[]) =>
    `This faculty member is the only proctor of ${exams.length === 1 ? 'the exam' : 'the exams'} ${new Intl.ListFormat('en', { type: 'conjunction' }).format(exams)}, which ${exams.length === 1 ? 'has' : 'have'} not ended yet: assign another proctor first`,
  emailTaken: 'A user with this email already exists',
  rollNumberTaken: (rollNumber: string) => `Roll number "${rollNumber}" is already registered`,
  employeeIdTaken: (employeeId: string) => `Employee ID "${employeeId}" is already registered`,
  fetchStudentsFailed: 'Failed to fetch students',
  fetchFacultyFailed: 'Failed to fetch faculty',
  deleteStudentFailed: 'Failed to delete student',
  deleteFacultyFailed: 'Failed to delete faculty member',
  createStudentFailed: 'Failed to create student',
  createFacultyFailed: 'Failed to create faculty',
  fetchStudentDetailFailed: 'Failed to fetch student details',
  fetchFacultyDetailFailed: 'Failed to fetch faculty details',
  unexpected: 'An unexpected error occurred',
  defaultPassword: (password: string) => `Default password: ${password}`,
  studentUpdated: 'Student updated successfully',
  facultyUpdated: 'Faculty member updated successfully',
  updateStudentFailed: 'Failed to update student',
  updateFacultyFailed: 'Failed to update faculty member',
  accountNotFound: 'Account not found',
  accountDeactivated: 'Account deactivated: its sessions have ended and it can no longer sign in',
  accountReactivated: 'Account reactivated: it can sign in again',
  ownAccountStatus: 'You cannot deactivate your own account',
  passwordReset: 'Password reset: every session of the account has ended',
  ownPasswordReset: 'You cannot reset your own password here; use Change password',
  accountStatusFailed: 'Failed to change the account status',
  resetPasswordFailed: 'Failed to reset the password',
  /** A person created with an invitation instead of a default password. */
  invitationSent: (email: string) => `Invitation emailed to ${email}: it works once within 7 days`,
  invitationResent: 'Invitation sent again: the earlier links no longer work',
  invitationNotPending:
    'This account has no pending invitation: it has set its password or signed in already (use Reset password instead)',
  invitationAccountDeactivated:
    'This account is deactivated: reactivate it before sending an invitation',
  resendInvitationFailed: 'Failed to send the invitation again',
  /** `invite: true` on a create or an import while the institution's switch is off. */
  invitationsOff: 'Invitations are switched off in the settings',
  invitationsOffResend:
    'Invitations are switched off in the settings: turn them on to send a new link, or use Reset password instead',
} as const;

/** The edit forms are the create forms: every rule and message is the same (spec section 5). */
export const updateStudentSchema = createStudentSchema;
export type UpdateStudentPayload = CreateStudentPayload;
export const updateFacultySchema = createFacultySchema;
export type UpdateFacultyPayload = CreateFacultyPayload;

const userIdField = z.uuid({
  error: (issue) => (issue.input === undefined ? 'User is required' : 'The user id is not valid'),
});

/** `POST /admin/set-account-status`: deactivates or reactivates a person's account. */
export const setAccountStatusSchema = z.object({
  userId: userIdField,
  isActive: z.boolean({
    error: (issue) =>
      issue.input === undefined
        ? 'Account status is required'
        : 'Account status must be true or false',
  }),
});
export type SetAccountStatusInput = z.infer<typeof setAccountStatusSchema>;

/** `POST /admin/reset-password`: gives an account a new default password. */
export const resetPasswordSchema = z.object({ userId: userIdField });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** `POST /admin/resend-invitation`: mails an invited account a new set-password link. */
export const resendInvitationSchema = z.object({ userId: userIdField });
export type ResendInvitationInput = z.infer<typeof resendInvitationSchema>;

/**
 * The create calls' choice besides the profile: `invite: true` mails a set-password link
 * instead of returning a default password (the spec's flow, the default).
 */
export const inviteFieldSchema = z.object({
  invite: z.boolean({ error: 'Invite must be true or false' }).optional().default(false),
});
export type InviteField = z.input<typeof inviteFieldSchema>;
/** The create calls' bodies as documented: the spec's profile and the invite choice. */
export const createStudentBodySchema = createStudentSchema.extend(inviteFieldSchema.shape);
export const createFacultyBodySchema = createFacultySchema.extend(inviteFieldSchema.shape);

export const accountStatusDataSchema = z.object({ userId: z.string(), isActive: z.boolean() });
export const resetPasswordDataSchema = z.object({ defaultPassword: z.string() });

/**
 * `data` of each people call (spec section 7). `defaultPassword` is null when the person was
 * invited: there is no password to show.
 */
export const createStudentDataSchema = z.object({
  student: studentSchema,
  defaultPassword: z.string().nullable(),
});
export const studentListDataSchema = z.object({
  students: z.array(studentSchema),
  pagination: paginationSchema,
});
/** A detail answer is a list of one, as the spec's screens read it. */
export const studentDetailDataSchema = z.object({ students: z.array(studentSchema) });
export const createFacultyDataSchema = z.object({
  faculty: facultySchema,
  defaultPassword: z.string().nullable(),
});
export const facultyListDataSchema = z.object({
  faculty: z.array(facultySchema),
  pagination: paginationSchema,
});
export const facultyDetailDataSchema = z.object({ faculty: z.array(facultySchema) });
export const updateStudentDataSchema = z.object({ student: studentSchema });
export const updateFacultyDataSchema = z.object({ faculty: facultySchema });
export const facultyOptionsDataSchema = z.object({ faculty: z.array(facultyOptionSchema) });

const blankRelative = { name: '', occupation: '', phone: '', email: '' };
const blankAddress = { street: '', city: '', state: '', zipCode: '', country: '' };

/** A record's value as a form field holds it: what was left out (null) is an empty field. */
function formValue<T>(value: T): T {
  if (value === null) return '' as T;
  if (Array.isArray(value)) return value.map(formValue) as T;
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as object).map(([key, child]) => [key, formValue(child)]),
    ) as T;
  }
  return value;
}

function contactInputOf({ contactInfo }: Student | Faculty) {
  return formValue({
    ...contactInfo,
    permanentAddress: contactInfo.permanentAddress ?? blankAddress,
    currentAddress: contactInfo.currentAddress ?? blankAddress,
  }) as CreateStudentInput['contactInfo'];
}

/** A student as the create/edit form holds it: the edit form starts from it. */
export function studentInputOf(student: Student): CreateStudentInput {
  const { academicInfo, familyInfo } = student;
  return {
    email: student.email,
    rollNumber: student.rollNumber,
    personalInfo: formValue(student.personalInfo) as CreateStudentInput['personalInfo'],
    contactInfo: contactInputOf(student),
    familyInfo: formValue({
      ...familyInfo,
      guardian: familyInfo.guardian ?? { ...blankRelative, relationship: '' },
    }) as CreateStudentInput['familyInfo'],
    academicInfo: {
      course: academicInfo.course._id,
      branch: academicInfo.branch._id,
      section: academicInfo.section._id,
      batch: academicInfo.batch,
      semester: academicInfo.semester,
      admissionYear: academicInfo.admissionYear,
      expectedGraduationYear: academicInfo.expectedGraduationYear,
    },
  };
}

/** A faculty member as the create/edit form holds them: the edit form starts from it. */
export function facultyInputOf(member: Faculty): CreateFacultyInput {
  return {
    email: member.email,
    joiningDate: member.joiningDate,
    personalInfo: formValue(member.personalInfo) as CreateFacultyInput['personalInfo'],
    contactInfo: contactInputOf(member),
    professionalInfo: formValue(member.professionalInfo) as CreateFacultyInput['professionalInfo'],
  };
}
