import { EXAM_RECORD_MESSAGES } from '@examiq/contracts';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { ButtonLink } from '@/components/button';
import { RecordDetail } from '@/components/detail-view';
import { EXAM_PAGE_STATES, useExam, useExamMediaUrls } from './api/get-exam';
import { ExamWizardPage } from './create-exam-page';
import { examValuesOf } from './wizard/exam-values';

/** /admin/exam/:examId/edit: a stored exam in the wizard, every step filled. */
export default function EditExamPage() {
  const { examId = '' } = useParams();
  const query = useExam(examId);
  const mediaUrls = useExamMediaUrls(examId);
  return (
    <RecordDetail query={query} loadingLabel="Loading exam" {...EXAM_PAGE_STATES}>
      {(exam) =>
        exam.changeScope === 'FULL' ? (
          <>
            <BackLink to={`/admin/exam/${exam._id}`}>Back to the exam</BackLink>
            <ExamWizardPage
              startValues={() => examValuesOf(exam)}
              examId={exam._id}
              mediaUrls={mediaUrls}
            />
          </>
        ) : (
          <div className="space-y-4 rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-900">
            <p role="status">
              {exam.changeScope === 'NONE'
                ? EXAM_RECORD_MESSAGES.resultsPublished
                : EXAM_RECORD_MESSAGES.scheduleEndOnly}
            </p>
            <ButtonLink to={`/admin/exam/${exam._id}`} variant="secondary">
              Back to the exam
            </ButtonLink>
          </div>
        )
      }
    </RecordDetail>
  );
}
