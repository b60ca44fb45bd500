import {
  QUESTION_EXPORT_FORMATS,
  QUESTION_FORMAT_LABELS,
  type QuestionExportFormat,
} from '@examiq/contracts';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { Dropdown } from '@/components/dropdown';
import { Modal } from '@/components/modal';
import { getServerMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import type { BankArea } from '@/lib/question-bank/bank-api';
import { useExportBankQuestions } from '@/lib/question-bank/bank-io-api';

const FORMAT_OPTIONS = QUESTION_EXPORT_FORMATS.map((format) => ({
  value: format,
  label: QUESTION_FORMAT_LABELS[format],
}));

interface BankExportDialogProps {
  area: BankArea;
  courseId: string;
  /** Names the file. */
  fileName: string;
  /** The category shown ('' is the whole bank). */
  category: string;
  selected: readonly string[];
  onClose: () => void;
}

/**
 * Saves the chosen questions, or the category shown with its subcategories, as a question file
 * with answer keys and the bank's categories, for another bank or another system.
 */
export function BankExportDialog({
  area,
  courseId,
  fileName,
  category,
  selected,
  onClose,
}: BankExportDialogProps) {
  const exporting = useExportBankQuestions(area, courseId, fileName);
  const formId = useId();
  const [format, setFormat] = useState<QuestionExportFormat>('gift');
  const [scope, setScope] = useState<'selection' | 'category'>(
    selected.length > 0 ? 'selection' : 'category',
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = exporting.isPending ? () => {} : onClose;
  const categoryLabel = category
    ? `The category ${category} with its subcategories`
    : 'The whole bank';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    try {
      await exporting.mutateAsync({
        format,
        scope: scope === 'selection' ? { ids: selected } : { category },
      });
      toast.success('Questions exported');
      onClose();
    } catch (error) {
      setRefusal(getServerMessage(error) ?? 'The questions could not be exported');
    }
  }

  return (
    <Modal
      open
      onClose={close}
      title="Export questions"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={exporting.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={exporting.isPending}>
            Export
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700">
        {refusal && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-700">
            {refusal}
          </p>
        )}
        <fieldset className="space-y-2">
          <legend className="mb-1 font-medium text-slate-900">Questions</legend>
          {selected.length > 0 && (
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="export-scope"
                className="size-4 text-brand-600"
                checked={scope === 'selection'}
                onChange={() => setScope('selection')}
              />
              {`The ${plural(selected.length, 'selected question')}`}
            </label>
          )}
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="export-scope"
              className="size-4 text-brand-600"
              checked={scope === 'category'}
              onChange={() => setScope('category')}
            />
            {`${categoryLabel} (retired questions left out)`}
          </label>
        </fieldset>
        <Dropdown
          label="Format"
          options={FORMAT_OPTIONS}
          value={format}
          onChange={(event) => setFormat(event.target.value as QuestionExportFormat)}
        />
      </form>
    </Modal>
  );
}
