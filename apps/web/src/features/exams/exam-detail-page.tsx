import {
  EXAM_RECORD_MESSAGES,
  type ExamChangeScope,
  type ExamDetail,
  QUESTION_EXPORT_FORMATS,
  QUESTION_FORMAT_LABELS,
  QUESTION_TYPE_LABELS,
  scheduleText,
} from '@examiq/contracts';
import {
  BarChart3,
  CalendarClock,
  Copy,
  Download,
  Eye,
  MonitorCheck,
  Pencil,
  Printer,
  Trash2,
  UsersRound,
} from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Button, ButtonLink } from '@/components/button';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Content, MediaUrlsProvider } from '@/components/content/content';
import { Chip, DetailItem, DetailSection, RecordDetail } from '@/components/detail-view';
import { PageHeader } from '@/components/page-header';
import { getErrorMessage, getServerMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useDeleteExam, useDuplicateExam } from './api/change-exam';
import { useExportExamQuestions } from './api/export-exam-questions';
import { EXAM_PAGE_STATES, useExam, useExamMediaUrls } from './api/get-exam';
import { EndExamNowButton } from './end-exam-dialog';
import { ExamStatusBadge } from './exam-status-badge';
import { ModeBadge } from './mode-badge';
import { proctoringRulesText } from './proctoring-rules-text';
import { QuestionKey } from './question-key';
import { ScheduleEndDialog } from './schedule-end-dialog';

const CHANGE_NOTES: Record<ExamChangeScope, string> = {
  FULL: 'Everything can still change: open it in the wizard to edit, publish or unpublish it.',
  SCHEDULE_END: EXAM_RECORD_MESSAGES.scheduleEndOnly,
  NONE: EXAM_RECORD_MESSAGES.resultsPublished,
};

const EXPORT_FAILED = 'Failed to export the questions';

/** The spec's schedule text, with the end of a one-day sitting, which is what moves once started. */
function whenText(schedule: ExamDetail['scheduleDetails']): string {
  const text = scheduleText(schedule);
  return schedule.endTime ? `${text} to ${schedule.endTime}` : text;
}

/** /admin/exam/:examId: everything an exam holds, with its answer key, and what can be done. */
export default function ExamDetailPage() {
  const { examId = '' } = useParams();
  const query = useExam(examId);
  const mediaUrls = useExamMediaUrls(examId);
  return (
    <>
      <BackLink to="/admin/exam/all-exam">Back to All Exams</BackLink>
      <RecordDetail query={query} loadingLabel="Loading exam details" {...EXAM_PAGE_STATES}>
        {(exam) => (
          <MediaUrlsProvider mediaUrls={mediaUrls}>
            <ExamDetailView exam={exam} />
          </MediaUrlsProvider>
        )}
      </RecordDetail>
    </>
  );
}

