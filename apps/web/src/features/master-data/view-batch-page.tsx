import { MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { useBatches } from '@/lib/lookups/get-batches';
import { plural } from '@/lib/plural';
import { RecordActions } from './record-actions';
import { RecordCard, RecordDetail, RecordsView } from './records-view';

export default function ViewBatchPage() {
  return (
    <RecordsView
      title="All Batches"
      description="Every batch of the institution, by start and end year."
      query={useBatches()}
      loadingLabel="Loading batches"
      failedTitle={MASTER_DATA_MESSAGES.batch.loadFailed}
      emptyTitle="No batches found"
      emptyDescription="Start by adding your first batch"
      renderRecord={(batch) => (
        <RecordCard
          title={batch.name}
          status={batch.status}
          actions={<RecordActions kind="batch" record={batch} label={`Batch ${batch.name}`} />}
        >
          <RecordDetail term="Duration">
            {plural(batch.endYear - batch.startYear, 'year')}
          </RecordDetail>
        </RecordCard>
      )}
    />
  );
}
