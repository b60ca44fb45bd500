import {
  GRADE_LIMITS,
  MARK_STEP,
  QUESTION_TYPE_LABELS,
  RESULT_MESSAGES,
  type ScoredAnswer,
} from '@examiq/contracts';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Content } from '@/components/content/content';
import { TextArea } from '@/components/text-area';
import { TextField } from '@/components/text-field';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { useGradeAnswer } from './api/grade-answer';
import { parseMarks } from './parse-marks';

const CHANGE_FAILED = 'The score could not be changed';

/**
 * A script's answers the server scored (choices, numbers, blanks, pairs, orders): each with the
 * marks it has, and a marker's change of them, which always says why.
 */
export function ScoredAnswers({ answers }: { answers: ScoredAnswer[] }) {
  const titleId = useId();
  if (answers.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="mt-8 min-w-0">
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        Scored by the server
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Change a score only where the key does not do the answer justice: the reason is kept with
        the marks and in the audit log, and a later correction of the key leaves it as you set it.
      </p>
      <ol className="mt-4 space-y-4">
        {answers.map((answer) => (
          <li key={answer._id}>
            <ScoredAnswerCard answer={answer} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function ScoredAnswerCard({ answer }: { answer: ScoredAnswer }) {
  const headingId = useId();
  const [changing, setChanging] = useState(false);
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {`${answer.sectionName} · Question ${answer.number} `}
          <span className="font-normal text-slate-600">
            {`· ${QUESTION_TYPE_LABELS[answer.questionType]}`}
          </span>
        </h3>
        <p className="flex items-center gap-2 text-sm font-medium tabular-nums text-slate-900">
          {answer.counted !== undefined && (
            <Badge tone={answer.counted ? 'blue' : 'slate'}>
              {answer.counted ? 'Counted: among the best' : 'Not counted: beyond the best'}
            </Badge>
          )}
          {`${answer.marks} of ${answer.outOf} marks`}
        </p>
      </header>
      <Content source={answer.questionText} className="mt-1 text-sm text-slate-700" />
      <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm wrap-anywhere whitespace-pre-wrap text-slate-900">
        {answer.answer || 'Not answered'}
      </p>
      {answer.overrideReason !== null && (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <Badge tone="amber">Changed by a marker</Badge>
          <span className="min-w-0 wrap-anywhere">{answer.overrideReason}</span>
        </p>
      )}
      {changing ? (
        <ChangeScoreForm answer={answer} onClose={() => setChanging(false)} />
      ) : (
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setChanging(true)}>
          Change score
        </Button>
      )}
    </article>
  );
}

function ChangeScoreForm({ answer, onClose }: { answer: ScoredAnswer; onClose: () => void }) {
  const { mutateAsync, isPending } = useGradeAnswer();
  const [marks, setMarks] = useState(String(answer.marks));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ marks?: string; reason?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseMarks(marks, answer.outOf);
    const found = {
      marks: 'error' in parsed ? parsed.error : undefined,
      reason: reason.trim() === '' ? RESULT_MESSAGES.overrideReasonRequired : undefined,
    };
    setErrors(found);
    if ('error' in parsed || found.reason) return;
    try {
      await mutateAsync({ answerId: answer._id, marks: parsed.marks, reason: reason.trim() });
      toast.success(RESULT_MESSAGES.graded);
      onClose();
    } catch (error) {
      const fields = getFieldErrors(error);
      if (fields.marks || fields.reason) setErrors({ marks: fields.marks, reason: fields.reason });
      else toast.error(getErrorMessage(error, CHANGE_FAILED));
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-3 border-t border-slate-100 pt-3">
      <TextField
        label={`Marks out of ${answer.outOf}`}
        type="number"
        inputMode="decimal"
        min={0}
        max={answer.outOf}
        step={MARK_STEP}
        value={marks}
        onChange={(event) => {
          setMarks(event.target.value);
          setErrors((current) => ({ ...current, marks: undefined }));
        }}
        error={errors.marks}
        className="sm:w-40"
      />
      <TextArea
        label="Reason for the change"
        rows={2}
        maxLength={GRADE_LIMITS.reason}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setErrors((current) => ({ ...current, reason: undefined }));
        }}
        error={errors.reason}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isPending}>
          Save the new score
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
