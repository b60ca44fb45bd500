import { COURSE_TYPE_LABELS, MASTER_DATA_MESSAGES } from '@examiq/contracts';
import { plural } from '@/lib/plural';
import { useCourses } from './api/get-courses';
import { RecordActions } from './record-actions';
import { RecordCard, RecordDetail, RecordsView, useParentFilters } from './records-view';

export default function ViewCoursePage() {
  const filters = useParentFilters(['batch'], 'courses');
  return (
    <RecordsView
      title="All Courses"
      description="Every course with its batch, full name, type, duration, number of semesters and status."
      query={useCourses(filters.query)}
      filters={filters}
      loadingLabel="Loading courses"
      failedTitle={MASTER_DATA_MESSAGES.course.loadFailed}
      emptyTitle="No courses found"
      emptyDescription="Start by adding your first course"
      renderRecord={(course) => (
        <RecordCard
          title={course.name}
          subtitle={course.fullName}
          path={course.path}
          status={course.status}
          actions={<RecordActions kind="course" record={course} label={course.name} />}
        >
          <RecordDetail term="Course Type">{COURSE_TYPE_LABELS[course.courseType]}</RecordDetail>
          <RecordDetail term="Duration">{plural(course.durationYears, 'year')}</RecordDetail>
          <RecordDetail term="Semesters">{course.totalSemesters}</RecordDetail>
        </RecordCard>
      )}
    />
  );
}
