import { PageHeader } from '@/components/page-header';

export default function ViewBranchPage() {
  return <PageHeader title="All Branches" description="Every branch with its code and status." />;
}
