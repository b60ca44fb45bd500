import { PageHeader } from '@/components/page-header';

export default function MasterDataPage() {
  return (
    <PageHeader
      title="Master Data"
      description="The academic structure every student and exam refers to: batches, courses, branches and sections."
    />
  );
}
