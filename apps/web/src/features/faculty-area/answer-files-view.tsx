import type { AnswerFile } from '@examiq/contracts';
import { ExternalLink } from 'lucide-react';
import { fileSizeText, isImageFile } from '@/components/answer-files';

/**
 * The files of an answer, each shown where it is marked: an image as itself, a PDF in the
 * browser's viewer, one below the other in the student's order. Every file also opens in a tab of
 * its own, for a closer look or a viewer the frame cannot hold.
 */
export function AnswerFilesView({ files }: { files: readonly AnswerFile[] }) {
  if (files.length === 0) {
    return <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">No files uploaded</p>;
  }
  return (
    <ol aria-label="Uploaded files" className="space-y-4">
      {files.map((file) => (
        <li key={file._id}>
          <figure className="overflow-hidden rounded-lg border border-slate-200">
            <figcaption className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm">
              <span className="min-w-0 grow basis-48 font-medium wrap-anywhere text-slate-900">
                {file.fileName}
              </span>
              <span className="flex items-center gap-3">
                <span className="text-slate-600 tabular-nums">{fileSizeText(file.bytes)}</span>
                <a
                  href={file.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {'Open in a new tab '}
                  <span className="sr-only">{`(${file.fileName})`}</span>
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </a>
              </span>
            </figcaption>
            <FileBody file={file} />
          </figure>
        </li>
      ))}
    </ol>
  );
}

function FileBody({ file }: { file: AnswerFile }) {
  if (isImageFile(file)) {
    return (
      <img
        src={file.url}
        alt={`Uploaded file ${file.fileName}`}
        loading="lazy"
        className="mx-auto block h-auto max-h-[80vh] max-w-full bg-white object-contain"
      />
    );
  }
  if (file.contentType === 'application/pdf') {
    return (
      <iframe
        src={file.url}
        title={`Uploaded PDF ${file.fileName}`}
        loading="lazy"
        className="block h-[70vh] min-h-96 w-full bg-white"
      />
    );
  }
  return null;
}
