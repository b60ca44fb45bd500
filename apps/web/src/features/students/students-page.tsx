import { PEOPLE_MESSAGES, type Student } from '@examiq/contracts';
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
import { useDeleteStudent } from './api/delete-student';
import { useStudents } from './api/get-students';

interface DeleteTarget {
  id: string;
  name: string;
}

export default function StudentsPage() {
  const [page, setPage] = usePageParam();
  const students = useStudents(page);
  const deleteStudent = useDeleteStudent();
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const rows = students.data?.students ?? [];

  const columns: TableColumn<Student>[] = [
    {
      key: 'name',
      header: 'Name',
      width: '220px',
      cell: (student) => (
        <PersonCell
          photo={student.personalInfo.photo}
          name={fullName(student.personalInfo)}
          detail={<span className="2xl:hidden">{student.email}</span>}
        />
      ),
    },
    { key: 'studentId', header: 'Student ID', width: '150px', cell: (s) => s.studentId },
    { key: 'rollNumber', header: 'Roll Number', width: '120px', cell: (s) => s.rollNumber },
    { key: 'email', header: 'Email', width: '210px', wideOnly: true, cell: (s) => s.email },
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
      cell: (s) => <StatusBadge status={s.status} />,
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
          <ButtonLink to="create-student">
            <Plus aria-hidden="true" className="size-4" />
            Create
          </ButtonLink>
        }
      />
      {students.isError && (
        <ErrorBanner
          title={PEOPLE_MESSAGES.fetchStudentsFailed}
          message={getServerMessage(students.error)}
          onRetry={() => void students.refetch()}
        />
      )}
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
            : 'Create the first student with the Create button.'
        }
        label="students"
        pagination={students.data?.pagination}
        onPageChange={setPage}
      />
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
