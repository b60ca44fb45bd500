import { EXAM_LIMITS, type MarksWarning, type QuestionType } from '@examiq/contracts';
import { Plus, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { Modal } from '@/components/modal';
import { MarksNotes } from '@/components/question-editor/validation-marks';
import { plural } from '@/lib/plural';
import { type ExamWizardValues, newDrawRule, newSection, type QuestionSource } from './exam-values';
import { SectionCard } from './section-card';
import { useQuestionSync } from './use-question-sync';

/** Sections of the exam, each opening or closing its card; their questions follow them. */
export function ExamStructureStep({ warnings }: { warnings: readonly MarksWarning[] }) {
  const { control, getValues, setValue } = useFormContext<ExamWizardValues>();
  // The sections' own `id` is part of the payload, so the list keys itself under another name.
  const { fields, append, remove } = useFieldArray({
    control,
    name: 'examSections',
    keyName: 'key',
  });
  const { request, pending } = useQuestionSync();
  const limitId = useId();
  const full = fields.length >= EXAM_LIMITS.sections;

  function addSection() {
    append(newSection(getValues('examSections')), { shouldFocus: false });
    request(getValues('examSections'));
  }

  function changeType(index: number, type: QuestionType, apply: () => void) {
    const sections = getValues('examSections').map((section, k) =>
      k === index ? { ...section, questionType: type } : section,
    );
    request(sections, { apply });
  }

  function commitCount(index: number) {
    const before = getValues('questions')[index]?.length;
    request(getValues('examSections'), {
      revert: () => setValue(`examSections.${index}.totalQuestions`, before ?? Number.NaN),
    });
  }

  /** A drawn section starts with one rule; its written questions go once the admin agrees. */
  function changeSource(index: number, source: QuestionSource) {
    const section = getValues(`examSections.${index}`);
    const draw = source === 'DRAWN' && section.draw.length === 0 ? [newDrawRule()] : section.draw;
    const sections = getValues('examSections').map((current, k) =>
      k === index ? { ...current, source } : current,
    );
    request(sections, {
      apply: () => {
        setValue(`examSections.${index}.draw`, draw);
        setValue(`examSections.${index}.source`, source, { shouldDirty: true });
      },
    });
  }

  function deleteSection(index: number) {
    const remaining = getValues('examSections').filter((_, k) => k !== index);
    request(remaining, { apply: () => remove(index) });
  }

  return (
    <div className="space-y-4">
      <MarksNotes warnings={warnings.filter((warning) => warning.path === 'examSections')} />
      {fields.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300">
          <EmptyState
            title="No sections created yet."
            description="Click Add Section to create the first section of the exam."
          />
        </div>
      ) : (
        fields.map((field, index) => (
          <SectionCard
            key={field.key}
            index={index}
            onTypeChange={(type, apply) => changeType(index, type, apply)}
            onCountCommit={() => commitCount(index)}
            onSourceChange={(source) => changeSource(index, source)}
            onDelete={() => deleteSection(index)}
          />
        ))
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={addSection}
          disabled={full}
          aria-describedby={full ? limitId : undefined}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add Section
        </Button>
        {full && (
          <span id={limitId} className="text-sm text-slate-500">
            {`An exam has at most ${EXAM_LIMITS.sections} sections.`}
          </span>
        )}
      </div>
      <Modal
        open={pending !== null}
        onClose={() => pending?.cancel()}
        title="Remove written questions?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => pending?.cancel()}>
              Keep questions
            </Button>
            <Button variant="danger" onClick={() => pending?.confirm()}>
              Remove questions
            </Button>
          </>
        }
      >
        <div className="flex gap-4 text-sm text-slate-600">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-600">
            <TriangleAlert aria-hidden="true" className="size-5" />
          </span>
          <p>
            {`This change removes ${plural(pending?.lost ?? 0, 'question')} you have already written. They cannot be recovered.`}
          </p>
        </div>
      </Modal>
    </div>
  );
}
