import { type Faculty, PEOPLE_MESSAGES } from '@examiq/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ButtonLink } from '@/components/button';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { PersonCell } from '@/components/person-cell';
import { RowActions } from '@/components/row-actions';
import { StatusBadge } from '@/components/status-badge';
import { Table, type TableColumn } from '@/components/table';
import { getServerMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { usePageParam } from '@/lib/use-page-param';
import { useDeleteFaculty } from './api/delete-faculty';
import { useFacultyList } from './api/get-faculty-list';

interface DeleteTarget {
  id: string;
  name: string;
}

export default function FacultyPage() {
  const [page, setPage] = usePageParam();
  const faculty = useFacultyList(page);
  const deleteFaculty = useDeleteFaculty();
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const rows = faculty.data?.faculty ?? [];

  const columns: TableColumn<Faculty>[] = [
    {
      key: 'name',
      header: 'Name',
      width: '210px',
      cell: (member) => (
        <PersonCell
          photo={member.personalInfo.photo}
          name={fullName(member.personalInfo)}
          detail={<span className="2xl:hidden">{member.email}</span>}
        />
      ),
    },
    { key: 'facultyId', header: 'Faculty ID', width: '150px', cell: (m) => m.facultyId },
    {
      key: 'employeeId',
      header: 'Employee ID',
      width: '120px',
      cell: (m) => m.professionalInfo.employeeId,
    },
    { key: 'email', header: 'Email', width: '200px', wideOnly: true, cell: (m) => m.email },
    {
      key: 'department',
      header: 'Department',
      width: '160px',
      wideOnly: true,
      cell: (m) => m.professionalInfo.department,
    },
    {
      key: 'designation',
      header: 'Designation',
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
      cell: (m) => <StatusBadge status={m.status} />,
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
          <ButtonLink to="create-faculty">
            <Plus aria-hidden="true" className="size-4" />
            Create
          </ButtonLink>
        }
      />
      {faculty.isError && (
        <ErrorBanner
          title={PEOPLE_MESSAGES.fetchFacultyFailed}
          message={getServerMessage(faculty.error)}
          onRetry={() => void faculty.refetch()}
        />
      )}
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
            : 'Create the first faculty member with the Create button.'
        }
        label="faculty"
        pagination={faculty.data?.pagination}
        onPageChange={setPage}
      />
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
