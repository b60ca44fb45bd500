import {
  BANK_QUESTION_STATUS_LABELS,
  type BankQuestionData,
  type BankQuestionRevision,
  type BankQuestionStatus,
  BLOOM_LEVEL_LABELS,
  QUESTION_TYPE_LABELS,
} from '@examiq/contracts';
import { History, Pencil, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Button, ButtonLink } from '@/components/button';
import { Content } from '@/components/content/content';
import { DetailGroup, DetailItem, DetailSection } from '@/components/detail-view';
import { ErrorBanner } from '@/components/error-banner';
import { Modal } from '@/components/modal';
import { PageHeader } from '@/components/page-header';
import { BankStatusBadge, Chips, difficultyLabel } from '@/components/question-bank/bank-labels';
import { CardSkeletons } from '@/components/skeleton';
import { getServerMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { plural } from '@/lib/plural';
import {
  type BankArea,
  useBankCourses,
  useBankQuestion,
  useRestoreBankQuestion,
  useSetBankQuestionStatus,
} from '@/lib/question-bank/bank-api';
import { VersionStatistics } from './bank-statistics';

/** The history's names of a question's fields; a field not named here shows as the server names it. */
const FIELD_LABELS: Record<string, string> = {
  questionText: 'question text',
  questionType: 'type',
  options: 'options',
  correctAnswer: 'answer',
  explanation: 'explanation',
  marks: 'marks',
  difficulty: 'difficulty',
  category: 'category',
  tags: 'tags',
  bloomLevel: "Bloom's level",
  courseOutcomes: 'outcomes',
};

/** The ways out of each status the bank knows: Ready and Retired go back through Draft. */
const STATUS_MOVES: Record<BankQuestionStatus, { to: BankQuestionStatus; label: string }[]> = {
  DRAFT: [
    { to: 'READY', label: 'Make Ready' },
    { to: 'RETIRED', label: 'Retire' },
  ],
  READY: [
    { to: 'DRAFT', label: 'Back to Draft' },
    { to: 'RETIRED', label: 'Retire' },
  ],
  RETIRED: [{ to: 'DRAFT', label: 'Back to Draft' }],
};

function changeText(entry: BankQuestionRevision) {
  if (entry.revision === 1) return 'Created the question';
  if (entry.changedFields.length === 0) return 'Changed nothing';
  return `Changed ${entry.changedFields.map((field) => FIELD_LABELS[field] ?? field).join(', ')}`;
}

/** Who changed what and when, newest first; each earlier revision can be brought back. */
function RevisionHistory({
  question,
  onRestore,
}: {
  question: BankQuestionData;
  onRestore: (revision: number) => void;
}) {
  return (
    <section
      aria-labelledby="history-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2
        id="history-heading"
        className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <History aria-hidden="true" className="size-4 text-slate-500" />
        History
      </h2>
      <ol className="divide-y divide-slate-100">
        {question.history.map((entry) => (
          <li
            key={entry.revision}
            className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-900">
                {`Revision ${entry.revision}`}
                {entry.revision === question.revision && (
                  <span className="ml-2 text-xs font-normal text-slate-500">(current)</span>
                )}
              </p>
              <p className="text-slate-700">{changeText(entry)}</p>
              <p className="text-xs text-slate-500">
                {`${entry.changedBy.name} · ${formatDateTime(entry.changedAt)}`}
              </p>
            </div>
            {entry.revision !== question.revision && question.status !== 'RETIRED' && (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Restore revision ${entry.revision}`}
                onClick={() => onRestore(entry.revision)}
              >
                <RotateCcw aria-hidden="true" className="size-4" />
                Restore
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * One bank question: its content as students read it, its labels, its status with the moves the
 * bank allows, and its history with Restore.
 */
export default function BankQuestionPage({ area }: { area: BankArea }) {
  const { questionId = '' } = useParams();
  const question = useBankQuestion(area, questionId);
  const setStatus = useSetBankQuestionStatus(area, questionId);
  const restore = useRestoreBankQuestion(area, questionId);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const data = question.data;
  const courses = useBankCourses(area);
  const writes =
    area === 'admin' ||
    Boolean(
      courses.data?.find((course) => course._id === data?.courseId)?.roles.includes('AUTHOR'),
    );
  const listPath = `/${area}/question-bank${data ? `?course=${data.courseId}` : ''}`;

  const changeStatus = (status: BankQuestionStatus) => {
    setRefusal(null);
    setStatus.mutate(
      { status },
      {
        onSuccess: ({ data: saved }) =>
          toast.success(`The question is ${BANK_QUESTION_STATUS_LABELS[saved.status]}`),
        onError: (error) =>
          setRefusal(getServerMessage(error) ?? 'The status could not be changed. Try again.'),
      },
    );
  };

  const confirmRestore = () => {
    if (restoring === null) return;
    restore.mutate(
      { revision: restoring },
      {
        onSuccess: ({ data: saved }) => {
          toast.success(`Revision ${restoring} restored as revision ${saved.revision}`);
          setRestoring(null);
        },
        onError: (error) => {
          setRestoring(null);
          setRefusal(getServerMessage(error) ?? 'The revision could not be restored. Try again.');
        },
      },
    );
  };

  return (
    <>
      <BackLink to={listPath}>Question bank</BackLink>
      <PageHeader
        title="Bank Question"
        description={data ? data.category || 'Top of the bank' : 'A question of the bank.'}
        actions={
          data && (
            <div className="flex flex-wrap gap-2">
              {writes && data.status !== 'RETIRED' && (
                <ButtonLink to="edit" variant="secondary">
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </ButtonLink>
              )}
              {STATUS_MOVES[data.status].map((move) => (
                <Button
                  key={move.to}
                  variant={move.to === 'READY' ? 'primary' : 'secondary'}
                  loading={setStatus.isPending && setStatus.variables?.status === move.to}
                  disabled={setStatus.isPending}
                  onClick={() => changeStatus(move.to)}
                >
                  {move.label}
                </Button>
              ))}
            </div>
          )
        }
      />
      {refusal && (
        <p
          role="alert"
          className="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
        >
          {refusal}
        </p>
      )}
      {question.isError && (
        <ErrorBanner
          title="The question could not be loaded"
          message={getServerMessage(question.error)}
          onRetry={() => void question.refetch()}
        />
      )}
      {question.isPending && <CardSkeletons />}
      {data && (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-6">
            <section
              aria-labelledby="question-heading"
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
            >
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <h2 id="question-heading" className="text-base font-semibold text-slate-900">
                  Question
                </h2>
                <BankStatusBadge status={data.status} />
              </div>
              <Content source={data.questionText} className="text-slate-800" />
            </section>
            <DetailSection title="Labels" groups="stacked">
              <DetailGroup title="What it asks">
                <DetailItem term="Type">{QUESTION_TYPE_LABELS[data.questionType]}</DetailItem>
                <DetailItem term="Marks">{plural(data.marks, 'mark')}</DetailItem>
                <DetailItem term="Difficulty">{difficultyLabel(data.difficulty)}</DetailItem>
                <DetailItem term="Bloom's level">{BLOOM_LEVEL_LABELS[data.bloomLevel]}</DetailItem>
                <DetailItem term="Outcomes">
                  <Chips values={data.courseOutcomes} />
                </DetailItem>
                <DetailItem term="Tags">
                  <Chips values={data.tags} />
                </DetailItem>
              </DetailGroup>
              <DetailGroup title="Record">
                <DetailItem term="Revision">{data.revision}</DetailItem>
                <DetailItem term="Version">{data.version}</DetailItem>
                <DetailItem term="Written by">{data.createdBy.name}</DetailItem>
                <DetailItem term="Last changed by">{data.updatedBy.name}</DetailItem>
                <DetailItem term="Used in">
                  {data.usedBy.length === 0
                    ? 'No exam yet'
                    : data.usedBy.map((use) => `${use.title} (version ${use.version})`).join('; ')}
                </DetailItem>
              </DetailGroup>
            </DetailSection>
            <VersionStatistics versions={data.versionStatistics} />
          </div>
          <RevisionHistory question={data} onRestore={setRestoring} />
        </div>
      )}
      <Modal
        open={restoring !== null}
        onClose={restore.isPending ? () => {} : () => setRestoring(null)}
        title={`Restore revision ${restoring ?? ''}?`}
        size="sm"
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => setRestoring(null)}
              disabled={restore.isPending}
            >
              Cancel
            </Button>
            <Button onClick={confirmRestore} loading={restore.isPending}>
              Restore
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-600">
          Its content and labels come back as a new revision; the status stays as it is, and the
          history keeps every revision.
        </p>
      </Modal>
    </>
  );
}
