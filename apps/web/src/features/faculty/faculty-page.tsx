import { Plus } from 'lucide-react';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';

export default function FacultyPage() {
  return (
    <PageHeader
      title="Faculty"
      description="All faculty accounts of the institution, with their department, designation and status."
      actions={
        <ButtonLink to="create-faculty">
          <Plus aria-hidden="true" className="size-4" />
          Create
        </ButtonLink>
      }
    />
  );
}