function ExamDetailView({ exam }: { exam: ExamDetail }) {
  return (
    <div className="space-y-6">
      <PageHeader
        title={exam.examTitle}
        description={`${exam.examId} · ${exam.subject}`}
        actions={<ExamActions exam={exam} />}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailSection title="Summary">
          <DetailItem term="Status">
            <ExamStatusBadge status={exam.examStatus} />
          </DetailItem>
          <DetailItem term="Mode">
            <ModeBadge mode={exam.examMode} />
          </DetailItem>
          <DetailItem term="Total Marks">{exam.totalMarks}</DetailItem>
          <DetailItem term="Passing Marks">{exam.passingMarks}</DetailItem>
          <DetailItem term="Duration">{plural(exam.duration, 'minute')}</DetailItem>
          <DetailItem term="Answers After Results">
            {exam.showAnswersAfterPublish ? 'Shown to students' : 'Hidden'}
          </DetailItem>
          <DetailItem term="Description" className="sm:col-span-2">
            {exam.examDescription}
          </DetailItem>
          <DetailItem term="General Instructions" className="sm:col-span-2">
            <ol className="list-decimal space-y-1 pl-5">
              {exam.generalInstructions.map((line, index) => (
                // Instructions are plain lines that may repeat; their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index}>
                  <Content source={line} />
                </li>
              ))}
            </ol>
          </DetailItem>
        </DetailSection>
        <div className="space-y-6">
          <DetailSection title="Audience">
            <DetailItem term="Batch">{exam.audience.batch}</DetailItem>
            <DetailItem term="Course">{exam.audience.course}</DetailItem>
            <DetailItem term="Branch">{exam.audience.branch}</DetailItem>
            <DetailItem term="Sections">
              <span className="flex flex-wrap gap-1.5">
                {exam.audience.sections.map((name) => (
                  <Chip key={name}>{`Section ${name}`}</Chip>
                ))}
              </span>
            </DetailItem>
            {exam.audience.groups.length > 1 && (
              <DetailItem term="Also sitting this paper" className="sm:col-span-2">
                <ul className="space-y-1">
                  {exam.audience.groups.slice(1).map((group) => (
                    <li key={`${group.course} ${group.branch}`}>
                      {`${group.branch}, ${group.course} · ${group.sections.map((name) => `Section ${name}`).join(', ')}`}
                    </li>
                  ))}
                </ul>
              </DetailItem>
            )}
            {exam.examMode === 'PROCTORING' && (
              <DetailItem term="Proctors" className="sm:col-span-2">
                {exam.audience.faculty.map((member) => member.name).join(', ')}
              </DetailItem>
            )}
          </DetailSection>
          <DetailSection title="Schedule">
            <DetailItem term="When">{whenText(exam.scheduleDetails)}</DetailItem>
            <DetailItem term="Buffers">
              {`${plural(exam.scheduleDetails.bufferTime.beforeExam, 'minute')} before, ${plural(exam.scheduleDetails.bufferTime.afterExam, 'minute')} after`}
            </DetailItem>
            <DetailItem term="Started">{plural(exam.startedCount, 'student')}</DetailItem>
            <DetailItem term="Sitting Now">{plural(exam.inProgressCount, 'student')}</DetailItem>
            <DetailItem term="Changes" className="sm:col-span-2">
              {CHANGE_NOTES[exam.changeScope]}
            </DetailItem>
          </DetailSection>
          {exam.proctoringThresholds && <ProctoringRules {...exam.proctoringThresholds} />}
        </div>
      </div>
      <ExportQuestions exam={exam} />
      {exam.examSections.map((section, index) => (
        <DetailSection
          key={section.id}
          title={`${section.order}. ${section.name} · ${QUESTION_TYPE_LABELS[section.questionType]}`}
        >
          <DetailItem term="Marks">{section.marks}</DetailItem>
          <DetailItem term="Time Limit">
            {section.timeLimit > 0 ? plural(section.timeLimit, 'minute') : 'None'}
          </DetailItem>
          <DetailItem term="Total Questions">{section.totalQuestions}</DetailItem>
          <DetailItem term="Optional">{section.isOptional ? 'Yes' : 'No'}</DetailItem>
          {section.instructions.length > 0 && (
            <DetailItem term="Instructions" className="sm:col-span-2">
              <ul className="list-disc space-y-1 pl-5">
                {section.instructions.map((line, position) => (
                  // Instructions are plain lines that may repeat; their place is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <li key={position}>
                    <Content source={line} />
                  </li>
                ))}
              </ul>
            </DetailItem>
          )}
          <DetailItem term="Questions and Answer Keys" className="sm:col-span-2">
            <ol className="mt-2 space-y-4 font-normal">
              {(exam.questions[index] ?? []).map((question, position) => (
                <QuestionKey key={question.id} question={question} number={position + 1} />
              ))}
            </ol>
          </DetailItem>
        </DetailSection>
      ))}
    </div>
  );
}

/** When the proctors are warned, when a signal is a flag, and whether flags end the attempt. */
function ProctoringRules(thresholds: NonNullable<ExamDetail['proctoringThresholds']>) {
  const text = proctoringRulesText(thresholds);
  return (
    <DetailSection title="Proctoring Rules">
      <DetailItem term="Warning Threshold">{text.warning}</DetailItem>
      <DetailItem term="Flag Threshold">{text.flag}</DetailItem>
      <DetailItem term="Automatic Submission" className="sm:col-span-2">
        {text.autoSubmit}
      </DetailItem>
    </DetailSection>
  );
}

