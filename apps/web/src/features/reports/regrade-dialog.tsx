import {
  acceptedAnswerText,
  acceptedBlankTexts,
  blanksSchema,
  numericAnswersSchema,
  type QuestionStatistic,
  RESULT_MESSAGES,
  type RegradeData,
  type RegradeJob,
} from '@examiq/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/button';
import { Content, formulaLabel } from '@/components/content/content';
import { MatchingAnswer, OrderingAnswer } from '@/components/content/question-view';
import { Modal } from '@/components/modal';
import { getErrorMessage, getFieldErrors } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { useRegradeQuestion } from './api/regrade-question';
import {
  type BlankDraft,
  BlankKeyFields,
  blankDraftOf,
  blankOf,
  messageUnder,
} from './blank-key-fields';
import { type AnswerDraft, answerOf, draftOf, NumericalKeyFields } from './numerical-key-fields';
import { RegradeProgress } from './regrade-progress';
import { formatMarks, optionLetter } from './report-format';

const REGRADE_FAILED = 'The answer key could not be corrected';

interface RegradeDialogProps {
  examId: string;
  /** The question whose key is corrected; the dialog is closed while there is none. */
  question: QuestionStatistic | null;
  /** The job applying a correction, followed until it ends. */
  job: RegradeJob | undefined;
  onApplied: (jobId: string) => void;
  onClose: () => void;
}

/**
 * Corrects a question's answer key: pick the option (or, for a multiple select question, the
 * options), or edit the key in force of a numerical, fill-in-the-blanks, matching or ordering
 * question; preview whose results change, apply.
 */
