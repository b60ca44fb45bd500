import {
  type ExportFormat,
  FACULTY_SORTS,
  type Faculty,
  PEOPLE_EXPORT_MESSAGES,
  PEOPLE_MESSAGES,
  PERSON_STATUSES,
  SEARCH_MAX_LENGTH,
} from '@examiq/contracts';
import { Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ButtonLink } from '@/components/button';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Dropdown } from '@/components/dropdown';
import { ErrorBanner } from '@/components/error-banner';
import { ExportButtons } from '@/components/export-buttons';
import { PageHeader } from '@/components/page-header';
import { PageSizeSelect } from '@/components/page-size-select';
import { PersonCell } from '@/components/person-cell';
import { RowActions } from '@/components/row-actions';
import { SearchBox } from '@/components/search-box';
import { SortHeader } from '@/components/sort-header';
import { PersonStatusBadge } from '@/components/status-badge';
import { Table, type TableColumn } from '@/components/table';
import { getErrorMessage, getServerMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useListView } from '@/lib/use-list-view';
import { useDeleteFaculty } from './api/delete-faculty';
import { useExportFaculty } from './api/export-faculty';
import { useFacultyList } from './api/get-faculty-list';

interface DeleteTarget {
  id: string;
  name: string;
}

const FILTERS = ['department', 'designation', 'status'] as const;
const asOptions = (values: readonly string[] = []) =>
  values.map((value) => ({ value, label: value }));

export default function FacultyPage() {
  const view = useListView(FILTERS, FACULTY_SORTS);
  const { page, setPage, values, setValues } = view;
  const exported = useExportFaculty(view.query);
  const exportAs = (format: ExportFormat) =>
    exported.mutate(format, {
      onError: (error) => toast.error(getErrorMessage(error, PEOPLE_EXPORT_MESSAGES.faculty)),
    });
  const faculty = useFacultyList(view.query);
  const facets = faculty.data?.facets;
  const sortHeader = (label: string, column: (typeof FACULTY_SORTS)[number]) => (
    <SortHeader
      label={label}
      column={column}
      sort={view.sort}
      order={view.order}
      onSort={view.setSort}
    />
  );
  const filtered = FILTERS.some((name) => values[name]) || Boolean(values.search);
  const deleteFaculty = useDeleteFaculty();
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const rows = faculty.data?.faculty ?? [];

  const columns: TableColumn<Faculty>[] = [
    {
      key: 'name',
      header: sortHeader('Name', 'name'),
      width: '210px',
      cell: (member) => (
        <PersonCell
          photo={member.personalInfo.photo}
          name={fullName(member.personalInfo)}
          detail={<span className="2xl:hidden">{member.email}</span>}
        />
      ),
    },
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
    {
      key: 'status',
      header: 'Status',
      width: '100px',
      cell: (m) => <PersonStatusBadge person={m} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      width: '96px',
      align: 'right',
      cell: (member) => (
        <RowActions
          name={fullName(member.personalInfo)}
          viewTo={`/admin/faculty/${member._id}`}
          onDelete={() => setTarget({ id: member._id, name: fullName(member.personalInfo) })}
        />
      ),
    },
  ];

  const confirmDelete = async () => {
    if (!target) return;
    // Deleting the only row of a later page would leave an empty page behind.
    const stepBack = rows.length === 1 && page > 1;
    try {
      const { message } = await deleteFaculty.mutateAsync(target.id);
      toast.success(message);
    } catch (error) {
      toast.error(getServerMessage(error) ?? PEOPLE_MESSAGES.deleteFacultyFailed);
      return;
    }
    setTarget(null);
    if (stepBack) setPage(page - 1);
  };

  return (
    <>
      <PageHeader
        title="All Faculty"
        description="Every faculty account of the institution, with their department, designation and status."
        actions={
          <>
            <ButtonLink to="import" variant="secondary">
              <Upload aria-hidden="true" className="size-4" />
              Import
            </ButtonLink>
            <ExportButtons onExport={exportAs} pending={exported.isPending} />
            <ButtonLink to="create-faculty">
              <Plus aria-hidden="true" className="size-4" />
              Create
            </ButtonLink>
          </>
        }
      />
      {faculty.isError && (
        <ErrorBanner
          title={PEOPLE_MESSAGES.fetchFacultyFailed}
          message={getServerMessage(faculty.error)}
          onRetry={() => void faculty.refetch()}
        />
      )}
      <SearchBox
        label="Search faculty"
        placeholder="Search by name, email, faculty ID or employee ID"
        value={values.search}
        onSearch={(search) => setValues({ search })}
        maxLength={SEARCH_MAX_LENGTH}
      />
      <fieldset className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <legend className="sr-only">Filter faculty</legend>
        <Dropdown
          label="Department"
          placeholder="All"
          options={asOptions(facets?.departments)}
          loading={!facets && faculty.isPending}
          value={values.department}
          onChange={(event) => setValues({ department: event.target.value })}
        />
        <Dropdown
          label="Designation"
          placeholder="All"
          options={asOptions(facets?.designations)}
          loading={!facets && faculty.isPending}
          value={values.designation}
          onChange={(event) => setValues({ designation: event.target.value })}
        />
        <Dropdown
          label="Status"
          placeholder="All"
          options={asOptions(PERSON_STATUSES)}
          value={values.status}
          onChange={(event) => setValues({ status: event.target.value })}
        />
      </fieldset>
      <Table
        caption="Faculty"
        columns={columns}
        rows={rows}
        rowKey={(member) => member._id}
        loading={faculty.isPending}
        emptyTitle={faculty.isError ? 'Faculty could not be loaded' : 'No faculty found'}
        emptyDescription={
          faculty.isError
            ? 'Try again in a moment.'
            : filtered
              ? 'No faculty member matches this search and these filters.'
              : 'Create the first faculty member with the Create button.'
        }
        label="faculty"
        pagination={faculty.data?.pagination}
        pageSize={view.limit}
        onPageChange={setPage}
      />
      <div className="mt-3 flex justify-end">
        <PageSizeSelect value={view.limit} onChange={view.setLimit} />
      </div>
      <ConfirmDeleteDialog
        name={target?.name ?? null}
        title="Delete Faculty Member"
        consequence="including their courses, schedules and student assignments"
        deleting={deleteFaculty.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
