import { type AnswerToGrade, MARK_STEP, type QuestionToGrade } from '@examiq/contracts';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { type FormEvent, type Ref, useId, useState } from 'react';
import { Button } from '@/components/button';
import { Content } from '@/components/content/content';
import { controlClasses, controlStateClasses } from '@/components/field';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { AnswerFilesView } from './answer-files-view';
import { highlightKeywords, wordCount } from './answer-text';
import { parseMarks } from './parse-marks';
import type { MarkSave } from './use-mark-saver';

interface AnswerCardProps {
  answer: AnswerToGrade;
  question: QuestionToGrade;
  /** Shows the question above the answer, when the answers are a script's, not a question's. */
  showQuestion: boolean;
  save: MarkSave | undefined;
  onSave: (marks: number, comment: string) => void;
  /** Receives the marks input, so the screen can move focus to it. */
  marksRef: Ref<HTMLInputElement>;
  /** Called after a valid mark was sent with Enter or Save: focus goes to the next answer. */
  onDone: () => void;
}

/**
 * One answer to mark: its text with keyword hits marked (or the files uploaded), the marks and
 * comment, the save state.
 */
export function AnswerCard({
  answer,
  question,
  showQuestion,
  save,
  onSave,
  marksRef,
  onDone,
}: AnswerCardProps) {
  const headingId = useId();
  const marksId = useId();
  const commentId = useId();
  const [marks, setMarks] = useState(() => {
    const value = save?.marks ?? answer.marks;
    return value === null ? '' : String(value);
  });
  const [comment, setComment] = useState(save?.comment ?? answer.comment ?? '');
  const [error, setError] = useState<string>();
  const words = wordCount(answer.text);
  const uploaded = question.questionType === 'FILE_UPLOAD';
  const marked = save?.status === 'saved' || (save === undefined && answer.marks !== null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = parseMarks(marks, question.marks);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(undefined);
    onSave(result.marks, comment.trim());
    onDone();
  }

  const marksForm = (
    <form
      noValidate
      onSubmit={submit}
      className={cn(
        'flex flex-col gap-3 sm:flex-row sm:items-start',
        uploaded ? '@3xl:sticky @3xl:top-24 @3xl:flex-col @3xl:items-stretch' : 'mt-3',
      )}
    >
      <div className={cn('sm:w-36', uploaded && '@3xl:w-auto')}>
        <label htmlFor={marksId} className="mb-1.5 block text-sm font-medium text-slate-700">
          {`Marks out of ${question.marks}`}
        </label>
        <input
          ref={marksRef}
          id={marksId}
          type="number"
          inputMode="decimal"
          min={0}
          max={question.marks}
          step={MARK_STEP}
          value={marks}
          onChange={(event) => setMarks(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${marksId}-error` : undefined}
          className={cn(controlClasses, controlStateClasses(Boolean(error)), 'tabular-nums')}
        />
        {error && (
          <p id={`${marksId}-error`} className="mt-1.5 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={commentId} className="mb-1.5 block text-sm font-medium text-slate-700">
          Comment (optional)
        </label>
        <input
          id={commentId}
          type="text"
          maxLength={2000}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          className={cn(controlClasses, controlStateClasses(false))}
        />
      </div>
      <Button type="submit" variant="secondary" className={cn('sm:mt-7', uploaded && '@3xl:mt-0')}>
        Save
      </Button>
    </form>
  );

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border bg-white p-4 shadow-sm sm:p-5',
        save?.status === 'failed' ? 'border-red-300' : 'border-slate-200',
      )}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {showQuestion
            ? `${question.sectionName} · Question ${question.position}`
            : `Script ${answer.attemptCode}`}
          {answer.studentName && (
            <span className="font-normal text-slate-600">{` · ${answer.studentName}`}</span>
          )}
        </h3>
        <SaveStatus save={save} marked={marked} />
      </header>
      {showQuestion && (
        <Content source={question.questionText} className="mt-1 text-sm text-slate-700" />
      )}
      {uploaded ? (
        // The files take the width; the marks sit beside them in a wide card, below in a narrow one.
        <div className="@container mt-3">
          <div className="grid items-start gap-4 @3xl:grid-cols-[minmax(0,1fr)_14rem]">
            <AnswerFilesView files={answer.files ?? []} />
            {marksForm}
          </div>
        </div>
      ) : (
        <>
          <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm leading-relaxed wrap-anywhere text-slate-900 [&_mark]:rounded-sm [&_mark]:bg-amber-200 [&_mark]:px-0.5 [&_mark]:text-slate-900">
            {question.questionType === 'LONG_ANSWER' ? (
              <Content kind="answer" source={answer.text} keywords={question.keywords} />
            ) : (
              <p className="whitespace-pre-wrap">
                {highlightKeywords(answer.text, question.keywords)}
              </p>
            )}
          </div>
          <p className="mt-1.5 text-xs text-slate-600">
            {plural(words, 'word')}
            {question.minWordCount !== null &&
              question.maxWordCount !== null &&
              ` (${question.minWordCount}–${question.maxWordCount} expected)`}
          </p>
          {marksForm}
        </>
      )}
      {save?.status === 'failed' && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-700">
          <span className="min-w-0 flex-1">{`Not saved: ${save.error}`}</span>
          <Button size="sm" variant="danger" onClick={() => onSave(save.marks, save.comment)}>
            Retry
          </Button>
        </div>
      )}
    </article>
  );
}

/** Saving, saved or not saved, said to screen readers as it changes. */
function SaveStatus({ save, marked }: { save: MarkSave | undefined; marked: boolean }) {
  let content = <span className="text-slate-600">Not marked</span>;
  if (save?.status === 'saving') {
    content = (
      <span className="inline-flex items-center gap-1 text-slate-600">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
        Saving…
      </span>
    );
  } else if (save?.status === 'failed') {
    content = (
      <span className="inline-flex items-center gap-1 font-medium text-red-700">
        <CircleAlert aria-hidden="true" className="size-4" />
        Not saved
      </span>
    );
  } else if (marked) {
    content = (
      <span className="inline-flex items-center gap-1 font-medium text-green-700">
        <CircleCheck aria-hidden="true" className="size-4" />
        Saved
      </span>
    );
  }
  return (
    <p role="status" className="text-sm">
      {content}
    </p>
  );
}
