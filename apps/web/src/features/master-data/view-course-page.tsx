import { PageHeader } from '@/components/page-header';

export default function ViewCoursePage() {
  return (
    <PageHeader
      title="All Courses"
      description="Every course with its full name, type, duration, number of semesters and status."
    />
  );
}
