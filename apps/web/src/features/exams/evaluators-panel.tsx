import { type EvaluatorsData, RESULT_MESSAGES } from '@examiq/contracts';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { ErrorBanner } from '@/components/error-banner';
import { MultiSelect } from '@/components/multi-select';
import { Skeleton } from '@/components/skeleton';
import { getFieldErrors, getServerMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useFacultyOptions } from '@/lib/lookups/get-faculty-options';
import { useExamEvaluators } from './api/get-exam-evaluators';
import { useSetExamEvaluators } from './api/set-exam-evaluators';

const SAVE_FAILED = 'The evaluators could not be saved';

/** Who marks the exam's written answers, and the admin's choice of faculty to do it. */
export function EvaluatorsPanel({ examId }: { examId: string }) {
  const titleId = useId();
  const evaluators = useExamEvaluators(examId);
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Evaluators
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The faculty who mark the written answers. With none chosen, the exam's proctors mark them.
      </p>
      {evaluators.isError && (
        <div className="mt-4">
          <ErrorBanner
            title="Failed to load the evaluators"
            message={getServerMessage(evaluators.error)}
            onRetry={() => void evaluators.refetch()}
          />
        </div>
      )}
      {evaluators.isPending && (
        <div aria-hidden="true" className="mt-4 space-y-3">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-32" />
        </div>
      )}
      {evaluators.data && (
        // A fresh form for each saved state: the choice starts from what is in force.
        <EvaluatorsForm key={evaluators.dataUpdatedAt} examId={examId} current={evaluators.data} />
      )}
    </section>
  );
}

function EvaluatorsForm({ examId, current }: { examId: string; current: EvaluatorsData }) {
  const faculty = useFacultyOptions(true);
  const save = useSetExamEvaluators();
  const [chosen, setChosen] = useState(() =>
    current.chosenByAdmin ? current.evaluators.map((evaluator) => evaluator._id) : [],
  );
  const [error, setError] = useState<string>();
  const names = current.evaluators.map(fullName).join(', ');

  async function submit() {
    setError(undefined);
    try {
      const { message } = await save.mutateAsync({ examId, evaluatorIds: chosen });
      toast.success(message ?? RESULT_MESSAGES.evaluatorsSaved);
    } catch (failure) {
      const [fieldError] = Object.values(getFieldErrors(failure));
      setError(fieldError ?? getServerMessage(failure) ?? SAVE_FAILED);
    }
  }

  let summary = 'No evaluator yet: this exam has no proctors. Choose the faculty to mark it.';
  if (current.chosenByAdmin) summary = `Chosen: ${names}.`;
  else if (current.evaluators.length > 0) summary = `Its proctors, by default: ${names}.`;

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-slate-900">{summary}</p>
      <MultiSelect
        label="Evaluators"
        options={(faculty.data ?? []).map((member) => ({
          value: member.userId._id,
          label: `${fullName(member.personalInfo)} (${member.facultyId})`,
        }))}
        loading={faculty.isPending}
        value={chosen}
        onChange={setChosen}
        error={error}
        hint="Leave every box clear to hand the marking back to the proctors."
      />
      <Button type="submit" loading={save.isPending}>
        Save evaluators
      </Button>
    </form>
  );
}
