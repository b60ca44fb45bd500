import { PEOPLE_MESSAGES } from '@examiq/contracts';
import { useState } from 'react';
import { BackLink } from '@/components/back-link';
import { DefaultPasswordDialog } from '@/components/default-password-dialog';
import { PageHeader } from '@/components/page-header';
import { createPersonSubmit } from '@/components/person-form';
import { useCreateStudent } from './api/create-student';
import { emptyStudent, StudentForm, useStudentForm } from './student-form';

export default function CreateStudentPage() {
  const createStudent = useCreateStudent();
  const form = useStudentForm(emptyStudent);
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
