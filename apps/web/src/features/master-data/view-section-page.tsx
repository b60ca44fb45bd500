import { PageHeader } from '@/components/page-header';

export default function ViewSectionPage() {
  return (
    <PageHeader title="All Sections" description="Every section with its capacity and status." />
  );
}
