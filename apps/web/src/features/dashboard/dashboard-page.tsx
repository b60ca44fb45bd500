import { PageHeader } from '@/components/page-header';

export default function DashboardPage() {
  return (
    <PageHeader
      title="Dashboard"
      description="An overview of your institution: academic structure, exams in progress and results awaiting publication."
    />
  );
}
