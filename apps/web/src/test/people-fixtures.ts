import type { Faculty, Pagination, Student } from '@examiq/contracts';

const timestamp = '2025-01-01T00:00:00.000Z';

const address = {
  street: '12 College Road',
  city: 'Pune',
  state: 'Maharashtra',
  zipCode: '411001',
  country: 'India',
};

function account(role: string) {
  return {
    _id: `user-${role}`,
    email: `${role}@example.edu`,
    role,
    isActive: true,
    isEmailVerified: false,
    lastLogin: null,
    createdAt: timestamp,
  };
}

export function makeStudent(overrides: Partial<Student> = {}): Student {
  return {
    _id: '10000000-0000-4000-8000-000000000001',
    studentId: 'STU-0001',
    rollNumber: 'CSE-24-001',
    email: 'asha.patel@example.edu',
    status: 'Active',
    userId: account('student'),
    personalInfo: {
      photo: 'https://example.com/asha.jpg',
      firstName: 'Asha',
      lastName: 'Patel',
      dateOfBirth: '2005-04-12',
      gender: 'FEMALE',
      nationality: 'Indian',
      religion: 'Hindu',
    },
    contactInfo: {
      phone: '+91 98765 43210',
      permanentAddress: address,
      currentAddress: { ...address, street: '4 Hostel Lane' },
    },
    familyInfo: {
      father: {
        name: 'Ramesh Patel',
        occupation: 'Engineer',
        phone: '9876543211',
        email: 'ramesh@example.com',
      },
      mother: {
        name: 'Sita Patel',
        occupation: null,
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
      course: { _id: 'course-1', name: 'B.Tech', fullName: 'Bachelor of Technology' },
      branch: { _id: 'branch-1', name: 'Computer Science', code: 'CSE' },
      section: { _id: 'section-1', name: 'A' },
      batch: '2024-2028',
      semester: 3,
      admissionYear: 2024,
      expectedGraduationYear: 2028,
    },
    createdAt: timestamp,
    ...overrides,
  };
}

export function makeFaculty(overrides: Partial<Faculty> = {}): Faculty {
  return {
    _id: '20000000-0000-4000-8000-000000000001',
    facultyId: 'FAC-0001',
    email: 'vikram.rao@example.edu',
    status: 'Active',
    joiningDate: '2020-07-01',
    userId: account('faculty'),
    personalInfo: {
      photo: 'https://example.com/vikram.jpg',
      firstName: 'Vikram',
      lastName: 'Rao',
      dateOfBirth: '1985-11-03',
      gender: 'MALE',
      nationality: 'Indian',
      religion: 'Hindu',
      maritalStatus: 'MARRIED',
    },
    contactInfo: {
      phone: '+91 98765 43210',
      permanentAddress: address,
      currentAddress: address,
    },
    professionalInfo: {
      employeeId: 'EMP-1042',
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
    createdAt: timestamp,
    ...overrides,
  };
}

/** The pagination block of page `currentPage` of `totalCount` records, ten a page. */
export function makePagination(currentPage: number, totalCount: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(totalCount / 10));
  return {
    currentPage,
    totalPages,
    totalCount,
    hasPreviousPage: currentPage > 1,
    hasNextPage: currentPage < totalPages,
  };
}
