import type { z } from 'zod';
import { fieldErrors } from './api';

/** The `errors` map a request with this value would receive (empty when it is valid). */
export function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error.issues);
}

const address = {
  street: '12 College Road',
  city: 'Pune',
  state: 'Maharashtra',
  zipCode: '411001',
  country: 'India',
};

const personalInfo = {
  photo: 'https://example.com/photos/asha.jpg',
  firstName: 'Asha',
  lastName: 'Patel',
  dateOfBirth: '2005-04-12',
  gender: 'FEMALE',
  nationality: 'Indian',
  religion: 'Hindu',
};

const contactInfo = {
  phone: '+91 98765 43210',
  permanentAddress: address,
  currentAddress: { ...address, street: '4 Hostel Lane' },
};

/** A complete, valid create-student payload; ids and email are the caller's. */
export function validStudentPayload(ids: {
  email: string;
  rollNumber: string;
  course: string;
  branch: string;
  section: string;
  batch: string;
}) {
  return {
    email: ids.email,
    rollNumber: ids.rollNumber,
    personalInfo,
    contactInfo,
    familyInfo: {
      father: {
        name: 'Ramesh Patel',
        occupation: 'Engineer',
        phone: '9876543211',
        email: 'ramesh@example.com',
      },
      mother: {
        name: 'Sita Patel',
        occupation: 'Teacher',
        phone: '9876543212',
        email: 'sita@example.com',
      },
      guardian: {
        name: 'Kiran Shah',
        occupation: 'Doctor',
        phone: '9876543213',
        email: 'kiran@example.com',
        relationship: 'Uncle',
      },
    },
    academicInfo: {
      course: ids.course,
      branch: ids.branch,
      section: ids.section,
      semester: 1,
      batch: ids.batch,
      admissionYear: 2024,
      expectedGraduationYear: 2028,
    },
  };
}

/** A complete, valid create-faculty payload. */
export function validFacultyPayload(ids: { email: string; employeeId: string }) {
  return {
    email: ids.email,
    joiningDate: '2020-07-01',
    personalInfo: {
      ...personalInfo,
      firstName: 'Vikram',
      lastName: 'Rao',
      maritalStatus: 'MARRIED',
    },
    contactInfo,
    professionalInfo: {
      employeeId: ids.employeeId,
      department: 'Computer Science',
      designation: 'Associate Professor',
      qualification: [
        { degree: 'M.Tech', institution: 'IIT Bombay', year: 2012, percentage: 82.5 },
      ],
      experience: {
        totalYears: 11,
        previousInstitutions: [
          {
            institutionName: 'VIT Pune',
            designation: 'Assistant Professor',
            duration: '5 years',
            from: '2013-07-01',
            to: '2018-06-30',
          },
        ],
      },
    },
  };
}
