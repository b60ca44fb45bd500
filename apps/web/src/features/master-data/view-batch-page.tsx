import { PageHeader } from '@/components/page-header';

export default function ViewBatchPage() {
  return (
    <PageHeader
      title="All Batches"
      description="Every batch of the institution, by start and end year."
    />
  );
}
