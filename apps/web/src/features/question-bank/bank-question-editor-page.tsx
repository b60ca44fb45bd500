import {
  BANK_MESSAGES,
  type BankQuestionData,
  type BankQuestionStatus,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type QuestionType,
} from '@examiq/contracts';
import { useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Button } from '@/components/button';
import { ChoiceCards } from '@/components/choice-cards';
import { MediaUrlsProvider } from '@/components/content/content';
import { ImageUploadsContext } from '@/components/content-editor/image-uploads';
import { useImageUploads } from '@/components/content-editor/use-image-uploads';
import { Dropdown } from '@/components/dropdown';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { BankLabelsFields, courseLabel } from '@/components/question-bank/bank-labels-fields';
import {
  type BankLabelValues,
  bankFormErrors,
  bankPayloadOf,
  checkBankQuestion,
  emptyLabels,
} from '@/components/question-bank/bank-labels-form';
import { nestErrors } from '@/components/question-editor/form-helpers';
import { QuestionCard } from '@/components/question-editor/question-card';
import {
  blankQuestion,
  newId,
  type QuestionValues,
} from '@/components/question-editor/question-values';
import { CardSkeletons } from '@/components/skeleton';
import { ApiError, getFieldErrors, getServerMessage } from '@/lib/api-client';
import {
  type BankArea,
  useBankCourses,
  useBankQuestion,
  useCreateBankQuestion,
  useUpdateBankQuestion,
} from '@/lib/question-bank/bank-api';

/** The editor's form: the labels at the top, the question's own fields under `question`. */
interface BankEditorValues extends BankLabelValues {
  status: Exclude<BankQuestionStatus, 'RETIRED'>;
  question: QuestionValues;
}

const TYPE_OPTIONS = QUESTION_TYPES.map((type) => ({
  value: type,
  label: QUESTION_TYPE_LABELS[type],
}));

const STATUS_CHOICES = [
  { value: 'DRAFT', title: 'Draft', description: 'Kept for more work; exams cannot use it yet.' },
  { value: 'READY', title: 'Ready', description: 'Approved for papers: exams may pick it.' },
] as const;

/** Checks every field against the contract: a new question with its status, an edit without. */
const editorResolver =
  (creating: boolean): Resolver<BankEditorValues> =>
  (values) => {
    const { status, question, ...labels } = values;
    const payload = bankPayloadOf(labels, question);
    const errors = checkBankQuestion(creating ? { ...payload, status } : payload, 'question');
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: nestErrors<BankEditorValues>(errors) };
  };

function valuesOf(stored: BankQuestionData): BankEditorValues {
  return {
    courseId: stored.courseId,
    category: stored.category,
    tags: stored.tags.join(', '),
    bloomLevel: stored.bloomLevel,
    courseOutcomes: stored.courseOutcomes,
    status: 'DRAFT',
    question: { ...(stored.question as Omit<QuestionValues, 'id'>), id: newId('question') },
  };
}

/**
 * A new question in a course's bank (`new?course=`), or the next revision of one (`:id/edit`):
 * the wizard's question card for its fields, preview and images, beside the bank's labels.
 */
export default function BankQuestionEditorPage({ area }: { area: BankArea }) {
  const { questionId } = useParams();
  const stored = useBankQuestion(area, questionId ?? '', questionId !== undefined);
  if (questionId === undefined) return <BankQuestionEditor area={area} />;
  return (
    <>
      {stored.isError && (
        <>
          <BackLink to={`/${area}/question-bank`}>Question bank</BackLink>
          <ErrorBanner
            title="The question could not be loaded"
            message={getServerMessage(stored.error)}
            onRetry={() => void stored.refetch()}
          />
        </>
      )}
      {stored.isPending && <CardSkeletons />}
      {stored.data && (
        <BankQuestionEditor
          key={`${stored.data._id}:${stored.data.revision}`}
          area={area}
          stored={stored.data}
        />
      )}
    </>
  );
}

