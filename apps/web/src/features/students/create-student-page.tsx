import { PEOPLE_MESSAGES, type StudentProfileField } from '@examiq/contracts';
import { useState } from 'react';
import { BackLink } from '@/components/back-link';
import { DefaultPasswordDialog } from '@/components/default-password-dialog';
import { PageHeader } from '@/components/page-header';
import { createPersonSubmit } from '@/components/person-form';
import { WithSettings } from '@/components/with-settings';
import { useCreateStudent } from './api/create-student';
import { emptyStudent, StudentForm, useStudentForm } from './student-form';

export default function CreateStudentPage() {
  return (
    <WithSettings>
      {(settings) => <CreateStudent required={settings.requiredStudentFields} />}
    </WithSettings>
  );
}

function CreateStudent({ required }: { required: readonly StudentProfileField[] }) {
  const createStudent = useCreateStudent();
  const form = useStudentForm(emptyStudent, required);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);
  const onSubmit = createPersonSubmit(
    form,
    async (payload) => {
      const answer = await createStudent.mutateAsync(payload);
      const { firstName, lastName } = payload.personalInfo;
      setCreated({ name: `${firstName} ${lastName}`, password: answer.defaultPassword });
      return answer;
    },
    PEOPLE_MESSAGES.createStudentFailed,
  );

  return (
    <>
      <BackLink to="/admin/student">Back to Students</BackLink>
      <PageHeader
        title="Create Student"
        description="Register a student with personal, contact, family and academic details. The student receives a default password to change at first sign-in."
      />
      <StudentForm
        form={form}
        required={required}
        onSubmit={onSubmit}
        submitLabel="Create Student"
        cancelTo="/admin/student"
      />
      <DefaultPasswordDialog
        password={created?.password ?? null}
        name={created?.name ?? ''}
        title="Student Created"
        onClose={() => setCreated(null)}
      />
    </>
  );
}
