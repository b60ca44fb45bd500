import { MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { plural } from '@/lib/plural';
import { useSections } from './api/get-sections';
import { RecordActions } from './record-actions';
import { RecordCard, RecordDetail, RecordsView } from './records-view';

export default function ViewSectionPage() {
  return (
    <RecordsView
      title="All Sections"
      description="Every section with its capacity and status."
      query={useSections()}
      loadingLabel="Loading sections"
      failedTitle={MASTER_DATA_MESSAGES.section.loadFailed}
      emptyTitle="No sections found"
      emptyDescription="Start by adding your first section"
      renderRecord={(section) => (
        <RecordCard
          title={`Section ${section.name}`}
          status={section.status}
          actions={
            <RecordActions kind="section" record={section} label={`Section ${section.name}`} />
          }
        >
          <RecordDetail term="Max Capacity">{plural(section.capacity, 'student')}</RecordDetail>
        </RecordCard>
      )}
    />
  );
}
