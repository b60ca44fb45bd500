import {
  type ExportFormat,
  PEOPLE_EXPORT_MESSAGES,
  PEOPLE_MESSAGES,
  PERSON_STATUSES,
  SEARCH_MAX_LENGTH,
  STUDENT_SORTS,
  type Student,
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
import { type CascadeLevel, useLookupCascade } from '@/lib/lookups/use-lookup-cascade';
import { useListView } from '@/lib/use-list-view';
import { useDeleteStudent } from './api/delete-student';
import { useExportStudents } from './api/export-students';
import { useStudents } from './api/get-students';

interface DeleteTarget {
  id: string;
  name: string;
}

const FILTERS = ['batch', 'course', 'branch', 'section', 'status'] as const;
const STATUS_OPTIONS = PERSON_STATUSES.map((status) => ({ value: status, label: status }));

export default function StudentsPage() {
  const view = useListView(FILTERS, STUDENT_SORTS);
  const { page, setPage, values, setValues } = view;
  const exported = useExportStudents(view.query);
  const exportAs = (format: ExportFormat) =>
    exported.mutate(format, {
      onError: (error) => toast.error(getErrorMessage(error, PEOPLE_EXPORT_MESSAGES.students)),
    });
  const students = useStudents(view.query);
  const cascade = useLookupCascade({
    batch: { id: values.batch },
    courseId: values.course,
    branchId: values.branch,
    clear: (level) => setValues({ [level]: '' }),
  });
  // A new choice empties the levels under it, in the same change of the address.
  const choose = (level: CascadeLevel, value: string) => {
    const levels = ['batch', 'course', 'branch', 'section'] as const;
    const below = levels.slice(levels.indexOf(level) + 1);
    setValues({ [level]: value, ...Object.fromEntries(below.map((name) => [name, ''])) });
  };
  const sortHeader = (label: string, column: (typeof STUDENT_SORTS)[number]) => (
    <SortHeader
      label={label}
      column={column}
      sort={view.sort}
      order={view.order}
      onSort={view.setSort}
    />
  );
  const filtered = FILTERS.some((name) => values[name]) || Boolean(values.search);
  const deleteStudent = useDeleteStudent();
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const rows = students.data?.students ?? [];

  const columns: TableColumn<Student>[] = [
    {
      key: 'name',
      header: sortHeader('Name', 'name'),
      width: '220px',
      cell: (student) => (
        <PersonCell
          photo={student.personalInfo.photo}
          name={fullName(student.personalInfo)}
          detail={<span className="2xl:hidden">{student.email}</span>}
        />
      ),
    },
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
    { key: 'semester', header: 'Semester', width: '90px', cell: (s) => s.academicInfo.semester },
    {
      key: 'status',
      header: 'Status',
      width: '100px',
      cell: (s) => <PersonStatusBadge person={s} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      width: '96px',
      align: 'right',
      cell: (student) => (
        <RowActions
          name={fullName(student.personalInfo)}
          viewTo={`/admin/student/${student._id}`}
          onDelete={() => setTarget({ id: student._id, name: fullName(student.personalInfo) })}
        />
      ),
    },
  ];

  const confirmDelete = async () => {
    if (!target) return;
    // Deleting the only row of a later page would leave an empty page behind.
    const stepBack = rows.length === 1 && page > 1;
    try {
      const { message } = await deleteStudent.mutateAsync(target.id);
      toast.success(message);
    } catch (error) {
      toast.error(getServerMessage(error) ?? PEOPLE_MESSAGES.deleteStudentFailed);
      return;
    }
    setTarget(null);
    if (stepBack) setPage(page - 1);
  };

  return (
    <>
      <PageHeader
        title="All Students"
        description="Every student account of the institution, with their roll number, course and status."
        actions={
          <>
            <ButtonLink to="import" variant="secondary">
              <Upload aria-hidden="true" className="size-4" />
              Import
            </ButtonLink>
            <ExportButtons onExport={exportAs} pending={exported.isPending} />
            <ButtonLink to="create-student">
              <Plus aria-hidden="true" className="size-4" />
              Create
            </ButtonLink>
          </>
        }
      />
      {students.isError && (
        <ErrorBanner
          title={PEOPLE_MESSAGES.fetchStudentsFailed}
          message={getServerMessage(students.error)}
          onRetry={() => void students.refetch()}
        />
      )}
      <SearchBox
        label="Search students"
        placeholder="Search by name, email, student ID or roll number"
        value={values.search}
        onSearch={(search) => setValues({ search })}
        maxLength={SEARCH_MAX_LENGTH}
      />
      <fieldset className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <legend className="sr-only">Filter students</legend>
        {(['batch', 'course', 'branch', 'section'] as const).map((level) => (
          <Dropdown
            key={level}
            {...cascade[level]}
            placeholder={cascade[level].disabled ? cascade[level].placeholder : 'All'}
            value={values[level]}
            onChange={(event) => choose(level, event.target.value)}
          />
        ))}
        <Dropdown
          label="Status"
          placeholder="All"
          options={STATUS_OPTIONS}
          value={values.status}
          onChange={(event) => setValues({ status: event.target.value })}
        />
      </fieldset>
      <Table
        caption="Students"
        columns={columns}
        rows={rows}
        rowKey={(student) => student._id}
        loading={students.isPending}
        emptyTitle={students.isError ? 'Students could not be loaded' : 'No students found'}
        emptyDescription={
          students.isError
            ? 'Try again in a moment.'
            : filtered
              ? 'No student matches this search and these filters.'
              : 'Create the first student with the Create button.'
        }
        label="students"
        pagination={students.data?.pagination}
        pageSize={view.limit}
        onPageChange={setPage}
      />
      <div className="mt-3 flex justify-end">
        <PageSizeSelect value={view.limit} onChange={view.setLimit} />
      </div>
      <ConfirmDeleteDialog
        name={target?.name ?? null}
        title="Delete Student"
        deleting={deleteStudent.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
