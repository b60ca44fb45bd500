import { MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { useBranches } from './api/get-branches';
import { RecordActions } from './record-actions';
import { RecordCard, RecordDetail, RecordsView, useParentFilters } from './records-view';

export default function ViewBranchPage() {
  const filters = useParentFilters(['batch', 'course'], 'branches');
  return (
    <RecordsView
      title="All Branches"
      description="Every branch with its course and batch, its code and status."
      query={useBranches(filters.query)}
      filters={filters}
      loadingLabel="Loading branches"
      failedTitle={MASTER_DATA_MESSAGES.branch.loadFailed}
      emptyTitle="No branches found"
      emptyDescription="Start by adding your first branch"
      renderRecord={(branch) => (
        <RecordCard
          title={branch.name}
          path={branch.path}
          status={branch.status}
          actions={
            <RecordActions
              kind="branch"
              record={branch}
              label={`${branch.name} (${branch.code})`}
            />
          }
        >
          <RecordDetail term="Code">
            <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">
              {branch.code}
            </span>
          </RecordDetail>
        </RecordCard>
      )}
    />
  );
}
