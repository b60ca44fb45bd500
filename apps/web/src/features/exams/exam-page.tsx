import { List, MonitorCheck, Plus } from 'lucide-react';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { ExamTable } from './all-exam-page';

export default function ExamPage() {
  return (
    <>
      <PageHeader
        title="Exams"
        description="Create exams for a batch and section, follow their schedule and supervise proctored sittings."
        actions={
          <>
            <ButtonLink to="all-exam" variant="secondary">
              <List aria-hidden="true" className="size-4" />
              All Exams
            </ButtonLink>
            <ButtonLink to="live-proctoring" variant="secondary">
              <MonitorCheck aria-hidden="true" className="size-4" />
              Live Proctoring
            </ButtonLink>
            <ButtonLink to="create-exam">
              <Plus aria-hidden="true" className="size-4" />
              Create
            </ButtonLink>
          </>
        }
      />
      <ExamTable />
    </>
  );
}
