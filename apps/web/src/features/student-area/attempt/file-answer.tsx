import {
  ANSWER_FILE_MESSAGES,
  type AnswerFile,
  acceptOfKinds,
  type StudentQuestion,
} from '@examiq/contracts';
import {
  Camera,
  CloudOff,
  ExternalLink,
  FileText,
  LoaderCircle,
  type LucideIcon,
  Upload,
  X,
} from 'lucide-react';
import { type ChangeEvent, createContext, type ReactNode, useContext, useId } from 'react';
import { fileSizeText, uploadLimitsText } from '@/components/answer-files';
import { Button } from '@/components/button';
import { cn } from '@/lib/cn';
import { checkChosenFiles, uploadLimitsOf } from './answer-files';
import { NO_UPLOADS, type UploadState } from './file-uploads';
import type { AnswerValue } from './outbox';

export interface AnswerFilesValue {
  /** Every file the server holds for the attempt, by id. */
  files: ReadonlyMap<string, AnswerFile>;
  uploads: UploadState;
  /** Why files chosen for a question were left out or refused, by question id. */
  problems: Readonly<Record<string, readonly string[]>>;
  /** Files chosen for a question: those it takes upload, the reasons for the others show. */
  choose: (questionId: string, accepted: readonly File[], problems: readonly string[]) => void;
  /** Removes a file not uploaded yet. */
  removePending: (id: string) => void;
}

/** No files, and none to add: the paper's preview. */
const NO_ANSWER_FILES: AnswerFilesValue = {
  files: new Map(),
  uploads: NO_UPLOADS,
  problems: {},
  choose: () => {},
  removePending: () => {},
};

/**
 * The attempt's files, for the file upload questions: given by the page that sits or shows the
 * attempt. A card without it (the paper's preview) holds no files.
 */
export const AnswerFilesContext = createContext<AnswerFilesValue>(NO_ANSWER_FILES);

/** A submitted attempt's files, shown read-only. */
export function submittedFiles(files: readonly AnswerFile[]): AnswerFilesValue {
  return { ...NO_ANSWER_FILES, files: new Map(files.map((file) => [file._id, file])) };
}

interface FileAnswerProps {
  question: StudentQuestion;
  /** 'Question 2': names the controls of this question among others. */
  label: string;
  fileIds: readonly string[];
  readOnly: boolean;
  /** The paper's preview: the controls as the student sees them, disabled. */
  preview: boolean;
  onChange: (questionId: string, change: Partial<AnswerValue>) => void;
}

/** A file upload question's answer: the files uploaded and waiting, and the ways to add more. */
export function FileAnswer({
  question,
  label,
  fileIds,
  readOnly,
  preview,
  onChange,
}: FileAnswerProps) {
  const { files, uploads, problems, choose, removePending } = useContext(AnswerFilesContext);
  const limitsId = useId();
  const problemsId = useId();
  const limits = uploadLimitsOf(question);
  const uploaded = fileIds.flatMap((id) => files.get(id) ?? []);
  const pending = uploads.pending.filter((file) => file.questionId === question._id);
  // The same reason for the same file chosen twice is said once.
  const shownProblems = [...new Set(problems[question._id])];
  const named = label.toLowerCase();

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again (after removing it) is a change again.
    event.target.value = '';
    if (picked.length === 0) return;
    const checked = checkChosenFiles(limits, picked, fileIds.length + pending.length);
    choose(question._id, checked.accepted, checked.problems);
  };
  const picker = {
    describedBy: shownProblems.length > 0 ? `${limitsId} ${problemsId}` : limitsId,
    disabled: readOnly,
    onChange: chosen,
  };

  return (
    <div className="space-y-3">
      {(!readOnly || preview) && (
        <div className="flex flex-wrap gap-2">
          <FilePicker
            {...picker}
            icon={Upload}
            text="Choose files"
            name={`Choose files for ${named}`}
            accept={acceptOfKinds(limits.fileTypes)}
            multiple={limits.maxFiles > 1}
          />
          {limits.fileTypes.includes('IMAGE') && (
            <FilePicker
              {...picker}
              icon={Camera}
              text="Take a photo"
              name={`Take a photo for ${named}`}
              accept={acceptOfKinds(['IMAGE'])}
              capture="environment"
              // A phone's camera; on a computer the other button already chooses images.
              className="pointer-fine:hidden"
            />
          )}
        </div>
      )}
      <p id={limitsId} className="text-sm text-slate-500">
        {uploadLimitsText(limits)}
      </p>
      {shownProblems.length > 0 && (
        <div
          id={problemsId}
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          <ul className="space-y-1">
            {shownProblems.map((problem) => (
              <li key={problem} className="wrap-anywhere">
                {problem}
              </li>
            ))}
          </ul>
        </div>
      )}
      {uploaded.length + pending.length > 0 ? (
        <ul
          aria-label={`Your files for ${named}`}
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
        >
          {uploaded.map((file) => (
            <FileRow
              key={file._id}
              name={file.fileName}
              size={file.bytes}
              thumbnail={file.contentType.startsWith('image/') ? file.url : null}
              status={null}
              actions={
                <>
                  <a
                    href={file.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="inline-flex h-8 items-center gap-1 rounded-lg px-2 text-sm font-medium text-brand-700 underline hover:text-brand-800"
                  >
                    {'View '}
                    <span className="sr-only">{`${file.fileName} (opens in a new tab)`}</span>
                    <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
                  </a>
                  {!readOnly && (
                    <RemoveButton
                      fileName={file.fileName}
                      onRemove={() =>
                        onChange(question._id, { fileIds: fileIds.filter((id) => id !== file._id) })
                      }
                    />
                  )}
                </>
              }
            />
          ))}
          {pending.map((file) => (
            <FileRow
              key={file.id}
              name={file.fileName}
              size={file.blob.size}
              thumbnail={null}
              status={<PendingStatus uploads={uploads} id={file.id} />}
              actions={
                !readOnly && (
                  <RemoveButton fileName={file.fileName} onRemove={() => removePending(file.id)} />
                )
              }
            />
          ))}
        </ul>
      ) : (
        readOnly && !preview && <p className="text-sm text-slate-500">No files uploaded.</p>
      )}
    </div>
  );
}

