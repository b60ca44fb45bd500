import { Check, LibraryBig } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { ChoiceCards } from '@/components/choice-cards';
import { Modal } from '@/components/modal';
import { BankLabelsFields, courseLabel } from '@/components/question-bank/bank-labels-fields';
import {
  type BankLabelValues,
  bankFormErrors,
  bankPayloadOf,
  checkBankQuestion,
  emptyLabels,
} from '@/components/question-bank/bank-labels-form';
import { ErrorBannerList } from '@/components/question-editor/validation-marks';
import { getFieldErrors, getServerMessage } from '@/lib/api-client';
import { useBankCourses, useCreateBankQuestion } from '@/lib/question-bank/bank-api';
import type { ExamWizardValues } from './exam-values';

type CardPath = `questions.${number}.${number}`;

interface SaveValues extends BankLabelValues {
  status: 'DRAFT' | 'READY';
}

const STATUS_CHOICES = [
  { value: 'DRAFT', title: 'Draft', description: 'Kept for more work before other exams use it.' },
  { value: 'READY', title: 'Ready', description: 'Other exams may pick it from the bank.' },
] as const;

/**
 * A question card's Save to bank: the card's question becomes a new question of a course's
 * bank, and the card notes where it went. The exam keeps its own question.
 */
export function SaveToBank({ path, number }: { path: CardPath; number: number }) {
  const saved = useWatch<ExamWizardValues, `${CardPath}.savedToBank`>({
    name: `${path}.savedToBank`,
  });
  const [open, setOpen] = useState(false);
  return (
    <>
      {saved && (
        <span className="hidden min-w-0 items-center gap-1 text-xs font-medium text-emerald-700 sm:flex">
          <Check aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="truncate" title={saved.place}>
            {`Saved to the bank${saved.place ? `: ${saved.place}` : ''}`}
          </span>
        </span>
      )}
      <Button
        variant="secondary"
        size="sm"
        className="shrink-0"
        aria-label={`Save question ${number} to the bank`}
        onClick={() => setOpen(true)}
      >
        <LibraryBig aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">{saved ? 'Save again' : 'Save to bank'}</span>
      </Button>
      {open && <SaveToBankDialog path={path} number={number} onClose={() => setOpen(false)} />}
    </>
  );
}

function SaveToBankDialog({
  path,
  number,
  onClose,
}: {
  path: CardPath;
  number: number;
  onClose: () => void;
}) {
  const wizard = useFormContext<ExamWizardValues>();
  const courses = useBankCourses('admin');
  const create = useCreateBankQuestion('admin');
  const [problems, setProblems] = useState<{ path: string[]; message: string }[]>([]);
  const form = useForm<SaveValues>({
    defaultValues: { ...emptyLabels(wizard.getValues('courseId')), status: 'DRAFT' },
  });
  const status = useWatch({ control: form.control, name: 'status' });

  const save = form.handleSubmit(async ({ status: chosen, ...labels }) => {
    const { fromBank: _link, savedToBank: _note, ...question } = wizard.getValues(path);
    const payload = { ...bankPayloadOf(labels, question), status: chosen };
    const errors = checkBankQuestion(payload, 'question');
    const shown = (found: Record<string, string>) => {
      const own = Object.entries(found).filter(([key]) => key.startsWith('question.'));
      for (const [key, message] of Object.entries(found)) {
        if (!key.startsWith('question.')) form.setError(key as 'category', { message });
      }
      setProblems(own.map(([, message]) => ({ path: [], message })));
      return Object.keys(found).length > 0;
    };
    if (shown(errors)) return;
    try {
      const result = await create.mutateAsync(payload);
      const course = courses.data?.find((option) => option._id === labels.courseId);
      const place = [course && courseLabel(course), payload.category].filter(Boolean).join(' › ');
      wizard.setValue(`${path}.savedToBank`, {
        bankQuestionId: result._id,
        version: result.version,
        place,
      });
      toast.success(`Question ${number} is in the bank`);
      onClose();
    } catch (error) {
      if (shown(bankFormErrors(getFieldErrors(error), 'question'))) return;
      setProblems([
        { path: [], message: getServerMessage(error) ?? 'The question could not be saved.' },
      ]);
    }
  });

  return (
    <Modal
      open
      onClose={create.isPending ? () => {} : onClose}
      title={`Save question ${number} to the bank`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="save-to-bank" loading={create.isPending}>
            Save to bank
          </Button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id="save-to-bank" noValidate onSubmit={save} className="space-y-5">
          <p className="text-sm text-slate-600">
            The bank gets a copy of this question as it stands; the exam keeps its own.
          </p>
          {problems.length > 0 && (
            <ErrorBannerList title="The question has errors to fix first" errors={problems} />
          )}
          <BankLabelsFields area="admin" chooseCourse />
          <ChoiceCards
            legend="Status"
            showLegend
            choices={STATUS_CHOICES}
            value={status}
            onChange={(value) => form.setValue('status', value)}
          />
        </form>
      </FormProvider>
    </Modal>
  );
}
