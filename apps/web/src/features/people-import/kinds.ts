import type { PeopleImportKind } from '@examiq/contracts';

/** How the import pages name each kind of person. */
export const IMPORT_KINDS: Record<
  PeopleImportKind,
  {
    title: string;
    description: string;
    listPath: string;
    listName: string;
    /** One of them, as counted: '1 student', '3 students'. */
    noun: string;
  }
> = {
  students: {
    title: 'Import Students',
    description:
      'Add a term’s students from a CSV or XLSX file. Every row is checked with the create form’s rules before anything is written, and each student gets a default password to change at first sign-in.',
    listPath: '/admin/student',
    listName: 'Students',
    noun: 'student',
  },
  faculty: {
    title: 'Import Faculty',
    description:
      'Add faculty members from a CSV or XLSX file. Every row is checked with the create form’s rules before anything is written, and each member gets a default password to change at first sign-in.',
    listPath: '/admin/faculty',
    listName: 'Faculty',
    noun: 'faculty member',
  },
};
