import { answerAnyCounted, type ResultQuestion, type StudentResultData } from '@examiq/contracts';
import { CircleCheck, CircleX, MessageSquareText } from 'lucide-react';
import { useParams } from 'react-router';
import { AnswerFileList } from '@/components/answer-files';
import { BackLink } from '@/components/back-link';
import { Badge } from '@/components/badge';
import { Content, MediaUrlsProvider, WrittenAnswerText } from '@/components/content/content';
import { gapsOf } from '@/components/content/question-view';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/skeleton';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useResult } from './api/get-result';
import { QueryState } from './query-state';

export default function ResultPage() {
  const { examId = '' } = useParams();
  const result = useResult(examId);

  return (
    <>
      <BackLink to="/student">Back to dashboard</BackLink>
      <QueryState
        query={result}
        loadingLabel="Loading your result"
        skeleton={<ResultSkeleton />}
        notFound={{
          title: 'No result to show',
          message: 'The results of this exam are not published yet, or you did not submit it.',
        }}
        errorTitle="Failed to load your result"
      >
        {(data) => (
          <MediaUrlsProvider mediaUrls={data.mediaUrls}>
            <Result data={data} />
          </MediaUrlsProvider>
        )}
      </QueryState>
    </>
  );
}

function Result({ data }: { data: StudentResultData }) {
  const { exam } = data;
  return (
    <>
      <PageHeader
        title={exam.examTitle}
        description={`${exam.subject} · ${exam.examId}${data.submittedAt ? ` · submitted ${formatDateTime(data.submittedAt)}` : ''}`}
      />
      <section
        aria-label="Your score"
        className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-4">
          <p className="text-3xl font-semibold text-slate-900">
            {data.total}
            <span className="text-lg font-normal text-slate-500">{` / ${exam.totalMarks}`}</span>
          </p>
          <Badge tone={data.passed ? 'green' : 'red'} dot>
            {data.passed ? 'Passed' : 'Failed'}
          </Badge>
          <p className="text-sm text-slate-600">{`${exam.passingMarks} ${exam.passingMarks === 1 ? 'mark' : 'marks'} to pass`}</p>
        </div>
        <dl className="mt-4 grid gap-3 border-t border-slate-100 pt-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {data.sections.map((section) => (
            <div key={section.sectionId}>
              <dt className="text-slate-500">
                {section.name}
                {section.isOptional && !section.counted && ' (optional, not counted)'}
              </dt>
              <dd className="font-medium text-slate-900">
                {`${section.marks} / ${section.maxMarks}`}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {!exam.showAnswersAfterPublish && (
        <p className="mb-6 text-sm text-slate-600">
          This exam does not show the correct answers or explanations.
        </p>
      )}
      <div className="space-y-6">
        {data.sections.map((section) => (
          <section
            key={section.sectionId}
            aria-labelledby={`section-${section.sectionId}`}
            className="rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <h2
              id={`section-${section.sectionId}`}
              className="border-b border-slate-100 px-5 py-3 text-base font-semibold text-slate-900"
            >
              {section.name}
              {section.answerAny !== undefined && (
                <span className="mt-0.5 block text-sm font-normal text-slate-600">
                  {answerAnyCounted(section.answerAny)}
                </span>
              )}
            </h2>
            <ol className="divide-y divide-slate-100">
              {section.questions.map((question, index) => (
                <QuestionResult key={question._id} question={question} number={index + 1} />
              ))}
            </ol>
          </section>
        ))}
      </div>
    </>
  );
}

/** The number a student gave, with its unit. */
function numberText({ number, unit }: ResultQuestion): string | null {
  if (number == null) return null;
  return unit ? `${number} ${unit}` : number;
}

/** The types whose answer has parts, each shown beside its key. */
const PART_TYPES = new Set(['FILL_IN_BLANKS', 'MATCHING', 'ORDERING']);

