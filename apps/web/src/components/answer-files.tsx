import type { AnswerFile, FileKind } from '@examiq/contracts';
import { FileImage, FileText } from 'lucide-react';

/** A file's size as a person reads it: '830 bytes', '412 KB', '2.4 MB'. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** A question's kinds of file in a few words: 'PDF', 'images' or 'PDF or images'. */
export function fileKindsText(kinds: readonly FileKind[]): string {
  return kinds.map((kind) => (kind === 'PDF' ? 'PDF' : 'images')).join(' or ');
}

export interface UploadLimits {
  fileTypes: readonly FileKind[];
  maxFiles: number;
  maxFileMb: number;
}

/**
 * How many files of which kinds, and how large, as the student and the author's preview say it:
 * 'Up to 3 files, PDF or images, 10 MB each', 'One file, image, up to 20 MB'.
 */
export function uploadLimitsText({ fileTypes, maxFiles, maxFileMb }: UploadLimits): string {
  if (maxFiles !== 1) {
    return `Up to ${maxFiles} files, ${fileKindsText(fileTypes)}, ${maxFileMb} MB each`;
  }
  const kinds = fileTypes.map((kind) => (kind === 'PDF' ? 'PDF' : 'image')).join(' or ');
  return `One file, ${kinds}, up to ${maxFileMb} MB`;
}

export const isImageFile = (file: Pick<AnswerFile, 'contentType'>) =>
  file.contentType.startsWith('image/');

/** The files a student uploaded as a list of links, each opening the file in a new tab. */
export function AnswerFileList({ files }: { files: readonly AnswerFile[] }) {
  if (files.length === 0) return <p className="text-slate-900">No files uploaded</p>;
  return (
    <ul aria-label="Your files" className="space-y-1.5">
      {files.map((file) => {
        const Icon = isImageFile(file) ? FileImage : FileText;
        return (
          <li
            key={file._id}
            className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2"
          >
            <Icon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <a
              href={file.url}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 flex-1 font-medium wrap-anywhere text-brand-700 underline-offset-2 hover:underline"
            >
              {`${file.fileName} `}
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <span className="shrink-0 text-slate-600 tabular-nums">{fileSizeText(file.bytes)}</span>
          </li>
        );
      })}
    </ul>
  );
}
