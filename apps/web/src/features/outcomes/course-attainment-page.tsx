import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Dropdown } from '@/components/dropdown';
import { EmptyState } from '@/components/empty-state';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { TextField } from '@/components/text-field';
import { getServerMessage } from '@/lib/api-client';
import { useBranchesByCourse } from '@/lib/lookups/get-branches-by-course';
import { useSectionsByBranch } from '@/lib/lookups/get-sections-by-branch';
import { plural } from '@/lib/plural';
import { useListParams } from '@/lib/use-list-params';
import { useCourseAttainment, useExportCourseAttainment } from './api/attainment-api';
import { AttainmentChart, OutcomesTable, ReportActions } from './attainment-parts';

const PARAMS = ['branch', 'section', 'from', 'to'] as const;

/**
 * A course's outcome attainment over a term: every exam of the course whose results are published
 * and whose day is in the range, for all its students or one section's. The choice is kept in the
 * address, so a printed or shared report names its term.
 */
export default function CourseAttainmentPage() {
  const { courseId = '' } = useParams();
  const [values, setValues] = useListParams(PARAMS);
  const term = { sectionId: values.section, from: values.from, to: values.to };
  const attainment = useCourseAttainment(courseId, term);
  const branches = useBranchesByCourse(courseId);
  const sections = useSectionsByBranch(values.branch);
  const exportFile = useExportCourseAttainment(courseId, term);
  const data = attainment.data;
  return (
    <>
      <div className="print:hidden">
        <BackLink to={`/admin/question-bank/course/${courseId}`}>
          Back to the course's bank
        </BackLink>
      </div>
      <PageHeader
        title="Course CO Attainment"
        description={
          data
            ? `${data.course.name} (${data.course.batchName}): each outcome over the exams of the term.`
            : 'Each course outcome over the exams of a term.'
        }
        actions={<ReportActions exportFile={exportFile} />}
      />
      <fieldset className="mb-6 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 xl:grid-cols-4 print:hidden">
        <legend className="sr-only">Term and students</legend>
        <Dropdown
          label="Branch"
          placeholder="All branches"
          options={(branches.data ?? []).map((branch) => ({
            value: branch._id,
            label: branch.name,
          }))}
          loading={branches.isPending}
          value={values.branch}
          onChange={(event) => setValues({ branch: event.target.value, section: '' })}
        />
        <Dropdown
          label="Section"
          placeholder="All sections"
          options={(sections.data ?? []).map((section) => ({
            value: section._id,
            label: section.name,
          }))}
          disabled={values.branch === ''}
          value={values.section}
          onChange={(event) => setValues({ section: event.target.value })}
        />
        <TextField
          label="From"
          type="date"
          value={values.from}
          onChange={(event) => setValues({ from: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={values.to}
          onChange={(event) => setValues({ to: event.target.value })}
        />
      </fieldset>
      {attainment.isError && (
        <ErrorBanner
          title="The report could not be loaded"
          message={getServerMessage(attainment.error)}
          onRetry={() => void attainment.refetch()}
        />
      )}
      {attainment.isPending && <Skeleton className="h-72" />}
      {data &&
        (data.exams.length === 0 ? (
          <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
            <EmptyState
              title="No exam in this term"
              description="Attainment is measured from exams of this course whose results are published. Widen the dates, or publish results first."
            />
          </div>
        ) : (
          <div className="space-y-6">
            <p className="text-sm text-slate-600">
              Over {plural(data.exams.length, 'exam')}:{' '}
              {data.exams.map((exam) => `${exam.title} (${exam.day})`).join(', ')}.
            </p>
            <AttainmentChart outcomes={data.outcomes} levels={data.levels} />
            <OutcomesTable outcomes={data.outcomes} />
          </div>
        ))}
    </>
  );
}