function QuestionResult({ question, number }: { question: ResultQuestion; number: number }) {
  const chosenIds = question.selectedOptionIds ?? [question.selectedOptionId];
  const correctIds = question.correctOptionIds ?? [question.correctOptionId];
  const unanswered = !chosenIds.some((id) => id != null) && !question.text;
  const numberAnswer = numberText(question);
  const parts = PART_TYPES.has(question.questionType);
  return (
    <li className="space-y-3 px-5 py-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 gap-1.5 font-medium text-slate-900">
          <span className="shrink-0 text-slate-500">{`${number}.`}</span>
          <Content
            source={question.questionText}
            className="min-w-0 flex-1"
            blank={gapsOf(question.questionType)}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {question.counted !== undefined && (
            <Badge tone={question.counted ? 'blue' : 'slate'}>
              {question.counted ? 'Counted' : 'Not counted'}
            </Badge>
          )}
          <Badge tone={question.awardedMarks === question.marks ? 'green' : 'amber'}>
            {`${question.awardedMarks ?? '–'} / ${question.marks} marks`}
          </Badge>
        </div>
      </div>
      {parts ? (
        <PartsResult question={question} />
      ) : question.options ? (
        <ul className="space-y-2" aria-label="Options">
          {question.options.map((option) => {
            const chosen = chosenIds.includes(option._id);
            const correct = correctIds.includes(option._id);
            return (
              <li
                key={option._id}
                className={cn(
                  'flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                  correct
                    ? 'border-green-300 bg-green-50 text-green-900'
                    : chosen
                      ? 'border-red-200 bg-red-50 text-red-900'
                      : 'border-slate-200 text-slate-700',
                )}
              >
                {correct ? (
                  <CircleCheck aria-hidden="true" className="size-4 text-green-700" />
                ) : chosen ? (
                  <CircleX aria-hidden="true" className="size-4 text-red-700" />
                ) : null}
                <Content inline source={option.text} className="min-w-0" />
                {chosen && <span className="text-xs font-semibold">Your answer</span>}
                {correct && <span className="text-xs font-semibold">Correct answer</span>}
              </li>
            );
          })}
        </ul>
      ) : question.questionType === 'FILE_UPLOAD' ? (
        <div className="text-sm">
          <p className="mb-1 font-medium text-slate-600">Your files</p>
          <AnswerFileList files={question.files ?? []} />
        </div>
      ) : question.questionType === 'NUMERICAL' ? (
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-medium text-slate-600">Your answer</dt>
            <dd className="mt-1 text-slate-900 tabular-nums">{numberAnswer ?? 'Not answered'}</dd>
          </div>
          {question.acceptedAnswers && (
            <div>
              <dt className="font-medium text-slate-600">
                {question.acceptedAnswers.length === 1 ? 'Correct answer' : 'Accepted answers'}
              </dt>
              {question.acceptedAnswers.map((accepted) => (
                <dd key={accepted} className="mt-1 text-green-900 tabular-nums">
                  {accepted}
                </dd>
              ))}
            </div>
          )}
        </dl>
      ) : (
        <div className="text-sm">
          <p className="font-medium text-slate-600">Your answer</p>
          {question.text ? (
            <WrittenAnswerText
              questionType={question.questionType}
              text={question.text}
              className="mt-1 text-slate-900"
            />
          ) : (
            <p className="mt-1 text-slate-900">Not answered</p>
          )}
        </div>
      )}
      {question.options && unanswered && <p className="text-sm text-slate-600">Not answered</p>}
      {question.modelAnswer && (
        <div className="text-sm">
          <p className="font-medium text-slate-600">Model answer</p>
          <Content source={question.modelAnswer} className="mt-1 text-slate-900" />
        </div>
      )}
      {question.explanation && (
        <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <p className="font-medium text-slate-700">Explanation</p>
          <Content source={question.explanation} className="mt-1 text-slate-800" />
        </div>
      )}
      {question.comment && (
        <div className="flex gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800">
          <MessageSquareText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <p className="wrap-anywhere whitespace-pre-wrap">
            <span className="font-medium">Evaluator's comment: </span>
            {question.comment}
          </p>
        </div>
      )}
    </li>
  );
}

/** A part of the answer right or wrong, in words and by its mark; unmarked without a key. */
function PartMark({ right }: { right: boolean | undefined }) {
  if (right === undefined) return null;
  return right ? (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-green-800">
      <CircleCheck aria-hidden="true" className="size-4 text-green-700" />
      Right
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-800">
      <CircleX aria-hidden="true" className="size-4 text-red-700" />
      Wrong
    </span>
  );
}

/**
 * A fill-in-the-blanks, matching or ordering answer part by part: each blank's entry, each prompt's
 * chosen match, the order given; beside each, the key when the exam shows it.
 */
