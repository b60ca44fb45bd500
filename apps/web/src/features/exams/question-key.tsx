import type { QuestionDraft } from '@examiq/contracts';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { plural } from '@/lib/plural';

/** What is shown of a question: a stored one, or one read from a file that is still to complete. */
type ShownQuestion = Omit<QuestionDraft, 'questionType' | 'order'>;

interface QuestionKeyProps {
  question: ShownQuestion;
  number: number;
  /** Drawn at the end of the item, e.g. what is still missing. */
  children?: ReactNode;
}

/** One question as a list item, with its marks, answer key and explanation. */
export function QuestionKey({ question, number, children }: QuestionKeyProps) {
  const { options, sampleAnswer, modelAnswer, keywords } = question;
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <p className="font-medium wrap-anywhere text-slate-900">
        {`${number}. ${question.questionText}`}
        <span className="ml-2 text-sm font-normal text-slate-600">
          {`(${plural(question.marks, 'mark')}, ${question.difficulty.toLowerCase()})`}
        </span>
      </p>
      {options && (
        <ul className="mt-2 space-y-1 text-sm">
          {options.map((option, index) => (
            <li
              // Options are drawn as they stand; a question still to complete may repeat a text.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
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
        {sampleAnswer !== undefined && <KeyLine term="Sample answer">{sampleAnswer}</KeyLine>}
        {modelAnswer !== undefined && (
          <>
            <KeyLine term="Model answer">{modelAnswer}</KeyLine>
            <KeyLine term="Words">{`${question.minWordCount} to ${question.maxWordCount}`}</KeyLine>
          </>
        )}
        {keywords && <KeyLine term="Keywords">{keywords.join(', ')}</KeyLine>}
        <KeyLine term="Explanation">{question.explanation}</KeyLine>
      </dl>
      {children}
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
