import {
  EXAM_LIMITS,
  type ParseQuestionsData,
  QUESTION_FILE_LIMITS,
  QUESTION_INTERCHANGE_MESSAGES,
  QUESTION_TYPE_LABELS,
  type QuestionDraft,
  type QuestionImportFormat,
  type QuestionType,
} from '@examiq/contracts';
import { type FormEvent, useContext, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { MediaUrlsProvider } from '@/components/content/content';
import { ImageUploadsContext } from '@/components/content-editor/image-uploads';
import { Dropdown } from '@/components/dropdown';
import { FileField } from '@/components/file-field';
import { Modal } from '@/components/modal';
import { getFieldErrors, getServerMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import {
  formatsOf,
  QUESTION_FILE_ACCEPT,
  QUESTION_FORMAT_OPTIONS,
  questionFileProblem,
} from '@/lib/question-files';
import { useParseQuestions } from '../api/parse-questions';
import { QuestionKey } from '../question-key';

const PARSE_FAILED = 'Failed to read the questions from this file';

/** The section the questions go to, as the questions step shows it. */
export interface ImportTarget {
  number: number;
  name: string;
  questionType: QuestionType;
  /** How many more questions it can take (spec section 5: at most 50 a section). */
  room: number;
}

interface ImportQuestionsDialogProps {
  target: ImportTarget;
  /** Appends the previewed questions to the section. */
  onAdd: (questions: QuestionDraft[]) => void;
  onClose: () => void;
}

/** A question of the file, with what the wizard's rules still miss. */
interface Entry {
  question: QuestionDraft;
  errors?: Record<string, string>;
}

interface Preview {
  data: ParseQuestionsData;
  /** The questions of the section's type, complete or not, in file order: the ones added. */
  fitting: Entry[];
  /** Questions the file holds of another type: a section holds one type only. */
  otherType: Entry[];
}

function previewOf(data: ParseQuestionsData, questionType: QuestionType): Preview {
  // Ready and incomplete questions share one numbering in `order`, in the file's order.
  const entries: Entry[] = [
    ...data.questions.map((question) => ({ question })),
    ...data.incomplete.map(({ draft, errors }) => ({ question: draft, errors })),
  ].sort((a, b) => a.question.order - b.question.order);
  const fits = (entry: Entry) => entry.question.questionType === questionType;
  return {
    data,
    fitting: entries.filter(fits),
    otherType: entries.filter((entry) => !fits(entry)),
  };
}

/**
 * Reads a question file through the server, shows what it holds and what was skipped, and hands
 * the questions of the section's type to the wizard, whose own rules then judge them.
 */
export function ImportQuestionsDialog({ target, onAdd, onClose }: ImportQuestionsDialogProps) {
  const parse = useParseQuestions();
  // The wizard shows the imported questions' images once they are added.
  const images = useContext(ImageUploadsContext);
  const formId = useId();
  const [format, setFormat] = useState<QuestionImportFormat | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ format?: string; file?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const label = target.name.trim() || `Section ${target.number}`;
  // Closing while the file is read would leave the admin guessing what it held.
  const close = parse.isPending ? () => {} : onClose;

  function startOver() {
    setPreview(null);
    setRefusal(null);
  }

  function chooseFile(chosen: File | null) {
    startOver();
    setFile(chosen);
    setErrors({});
    if (!chosen) return;
    const formats = formatsOf(chosen.name);
    if (formats.length === 1) setFormat(formats[0] ?? '');
    else if (format && !formats.includes(format)) setFormat('');
  }

  async function onPreview(event: FormEvent) {
    event.preventDefault();
    startOver();
    const found = {
      format: format ? undefined : QUESTION_INTERCHANGE_MESSAGES.formatRequired,
      file: questionFileProblem(file),
    };
    setErrors(found);
    if (found.format || found.file || !file || !format) return;
    try {
      const data = await parse.mutateAsync({ file, format });
      setPreview(previewOf(data, target.questionType));
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      setErrors({ format: fieldErrors.format, file: fieldErrors.file });
      if (!fieldErrors.format && !fieldErrors.file) {
        setRefusal(getServerMessage(error) ?? PARSE_FAILED);
      }
    }
  }

  const count = preview?.fitting.length ?? 0;
  const fits = count > 0 && count <= target.room;

  function add() {
    if (!preview || !fits) return;
    if (preview.data.mediaUrls) images?.adopt(preview.data.mediaUrls);
    onAdd(preview.fitting.map((entry) => entry.question));
    toast.success(`${plural(count, 'question')} added to ${label}`);
    onClose();
  }

  return (
    <Modal
      open
      onClose={close}
      title={`Import questions into Section ${target.number}`}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={parse.isPending}>
            Cancel
          </Button>
          {!preview && (
            // Once shown, a preview stays until the file or the format changes.
            <Button type="submit" form={formId} loading={parse.isPending}>
              Preview
            </Button>
          )}
          {preview && (
            <Button onClick={add} disabled={!fits}>
              {`Add ${plural(count, 'question')} to ${label}`}
            </Button>
          )}
        </>
      }
    >
      <form id={formId} onSubmit={onPreview} noValidate className="space-y-4 text-sm">
        <p className="text-slate-600">
          {`This section holds ${QUESTION_TYPE_LABELS[target.questionType]} questions: those of the file are added after the ones already written, and the wizard checks them as it checks a question typed in.`}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Dropdown
            label="Format"
            placeholder="Select a format"
            options={QUESTION_FORMAT_OPTIONS}
            value={format}
            error={errors.format}
            onChange={(event) => {
              startOver();
              setErrors((current) => ({ ...current, format: undefined }));
              setFormat(event.target.value as QuestionImportFormat | '');
            }}
          />
          <FileField
            label="Question file"
            accept={QUESTION_FILE_ACCEPT}
            hint={`Up to ${QUESTION_FILE_LIMITS.maxBytes / 1024 / 1024} MB`}
            error={errors.file}
            onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
          />
        </div>
        {refusal && (
          <p role="alert" className="font-medium text-red-700">
            {refusal}
          </p>
        )}
      </form>
      {preview && <PreviewList preview={preview} target={target} />}
    </Modal>
  );
}

function PreviewList({ preview, target }: { preview: Preview; target: ImportTarget }) {
  const { data, fitting, otherType } = preview;
  const skipped = data.warnings.filter((warning) => warning.skipped);
  const typeLabel = QUESTION_TYPE_LABELS[target.questionType];
  const addedId = useId();
  const notAdded = [
    ...skipped.map(warningItem),
    ...otherType.map(({ question }) => ({
      title: `“${question.questionText}”`,
      message: `A ${QUESTION_TYPE_LABELS[question.questionType]} question: this section holds ${typeLabel} questions`,
    })),
  ];
  const notes = data.warnings.filter((warning) => !warning.skipped).map(warningItem);
  const incomplete = fitting.filter((entry) => entry.errors).length;
  return (
    <MediaUrlsProvider mediaUrls={data.mediaUrls}>
      <div className="mt-5 space-y-5 border-t border-slate-200 pt-4 text-sm">
        <p role="status" className="font-medium text-slate-900">
          {QUESTION_INTERCHANGE_MESSAGES.read(
            fitting.length - incomplete,
            incomplete,
            notAdded.length,
          )}
        </p>
        {fitting.length > target.room && (
          <p role="alert" className="font-medium text-red-700">
            {`This section has room for ${plural(target.room, 'more question')} (at most ${EXAM_LIMITS.questionsPerSection} a section). Import a smaller file or use another section.`}
          </p>
        )}
        {fitting.length > 0 && (
          <section aria-labelledby={addedId} className="space-y-2">
            <h3 id={addedId} className="font-semibold text-slate-900">
              {`To add: ${typeLabel}`}
            </h3>
            <ol className="space-y-3">
              {fitting.map(({ question, errors }, index) => (
                <QuestionKey key={question.order} question={question} number={index + 1}>
                  {errors && <MissingList errors={errors} />}
                </QuestionKey>
              ))}
            </ol>
          </section>
        )}
        <WarningList heading="Not added" items={notAdded} />
        <WarningList heading="Notes" items={notes} />
      </div>
    </MediaUrlsProvider>
  );
}

interface WarningItem {
  title: string;
  message: string;
}

function warningItem(warning: ParseQuestionsData['warnings'][number]): WarningItem {
  const place = `Question ${warning.question} of the file`;
  return { title: warning.title ? `${place} (${warning.title})` : place, message: warning.message };
}

function WarningList({ heading, items }: { heading: string; items: WarningItem[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {heading}
      </h3>
      <ul className="space-y-2">
        {items.map((item, index) => (
          // A question may be named more than once; the list is drawn once per preview.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2">
            <p className="font-medium wrap-anywhere text-slate-900">{item.title}</p>
            <p className="text-amber-900">{item.message}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a question still needs before the wizard accepts it, in the wizard's own words. */
function MissingList({ errors }: { errors: Record<string, string> }) {
  return (
    <div className="mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm">
      <p className="font-medium text-slate-900">To complete in the wizard:</p>
      <ul className="list-disc pl-5 text-amber-900">
        {Object.entries(errors).map(([path, message]) => (
          <li key={path}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
