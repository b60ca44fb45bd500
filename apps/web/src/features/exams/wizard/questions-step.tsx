import { type MarksWarning, QUESTION_TYPE_LABELS, type QuestionType } from '@examiq/contracts';
import { FileUp, LibraryBig, Shuffle } from 'lucide-react';
import { memo, startTransition, useCallback, useEffect, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import type { QuestionValues } from '@/components/question-editor/question-values';
import {
  ErrorBannerList,
  flattenErrors,
  MarksNotes,
  useErrorsAt,
} from '@/components/question-editor/validation-marks';
import { plural } from '@/lib/plural';
import { drawSummary } from './draw-summary';
import { drawnTotal, type ExamWizardValues } from './exam-values';
import { roomFor, withImported } from './import-questions';
import { ImportQuestionsDialog } from './import-questions-dialog';
import type { PaperShares } from './paper-shares';
import { PaperSharesPanel } from './paper-shares-panel';
import { PickFromBankDialog } from './pick-from-bank-dialog';
import { SectionHeading } from './section-heading';
import { WizardQuestionCard } from './wizard-question-card';

/** Cards drawn at once, then per frame: the step opens quickly even with 250 questions. */
const FIRST_CARDS = 3;
const CARDS_PER_FRAME = 10;

/** How many of `total` cards to draw now; the rest follow in later frames. */
function useProgressiveCount(total: number): number {
  const [drawn, setDrawn] = useState(FIRST_CARDS);
  useEffect(() => {
    if (drawn >= total) return;
    const timer = setTimeout(() => startTransition(() => setDrawn((n) => n + CARDS_PER_FRAME)));
    return () => clearTimeout(timer);
  }, [drawn, total]);
  return Math.min(drawn, total);
}

/** What the step draws: each section with the ids of its questions, in order. */
interface GroupLayout {
  id: string;
  questionType: QuestionType;
  /** A drawn section shows its rules instead of question cards. */
  drawn: boolean;
  questionIds: string[];
}

function layoutOf({ examSections, questions }: ExamWizardValues): GroupLayout[] {
  return examSections.map((section, index) => ({
    id: section.id,
    questionType: section.questionType,
    drawn: section.source === 'DRAWN',
    questionIds: (questions[index] ?? []).map((question) => question.id),
  }));
}

/**
 * The sections and their question lists, redrawn only when their shape changes (a section added,
 * removed or retyped, a count applied), never for what is typed into a question.
 */
function useGroupLayout(): GroupLayout[] {
  const form = useFormContext<ExamWizardValues>();
  const [layout, setLayout] = useState(() => layoutOf(form.getValues()));
  useEffect(() => {
    const update = () => {
      const next = layoutOf(form.getValues());
      startTransition(() =>
        setLayout((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next)),
      );
    };
    const watchers = [
      form.subscribe({ name: 'examSections', formState: { values: true }, callback: update }),
      // The lists are replaced whole when they change shape; a keystroke names a field inside.
      form.subscribe({
        name: 'questions',
        exact: true,
        formState: { values: true },
        callback: update,
      }),
    ];
    return () => {
      for (const unsubscribe of watchers) unsubscribe();
    };
  }, [form]);
  return layout;
}

export function QuestionsStep({
  warnings,
  shares,
}: {
  warnings: readonly MarksWarning[];
  shares: PaperShares;
}) {
  const layout = useGroupLayout();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);

  if (layout.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300">
        <EmptyState
          title="No sections created yet."
          description="Please add sections in the Exam Structure step first; their questions appear here."
        />
      </div>
    );
  }
  return (
    // Cards register their fields by position, so when sections are added or removed every card
    // registers afresh rather than taking over fields another card registered at that position.
    <div key={layout.map((group) => group.id).join()} className="space-y-4">
      <PaperSharesPanel shares={shares} />
      {layout.map((group, index) => (
        <QuestionGroup
          key={group.id}
          group={group}
          sectionIndex={index}
          expanded={!collapsed.has(group.id)}
          onToggle={toggle}
          warning={warnings.find((warning) => warning.path === `questions.${index}`)}
        />
      ))}
    </div>
  );
}

interface QuestionGroupProps {
  group: GroupLayout;
  sectionIndex: number;
  expanded: boolean;
  onToggle: (id: string) => void;
  warning?: MarksWarning;
}

