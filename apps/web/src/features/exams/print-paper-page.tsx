import { type ExamDetail, QUESTION_TYPE_LABELS, type Question } from '@examiq/contracts';
import { Printer } from 'lucide-react';
import { useParams } from 'react-router';
import { fileKindsText } from '@/components/answer-files';
import { BackLink } from '@/components/back-link';
import { Button } from '@/components/button';
import { Content, MediaUrlsProvider } from '@/components/content/content';
import { optionLetter } from '@/components/content/question-view';
import { RecordDetail } from '@/components/detail-view';
import { shuffledForPaper } from '@/components/question-editor/paper-order';
import { plural } from '@/lib/plural';
import { EXAM_PAGE_STATES, useExam, useExamMediaUrls } from './api/get-exam';
import { QuestionKey } from './question-key';

/** Ruled lines left for a written answer on paper. */
const ANSWER_LINES = { SHORT_ANSWER: 4, LONG_ANSWER: 16 } as const;

/**
 * /admin/exam/:examId/print and /print-key: the paper as students see it (or its answer key for
 * the examiners), one section after another, for the browser's print to PDF. A question is never
 * cut by a page break.
 */
export default function PrintPaperPage({ answerKey }: { answerKey: boolean }) {
  const { examId = '' } = useParams();
  const query = useExam(examId);
  const mediaUrls = useExamMediaUrls(examId);
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink to={`/admin/exam/${examId}`}>Back to Exam</BackLink>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </Button>
      </div>
      <RecordDetail query={query} loadingLabel="Loading the paper" {...EXAM_PAGE_STATES}>
        {(exam) => (
          <MediaUrlsProvider mediaUrls={mediaUrls}>
            <Paper exam={exam} answerKey={answerKey} />
          </MediaUrlsProvider>
        )}
      </RecordDetail>
    </>
  );
}

function Paper({ exam, answerKey }: { exam: ExamDetail; answerKey: boolean }) {
  return (
    <article className="mx-auto max-w-3xl rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-sm sm:p-10 print:max-w-none print:border-0 print:p-0 print:shadow-none">
      <header className="border-b border-slate-300 pb-4 text-center">
        <h1 className="text-2xl font-bold">{exam.examTitle}</h1>
        <p className="mt-1 text-sm text-slate-700">
          {`${exam.subject} · ${plural(exam.totalMarks, 'mark')} · ${plural(exam.duration, 'minute')}`}
        </p>
        {answerKey && (
          <p className="mt-2 text-sm font-semibold uppercase tracking-wide text-red-800">
            Answer key: for examiners only
          </p>
        )}
      </header>
      {!answerKey && exam.generalInstructions.length > 0 && (
        <section aria-labelledby="general-instructions" className="mt-6 break-inside-avoid">
          <h2 id="general-instructions" className="font-semibold">
            Instructions
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
            {exam.generalInstructions.map((line, position) => (
              // Instructions are lines that may repeat; their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={position}>
                <Content source={line} />
              </li>
            ))}
          </ol>
        </section>
      )}
      {exam.examSections.map((section, index) => (
        <section key={section.id} aria-labelledby={`section-${section.id}`} className="mt-8">
          <div className="break-after-avoid border-b border-slate-200 pb-2">
            <h2 id={`section-${section.id}`} className="text-lg font-semibold">
              {`Section ${section.order}: ${section.name}`}
            </h2>
            <p className="text-sm text-slate-700">
              {`${QUESTION_TYPE_LABELS[section.questionType]} · ${plural(section.marks, 'mark')}${section.isOptional ? ' · Optional' : ''}`}
            </p>
            {!answerKey &&
              section.instructions.map((line, position) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: instruction lines may repeat
                <Content key={position} source={line} className="mt-1 text-sm italic" />
              ))}
          </div>
          <ol className="mt-4 space-y-6">
            {(exam.questions[index] ?? []).map((question, position) =>
              answerKey ? (
                <QuestionKey key={question.id} question={question} number={position + 1} />
              ) : (
                <li key={question.id} className="break-inside-avoid">
                  <div className="flex gap-2">
                    <span className="shrink-0 font-semibold">{`${position + 1}.`}</span>
                    <Content
                      source={question.questionText}
                      className="min-w-0 flex-1"
                      blank={
                        question.questionType === 'FILL_IN_BLANKS'
                          ? (n) => <PaperBlank number={n} />
                          : undefined
                      }
                    />
                    <span className="shrink-0 text-sm text-slate-700">{`[${plural(question.marks, 'mark')}]`}</span>
                  </div>
                  <PaperAnswer question={question} />
                </li>
              ),
            )}
          </ol>
        </section>
      ))}
    </article>
  );
}

