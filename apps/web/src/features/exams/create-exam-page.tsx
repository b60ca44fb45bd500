import { PageHeader } from '@/components/page-header';

export default function CreateExamPage() {
  return (
    <PageHeader
      title="Create Exam"
      description="Set up an exam step by step: information, target audience, schedule, structure and questions. Save it as a draft or publish it."
    />
  );
}
