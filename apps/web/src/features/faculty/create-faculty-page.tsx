import { type FacultyProfileField, PEOPLE_MESSAGES } from '@examiq/contracts';
import { useState } from 'react';
import { BackLink } from '@/components/back-link';
import { DefaultPasswordDialog } from '@/components/default-password-dialog';
import { PageHeader } from '@/components/page-header';
import { createPersonSubmit } from '@/components/person-form';
import { WithSettings } from '@/components/with-settings';
import { useCreateFaculty } from './api/create-faculty';
import { emptyFaculty, FacultyForm, useFacultyForm } from './faculty-form';

export default function CreateFacultyPage() {
  return (
    <WithSettings>
      {(settings) => <CreateFaculty required={settings.requiredFacultyFields} />}
    </WithSettings>
  );
}

function CreateFaculty({ required }: { required: readonly FacultyProfileField[] }) {
  const createFaculty = useCreateFaculty();
  const form = useFacultyForm(emptyFaculty, required);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);
  const onSubmit = createPersonSubmit(
    form,
    async (payload) => {
      const answer = await createFaculty.mutateAsync(payload);
      const { firstName, lastName } = payload.personalInfo;
      setCreated({ name: `${firstName} ${lastName}`, password: answer.defaultPassword });
      return answer;
    },
    PEOPLE_MESSAGES.createFacultyFailed,
  );

  return (
    <>
      <BackLink to="/admin/faculty">Back to Faculty</BackLink>
      <PageHeader
        title="Create Faculty"
        description="Register a faculty member with personal, contact and professional details. They receive a default password to change at first sign-in."
      />
      <FacultyForm
        form={form}
        required={required}
        onSubmit={onSubmit}
        submitLabel="Create Faculty"
        cancelTo="/admin/faculty"
      />
      <DefaultPasswordDialog
        password={created?.password ?? null}
        name={created?.name ?? ''}
        title="Faculty Created"
        onClose={() => setCreated(null)}
      />
    </>
  );
}
