import { PageHeader } from '@/components/page-header';

export default function StudentDashboardPage() {
  return (
    <PageHeader
      title="Student Dashboard"
      description="Your upcoming exams and results will appear here."
    />
  );
}
