import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useAuthStore } from '@/lib/auth-store';
import { DraftOffer } from './wizard/draft-offer';
import { clearDraft, loadDraft, type StoredDraft } from './wizard/draft-storage';
import { emptyExamValues } from './wizard/exam-values';
import { ExamWizard } from './wizard/exam-wizard';

interface WizardRun {
  /** Each run mounts a new wizard, so nothing of the previous exam lingers. */
  key: number;
  start: Pick<StoredDraft, 'values' | 'step'>;
}

function freshRun(key: number): WizardRun {
  return { key, start: { values: emptyExamValues(), step: 'examInfo' } };
}

/** Until the admin resumes or discards the exam kept on this device, nothing overwrites it. */
type PageState = { offer: StoredDraft } | { run: WizardRun };

export default function CreateExamPage() {
  // The stored exam belongs to whoever signed in on this device; another admin never sees it.
  const userId = useAuthStore((state) => state.user?._id) ?? 'anonymous';
  const [state, setState] = useState<PageState>(() => {
    const draft = loadDraft(userId);
    return draft ? { offer: draft } : { run: freshRun(0) };
  });

  if ('offer' in state) {
    const { offer } = state;
    return (
      <>
        <PageHeader
          title="Create Exam"
          description="An exam you were building was kept on this device."
        />
        <DraftOffer
          draft={offer}
          onResume={() => setState({ run: { key: 0, start: offer } })}
          onDiscard={() => {
            clearDraft(userId);
            setState({ run: freshRun(0) });
          }}
        />
      </>
    );
  }
  const { run } = state;
  return (
    <ExamWizard
      key={run.key}
      userId={userId}
      initialValues={run.start.values}
      initialStep={run.start.step}
      onCreateAnother={() => setState({ run: freshRun(run.key + 1) })}
    />
  );
}
