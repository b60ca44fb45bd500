import { PageHeader } from '@/components/page-header';

export default function StudentDetailPage() {
  return (
    <PageHeader
      title="Student Details"
      description="The profile of one student: personal, academic, contact, family and account information."
    />
  );
}