/** The questions with their answer keys as a file another exam system reads. */
function ExportQuestions({ exam }: { exam: ExamDetail }) {
  const exported = useExportExamQuestions(exam._id, `${exam.examId}-questions`);
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white px-5 py-3.5 shadow-sm">
      <legend className="float-left mb-2 font-semibold text-slate-900 sm:mr-4 sm:mb-0 sm:py-1">
        Export questions
      </legend>
      <div className="clear-left flex flex-wrap gap-2 sm:clear-none">
        {QUESTION_EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="secondary"
            size="sm"
            onClick={() => exported.mutate(format)}
            disabled={exported.isPending}
          >
            <Download aria-hidden="true" className="size-4" />
            {QUESTION_FORMAT_LABELS[format]}
          </Button>
        ))}
      </div>
      {exported.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {getErrorMessage(exported.error, EXPORT_FAILED)}
        </p>
      )}
    </fieldset>
  );
}

function ExamActions({ exam }: { exam: ExamDetail }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [movingEnd, setMovingEnd] = useState(false);
  const remove = useDeleteExam();
  const duplicate = useDuplicateExam();

  async function confirmDelete() {
    try {
      await remove.mutateAsync(exam._id);
    } catch (error) {
      toast.error(getServerMessage(error) ?? EXAM_RECORD_MESSAGES.deleteFailed);
      setConfirming(false);
      return;
    }
    toast.success(EXAM_RECORD_MESSAGES.deleted);
    navigate('/admin/exam/all-exam');
  }

  async function copy() {
    try {
      const created = await duplicate.mutateAsync(exam._id);
      toast.success(EXAM_RECORD_MESSAGES.duplicated);
      navigate(`/admin/exam/${created._id}`);
    } catch (error) {
      toast.error(getServerMessage(error) ?? EXAM_RECORD_MESSAGES.duplicateFailed);
    }
  }

  return (
    <>
      {exam.changeScope === 'FULL' && (
        <ButtonLink to={`/admin/exam/${exam._id}/edit`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </ButtonLink>
      )}
      {exam.changeScope === 'SCHEDULE_END' && (
        <Button onClick={() => setMovingEnd(true)}>
          <CalendarClock aria-hidden="true" className="size-4" />
          Change End Time
        </Button>
      )}
      <ButtonLink to={`/admin/exam/${exam._id}/preview`} variant="secondary">
        <Eye aria-hidden="true" className="size-4" />
        Preview as a student
      </ButtonLink>
      <ButtonLink to={`/admin/exam/${exam._id}/print`} variant="secondary">
        <Printer aria-hidden="true" className="size-4" />
        Print paper
      </ButtonLink>
      <ButtonLink to={`/admin/exam/${exam._id}/print-key`} variant="secondary">
        <Printer aria-hidden="true" className="size-4" />
        Print answer key
      </ButtonLink>
      <EndExamNowButton examId={exam._id} />
      <Button variant="secondary" onClick={() => void copy()} loading={duplicate.isPending}>
        <Copy aria-hidden="true" className="size-4" />
        Duplicate
      </Button>
      {exam.examStatus === 'PUBLISH' && (
        <>
          {exam.examMode === 'PROCTORING' && (
            <ButtonLink to={`/admin/exam/exam-ui?examId=${exam._id}`} variant="secondary">
              <MonitorCheck aria-hidden="true" className="size-4" />
              Open monitor
            </ButtonLink>
          )}
          <ButtonLink to={`/admin/exam/${exam._id}/sittings`} variant="secondary">
            <UsersRound aria-hidden="true" className="size-4" />
            Sittings
          </ButtonLink>
          <ButtonLink to={`/admin/exam/${exam._id}/results`} variant="secondary">
            <BarChart3 aria-hidden="true" className="size-4" />
            Results
          </ButtonLink>
        </>
      )}
      {exam.startedCount === 0 && (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      )}
      <ConfirmDeleteDialog
        name={confirming ? exam.examTitle : null}
        title="Delete Exam"
        warning="This action cannot be undone. It permanently removes the exam with its sections and questions."
        deleting={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
      <ScheduleEndDialog exam={exam} open={movingEnd} onClose={() => setMovingEnd(false)} />
    </>
  );
}
