import { PEOPLE_EXPORT_MESSAGES, PEOPLE_MESSAGES, STUDENT_SORTS } from '@examiq/contracts';
import { Dropdown } from '@/components/dropdown';
import { type ListView, PersonListPage } from '@/components/person-list-page';
import { type CascadeLevel, useLookupCascade } from '@/lib/lookups/use-lookup-cascade';
import { studentApi } from './api/student-api';

const LEVELS = ['batch', 'course', 'branch', 'section'] as const;

export default function StudentsPage() {
  return (
    <PersonListPage
      texts={{
        title: 'All Students',
        description:
          'Every student account of the institution, with their roll number, course and status.',
        createTo: 'create-student',
        detailPath: (id) => `/admin/student/${id}`,
        searchLabel: 'Search students',
        searchPlaceholder: 'Search by name, email, student ID or roll number',
        filtersLegend: 'Filter students',
        filtersClassName: 'mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5',
        caption: 'Students',
        notLoaded: 'Students could not be loaded',
        noneFound: 'No students found',
        noMatch: 'No student matches this search and these filters.',
        firstOne: 'Create the first student with the Create button.',
        loadFailed: PEOPLE_MESSAGES.fetchStudentsFailed,
        exportFailed: PEOPLE_EXPORT_MESSAGES.students,
        deleteFailed: PEOPLE_MESSAGES.deleteStudentFailed,
        deleteTitle: 'Delete Student',
        nameWidth: '220px',
      }}
      filters={LEVELS}
      sorts={STUDENT_SORTS}
      useList={studentApi.useList}
      rowsOf={(data) => data.students}
      useExport={studentApi.useExport}
      useDelete={studentApi.useDelete}
      useFilters={usePlacementFilters}
      columns={(sortHeader) => [
        {
          key: 'studentId',
          header: sortHeader('Student ID', 'studentId'),
          width: '150px',
          cell: (s) => s.studentId,
        },
        {
          key: 'rollNumber',
          header: sortHeader('Roll Number', 'rollNumber'),
          width: '120px',
          cell: (s) => s.rollNumber,
        },
        {
          key: 'email',
          header: sortHeader('Email', 'email'),
          width: '210px',
          wideOnly: true,
          cell: (s) => s.email,
        },
        {
          key: 'academic',
          header: 'Course / Branch / Section',
          width: '170px',
          cell: ({ academicInfo }) =>
            `${academicInfo.course.name} / ${academicInfo.branch.code} / ${academicInfo.section.name}`,
        },
        {
          key: 'semester',
          header: 'Semester',
          width: '90px',
          cell: (s) => s.academicInfo.semester,
        },
      ]}
    />
  );
}

/** Batch, course, branch and section, each offering what the one above it holds. */
function usePlacementFilters({
  values,
  setValues,
}: ListView<(typeof LEVELS)[number] | 'status', string>) {
  const cascade = useLookupCascade({
    batch: { id: values.batch },
    courseId: values.course,
    branchId: values.branch,
    clear: (level) => setValues({ [level]: '' }),
  });
  // A new choice empties the levels under it, in the same change of the address.
  const choose = (level: CascadeLevel, value: string) => {
    const below = LEVELS.slice(LEVELS.indexOf(level) + 1);
    setValues({ [level]: value, ...Object.fromEntries(below.map((name) => [name, ''])) });
  };
  return LEVELS.map((level) => (
    <Dropdown
      key={level}
      {...cascade[level]}
      placeholder={cascade[level].disabled ? cascade[level].placeholder : 'All'}
      value={values[level]}
      onChange={(event) => choose(level, event.target.value)}
    />
  ));
}
