import {
  BLOOM_LEVEL_LABELS,
  BLOOM_LEVELS,
  IMPORTED_BLOOM_LEVEL,
  type ImportBankQuestionsData,
  QUESTION_FILE_LIMITS,
  QUESTION_INTERCHANGE_MESSAGES,
  type QuestionImportFormat,
} from '@examiq/contracts';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { Dropdown } from '@/components/dropdown';
import { FileField } from '@/components/file-field';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { getFieldErrors, getServerMessage } from '@/lib/api-client';
import type { BankArea } from '@/lib/question-bank/bank-api';
import { useImportBankQuestions } from '@/lib/question-bank/bank-io-api';
import {
  formatsOf,
  QUESTION_FILE_ACCEPT,
  QUESTION_FORMAT_OPTIONS,
  questionFileProblem,
} from '@/lib/question-files';

const BLOOM_OPTIONS = BLOOM_LEVELS.map((level) => ({
  value: level,
  label: BLOOM_LEVEL_LABELS[level],
}));

/** Something of the file, named by its place in the file as the server counts them. */
function FileItems({
  heading,
  items,
}: {
  heading: string;
  items: { question: number; title?: string; text: string }[];
}) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {heading}
      </h3>
      <ul className="max-h-48 space-y-1.5 overflow-y-auto">
        {items.map((item) => (
          <li key={`${item.question}: ${item.text}`} className="text-slate-700">
            <span className="font-medium text-slate-900">
              {`Question ${item.question} of the file${item.title ? ` (${item.title})` : ''}: `}
            </span>
            {item.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What an import wrote, and what of the file it could not. */
function ImportReport({ report }: { report: ImportBankQuestionsData }) {
  const categoriesId = useId();
  return (
    <div className="space-y-4 border-t border-slate-200 pt-4">
      {report.categories.length > 0 && (
        <section aria-labelledby={categoriesId} className="space-y-2">
          <h3 id={categoriesId} className="font-semibold text-slate-900">
            Imported as Draft
          </h3>
          <ul className="space-y-1">
            {report.categories.map((category) => (
              <li key={category.path} className="flex justify-between gap-3">
                <span className="min-w-0 wrap-anywhere">{category.path || 'Top of the bank'}</span>
                <span className="shrink-0 tabular-nums text-slate-500">{category.count}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <FileItems
        heading="To complete in the file"
        items={report.incomplete.map((item) => ({
          question: item.question,
          title: item.title,
          text: Object.values(item.errors).join('; '),
        }))}
      />
      <FileItems
        heading="Skipped and notes"
        items={report.warnings.map((warning) => ({ ...warning, text: warning.message }))}
      />
    </div>
  );
}

interface BankImportDialogProps {
  area: BankArea;
  courseId: string;
  /** The category shown, where the file's categories go by default. */
  category: string;
  onClose: () => void;
}

/**
 * Imports a question file into the course's bank: its questions as Draft, in the file's
 * categories under the one chosen, with the Bloom's level chosen (a file carries none).
 */
export function BankImportDialog({ area, courseId, category, onClose }: BankImportDialogProps) {
  const importing = useImportBankQuestions(area, courseId);
  const formId = useId();
  const [format, setFormat] = useState<QuestionImportFormat | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [target, setTarget] = useState(category);
  const [bloomLevel, setBloomLevel] = useState<string>(IMPORTED_BLOOM_LEVEL);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [report, setReport] = useState<{ message: string; data: ImportBankQuestionsData } | null>(
    null,
  );
  const close = importing.isPending ? () => {} : onClose;

  function chooseFile(chosen: File | null) {
    setFile(chosen);
    setErrors({});
    setReport(null);
    if (!chosen) return;
    const formats = formatsOf(chosen.name);
    if (formats.length === 1) setFormat(formats[0] ?? '');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const found = {
      format: format ? undefined : QUESTION_INTERCHANGE_MESSAGES.formatRequired,
      file: questionFileProblem(file),
    };
    setErrors(found);
    if (found.format || found.file || !file || !format) return;
    try {
      const result = await importing.mutateAsync({ file, format, category: target, bloomLevel });
      setReport({ message: result.message, data: result.data });
      if (result.data.imported > 0) toast.success(result.message);
    } catch (error) {
      const fields = getFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) {
        setRefusal(getServerMessage(error) ?? 'The file could not be imported');
      }
    }
  }

  return (
    <Modal
      open
      onClose={close}
      title="Import questions into the bank"
      size="lg"
      footer={
        report ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={importing.isPending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={importing.isPending}>
              Import
            </Button>
          </>
        )
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4 text-sm">
        <p className="text-slate-600">
          Questions arrive as Draft, in the file’s own categories (GIFT and Moodle XML categories, a
          QTI package’s sections) under the category below. All of them are written, or none.
        </p>
        {refusal && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-700">
            {refusal}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FileField
            label="File"
            accept={QUESTION_FILE_ACCEPT}
            hint={`Up to ${QUESTION_FILE_LIMITS.maxBytes / 1024 / 1024} MB and ${QUESTION_FILE_LIMITS.maxQuestions} questions`}
            error={errors.file}
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
          />
          <Dropdown
            label="Format"
            placeholder="Select a format"
            options={QUESTION_FORMAT_OPTIONS}
            value={format}
            error={errors.format}
            onChange={(event) => setFormat(event.target.value as QuestionImportFormat | '')}
          />
          <TextField
            label="Into category"
            placeholder="Top of the bank"
            hint="Levels separated by /"
            value={target}
            error={errors.category}
            onChange={(event) => setTarget(event.target.value)}
          />
          <Dropdown
            label="Bloom's level"
            options={BLOOM_OPTIONS}
            value={bloomLevel}
            error={errors.bloomLevel}
            hint="Files carry none: every question gets this one"
            onChange={(event) => setBloomLevel(event.target.value)}
          />
        </div>
        {report && (
          <p role="status" className="font-medium text-slate-900">
            {report.message}
          </p>
        )}
      </form>
      {report && <ImportReport report={report.data} />}
    </Modal>
  );
}
