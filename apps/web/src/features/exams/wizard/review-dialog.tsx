import {
  EXAM_MESSAGES,
  EXAM_MODE_LABELS,
  type ExamStatus,
  QUESTION_TYPE_LABELS,
} from '@examiq/contracts';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { formatDate } from '@/lib/format';
import { useLookupCascade } from '@/lib/lookups/use-lookup-cascade';
import { plural } from '@/lib/plural';
import { proctoringRulesText } from '../proctoring-rules-text';
import { drawSummary } from './draw-summary';
import { RESULT_SETTINGS, SHUFFLE_SETTINGS } from './exam-info-step';
import { drawnTotal, type ExamWizardValues, type WizardSection } from './exam-values';
import { paperShares } from './paper-shares';
import { PaperSharesPanel } from './paper-shares-panel';
import { thresholdsOf } from './steps';

interface ReviewDialogProps {
  open: boolean;
  saving: ExamStatus | null;
  onClose: () => void;
  onSave: (status: ExamStatus) => void;
}

/**
 * What Complete opens: the exam at a glance, to check before choosing Draft or Publish. The
 * header buttons do the same; this is the natural end of the last step.
 */
/** An AUTO exam's date, with its clock time when it has one. */
const dateAndTime = (date: string, time: string | undefined) =>
  time ? `${formatDate(date)}, ${time}` : formatDate(date);

export function ReviewDialog({ open, saving, onClose, onSave }: ReviewDialogProps) {
  return (
    <Modal
      open={open}
      onClose={saving ? () => {} : onClose}
      title="Review exam"
      size="lg"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={saving !== null}>
            Keep editing
          </Button>
          <Button
            variant="secondary"
            loading={saving === 'DRAFT'}
            disabled={saving !== null}
            onClick={() => onSave('DRAFT')}
          >
            {saving === 'DRAFT' ? 'Saving...' : EXAM_MESSAGES.saveAsDraft}
          </Button>
          <Button
            loading={saving === 'PUBLISH'}
            disabled={saving !== null}
            onClick={() => onSave('PUBLISH')}
          >
            {saving === 'PUBLISH' ? 'Publishing...' : EXAM_MESSAGES.publishExam}
          </Button>
        </>
      }
    >
      <ExamSummary />
    </Modal>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function labelOf(options: readonly { value: string; label: string }[], value: string) {
  return options.find((option) => option.value === value)?.label ?? '';
}

/** ', and 2 more branches' after the first group, when others sit the paper too. */
function moreBranches(count: number): string {
  if (count === 0) return '';
  return `, and ${count} more ${count === 1 ? 'branch' : 'branches'}`;
}

/** The questions a section holds: written ones, or each student's drawn ones. */
function questionCountOf(section: WizardSection): number {
  return section.source === 'DRAWN' ? drawnTotal(section.draw) : section.totalQuestions;
}

function ExamSummary() {
  const { getValues } = useFormContext<ExamWizardValues>();
  const exam = getValues();
  // The lookups are cached from the Target Audience step; nothing is fetched again.
  const cascade = useLookupCascade({
    batch: { id: exam.batchId },
    courseId: exam.courseId,
    branchId: exam.branchId,
    clear: () => {},
  });
  const { scheduleDetails: schedule } = exam;
  const rules = thresholdsOf(exam);
  const proctored = rules !== null;
  const questionCount = exam.examSections.reduce(
    (total, section) => total + questionCountOf(section),
    0,
  );
  const audience = [
    labelOf(cascade.batch.options, exam.batchId),
    labelOf(cascade.course.options, exam.courseId),
    labelOf(cascade.branch.options, exam.branchId),
  ].filter(Boolean);

  return (
    <div className="space-y-5">
      <dl className="divide-y divide-slate-100">
        <Row label="Title">{exam.examTitle}</Row>
        <Row label="Subject">{exam.subject}</Row>
        <Row label="Mode">{EXAM_MODE_LABELS[exam.examMode]}</Row>
        <Row label="Marks">{`${exam.totalMarks} total, ${exam.passingMarks} to pass`}</Row>
        <Row label="Duration">{plural(exam.duration, 'minute')}</Row>
        {[...SHUFFLE_SETTINGS, ...RESULT_SETTINGS].map(({ name, label }) => (
          <Row key={name} label={label}>
            {exam[name] ? 'On' : 'Off'}
          </Row>
        ))}
        <Row label="Audience">
          {`${audience.join(' · ')} · ${plural(exam.sectionIds.length, 'section')}${moreBranches(exam.additionalAudiences.length)}`}
        </Row>
        {rules && (
          <>
            <Row label="Faculty">{plural(exam.assignedFacultyIds.length, 'faculty member')}</Row>
            <ProctoringRuleRows {...proctoringRulesText(rules)} />
          </>
        )}
        <Row label="Schedule">
          {proctored
            ? `${formatDate(schedule.examDate)}, ${schedule.startTime} – ${schedule.endTime}`
            : `${dateAndTime(schedule.startDate, schedule.startTime)} – ${dateAndTime(schedule.endDate, schedule.endTime)}`}
        </Row>
        <Row label="Buffer">
          {`${schedule.bufferTime.beforeExam} min before, ${schedule.bufferTime.afterExam} min after`}
        </Row>
      </dl>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">
          {`${plural(exam.examSections.length, 'section')}, ${plural(questionCount, 'question')}`}
        </h3>
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {exam.examSections.map((section) => (
            <li
              key={section.id}
              className="flex flex-wrap justify-between gap-x-4 px-3 py-2 text-sm"
            >
              <span className="font-medium text-slate-900">{`${section.order}. ${section.name}`}</span>
              <span className="text-slate-600">
                {`${QUESTION_TYPE_LABELS[section.questionType]} · ${plural(questionCountOf(section), 'question')} · ${plural(section.marks, 'mark')}`}
              </span>
              {section.source === 'DRAWN' && (
                <span className="w-full text-slate-600">{drawSummary(section.draw)}</span>
              )}
              {Number.isFinite(section.answerAny) && (
                <span className="w-full text-slate-600">
                  {`Students answer any ${section.answerAny} of ${questionCountOf(section)}`}
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
      <PaperSharesPanel shares={paperShares(exam)} />
    </div>
  );
}

function ProctoringRuleRows({ warning, flag, autoSubmit }: ReturnType<typeof proctoringRulesText>) {
  return (
    <>
      <Row label="Warning threshold">{warning}</Row>
      <Row label="Flag threshold">{flag}</Row>
      <Row label="Automatic submission">{autoSubmit}</Row>
    </>
  );
}
