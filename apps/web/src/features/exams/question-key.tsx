import type { Question } from '@examiq/contracts';
import { CircleCheck } from 'lucide-react';
import { plural } from '@/lib/plural';

/** One question as a list item, with its marks, answer key and explanation. */
export function QuestionKey({ question, number }: { question: Question; number: number }) {
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <p className="font-medium text-slate-900">
        {`${number}. ${question.questionText}`}
        <span className="ml-2 text-sm font-normal text-slate-600">
          {`(${plural(question.marks, 'mark')}, ${question.difficulty.toLowerCase()})`}
        </span>
      </p>
      {'options' in question && (
        <ul className="mt-2 space-y-1 text-sm">
          {question.options.map((option) => (
            <li
              key={option.text}
              className={option.isCorrect ? 'font-semibold text-green-800' : 'text-slate-700'}
            >
              {option.isCorrect && (
                <CircleCheck aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />
              )}
              {option.text}
              {option.isCorrect && <span className="sr-only"> (correct answer)</span>}
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-2 space-y-1 text-sm text-slate-700">
        {'sampleAnswer' in question && (
          <KeyLine term="Sample answer">{question.sampleAnswer}</KeyLine>
        )}
        {'modelAnswer' in question && (
          <>
            <KeyLine term="Model answer">{question.modelAnswer}</KeyLine>
            <KeyLine term="Words">{`${question.minWordCount} to ${question.maxWordCount}`}</KeyLine>
          </>
        )}
        {'keywords' in question && (
          <KeyLine term="Keywords">{question.keywords.join(', ')}</KeyLine>
        )}
        <KeyLine term="Explanation">{question.explanation}</KeyLine>
      </dl>
    </li>
  );
}

function KeyLine({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="inline font-medium text-slate-900">{`${term}: `}</dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}
