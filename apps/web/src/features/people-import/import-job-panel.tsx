import { type ImportJob, PEOPLE_IMPORT_MESSAGES, type PeopleImportKind } from '@examiq/contracts';
import { CircleCheck, CircleX, KeyRound, Mail, RotateCcw } from 'lucide-react';
import { Button } from '@/components/button';
import { ErrorBanner } from '@/components/error-banner';
import { ProgressBar } from '@/components/progress-bar';
import { Skeleton } from '@/components/skeleton';
import { getErrorMessage, getServerMessage } from '@/lib/api-client';
import { plural } from '@/lib/plural';
import { isImportRunning, useImportJob } from './api/get-import-job';
import { useJobCredentials } from './api/get-job-credentials';
import { Figures } from './figures';
import { IMPORT_KINDS } from './kinds';

const JOB_FAILED = 'The import could not be loaded';
const CREDENTIALS_FAILED = 'The credentials file could not be downloaded';

const STATUS_TEXT: Record<ImportJob['status'], string> = {
  QUEUED: 'Waiting to start',
  RUNNING: 'Importing',
  SUCCEEDED: 'Done',
  FAILED: 'Failed',
};
const STATUS_TONE = {
  QUEUED: 'brand',
  RUNNING: 'brand',
  SUCCEEDED: 'green',
  FAILED: 'red',
} as const;

function Credentials({ job, noun }: { job: ImportJob; noun: string }) {
  const credentials = useJobCredentials(job._id, `${job.kind}-credentials.csv`);
  if (!job.summary || job.summary.imported === 0) return null;
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-amber-900">
        <KeyRound aria-hidden="true" className="size-4" />
        Credentials
      </p>
      {job.credentialsAvailable ? (
        <>
          <p className="mt-1 text-amber-900">
            {`The email, ID and default password of each ${noun} imported. The file can be downloaded once: keep it safe and hand each person their own line.`}
          </p>
          <Button
            className="mt-3"
            onClick={() => credentials.mutate()}
            loading={credentials.isPending}
          >
            Download credentials
          </Button>
        </>
      ) : (
        <p role="status" className="mt-1 text-amber-900">
          The credentials file has been downloaded. It cannot be downloaded again: a person who lost
          their password gets a new one from their record.
        </p>
      )}
      {credentials.isError && (
        <p role="alert" className="mt-2 text-red-700">
          {getErrorMessage(credentials.error, CREDENTIALS_FAILED)}
        </p>
      )}
    </div>
  );
}

/** An import with invitations has no credentials file: each person chooses their password. */
function Invitations({ job, noun }: { job: ImportJob; noun: string }) {
  if (!job.summary || job.summary.imported === 0) return null;
  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <Mail aria-hidden="true" className="size-4" />
        Invitations
      </p>
      <p className="mt-1 text-slate-700">
        {`Each ${noun} imported is emailed an invitation to set their own password; the link works once within 7 days, so there is no credentials file. Someone whose link expired gets a new one with Resend Invitation on their page.`}
      </p>
    </div>
  );
}

function Summary({ job, noun }: { job: ImportJob; noun: string }) {
  const summary = job.summary;
  if (!summary) return null;
  const figures = [
    ['Imported', summary.imported],
    ['Skipped', summary.skipped],
    ...(summary.failed ? ([['Could not be written', summary.failed]] as const) : []),
  ] as const;
  const succeeded = job.status === 'SUCCEEDED';
  return (
    <div className="space-y-4">
      <p
        className={
          succeeded
            ? 'flex items-center gap-2 font-medium text-green-800'
            : 'flex items-center gap-2 font-medium text-red-800'
        }
      >
        {succeeded ? (
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
        ) : (
          <CircleX aria-hidden="true" className="size-5 shrink-0" />
        )}
        {succeeded
          ? `${plural(summary.imported, noun)} imported.`
          : (summary.message ?? PEOPLE_IMPORT_MESSAGES.writeFailed)}
      </p>
      {succeeded && summary.message && <p className="text-slate-600">{summary.message}</p>}
      <Figures figures={figures} />
    </div>
  );
}

/** An import's progress while it runs, then its summary and the credentials file. */
export function ImportJobPanel({
  kind,
  id,
  onStartAgain,
}: {
  kind: PeopleImportKind;
  id: string;
  onStartAgain: () => void;
}) {
  const { noun } = IMPORT_KINDS[kind];
  const job = useImportJob(id);
  const startAgain = (
    <Button variant="secondary" onClick={onStartAgain}>
      <RotateCcw aria-hidden="true" className="size-4" />
      Import another file
    </Button>
  );

  if (job.isError) {
    return (
      <div>
        <ErrorBanner
          title={JOB_FAILED}
          message={getServerMessage(job.error)}
          onRetry={() => void job.refetch()}
        />
        {startAgain}
      </div>
    );
  }
  if (!job.data) {
    return (
      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-2 w-full" />
      </div>
    );
  }
  const current = job.data;
  const running = isImportRunning(current);
  // A job with nothing to import is done at once: its bar is shown full.
  const max = Math.max(current.total, 1);
  return (
    <section
      aria-label="Import"
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm sm:p-6"
    >
      <div aria-live="polite">
        <ProgressBar
          label={`${STATUS_TEXT[current.status]}`}
          value={running ? current.done : max}
          max={max}
          valueText={`${current.done.toLocaleString('en')} of ${plural(current.total, noun)}`}
          tone={STATUS_TONE[current.status]}
        />
      </div>
      {running ? (
        <p className="text-slate-600">
          The import goes on if you leave this page; come back to this address to see how far it has
          gone.
        </p>
      ) : (
        <>
          <Summary job={current} noun={noun} />
          {current.invite ? (
            <Invitations job={current} noun={noun} />
          ) : (
            <Credentials job={current} noun={noun} />
          )}
          {startAgain}
        </>
      )}
    </section>
  );
}