function BankQuestionEditor({ area, stored }: { area: BankArea; stored?: BankQuestionData }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const courses = useBankCourses(area);
  const create = useCreateBankQuestion(area);
  const update = useUpdateBankQuestion(area, stored?._id ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [initialValues] = useState<BankEditorValues>(() =>
    stored
      ? valuesOf(stored)
      : {
          ...emptyLabels(search.get('course') ?? ''),
          status: 'DRAFT',
          question: blankQuestion('MCQ', 1),
        },
  );
  const form = useForm<BankEditorValues>({
    mode: 'onTouched',
    resolver: editorResolver(!stored),
    defaultValues: initialValues,
  });
  const { mediaUrls, imageUploads } = useImageUploads(area, initialValues.question, undefined);
  const questionType = useWatch({ control: form.control, name: 'question.questionType' });
  const status = useWatch({ control: form.control, name: 'status' });
  const course = courses.data?.find((option) => option._id === initialValues.courseId);
  const listPath = `/${area}/question-bank?course=${initialValues.courseId}`;
  const saving = create.isPending || update.isPending;

  const changeType = (type: QuestionType) => {
    form.setValue('question', blankQuestion(type, 1));
    form.clearErrors('question');
  };

  const save = form.handleSubmit(async ({ status: chosen, question, ...labels }) => {
    setRefusal(null);
    const payload = bankPayloadOf(labels, question);
    try {
      const saved = stored
        ? await update.mutateAsync(payload)
        : await create.mutateAsync({ ...payload, status: chosen });
      toast.success(
        stored
          ? `Saved as revision ${saved.revision}, version ${saved.version}`
          : 'The question is in the bank',
      );
      navigate(`/${area}/question-bank/${saved._id}`);
    } catch (error) {
      const fields = getFieldErrors(error);
      const entries = Object.entries(bankFormErrors(fields, 'question'));
      for (const [index, [path, message]] of entries.entries()) {
        form.setError(
          path as 'question',
          { type: 'server', message },
          { shouldFocus: index === 0 },
        );
      }
      if (entries.length > 0) return;
      const conflict = error instanceof ApiError && error.response?.status === 409;
      setRefusal(
        conflict
          ? BANK_MESSAGES.changedMeanwhile
          : (getServerMessage(error) ?? 'The question could not be saved. Try again.'),
      );
    }
  });

  return (
    <>
      <BackLink to={stored ? `/${area}/question-bank/${stored._id}` : listPath}>
        {stored ? 'Bank question' : 'Question bank'}
      </BackLink>
      <PageHeader
        title={stored ? 'Edit Bank Question' : 'New Bank Question'}
        description={
          stored
            ? stored.usedBy.length > 0
              ? 'An exam uses this question: saving makes a new version, and the exams keep theirs.'
              : 'No exam uses this question yet: saving changes it in place, as a new revision.'
            : course
              ? `Written once for ${courseLabel(course)}, to reuse in exams every term.`
              : 'Written once for a course, to reuse in exams every term.'
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
      <MediaUrlsProvider mediaUrls={mediaUrls}>
        <ImageUploadsContext value={imageUploads}>
          <FormProvider {...form}>
            <form noValidate onSubmit={save} className="space-y-6">
              <section
                aria-labelledby="labels-heading"
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
              >
                <h2 id="labels-heading" className="mb-4 text-base font-semibold text-slate-900">
                  Place in the bank
                </h2>
                <BankLabelsFields area={area} chooseCourse={!stored} />
              </section>
              <section aria-labelledby="question-heading" className="space-y-4">
                <h2 id="question-heading" className="text-base font-semibold text-slate-900">
                  The question
                </h2>
                <QuestionCard
                  key={questionType}
                  path="question"
                  number={1}
                  questionType={questionType}
                  ordered={false}
                  initiallyOpen
                  typeChoice={
                    stored ? undefined : (
                      <Dropdown
                        label="Question Type"
                        className="col-span-2"
                        options={TYPE_OPTIONS}
                        value={questionType}
                        onChange={(event) => changeType(event.target.value as QuestionType)}
                      />
                    )
                  }
                />
              </section>
              {!stored && (
                <section
                  aria-labelledby="status-heading"
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
                >
                  <h2 id="status-heading" className="mb-3 text-base font-semibold text-slate-900">
                    Status
                  </h2>
                  <ChoiceCards
                    legend="Status"
                    choices={STATUS_CHOICES}
                    value={status}
                    onChange={(value) => form.setValue('status', value)}
                  />
                </section>
              )}
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button
                  variant="secondary"
                  disabled={saving}
                  onClick={() =>
                    navigate(stored ? `/${area}/question-bank/${stored._id}` : listPath)
                  }
                >
                  Cancel
                </Button>
                <Button type="submit" loading={saving}>
                  {stored ? 'Save changes' : 'Add to bank'}
                </Button>
              </div>
            </form>
          </FormProvider>
        </ImageUploadsContext>
      </MediaUrlsProvider>
    </>
  );
}
