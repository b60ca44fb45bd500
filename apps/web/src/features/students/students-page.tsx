import { Plus } from 'lucide-react';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';

export default function StudentsPage() {
  return (
    <PageHeader
      title="Students"
      description="All student accounts of the institution, with their roll number, course and status."
      actions={
        <ButtonLink to="create-student">
          <Plus aria-hidden="true" className="size-4" />
          Create
        </ButtonLink>
      }
    />
  );
}
