import { PageHeader } from '@/components/page-header';

export default function CreateFacultyPage() {
  return (
    <PageHeader
      title="Create Faculty"
      description="Register a faculty member with personal, contact and professional details. They receive a default password to change at first sign-in."
    />
  );
}
