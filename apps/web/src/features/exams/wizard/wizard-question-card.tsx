import { EXAM_MESSAGES, type QuestionType } from '@examiq/contracts';
import { LibraryBig, PencilLine } from 'lucide-react';
import { memo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { QuestionCard } from '@/components/question-editor/question-card';
import { QuestionPreview } from '@/components/question-editor/question-preview';
import {
  ErrorDot,
  flattenErrors,
  useErrorsAt,
} from '@/components/question-editor/validation-marks';
import type { ExamWizardValues } from './exam-values';
import { SaveToBank } from './save-to-bank';

type CardPath = `questions.${number}.${number}`;

interface WizardQuestionCardProps {
  sectionIndex: number;
  position: number;
  questionType: QuestionType;
}

/**
 * A section's question: the exam's own, edited in the shared question card with Save to bank, or
 * a bank question used as it stands, shown read-only until the author edits a copy.
 */
export const WizardQuestionCard = memo(function WizardQuestionCard({
  sectionIndex,
  position,
  questionType,
}: WizardQuestionCardProps) {
  const path: CardPath = `questions.${sectionIndex}.${position}`;
  const fromBank = useWatch<ExamWizardValues, `${CardPath}.fromBank`>({ name: `${path}.fromBank` });
  if (fromBank) {
    return <BankQuestionCard path={path} number={position + 1} questionType={questionType} />;
  }
  return (
    <QuestionCard
      path={path}
      number={position + 1}
      questionType={questionType}
      actions={<SaveToBank path={path} number={position + 1} />}
    />
  );
});

interface BankQuestionCardProps {
  path: CardPath;
  number: number;
  questionType: QuestionType;
}

/** A bank question in the exam: its preview, where it comes from, and Edit a copy. */
function BankQuestionCard({ path, number, questionType }: BankQuestionCardProps) {
  const { getValues, setValue, clearErrors } = useFormContext<ExamWizardValues>();
  const link = getValues(`${path}.fromBank`);
  const errors = flattenErrors(useErrorsAt(path));

  function editCopy() {
    const { fromBank: _link, ...copy } = getValues(path);
    setValue(path, copy, { shouldDirty: true });
    clearErrors(path);
  }

  return (
    <section
      data-testid="bank-question-card"
      aria-label={`Question ${number}, from the bank`}
      className="rounded-lg border border-brand-200 bg-white"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-brand-50/50 px-3 py-2 sm:px-4">
        <h3 className="text-sm font-semibold text-slate-900">{`Question ${number}`}</h3>
        <Badge tone="blue">
          <LibraryBig aria-hidden="true" className="mr-1 size-3.5" />
          From the bank
        </Badge>
        {errors.length > 0 && <ErrorDot label={EXAM_MESSAGES.questionWithErrors} />}
        <Button variant="secondary" size="sm" className="ml-auto" onClick={editCopy}>
          <PencilLine aria-hidden="true" className="size-4" />
          Edit a copy
        </Button>
      </div>
      <div className="space-y-3 p-3 sm:p-4">
        <p className="text-xs text-slate-600">
          {[link?.place, link ? `version ${link.version}` : ''].filter(Boolean).join(' · ')}
          {
            '. The exam takes the bank’s Ready version when it is saved; edit a copy to change it here.'
          }
        </p>
        {errors.length > 0 && (
          <ul role="alert" className="list-disc pl-5 text-sm text-red-700">
            {errors.map((error) => (
              <li key={`${error.path.join('.')}:${error.message}`}>{error.message}</li>
            ))}
          </ul>
        )}
        <QuestionPreview path={path} number={number} questionType={questionType} />
      </div>
    </section>
  );
}
