import type { StudentProfileField } from '@examiq/contracts';
import { PEOPLE_MESSAGES, type Student, studentInputOf } from '@examiq/contracts';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { RecordDetail } from '@/components/detail-view';
import { PageHeader } from '@/components/page-header';
import { updatePersonSubmit } from '@/components/person-form';
import { WithSettings } from '@/components/with-settings';
import { useStudent } from './api/get-student';
import { useUpdateStudent } from './api/update-student';
import { StudentForm, useStudentForm } from './student-form';

export default function EditStudentPage() {
  const { id = '' } = useParams();
  const student = useStudent(id);
  const detailPath = `/admin/student/${encodeURIComponent(id)}`;

  return (
    <>
      <BackLink to={detailPath}>Back to Student Details</BackLink>
      <PageHeader
        title="Edit Student"
        description="Change any detail of the student with the same rules as when they were created; a new email becomes their sign-in."
      />
      <RecordDetail
        query={student}
        loadingLabel="Loading student details"
        notFound={{
          title: 'No Student Found',
          message: 'The requested student could not be found.',
          listTo: '/admin/student',
          listLabel: 'View all students',
        }}
        error={{
          title: 'Error Loading Student',
          fallback: PEOPLE_MESSAGES.fetchStudentDetailFailed,
        }}
      >
        {(record) => (
          <WithSettings>
            {(settings) => (
              <EditStudentForm
                student={record}
                required={settings.requiredStudentFields}
                detailPath={detailPath}
              />
            )}
          </WithSettings>
        )}
      </RecordDetail>
    </>
  );
}

function EditStudentForm({
  student,
  required,
  detailPath,
}: {
  student: Student;
  required: readonly StudentProfileField[];
  detailPath: string;
}) {
  const navigate = useNavigate();
  const updateStudent = useUpdateStudent();
  const form = useStudentForm(studentInputOf(student), required);
  const onSubmit = updatePersonSubmit(
    form,
    (payload) => updateStudent.mutateAsync({ id: student._id, payload }),
    PEOPLE_MESSAGES.updateStudentFailed,
    () => navigate(detailPath),
  );
  return (
    <StudentForm
      form={form}
      required={required}
      onSubmit={onSubmit}
      submitLabel="Save Changes"
      cancelTo={detailPath}
    />
  );
}
