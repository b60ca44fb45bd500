import type { FacultyProfileField } from '@examiq/contracts';
import { type Faculty, facultyInputOf, PEOPLE_MESSAGES } from '@examiq/contracts';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { RecordDetail } from '@/components/detail-view';
import { PageHeader } from '@/components/page-header';
import { updatePersonSubmit } from '@/components/person-form';
import { WithSettings } from '@/components/with-settings';
import { useFaculty } from './api/get-faculty';
import { useUpdateFaculty } from './api/update-faculty';
import { FacultyForm, useFacultyForm } from './faculty-form';

export default function EditFacultyPage() {
  const { id = '' } = useParams();
  const faculty = useFaculty(id);
  const detailPath = `/admin/faculty/${encodeURIComponent(id)}`;

  return (
    <>
      <BackLink to={detailPath}>Back to Faculty Details</BackLink>
      <PageHeader
        title="Edit Faculty"
        description="Change any detail of the faculty member with the same rules as when they were created; a new email becomes their sign-in."
      />
      <RecordDetail
        query={faculty}
        loadingLabel="Loading faculty details"
        notFound={{
          title: 'No Faculty Found',
          message: 'The requested faculty member could not be found.',
          listTo: '/admin/faculty',
          listLabel: 'View all faculty',
        }}
        error={{
          title: 'Error Loading Faculty',
          fallback: PEOPLE_MESSAGES.fetchFacultyDetailFailed,
        }}
      >
        {(record) => (
          <WithSettings>
            {(settings) => (
              <EditFacultyForm
                faculty={record}
                required={settings.requiredFacultyFields}
                detailPath={detailPath}
              />
            )}
          </WithSettings>
        )}
      </RecordDetail>
    </>
  );
}

function EditFacultyForm({
  faculty,
  required,
  detailPath,
}: {
  faculty: Faculty;
  required: readonly FacultyProfileField[];
  detailPath: string;
}) {
  const navigate = useNavigate();
  const updateFaculty = useUpdateFaculty();
  const form = useFacultyForm(facultyInputOf(faculty), required);
  const onSubmit = updatePersonSubmit(
    form,
    (payload) => updateFaculty.mutateAsync({ id: faculty._id, payload }),
    PEOPLE_MESSAGES.updateFacultyFailed,
    () => navigate(detailPath),
  );
  return (
    <FacultyForm
      form={form}
      required={required}
      onSubmit={onSubmit}
      submitLabel="Save Changes"
      cancelTo={detailPath}
    />
  );
}
