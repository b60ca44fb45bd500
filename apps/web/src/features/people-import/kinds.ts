import type { PeopleImportKind } from '@examiq/contracts';

/** How the import pages name each kind of person. */
export const IMPORT_KINDS: Record<
  PeopleImportKind,
  {
    title: string;
    /** Ended by `firstPasswordSentence`, as the institution offers invitations. */
    description: string;
    listPath: string;
    listName: string;
    /** One of them, as counted: '1 student', '3 students'. */
    noun: string;
    /** What the template's columns need explaining. */
    templateHint: string;
  }
> = {
  students: {
    title: 'Import Students',
    description:
      'Add a term’s students from a CSV or XLSX file. Every row is checked with the create form’s rules before anything is written, and each student gets a default password to change at first sign-in',
    listPath: '/admin/student',
    listName: 'Students',
    noun: 'student',
    templateHint:
      'One column per field of the create form, with an example row to replace. Write master data by name: batch “2024-2028”, course “B.Tech”, branch code “CSE”, section “A”.',
  },
  faculty: {
    title: 'Import Faculty',
    description:
      'Add faculty members from a CSV or XLSX file. Every row is checked with the create form’s rules before anything is written, and each member gets a default password to change at first sign-in',
    listPath: '/admin/faculty',
    listName: 'Faculty',
    noun: 'faculty member',
    templateHint:
      'One column per field of the create form, with an example row to replace. Qualifications and previous institutions are numbered from 0 (professionalInfo.qualification.0.degree); add columns numbered 2, 3, … for more of them.',
  },
};
