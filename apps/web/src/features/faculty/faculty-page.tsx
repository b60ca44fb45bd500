import {
  FACULTY_SORTS,
  type FacultyFindData,
  PEOPLE_EXPORT_MESSAGES,
  PEOPLE_MESSAGES,
} from '@examiq/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Dropdown } from '@/components/dropdown';
import { type ListView, PersonListPage } from '@/components/person-list-page';
import { facultyApi } from './api/faculty-api';

const FILTERS = ['department', 'designation'] as const;
const asOptions = (values: readonly string[] = []) =>
  values.map((value) => ({ value, label: value }));

export default function FacultyPage() {
  return (
    <PersonListPage
      texts={{
        title: 'All Faculty',
        description:
          'Every faculty account of the institution, with their department, designation and status.',
        createTo: 'create-faculty',
        detailPath: (id) => `/admin/faculty/${id}`,
        searchLabel: 'Search faculty',
        searchPlaceholder: 'Search by name, email, faculty ID or employee ID',
        filtersLegend: 'Filter faculty',
        filtersClassName: 'mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3',
        caption: 'Faculty',
        notLoaded: 'Faculty could not be loaded',
        noneFound: 'No faculty found',
        noMatch: 'No faculty member matches this search and these filters.',
        firstOne: 'Create the first faculty member with the Create button.',
        loadFailed: PEOPLE_MESSAGES.fetchFacultyFailed,
        exportFailed: PEOPLE_EXPORT_MESSAGES.faculty,
        deleteFailed: PEOPLE_MESSAGES.deleteFacultyFailed,
        deleteTitle: 'Delete Faculty Member',
        deleteConsequence: 'including their courses, schedules and student assignments',
        nameWidth: '210px',
      }}
      filters={FILTERS}
      sorts={FACULTY_SORTS}
      useList={facultyApi.useList}
      rowsOf={(data) => data.faculty}
      useExport={facultyApi.useExport}
      useDelete={facultyApi.useDelete}
      useFilters={facetFilters}
      columns={(sortHeader) => [
        {
          key: 'facultyId',
          header: sortHeader('Faculty ID', 'facultyId'),
          width: '150px',
          cell: (m) => m.facultyId,
        },
        {
          key: 'employeeId',
          header: sortHeader('Employee ID', 'employeeId'),
          width: '120px',
          cell: (m) => m.professionalInfo.employeeId,
        },
        { key: 'email', header: 'Email', width: '200px', wideOnly: true, cell: (m) => m.email },
        {
          key: 'department',
          header: sortHeader('Department', 'department'),
          width: '160px',
          wideOnly: true,
          cell: (m) => m.professionalInfo.department,
        },
        {
          key: 'designation',
          header: sortHeader('Designation', 'designation'),
          width: '170px',
          cell: ({ professionalInfo }) => (
            <div className="min-w-0">
              <p className="truncate">{professionalInfo.designation}</p>
              <p className="truncate text-xs text-slate-500 2xl:hidden">
                {professionalInfo.department}
              </p>
            </div>
          ),
        },
      ]}
    />
  );
}

/** The departments and designations on record, which the list's answer brings. */
function facetFilters(
  { values, setValues }: ListView<(typeof FILTERS)[number] | 'status', string>,
  list: UseQueryResult<FacultyFindData>,
) {
  const facets = list.data?.facets;
  return (
    <>
      <Dropdown
        label="Department"
        placeholder="All"
        options={asOptions(facets?.departments)}
        loading={!facets && list.isPending}
        value={values.department}
        onChange={(event) => setValues({ department: event.target.value })}
      />
      <Dropdown
        label="Designation"
        placeholder="All"
        options={asOptions(facets?.designations)}
        loading={!facets && list.isPending}
        value={values.designation}
        onChange={(event) => setValues({ designation: event.target.value })}
      />
    </>
  );
}