interface FilePickerProps {
  icon: LucideIcon;
  text: string;
  /** The accessible name: the text, and which question. */
  name: string;
  describedBy: string;
  accept: string;
  multiple?: boolean;
  capture?: 'environment';
  disabled: boolean;
  className?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * The browser's own file input, kept in the tab order and drawn as a secondary button: a phone
 * opens its chooser or camera from a tap on the real input, which a scripted click may not do.
 */
function FilePicker({
  icon: Icon,
  text,
  name,
  describedBy,
  className,
  disabled,
  ...input
}: FilePickerProps) {
  return (
    <label
      className={cn(
        'inline-flex h-10 shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium whitespace-nowrap text-slate-700 shadow-sm transition-colors hover:bg-slate-50 active:bg-slate-100',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2',
        disabled && 'pointer-events-none opacity-60',
        className,
      )}
    >
      <input
        type="file"
        aria-label={name}
        aria-describedby={describedBy}
        disabled={disabled}
        className="sr-only"
        {...input}
      />
      <Icon aria-hidden="true" className="size-4" />
      {text}
    </label>
  );
}

function FileRow({
  name,
  size,
  thumbnail,
  status,
  actions,
}: {
  name: string;
  size: number;
  /** An uploaded image's own URL, shown small; other files show an icon. */
  thumbnail: string | null;
  status: ReactNode;
  actions: ReactNode;
}) {
  return (
    // A phone puts the actions under the name; a wider screen, at the end of the row.
    <li className="grid grid-cols-[2.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1 px-3 py-2.5 sm:grid-cols-[2.5rem_minmax(0,1fr)_auto]">
      {thumbnail ? (
        <img
          src={thumbnail}
          alt=""
          className="size-10 shrink-0 rounded-md border border-slate-200 object-cover"
        />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500">
          <FileText aria-hidden="true" className="size-5" />
        </span>
      )}
      <div className="min-w-0">
        <p className="text-sm font-medium wrap-anywhere text-slate-900">{name}</p>
        <p className="text-xs text-slate-500">{fileSizeText(size)}</p>
        {status}
      </div>
      <div className="col-start-2 -ml-2 flex items-center gap-1 empty:hidden sm:col-start-3 sm:ml-0">
        {actions}
      </div>
    </li>
  );
}

function RemoveButton({ fileName, onRemove }: { fileName: string; onRemove: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onRemove}>
      <X aria-hidden="true" className="size-4" />
      {'Remove '}
      <span className="sr-only">{fileName}</span>
    </Button>
  );
}

/** Where a file not uploaded yet stands: on the wire, waiting for a connection, or next in line. */
function PendingStatus({ uploads, id }: { uploads: UploadState; id: string }) {
  if (uploads.uploading?.id === id) {
    return (
      <p className="mt-0.5 flex items-center gap-1.5 text-xs font-medium text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-3.5 shrink-0 animate-spin" />
        {`${ANSWER_FILE_MESSAGES.uploading} ${Math.round(uploads.uploading.sent * 100)}%`}
      </p>
    );
  }
  if (uploads.offline) {
    return (
      <p className="mt-0.5 flex items-start gap-1.5 text-xs font-medium text-amber-800">
        <CloudOff aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        {ANSWER_FILE_MESSAGES.waiting}
      </p>
    );
  }
  return <p className="mt-0.5 text-xs font-medium text-slate-600">Waiting to upload</p>;
}
