import { PageHeader } from '@/components/page-header';

export default function FacultyDashboardPage() {
  return (
    <PageHeader
      title="Faculty Dashboard"
      description="Your exams and proctoring duties will appear here."
    />
  );
}