/**
 * Where the answer goes on paper: boxes beside the options, a line for a number (and its unit),
 * ruled lines to write on, or what to attach.
 */
function PaperAnswer({ question }: { question: Question }) {
  if ('options' in question) {
    const lettered = question.questionType !== 'TRUE_FALSE';
    return (
      <>
        {question.questionType === 'MULTI_SELECT' && (
          <p className="mt-2 pl-6 text-sm italic">Tick every correct option.</p>
        )}
        <ol className="mt-2 space-y-1 pl-6 text-sm">
          {question.options.map((option, index) => (
            <li key={optionLetter(index)} className="flex gap-2">
              {lettered && <span className="font-semibold">{`${optionLetter(index)}.`}</span>}
              <span aria-hidden="true">☐</span>
              <Content inline source={option.text} />
            </li>
          ))}
        </ol>
      </>
    );
  }
  if (question.questionType === 'NUMERICAL') {
    const units = question.units.map(({ unit }) => unit);
    return (
      <p className="mt-3 flex flex-wrap items-end gap-x-6 gap-y-2 pl-6 text-sm">
        <span className="flex items-end gap-2">
          Answer:
          <span aria-hidden="true" className="inline-block w-40 border-b border-slate-400" />
        </span>
        {units.length > 0 && (
          <span className="flex items-end gap-2">
            {`Unit (${units.join(', ')}):`}
            <span aria-hidden="true" className="inline-block w-16 border-b border-slate-400" />
          </span>
        )}
      </p>
    );
  }
  if (question.questionType === 'FILL_IN_BLANKS') return null;
  if (question.questionType === 'FILE_UPLOAD') {
    const files = question.maxFiles === 1 ? 'one file' : `up to ${question.maxFiles} files`;
    return (
      <p className="mt-2 pl-6 text-sm italic">
        {`Attach your working: ${files}, ${fileKindsText(question.fileTypes)}.`}
      </p>
    );
  }
  if (question.questionType === 'MATCHING') return <PaperMatching question={question} />;
  if (question.questionType === 'ORDERING') {
    const items = shuffledForPaper(question.items, (item) => item);
    return (
      <>
        <p className="mt-2 pl-6 text-sm italic">
          Number the items in the right order: 1 for the first.
        </p>
        <ul className="mt-2 space-y-1.5 pl-6 text-sm">
          {items.map((item) => (
            <li key={item} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block size-6 shrink-0 rounded-sm border border-slate-500"
              />
              <Content inline source={item} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <div aria-hidden="true" className="mt-3 space-y-6 pl-6">
      {Array.from({ length: ANSWER_LINES[question.questionType] }, (_, line) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blank ruled lines
        <div key={line} className="border-b border-slate-300" />
      ))}
    </div>
  );
}

/** A blank of the sentence as a line to write on, its number under it. */
function PaperBlank({ number }: { number: number }) {
  return (
    <span className="mx-0.5 inline-flex w-28 flex-col items-center align-baseline">
      <span aria-hidden="true" className="block h-5 w-full border-b border-slate-500" />
      <span className="text-[0.65rem] leading-3 text-slate-600">{`(${number})`}</span>
    </span>
  );
}

/**
 * A matching question on paper: the prompts numbered on the left, each with a box for the letter
 * of its match; the matches (with the distractors, shuffled) lettered on the right.
 */
function PaperMatching({
  question,
}: {
  question: Extract<Question, { questionType: 'MATCHING' }>;
}) {
  const matches = shuffledForPaper(
    [...question.pairs.map((pair) => pair.match), ...question.distractors],
    (match) => match,
  );
  return (
    <>
      <p className="mt-2 pl-6 text-sm italic">
        Write the letter of its match in the box beside each prompt.
      </p>
      <div className="mt-2 grid grid-cols-2 gap-6 pl-6 text-sm">
        <ol className="space-y-1.5">
          {question.pairs.map((pair, index) => (
            <li key={pair.prompt} className="flex items-center gap-2">
              <span className="font-semibold">{`${index + 1}.`}</span>
              <Content inline source={pair.prompt} className="min-w-0 flex-1" />
              <span
                aria-hidden="true"
                className="inline-block size-6 shrink-0 rounded-sm border border-slate-500"
              />
            </li>
          ))}
        </ol>
        <ol className="space-y-1.5">
          {matches.map((match, index) => (
            <li key={match} className="flex gap-2">
              <span className="font-semibold">{`${optionLetter(index)}.`}</span>
              <Content inline source={match} className="min-w-0" />
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
