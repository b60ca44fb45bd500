import {
  type ImportMode,
  type ImportPreview,
  PEOPLE_IMPORT_LIMITS,
  type PeopleImportKind,
} from '@examiq/contracts';
import { FileSpreadsheet, FileUp, Upload } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/button';
import { type Choice, ChoiceCards } from '@/components/choice-cards';
import { ErrorBanner } from '@/components/error-banner';
import { FileField } from '@/components/file-field';
import { PasswordChoiceCards } from '@/components/password-choice';
import { getErrorMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { useImportTemplate } from './api/get-import-template';
import { usePreviewImport } from './api/preview-import';
import { useStartImport } from './api/start-import';
import { Figures } from './figures';
import { ImportErrors } from './import-errors';
import { IMPORT_KINDS } from './kinds';

const ACCEPTED_FILES =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MODES: Choice<ImportMode>[] = [
  {
    value: 'all-or-nothing',
    title: 'All or nothing',
    description: 'Import only if every row is valid; otherwise nothing is written.',
  },
  {
    value: 'valid-only',
    title: 'Valid rows only',
    description: 'Import the valid rows and skip the rows with errors.',
  },
];

const PREVIEW_FAILED = 'The file could not be checked';
const IMPORT_FAILED = 'The import could not be started';
const TEMPLATE_FAILED = 'The template could not be downloaded';

/** A numbered card of the import's steps. */
function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="flex items-center gap-3 font-semibold text-slate-900">
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm text-brand-700"
        >
          {number}
        </span>
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-sm text-slate-600">{children}</div>
    </section>
  );
}

function Failure({ title, error }: { title: string; error: unknown }) {
  return <ErrorBanner title={title} message={getErrorMessage(error, title)} />;
}

function PreviewTotals({ preview, noun }: { preview: ImportPreview; noun: string }) {
  const figures = [
    ['Rows', preview.totalRows],
    ['Valid', preview.validRows],
    ['With errors', preview.totalRows - preview.validRows],
  ] as const;
  return (
    <div aria-live="polite" className="space-y-3">
      <Figures figures={figures} />
      <p className="font-medium text-slate-800">
        {preview.errorCount === 0
          ? `Every row is valid: ${plural(preview.validRows, noun)} ready to import.`
          : `${plural(preview.totalRows - preview.validRows, 'row')} ${preview.totalRows - preview.validRows === 1 ? 'has' : 'have'} errors; ${plural(preview.validRows, noun)} can be imported.`}
      </p>
    </div>
  );
}

/** Template, file, preview and the start of the import. */
export function ImportUpload({
  kind,
  offersInvitation,
  onStarted,
}: {
  kind: PeopleImportKind;
  /** Whether the institution emails invitations, as the page has read its settings. */
  offersInvitation: boolean;
  onStarted: (jobId: string) => void;
}) {
  const labels = IMPORT_KINDS[kind];
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('all-or-nothing');
  const [invite, setInvite] = useState(false);
  const template = useImportTemplate(kind);
  const preview = usePreviewImport(kind);
  const start = useStartImport(kind);
  const checked = preview.data;
  const blocked = mode === 'all-or-nothing' && (checked?.errorCount ?? 0) > 0;
  const megabytes = PEOPLE_IMPORT_LIMITS.maxFileBytes / (1024 * 1024);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    preview.reset();
    start.reset();
  };

  return (
    <div className="space-y-6">
      <Step number={1} title="Download the template">
        <p>{labels.templateHint}</p>
        <div className="flex flex-wrap gap-2">
          {(['csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              variant="secondary"
              onClick={() => template.mutate(format)}
              disabled={template.isPending}
            >
              <FileSpreadsheet aria-hidden="true" className="size-4" />
              {`Download ${format.toUpperCase()} template`}
            </Button>
          ))}
        </div>
        {template.isError && (
          <p role="alert" className="text-red-700">
            {getErrorMessage(template.error, TEMPLATE_FAILED)}
          </p>
        )}
      </Step>

      <Step number={2} title="Choose the file and check it">
        <FileField
          label="CSV or XLSX file"
          accept={ACCEPTED_FILES}
          hint={`Up to ${megabytes} MB and ${PEOPLE_IMPORT_LIMITS.maxRows.toLocaleString('en')} rows, with the template's header row.`}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
        <Button
          onClick={() => file && preview.mutate(file)}
          disabled={!file}
          loading={preview.isPending}
        >
          <FileUp aria-hidden="true" className="size-4" />
          Preview
        </Button>
        {preview.isError && <Failure title={PREVIEW_FAILED} error={preview.error} />}
        {checked && (
          <>
            <PreviewTotals preview={checked} noun={labels.noun} />
            <ImportErrors preview={checked} />
          </>
        )}
      </Step>

      {checked && file && (
        <Step number={3} title="Import">
          <ChoiceCards
            legend="Rows to import"
            showLegend
            choices={MODES}
            value={mode}
            onChange={setMode}
          />
          {offersInvitation && (
            <PasswordChoiceCards invite={invite} onChange={setInvite} many showLegend />
          )}
          {blocked && (
            <p className="text-amber-800">
              Some rows have errors: fix them in the file and check it again, or import the valid
              rows only.
            </p>
          )}
          <Button
            onClick={() =>
              start.mutate(
                { checkId: checked._id, mode, invite: invite && offersInvitation },
                { onSuccess: (job) => onStarted(job._id) },
              )
            }
            disabled={blocked || checked.validRows === 0}
            loading={start.isPending}
          >
            <Upload aria-hidden="true" className="size-4" />
            {`Import ${plural(mode === 'valid-only' ? checked.validRows : checked.totalRows, labels.noun)}`}
          </Button>
          {start.isError && <Failure title={IMPORT_FAILED} error={start.error} />}
        </Step>
      )}
    </div>
  );
}
