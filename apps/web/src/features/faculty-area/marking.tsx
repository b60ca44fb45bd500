import type { AnswersToGradeData } from '@examiq/contracts';
import { useState } from 'react';
import { Dropdown } from '@/components/dropdown';
import { EmptyState } from '@/components/empty-state';
import { cn } from '@/lib/cn';
import { AnswerList } from './answer-list';
import { CardSkeleton, Panel } from './panel';
import { QuestionPanel } from './question-panel';
import { ScoredAnswers } from './scored-answers';
import type { Mode } from './use-grading-params';
import type { MarkSaver } from './use-mark-saver';

interface MarkingProps {
  data: AnswersToGradeData;
  mode: Mode;
  chosen: string | undefined;
  saver: MarkSaver;
  /** The data is the previous choice's or page's while the new answers load: none are shown. */
  loading: boolean;
  onMode: (mode: Mode) => void;
  onChoose: (chosen: string) => void;
  onPage: (page: number) => void;
}

export function Marking({
  data,
  mode,
  chosen,
  saver,
  loading,
  onMode,
  onChoose,
  onPage,
}: MarkingProps) {
  // A page turned from its buttons opens with focus on its first answer, where marking goes on.
  const [turnedPage, setTurnedPage] = useState(false);
  const questionById = new Map(data.questions.map((question) => [question._id, question]));
  const written = data.questions.length > 0;
  const question = mode === 'question' && chosen ? questionById.get(chosen) : undefined;
  // Uploaded files need the width: their question sits above them instead of beside.
  const beside = question !== undefined && question.questionType !== 'FILE_UPLOAD';
  const options =
    mode === 'question'
      ? data.questions.map((item) => ({
          value: item._id,
          label: `${item.sectionName} · Question ${item.position} (${item.progress.marked}/${item.progress.total} marked)`,
        }))
      : data.scripts.map((script) => ({
          value: script.attemptCode,
          label: written
            ? `${script.attemptCode} (${script.progress.marked}/${script.progress.total} marked)`
            : script.attemptCode,
        }));

  return (
    <>
      <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        {written && <ModeSwitch mode={mode} onMode={onMode} />}
        <Dropdown
          className="min-w-0 flex-1"
          label={mode === 'question' ? 'Question' : 'Script'}
          placeholder={mode === 'question' ? 'Select a question' : 'Select a script'}
          options={options}
          value={chosen ?? ''}
          onChange={(event) => event.target.value && onChoose(event.target.value)}
        />
      </div>
      <div
        className={
          beside ? 'grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]' : 'space-y-6'
        }
      >
        {question && <QuestionPanel question={question} beside={beside} />}
        {loading && <AnswersSkeleton />}
        {!loading && chosen
          ? written && (
              <AnswerList
                key={`${mode}-${chosen}-${data.pagination.currentPage}`}
                data={data}
                questionById={questionById}
                showQuestion={mode === 'student'}
                saver={saver}
                focusFirst={turnedPage}
                onPage={(page) => {
                  setTurnedPage(true);
                  onPage(page);
                }}
              />
            )
          : // Until the first one is chosen for them, which is at once unless there is none.
            !loading &&
            options.length === 0 && (
              <Panel>
                <EmptyState
                  title="No scripts to mark"
                  description="Scripts appear here once the students who wrote them have submitted."
                />
              </Panel>
            )}
      </div>
      {!loading && mode === 'student' && chosen && (
        <ScoredAnswers key={chosen} answers={data.scoredAnswers} />
      )}
      {!loading && !written && chosen && data.scoredAnswers.length === 0 && (
        <Panel>
          <EmptyState
            title="Nothing answered"
            description="This script was submitted without an answer to any question."
          />
        </Panel>
      )}
    </>
  );
}

function ModeSwitch({ mode, onMode }: { mode: Mode; onMode: (mode: Mode) => void }) {
  const modes: { value: Mode; label: string }[] = [
    { value: 'question', label: 'By question' },
    { value: 'student', label: 'By student' },
  ];
  return (
    <fieldset className="inline-flex shrink-0 rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">Mark</legend>
      {modes.map(({ value, label }) => (
        <button
          key={value}
          type="button"
          aria-pressed={mode === value}
          onClick={() => onMode(value)}
          className={cn(
            'h-9 rounded-md px-4 text-sm font-medium transition-colors',
            mode === value
              ? 'bg-white text-slate-900 shadow-sm'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

function AnswersSkeleton() {
  return (
    <div className="space-y-4">
      <p role="status" className="sr-only">
        Loading answers
      </p>
      {['a', 'b'].map((key) => (
        <CardSkeleton key={key} bars={['h-5 w-40', 'h-20', 'h-10 w-2/3']} />
      ))}
    </div>
  );
}
