import { PageHeader } from '@/components/page-header';

export default function CreateStudentPage() {
  return (
    <PageHeader
      title="Create Student"
      description="Register a student with personal, contact, family and academic details. The student receives a default password to change at first sign-in."
    />
  );
}
