import { BookOpenCheck } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { getErrorMessage, getServerMessage } from '@/lib/api-client';
import { type InstructorArea, useChooseExam, useDeepLinkChoices } from './lti';

/**
 * `/{area}/lti/deep-link/{id}`: an instructor adding an ExamIQ exam to their LMS course picks one
 * of the published exams they may use; ExamIQ then posts the signed choice back to the LMS.
 */
export default function DeepLinkPage({ area }: { area: InstructorArea }) {
  const { id = '' } = useParams();
  const query = useDeepLinkChoices(area, id);
  const choose = useChooseExam(area, id);
  const onChoose = async (examId: string) => {
    const { continueUrl } = await choose.mutateAsync(examId);
    // A full navigation: that page posts the choice to the LMS.
    window.location.assign(continueUrl);
  };
  return (
    <>
      <PageHeader
        title="Add an exam to your course"
        description={
          query.data
            ? `Choose the exam ${query.data.platformName} shows as a course activity. Its scores return to the course's gradebook once results are published.`
            : 'Choose the exam your LMS shows as a course activity.'
        }
      />
      {choose.isError && (
        <div className="mb-4">
          <ErrorBanner
            title="The exam could not be added"
            message={getErrorMessage(choose.error, 'Please try again.')}
          />
        </div>
      )}
      {query.isPending ? (
        <Spinner className="size-6 text-brand-600" label="Loading exams" />
      ) : query.isError ? (
        <ErrorBanner
          title="This selection cannot continue"
          message={getServerMessage(query.error)}
        />
      ) : query.data.exams.length === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <EmptyState
            title="No published exam to add"
            description="Exams you proctor or evaluate appear here once they are published."
          />
        </div>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {query.data.exams.map((exam) => (
            <li
              key={exam._id}
              className="flex flex-col justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <BookOpenCheck aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{exam.title}</p>
                  <p className="text-sm text-slate-600">
                    {`${exam.examId} · ${exam.subject} · ${exam.totalMarks} marks`}
                  </p>
                </div>
              </div>
              <Button
                onClick={() => void onChoose(exam._id).catch(() => {})}
                loading={choose.isPending && choose.variables === exam._id}
                disabled={choose.isPending}
                aria-label={`Add ${exam.title}`}
              >
                Add to course
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