const QuestionGroup = memo(function QuestionGroup({
  group,
  sectionIndex,
  expanded,
  onToggle,
  warning,
}: QuestionGroupProps) {
  const { control, getValues, setValue, clearErrors } = useFormContext<ExamWizardValues>();
  // Until the layout catches up with a removed section, this index may hold none.
  const name = useWatch({ control, name: `examSections.${sectionIndex}.name` }) ?? '';
  const { id, questionType, questionIds, drawn } = group;
  const rules = useWatch({ control, name: `examSections.${sectionIndex}.draw` }) ?? [];
  const count = drawn ? drawnTotal(rules) : questionIds.length;
  const listed = flattenErrors(useErrorsAt(`questions.${sectionIndex}`));
  const headingId = useId();
  const bodyId = useId();
  const [importing, setImporting] = useState(false);
  const [picking, setPicking] = useState(false);
  const target = () => ({
    number: sectionIndex + 1,
    name,
    questionType,
    room: roomFor(getValues(`questions.${sectionIndex}`) ?? []),
  });

  /** The section's count follows its list, as when the admin sets it in Exam Structure. */
  function addImported(imported: Omit<QuestionValues, 'id'>[]) {
    const questions = getValues('questions');
    const list = withImported(questions[sectionIndex] ?? [], imported);
    setValue(`examSections.${sectionIndex}.totalQuestions`, list.length, { shouldDirty: true });
    setValue(
      'questions',
      questions.map((current, index) => (index === sectionIndex ? list : current)),
      { shouldDirty: true },
    );
    // Errors shown for the old list would sit at the wrong positions now.
    clearErrors(`questions.${sectionIndex}`);
    if (!expanded) onToggle(id);
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-slate-50">
      <SectionHeading
        className="rounded-t-xl bg-white"
        headingId={headingId}
        bodyId={bodyId}
        number={sectionIndex + 1}
        name={name}
        summary={`${QUESTION_TYPE_LABELS[questionType]} · ${plural(count, 'question')}${drawn ? ' · drawn per student' : ''}`}
        hasErrors={listed.length > 0}
        expanded={expanded}
        toggleTarget={`questions of section ${sectionIndex + 1}`}
        onToggle={() => onToggle(id)}
        actions={
          !drawn && (
            <>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Pick questions from the bank for section ${sectionIndex + 1}`}
                onClick={() => setPicking(true)}
              >
                <LibraryBig aria-hidden="true" className="size-4" />
                {/* A phone keeps the room for the section's name. */}
                <span className="hidden sm:inline">Pick from bank</span>
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Import questions into section ${sectionIndex + 1}`}
                onClick={() => setImporting(true)}
              >
                <FileUp aria-hidden="true" className="size-4" />
                <span className="sm:hidden">Import</span>
                <span className="hidden sm:inline">Import questions</span>
              </Button>
            </>
          )
        }
      />
      {importing && (
        <ImportQuestionsDialog
          target={target()}
          onAdd={addImported}
          onClose={() => setImporting(false)}
        />
      )}
      {picking && (
        <PickFromBankDialog
          target={target()}
          courseId={getValues('courseId')}
          onAdd={addImported}
          onClose={() => setPicking(false)}
        />
      )}
      {(listed.length > 0 || warning) && (
        <div className="space-y-3 border-t border-slate-100 bg-white px-4 py-3 sm:px-5">
          <ErrorBannerList
            title="This section has errors"
            errors={listed}
            describe={(path) => (path[0] ? `Question ${Number(path[0]) + 1}` : undefined)}
          />
          {warning && <MarksNotes warnings={[warning]} />}
        </div>
      )}
      {expanded && (
        <div id={bodyId} className="space-y-3 border-t border-slate-200 p-2 sm:p-4">
          {drawn ? (
            <div className="flex gap-3 rounded-lg border border-brand-100 bg-white px-4 py-3 text-sm text-slate-700">
              <Shuffle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              <div>
                <p className="font-medium text-slate-900">{drawSummary(rules)}</p>
                <p className="mt-0.5 text-slate-600">
                  The questions are drawn from the banks when each student starts; change the rules
                  in the Exam Structure step.
                </p>
              </div>
            </div>
          ) : count === 0 ? (
            <EmptyState
              title="No questions to display."
              description="Set this section's Total Questions in the Exam Structure step."
            />
          ) : (
            <QuestionCards
              sectionIndex={sectionIndex}
              questionIds={questionIds}
              questionType={questionType}
            />
          )}
        </div>
      )}
    </section>
  );
});

function QuestionCards({
  sectionIndex,
  questionIds,
  questionType,
}: {
  sectionIndex: number;
  questionIds: readonly string[];
  questionType: QuestionType;
}) {
  const drawn = useProgressiveCount(questionIds.length);
  return questionIds
    .slice(0, drawn)
    .map((id, position) => (
      <WizardQuestionCard
        key={id}
        sectionIndex={sectionIndex}
        position={position}
        questionType={questionType}
      />
    ));
}