function PartsResult({ question }: { question: ResultQuestion }) {
  if (question.questionType === 'FILL_IN_BLANKS') {
    const accepted = question.acceptedBlanks;
    const count = Math.max(question.blanks?.length ?? 0, accepted?.length ?? 0);
    const given = question.blanks?.some((entry) => entry.trim() !== '');
    return (
      <div className="space-y-2 text-sm">
        <p className="font-medium text-slate-600">Your answer</p>
        {!given && <p className="text-slate-900">Not answered</p>}
        {count > 0 && (given || accepted) && (
          <table className="w-full text-left sm:max-w-xl">
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="pr-3 font-medium">
                  Blank
                </th>
                <th scope="col" className="pr-3 font-medium">
                  Yours
                </th>
                {accepted && (
                  <th scope="col" className="font-medium">
                    Accepted
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {Array.from({ length: count }, (_, index) => {
                const entry = question.blanks?.[index] ?? '';
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a blank is its place in the text
                  <tr key={index} className="align-top">
                    <th
                      scope="row"
                      className="py-1.5 pr-3 font-medium whitespace-nowrap text-slate-600"
                    >
                      {`Blank ${index + 1}`}
                    </th>
                    <td className="py-1.5 pr-3 wrap-anywhere text-slate-900">
                      {entry.trim() === '' ? <span className="text-slate-500">Empty</span> : entry}
                    </td>
                    {accepted && (
                      <td className="py-1.5 wrap-anywhere text-green-900">
                        {(accepted[index] ?? []).join(' · ')}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
    );
  }
  if (question.questionType === 'MATCHING') {
    const choices = new Map((question.matchChoices ?? []).map((match) => [match._id, match.text]));
    const chosen = question.matches ?? {};
    const key = question.correctMatches;
    const any = Object.keys(chosen).length > 0;
    return (
      <div className="space-y-2 text-sm">
        <p className="font-medium text-slate-600">Your answer</p>
        {!any && <p className="text-slate-900">Not answered</p>}
        <ul className="space-y-2" aria-label="Your matches">
          {(question.prompts ?? []).map((prompt) => {
            const mine = chosen[prompt._id];
            const right = key?.[prompt._id];
            return (
              <li
                key={prompt._id}
                className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-slate-200 px-3 py-2"
              >
                <Content inline source={prompt.text} className="min-w-0 font-medium" />
                <span aria-hidden="true" className="text-slate-400">
                  →
                </span>
                <span className="sr-only">matched with</span>
                {mine ? (
                  <Content inline source={choices.get(mine) ?? ''} className="min-w-0" />
                ) : (
                  <span className="text-slate-500">nothing</span>
                )}
                <PartMark right={key && (mine ? mine === right : false)} />
                {key && right && mine !== right && (
                  <span className="text-green-900">
                    <span className="text-xs font-semibold">Correct: </span>
                    <Content inline source={choices.get(right) ?? ''} />
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    );
  }
  const items = new Map((question.items ?? []).map((item) => [item._id, item.text]));
  const order = question.order ?? [];
  const key = question.correctOrder;
  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2">
      <div>
        <p className="font-medium text-slate-600">Your order</p>
        {order.length === 0 ? (
          <p className="mt-1 text-slate-900">Not answered</p>
        ) : (
          <ol className="mt-1 space-y-1.5">
            {order.map((id, index) => (
              <li
                key={id}
                className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-1.5"
              >
                <span className="w-5 shrink-0 font-semibold text-slate-500 tabular-nums">{`${index + 1}.`}</span>
                <Content inline source={items.get(id) ?? ''} className="min-w-0 flex-1" />
                <PartMark right={key && key[index] === id} />
              </li>
            ))}
          </ol>
        )}
      </div>
      {key && (
        <div>
          <p className="font-medium text-slate-600">Correct order</p>
          <ol className="mt-1 space-y-1.5">
            {key.map((id, index) => (
              <li
                key={id}
                className="flex items-center gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-1.5 text-green-900"
              >
                <span className="w-5 shrink-0 font-semibold tabular-nums">{`${index + 1}.`}</span>
                <Content inline source={items.get(id) ?? ''} className="min-w-0 flex-1" />
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

function ResultSkeleton() {
  return (
    <div className="space-y-6">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-32" />
      <Skeleton className="h-64" />
    </div>
  );
}
