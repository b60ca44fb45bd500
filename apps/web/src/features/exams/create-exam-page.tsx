import type { MediaUrls } from '@examiq/contracts';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { WithSettings } from '@/components/with-settings';
import { useAuthStore } from '@/lib/auth-store';
import { DraftOffer } from './wizard/draft-offer';
import { clearDraft, loadDraft, type StoredDraft } from './wizard/draft-storage';
import { type ExamWizardValues, emptyExamValues } from './wizard/exam-values';
import { ExamWizard } from './wizard/exam-wizard';

interface WizardRun {
  /** Each run mounts a new wizard, so nothing of the previous exam lingers. */
  key: number;
  start: Pick<StoredDraft, 'values' | 'step'>;
}

/** Until the admin resumes or discards the exam kept on this device, nothing overwrites it. */
type PageState = { offer: StoredDraft } | { run: WizardRun };

interface ExamWizardPageProps {
  /** The values a new run starts from. */
  startValues: () => ExamWizardValues;
  /** The stored exam being edited; a new one otherwise. */
  examId?: string;
  /** Where the stored exam's images are shown from. */
  mediaUrls?: MediaUrls;
}

/**
 * The wizard with the exam kept on this device: offered back when there is one, started afresh
 * otherwise. An exam being edited is kept apart from a new one, and from every other exam.
 */
export function ExamWizardPage({ startValues, examId, mediaUrls }: ExamWizardPageProps) {
  // The stored exam belongs to whoever signed in on this device; another admin never sees it.
  const userId = useAuthStore((state) => state.user?._id) ?? 'anonymous';
  const storageKey = examId ? `${userId}:${examId}` : userId;
  const freshRun = (key: number): WizardRun => ({
    key,
    start: { values: startValues(), step: 'examInfo' },
  });
  const [state, setState] = useState<PageState>(() => {
    const draft = loadDraft(storageKey);
    return draft ? { offer: draft } : { run: freshRun(0) };
  });

  if ('offer' in state) {
    const { offer } = state;
    return (
      <>
        <PageHeader
          title={examId ? 'Edit Exam' : 'Create Exam'}
          description="An exam you were building was kept on this device."
        />
        <DraftOffer
          draft={offer}
          onResume={() => setState({ run: { key: 0, start: offer } })}
          onDiscard={() => {
            clearDraft(storageKey);
            setState({ run: freshRun(0) });
          }}
        />
      </>
    );
  }
  const { run } = state;
  // The wizard holds the duration to the institution's maximum from its first check on.
  return (
    <WithSettings>
      {(settings) => (
        <ExamWizard
          maxDuration={settings.maxExamDurationMinutes}
          key={run.key}
          storageKey={storageKey}
          examId={examId}
          mediaUrls={mediaUrls}
          initialValues={run.start.values}
          initialStep={run.start.step}
          onCreateAnother={() => setState({ run: freshRun(run.key + 1) })}
        />
      )}
    </WithSettings>
  );
}

export default function CreateExamPage() {
  return <ExamWizardPage startValues={emptyExamValues} />;
}
