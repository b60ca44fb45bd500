import { PageHeader } from '@/components/page-header';

export default function ExamMonitorPage() {
  return (
    <PageHeader
      title="Live Proctoring"
      description="Watch every candidate of a proctored exam, follow alerts and message students while the exam runs."
    />
  );
}
