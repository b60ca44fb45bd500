import type { ImportPreview } from '@examiq/contracts';
import { useId } from 'react';

/** The preview's errors by row and column, as the spreadsheet numbers its rows. */
export function ImportErrors({ preview }: { preview: ImportPreview }) {
  const captionId = useId();
  if (preview.errors.length === 0) return null;
  const unlisted = preview.errorCount - preview.errors.length;
  return (
    <div className="space-y-2">
      <section
        aria-labelledby={captionId}
        // A long list scrolls in its box: keyboard users reach and scroll it here.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        className="max-h-96 overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:-outline-offset-2"
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption id={captionId} className="sr-only">
            Errors by row and column
          </caption>
          <thead className="sticky top-0 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="w-16 px-3 py-2.5 sm:px-4">
                Row
              </th>
              <th scope="col" className="px-3 py-2.5 sm:px-4">
                Column
              </th>
              <th scope="col" className="px-3 py-2.5 sm:px-4">
                Error
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {preview.errors.map((error) => (
              <tr key={`${error.row}:${error.column}:${error.message}`} className="align-top">
                <td className="px-3 py-2.5 font-medium text-slate-900 tabular-nums sm:px-4">
                  {error.row}
                </td>
                <td className="px-3 py-2.5 font-mono text-xs break-all text-slate-700 sm:px-4">
                  {error.column || '—'}
                </td>
                <td className="px-3 py-2.5 text-red-700 sm:px-4">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {unlisted > 0 && (
        <p className="text-slate-500">
          {`The first ${preview.errors.length.toLocaleString('en')} errors are listed; ${unlisted.toLocaleString('en')} more are not.`}
        </p>
      )}
    </div>
  );
}
