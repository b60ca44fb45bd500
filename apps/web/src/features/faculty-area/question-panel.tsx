import type { QuestionToGrade } from '@examiq/contracts';
import { useId } from 'react';
import { Content } from '@/components/content/content';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { MarkingProgress } from './marking-progress';

/**
 * The question being marked and its key: beside its answers on a wide screen, where it stays in
 * view as they scroll by, or above them.
 */
export function QuestionPanel({
  question,
  beside,
}: {
  question: QuestionToGrade;
  beside: boolean;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm',
        beside && 'lg:sticky lg:top-24',
      )}
    >
      <div>
        <h2 id={titleId} className="font-semibold text-slate-900">
          {`${question.sectionName} · Question ${question.position}`}
        </h2>
        <p className="text-sm text-slate-600">{plural(question.marks, 'mark')}</p>
        <Content source={question.questionText} className="mt-2 text-sm text-slate-900" />
      </div>
      {question.modelAnswer && <KeyText title="Model answer">{question.modelAnswer}</KeyText>}
      {question.sampleAnswer && <KeyText title="Sample answer">{question.sampleAnswer}</KeyText>}
      {question.keywords.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-slate-700">Keywords</h3>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {question.keywords.map((keyword) => (
              <li
                key={keyword}
                className="rounded-sm bg-amber-200 px-1.5 py-0.5 text-sm text-slate-900"
              >
                {keyword}
              </li>
            ))}
          </ul>
        </div>
      )}
      {question.minWordCount !== null && question.maxWordCount !== null && (
        <p className="text-sm text-slate-600">{`Expected length: ${question.minWordCount}–${question.maxWordCount} words`}</p>
      )}
      <MarkingProgress label="This question" progress={question.progress} />
    </section>
  );
}

function KeyText({ title, children }: { title: string; children: string }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      <Content
        source={children}
        className="mt-1 rounded-lg bg-green-50 p-3 text-sm text-slate-900"
      />
    </div>
  );
}
