import {
  acceptedAnswerText,
  acceptedBlankTexts,
  type BlankKey,
  type FileKind,
  type MatchingPair,
  type NumericUnit,
  type QuestionDraft,
  SCORING_RULE_LABELS,
} from '@examiq/contracts';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { uploadLimitsText } from '@/components/answer-files';
import { Content } from '@/components/content/content';
import { BlankGap } from '@/components/content/question-view';
import { plural } from '@/lib/plural';

/** What is shown of a question: a stored one, or one read from a file that is still to complete. */
type ShownQuestion = Omit<QuestionDraft, 'questionType' | 'order'> & {
  blanks?: BlankKey[];
  pairs?: MatchingPair[];
  distractors?: string[];
  items?: string[];
  fileTypes?: FileKind[];
  maxFiles?: number;
  maxFileMb?: number;
};

/** The units as an author reads them: `A; mA = 0.001 A`. */
function unitsText(units: readonly NumericUnit[]): string {
  const [first] = units;
  return units
    .map(({ unit, factor }, index) =>
      index === 0 || !first ? unit : `${unit} = ${factor} ${first.unit}`,
    )
    .join('; ');
}

const blankGap = (number: number) => <BlankGap number={number} />;

interface QuestionKeyProps {
  question: ShownQuestion;
  number: number;
  /** Drawn at the end of the item, e.g. what is still missing. */
  children?: ReactNode;
}

/** One question as a list item, with its marks, answer key and explanation. */
export function QuestionKey({ question, number, children }: QuestionKeyProps) {
  const { options, sampleAnswer, modelAnswer, keywords, scoring, numericAnswers, units } = question;
  return (
    <li className="break-inside-avoid rounded-lg border border-slate-200 p-4">
      <div className="flex gap-1.5 font-medium text-slate-900">
        <span className="shrink-0">{`${number}. `}</span>
        <div className="min-w-0 flex-1">
          <Content source={question.questionText} blank={question.blanks && blankGap} />
          <p className="mt-0.5 text-sm font-normal text-slate-600">
            {`(${plural(question.marks, 'mark')}, ${question.difficulty.toLowerCase()})`}
          </p>
        </div>
      </div>
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
              <Content inline source={option.text} />
              {option.isCorrect && <span className="sr-only"> (correct answer)</span>}
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-2 space-y-1 text-sm text-slate-700">
        {sampleAnswer !== undefined && (
          <KeyLine term="Sample answer">
            <Content source={sampleAnswer} />
          </KeyLine>
        )}
        {modelAnswer !== undefined && (
          <>
            <KeyLine term="Model answer">
              <Content source={modelAnswer} />
            </KeyLine>
            <KeyLine term="Words">{`${question.minWordCount} to ${question.maxWordCount}`}</KeyLine>
          </>
        )}
        {keywords && <KeyLine term="Keywords">{keywords.join(', ')}</KeyLine>}
        {question.blanks?.map((blank, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a blank is its place in the text
          <KeyLine key={index} term={`Blank ${index + 1}`}>
            {`${acceptedBlankTexts(blank).join('; ')}${blank.caseSensitive ? ' (case sensitive)' : ''}`}
          </KeyLine>
        ))}
        {question.pairs && (
          <KeyLine term="Pairs">
            <ul>
              {question.pairs.map((pair) => (
                <li key={`${pair.prompt}\u0000${pair.match}`}>
                  <Content inline source={pair.prompt} />
                  {' → '}
                  <Content inline source={pair.match} />
                </li>
              ))}
            </ul>
          </KeyLine>
        )}
        {question.distractors && question.distractors.length > 0 && (
          <KeyLine term="Distractors">
            {question.distractors.map((distractor, index) => (
              <span key={distractor}>
                {index > 0 && '; '}
                <Content inline source={distractor} />
              </span>
            ))}
          </KeyLine>
        )}
        {question.items && (
          <KeyLine term="Right order">
            <ol className="list-decimal pl-5">
              {question.items.map((item) => (
                <li key={item}>
                  <Content inline source={item} />
                </li>
              ))}
            </ol>
          </KeyLine>
        )}
        {question.fileTypes &&
          question.maxFiles !== undefined &&
          question.maxFileMb !== undefined && (
            <KeyLine term="Files">
              {uploadLimitsText({
                fileTypes: question.fileTypes,
                maxFiles: question.maxFiles,
                maxFileMb: question.maxFileMb,
              })}
            </KeyLine>
          )}
        {scoring && <KeyLine term="Scoring">{SCORING_RULE_LABELS[scoring]}</KeyLine>}
        {numericAnswers && (
          <KeyLine term={numericAnswers.length === 1 ? 'Answer' : 'Accepted answers'}>
            {numericAnswers
              .map((answer) => acceptedAnswerText(answer, units?.[0]?.unit))
              .join('; ')}
          </KeyLine>
        )}
        {units && units.length > 0 && (
          <>
            <KeyLine term="Units">{unitsText(units)}</KeyLine>
            <KeyLine term="Unit penalty">{`${Math.round((question.unitPenalty ?? 0) * 100)}% of the marks`}</KeyLine>
          </>
        )}
        <KeyLine term="Explanation">
          <Content source={question.explanation} />
        </KeyLine>
      </dl>
      {children}
    </li>
  );
}

/** A term and its value on one line; content that holds blocks wraps below the term. */
function KeyLine({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-1">
      <dt className="font-medium text-slate-900">{`${term}:`}</dt>
      <dd className="min-w-0 flex-1 basis-48">{children}</dd>
    </div>
  );
}
