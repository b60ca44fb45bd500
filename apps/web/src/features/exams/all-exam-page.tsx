import { Plus } from 'lucide-react';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';

export default function AllExamPage() {
  return (
    <PageHeader
      title="All Exams"
      description="Every exam with its subject, mode, status, marks and schedule."
      actions={
        <ButtonLink to="../create-exam" relative="path">
          <Plus aria-hidden="true" className="size-4" />
          Create
        </ButtonLink>
      }
    />
  );
}
