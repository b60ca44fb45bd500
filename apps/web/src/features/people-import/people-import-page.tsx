import type { PeopleImportKind } from '@examiq/contracts';
import { useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { PageHeader } from '@/components/page-header';
import { firstPasswordSentence, useOffersInvitation } from '@/lib/institution-settings';
import { ImportJobPanel } from './import-job-panel';
import { ImportUpload } from './import-upload';
import { IMPORT_KINDS } from './kinds';

/**
 * Bulk import of students or faculty from a CSV or XLSX file: the template, a preview of every
 * row's errors, then an import whose job is followed at `?job=<id>`, so leaving the page and
 * coming back (or reloading it) shows the same import.
 */
export default function PeopleImportPage({ kind }: { kind: PeopleImportKind }) {
  const labels = IMPORT_KINDS[kind];
  const [searchParams, setSearchParams] = useSearchParams();
  const jobId = searchParams.get('job');
  // Until the settings are read, the intro names only what every institution offers.
  const offersInvitation = useOffersInvitation();
  return (
    <>
      <BackLink to={labels.listPath}>{`Back to ${labels.listName}`}</BackLink>
      <PageHeader
        title={labels.title}
        description={firstPasswordSentence(labels.description, offersInvitation)}
      />
      {jobId ? (
        <ImportJobPanel kind={kind} id={jobId} onStartAgain={() => setSearchParams({})} />
      ) : (
        <ImportUpload
          kind={kind}
          offersInvitation={offersInvitation}
          onStarted={(id) => setSearchParams({ job: id })}
        />
      )}
    </>
  );
}
