import { MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { plural } from '@/lib/plural';
import { useSections } from './api/get-sections';
import { RecordActions } from './record-actions';
import { RecordCard, RecordDetail, RecordsView, useParentFilters } from './records-view';

export default function ViewSectionPage() {
  const filters = useParentFilters(['batch', 'course', 'branch'], 'sections');
  return (
    <RecordsView
      title="All Sections"
      description="Every section with its branch, course and batch, its capacity and status."
      query={useSections(filters.query)}
      filters={filters}
      loadingLabel="Loading sections"
      failedTitle={MASTER_DATA_MESSAGES.section.loadFailed}
      emptyTitle="No sections found"
      emptyDescription="Start by adding your first section"
      renderRecord={(section) => (
        <RecordCard
          title={`Section ${section.name}`}
          path={section.path}
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