export function RegradeDialog({ examId, question, job, onApplied, onClose }: RegradeDialogProps) {
  return (
    <Modal
      open={question !== null}
      onClose={onClose}
      title={question ? 'Correct the answer key' : ''}
      size="lg"
    >
      {question && (
        // Keyed by question, so each opening starts from that question's key.
        <RegradeForm
          key={question.questionId}
          examId={examId}
          question={question}
          job={job}
          onApplied={onApplied}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

type Step = 'choose' | 'confirm' | 'applied';

function RegradeForm({
  examId,
  question,
  job,
  onApplied,
  onClose,
}: Omit<RegradeDialogProps, 'question'> & { question: QuestionStatistic }) {
  const regrade = useRegradeQuestion(examId);
  // A multiple select question has several correct options; a single-choice question one.
  const multiple = question.correctOptionIds !== null;
  const keyNow = question.correctOptionIds ?? [question.correctOptionId];
  const [chosen, setChosen] = useState<string[]>([]);
  // A numerical question's accepted answers, edited from the key in force.
  const numericKey = question.numericAnswers;
  const [answers, setAnswers] = useState<AnswerDraft[]>(() => numericKey?.map(draftOf) ?? []);
  // A question with parts: each blank's answers, each prompt's match, or the items' order.
  const blanksKey = question.blanks;
  const [blanks, setBlanks] = useState<BlankDraft[]>(() => blanksKey?.map(blankDraftOf) ?? []);
  const matchesKey = question.prompts && question.correctMatches;
  const [matches, setMatches] = useState<Record<string, string>>(() => ({
    ...question.correctMatches,
  }));
  const orderKey = question.items && question.correctOrder;
  const [order, setOrder] = useState<string[]>(() => [...(question.correctOrder ?? [])]);
  const choiceKey = !numericKey && !blanksKey && !matchesKey && !orderKey;
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<RegradeData | null>(null);
  const [step, setStep] = useState<Step>('choose');
  const [error, setError] = useState<{ field?: string; message?: string }>({});
  const legendId = useId();
  const errorId = useId();
  const options = question.options ?? [];

  const unchanged = numericKey
    ? JSON.stringify(answers.map(answerOf)) === JSON.stringify(numericKey)
    : blanksKey
      ? JSON.stringify(blanks.map(blankOf)) ===
        JSON.stringify(blanksKey.map((blank) => blankOf(blankDraftOf(blank))))
      : matchesKey
        ? (question.prompts ?? []).every((prompt) => matches[prompt._id] === matchesKey[prompt._id])
        : orderKey
          ? order.join() === orderKey.join()
          : chosen.length === keyNow.length && chosen.every((option) => keyNow.includes(option));
  /** An edit of the key drops the preview and the messages about the key before it. */
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
      setAnswerErrors({});
      setError({});
    };
  const editAnswers = edited(setAnswers);
  const items = question.items ?? [];
  const orderedItems = order.flatMap((id) => items.filter((item) => item._id === id));

  /** The corrected key in the field of the question's type; null when it breaks a rule. */
  const correctedKey = () => {
    if (matchesKey) {
      if ((question.prompts ?? []).some((prompt) => !matches[prompt._id])) {
        setAnswerErrors({ correctMatches: RESULT_MESSAGES.regradeEveryPrompt });
        return null;
      }
      return { correctMatches: matches };
    }
    if (orderKey) return { correctOrder: order };
    if (!numericKey && !blanksKey) {
      return multiple ? { correctOptionIds: chosen } : { correctOptionId: chosen[0] };
    }
    const [field, checked] = blanksKey
      ? (['blanks', blanksSchema.safeParse(blanks.map(blankOf))] as const)
      : (['numericAnswers', numericAnswersSchema.safeParse(answers.map(answerOf))] as const);
    if (checked.success) return { [field]: checked.data };
    setAnswerErrors(
      Object.fromEntries(
        checked.error.issues.map((issue) => [[field, ...issue.path].join('.'), issue.message]),
      ),
    );
    return null;
  };
  const choose = (optionId: string) => {
    setChosen((before) =>
      !multiple
        ? [optionId]
        : before.includes(optionId)
          ? before.filter((option) => option !== optionId)
          : [...before, optionId].sort(),
    );
    setPreview(null);
    setError({});
  };

  const send = async (dryRun: boolean) => {
    setError({});
    const key = correctedKey();
    if (!key) return;
    try {
      const { data } = await regrade.mutateAsync({
        questionId: question.questionId,
        ...key,
        dryRun,
      });
      if (dryRun) {
        setPreview(data);
      } else if (data.job) {
        onApplied(data.job._id);
        setStep('applied');
      }
    } catch (failure) {
      const fields = getFieldErrors(failure);
      setAnswerErrors(fields);
      const field =
        fields.correctOptionIds ??
        fields.correctOptionId ??
        fields.numericAnswers ??
        messageUnder(fields, 'blanks') ??
        messageUnder(fields, 'correctMatches') ??
        messageUnder(fields, 'correctOrder') ??
        fields.questionId;
      setError(field ? { field } : { message: getErrorMessage(failure, REGRADE_FAILED) });
      setStep('choose');
    }
  };

  if (step === 'applied') {
    return (
      <div className="space-y-4 text-sm text-slate-600">
        {job ? <RegradeProgress job={job} /> : <p>Starting the regrade…</p>}
        {job?.status === 'DONE' && (
          <p>
            {`Every submitted attempt was re-scored with ${job.correctKey} as the key. The report shows the new figures.`}
          </p>
        )}
        {job?.status === 'FAILED' && (
          <p role="alert" className="text-red-700">
            The regrade stopped with an error. The key is corrected; ask for help before trying
            again.
          </p>
        )}
        {job?.status === 'RUNNING' && (
          <p>You can close this window: the regrade goes on, and the report follows it.</p>
        )}
        <div className="flex justify-end pt-2">
          <Button variant={job?.status === 'RUNNING' ? 'secondary' : 'primary'} onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  if (step === 'confirm' && preview) {
    const letters = chosen.map(optionLetter);
    const textOf = (parts: { _id: string; text: string }[] | null, id: string | undefined) => {
      const text = parts?.find((part) => part._id === id)?.text ?? '';
      return formulaLabel(text) ?? text;
    };
    const key = numericKey
      ? `The accepted answers become ${answers
          .map((answer) => acceptedAnswerText(answerOf(answer), question.answerUnit ?? undefined))
          .join('; ')} to this question`
      : blanksKey
        ? `The blanks of this question accept ${blanks
            .map((blank, index) => `${index + 1}: ${acceptedBlankTexts(blankOf(blank)).join(', ')}`)
            .join('; ')}`
        : matchesKey
          ? `The key of this question becomes the pairs ${(question.prompts ?? [])
              .map(
                (prompt) =>
                  `${textOf(question.prompts, prompt._id)} → ${textOf(question.matchChoices, matches[prompt._id])}`,
              )
              .join('; ')}`
          : orderKey
            ? `The key of this question becomes the order ${order
                .map((id) => textOf(question.items, id))
                .join(', ')}`
            : letters.length === 1
              ? `Option ${letters[0]} becomes the correct answer to this question`
              : `Options ${letters.slice(0, -1).join(', ')} and ${letters.at(-1)} become the correct answers to this question`;
    return (
      <div className="space-y-4 text-sm text-slate-600">
        <p>
          {`${key}, and every submitted attempt is re-scored with it. `}
          <strong className="text-slate-900">
            {preview.attemptsAffected === 0
              ? 'No result changes.'
              : `${plural(preview.attemptsAffected, 'result')} change, ${plural(preview.passChanges, 'pass/fail outcome')} with them.`}
          </strong>
        </p>
        <p>The change is recorded under your name.</p>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => setStep('choose')}
            disabled={regrade.isPending}
          >
            Back
          </Button>
          <Button onClick={() => void send(false)} loading={regrade.isPending}>
            Apply the corrected key
          </Button>
        </div>
      </div>
    );
  }

  const optionLabels = options.map((option) => {
    const current = keyNow.includes(option._id);
    return (
      <label
        key={option._id}
        className={cn(
          'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-800 hover:border-brand-300',
          'has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-500',
          'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        )}
      >
        <input
          type={multiple ? 'checkbox' : 'radio'}
          name={`regrade-${question.questionId}`}
          value={option._id}
          checked={chosen.includes(option._id)}
          aria-label={formulaLabel(option.text)}
          onChange={() => choose(option._id)}
          className="mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
        />
        <span aria-hidden="true" className="font-semibold text-slate-500">
          {optionLetter(option._id)}
        </span>
        <Content inline source={option.text} className="min-w-0 flex-1" />
        {current && (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            Key now
          </span>
        )}
      </label>
    );
  });

  return (
    <div className="space-y-4 text-sm text-slate-600">
      <Content source={question.questionText} className="text-slate-900" />
      {numericKey ? (
        <NumericalKeyFields
          answers={answers}
          onChange={editAnswers}
          errors={answerErrors}
          unit={question.answerUnit}
        />
      ) : blanksKey ? (
        <BlankKeyFields blanks={blanks} onChange={edited(setBlanks)} errors={answerErrors} />
      ) : matchesKey ? (
        <fieldset
          aria-describedby={messageUnder(answerErrors, 'correctMatches') ? errorId : undefined}
        >
          <legend className="mb-2 font-medium text-slate-700">Correct match of each prompt</legend>
          <MatchingAnswer
            prompts={question.prompts ?? []}
            matches={question.matchChoices ?? []}
            chosen={matches}
            readOnly={false}
            onChange={edited(setMatches)}
          />
          <PartsError id={errorId} message={messageUnder(answerErrors, 'correctMatches')} />
        </fieldset>
      ) : orderKey ? (
        <div>
          <p id={legendId} className="mb-2 font-medium text-slate-700">
            Correct order
          </p>
          <OrderingAnswer
            items={orderedItems}
            labelledBy={legendId}
            readOnly={false}
            onChange={edited(setOrder)}
          />
          <PartsError id={errorId} message={messageUnder(answerErrors, 'correctOrder')} />
        </div>
      ) : (
        <fieldset>
          <legend id={legendId} className="mb-2 font-medium text-slate-700">
            {multiple ? 'Correct options' : 'Correct option'}
          </legend>
          {multiple ? (
            // The fieldset groups the checkboxes under its legend.
            <div aria-describedby={error.field ? errorId : undefined} className="grid gap-2">
              {optionLabels}
            </div>
          ) : (
            <div
              role="radiogroup"
              aria-labelledby={legendId}
              aria-describedby={error.field ? errorId : undefined}
              className="grid gap-2"
            >
              {optionLabels}
            </div>
          )}
          {error.field && (
            <p id={errorId} className="mt-2 text-red-700">
              {error.field}
            </p>
          )}
        </fieldset>
      )}
      {error.message && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
          {error.message}
        </p>
      )}
      {preview && <RegradePreview preview={preview} />}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={regrade.isPending}>
          Cancel
        </Button>
        {preview ? (
          <Button onClick={() => setStep('confirm')}>Apply…</Button>
        ) : (
          <Button
            onClick={() => void send(true)}
            loading={regrade.isPending}
            disabled={(choiceKey && chosen.length === 0) || unchanged}
          >
            Preview
          </Button>
        )}
      </div>
    </div>
  );
}

function PartsError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-2 text-red-700">
      {message}
    </p>
  ) : null;
}

/** Whose results the corrected key changes, before and after. */
function RegradePreview({ preview }: { preview: RegradeData }) {
  const hidden = preview.attemptsAffected - preview.changes.length;
  return (
    <section aria-label="Preview" aria-live="polite" className="space-y-2">
      <p className="font-medium text-slate-900">
        {preview.attemptsAffected === 0
          ? 'No result changes: nobody’s total or pass/fail moves.'
          : `${plural(preview.attemptsAffected, 'result')} ${preview.attemptsAffected === 1 ? 'changes' : 'change'}; ${plural(preview.passChanges, 'student')} ${preview.passChanges === 1 ? 'moves' : 'move'} between pass and fail.`}
      </p>
      {preview.changes.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls from the keyboard
        <div tabIndex={0} className="max-h-64 overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Results that change</caption>
            <thead className="sticky top-0 bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Student
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Total
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Result
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 text-slate-700">
              {preview.changes.map((change) => (
                <tr key={change.attemptCode}>
                  <td className="px-3 py-2">
                    <span className="block font-medium text-slate-900">{change.studentName}</span>
                    <span className="text-xs text-slate-500">{change.rollNumber}</span>
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {`${formatMarks(change.totalBefore)} → ${formatMarks(change.totalAfter)}`}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {change.passedBefore === change.passedAfter
                      ? change.passedAfter
                        ? 'Pass'
                        : 'Fail'
                      : `${change.passedBefore ? 'Pass' : 'Fail'} → ${change.passedAfter ? 'Pass' : 'Fail'}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hidden > 0 && <p>{`And ${plural(hidden, 'more result')} not listed.`}</p>}
    </section>
  );
}
