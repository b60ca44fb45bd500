import { PageHeader } from '@/components/page-header';

export default function FacultyDetailPage() {
  return (
    <PageHeader
      title="Faculty Details"
      description="The profile of one faculty member: personal, contact, professional, qualification and account information."
    />
  );
}
