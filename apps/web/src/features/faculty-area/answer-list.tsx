import type { AnswersToGradeData, QuestionToGrade } from '@examiq/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { AnswerCard } from './answer-card';
import { Panel } from './panel';
import type { MarkSaver } from './use-mark-saver';

interface AnswerListProps {
  data: AnswersToGradeData;
  questionById: Map<string, QuestionToGrade>;
  showQuestion: boolean;
  saver: MarkSaver;
  focusFirst: boolean;
  onPage: (page: number) => void;
}

/** The page of answers; Enter on one's marks moves to the next one's, then to the next page. */
export function AnswerList({
  data,
  questionById,
  showQuestion,
  saver,
  focusFirst,
  onPage,
}: AnswerListProps) {
  const titleId = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const nextPage = useRef<HTMLButtonElement>(null);

  // Once, when the page is first shown: it is keyed by its choice and page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the page as it first shows
  useEffect(() => {
    if (focusFirst) inputs.current[0]?.focus();
  }, []);
  const { pagination } = data;

  function focusAfter(index: number) {
    const next = inputs.current[index + 1];
    if (next) {
      next.focus();
      next.select();
    } else nextPage.current?.focus();
  }

  return (
    <section aria-labelledby={titleId} className="min-w-0">
      <h2 id={titleId} className="sr-only">
        Answers
      </h2>
      {data.answers.length === 0 ? (
        <Panel>
          <EmptyState
            title="No answers to mark"
            description="Answers appear here once the students who wrote them have submitted."
          />
        </Panel>
      ) : (
        <ol className="space-y-4">
          {data.answers.map((answer, index) => {
            const question = questionById.get(answer.questionId);
            if (!question) return null;
            return (
              <li key={answer._id}>
                <AnswerCard
                  answer={answer}
                  question={question}
                  showQuestion={showQuestion}
                  save={saver.saves.get(answer._id)}
                  onSave={(marks, comment) => saver.save(answer._id, marks, comment)}
                  marksRef={(input) => {
                    inputs.current[index] = input;
                  }}
                  onDone={() => focusAfter(index)}
                />
              </li>
            );
          })}
        </ol>
      )}
      {pagination.totalPages > 1 && (
        <nav
          aria-label="Answer pages"
          className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600"
        >
          <span>{`Page ${pagination.currentPage} of ${pagination.totalPages}`}</span>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={!pagination.hasPreviousPage}
              onClick={() => onPage(pagination.currentPage - 1)}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Button>
            <Button
              ref={nextPage}
              variant="secondary"
              size="sm"
              disabled={!pagination.hasNextPage}
              onClick={() => onPage(pagination.currentPage + 1)}
            >
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </nav>
      )}
    </section>
  );
}
