import {
  type AttainmentLevels,
  BANK_LIMITS,
  type BankAccessData,
  type CourseOutcome,
  type SetCourseOutcomesInput,
  type SetCourseOutcomesPayload,
  setCourseOutcomesSchema,
} from '@examiq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Target, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { Button, ButtonLink } from '@/components/button';
import { ErrorBanner } from '@/components/error-banner';
import { MultiSelect } from '@/components/multi-select';
import { PageHeader } from '@/components/page-header';
import { CardSkeletons } from '@/components/skeleton';
import { TextField } from '@/components/text-field';
import { getFieldErrors, getServerMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { fullName } from '@/lib/format';
import { useFacultyOptions } from '@/lib/lookups/get-faculty-options';
import {
  useBankAccess,
  useBankCourses,
  useCourseOutcomes,
  useSetBankAccess,
  useSetCourseOutcomes,
} from '@/lib/question-bank/bank-api';

function Card({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mb-4 text-sm text-slate-600">{description}</p>
      {children}
    </section>
  );
}

/** The next free code, so adding an outcome after CO1 and CO2 offers CO3. */
function nextCode(outcomes: readonly { code: string }[]) {
  const used = new Set(outcomes.map((outcome) => outcome.code));
  for (let number = 1; number <= BANK_LIMITS.outcomes; number += 1) {
    if (!used.has(`CO${number}`)) return `CO${number}`;
  }
  return '';
}

function OutcomesForm({
  courseId,
  outcomes,
  levels,
}: {
  courseId: string;
  outcomes: CourseOutcome[];
  levels: AttainmentLevels;
}) {
  const save = useSetCourseOutcomes(courseId);
  const form = useForm<SetCourseOutcomesInput, unknown, SetCourseOutcomesPayload>({
    resolver: zodResolver(setCourseOutcomesSchema),
    mode: 'onTouched',
    defaultValues: { outcomes, levels },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'outcomes' });
  const { errors } = form.formState;

  const submit = form.handleSubmit((payload) =>
    save.mutateAsync(payload).then(
      () => {
        toast.success('Course outcomes saved');
        form.reset(payload);
      },
      (error: unknown) => {
        const fieldErrors = getFieldErrors(error);
        if (Object.keys(fieldErrors).length > 0) {
          applyServerFieldErrors(fieldErrors, form.setError);
        } else {
          toast.error(getServerMessage(error) ?? 'The outcomes could not be saved. Try again.');
        }
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      {fields.length === 0 && (
        <p className="text-sm text-slate-500">No outcomes yet: add the course's first.</p>
      )}
      <ol className="space-y-4">
        {fields.map((field, index) => (
          <li
            key={field.id}
            // Code and target side by side, the description below at full width: the card is
            // half the page on a desktop and the whole of a phone.
            className="grid grid-cols-[6rem_7rem_1fr] items-start gap-3 rounded-lg border border-slate-200 p-3"
          >
            <TextField
              label="Code"
              error={errors.outcomes?.[index]?.code?.message}
              {...form.register(`outcomes.${index}.code`)}
            />
            <TextField
              label="Target %"
              type="number"
              min={BANK_LIMITS.targetPercent.min}
              max={BANK_LIMITS.targetPercent.max}
              error={errors.outcomes?.[index]?.targetPercent?.message}
              {...form.register(`outcomes.${index}.targetPercent`, { valueAsNumber: true })}
            />
            <Button
              variant="ghost"
              className="mt-7 justify-self-end"
              aria-label={`Remove ${form.getValues(`outcomes.${index}.code`) || 'this outcome'}`}
              onClick={() => remove(index)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
            <TextField
              label="Description"
              className="col-span-3"
              maxLength={BANK_LIMITS.outcomeDescription}
              error={errors.outcomes?.[index]?.description?.message}
              {...form.register(`outcomes.${index}.description`)}
            />
          </li>
        ))}
      </ol>
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-900">Attainment levels</legend>
        <p className="mb-3 text-xs text-slate-600">
          The share of students reaching an outcome's target from which it is attained at each
          level.
        </p>
        <div className="grid grid-cols-3 gap-3">
          {(['level1', 'level2', 'level3'] as const).map((level, index) => (
            <TextField
              key={level}
              label={`Level ${index + 1} from %`}
              type="number"
              min={1}
              max={100}
              error={errors.levels?.[level]?.message}
              {...form.register(`levels.${level}`, { valueAsNumber: true })}
            />
          ))}
        </div>
        {(errors.levels?.message ?? errors.levels?.root?.message) && (
          <p role="alert" className="mt-2 text-sm text-red-600">
            {errors.levels?.message ?? errors.levels?.root?.message}
          </p>
        )}
      </fieldset>
      {/* About the list as a whole: the server's 'CO2 is used…', or a code given twice. */}
      {(errors.outcomes?.message ?? errors.outcomes?.root?.message) && (
        <p role="alert" className="text-sm text-red-600">
          {errors.outcomes?.message ?? errors.outcomes?.root?.message}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={fields.length >= BANK_LIMITS.outcomes}
          onClick={() =>
            append({
              code: nextCode(form.getValues('outcomes')),
              description: '',
              targetPercent: 60,
            })
          }
        >
          <Plus aria-hidden="true" className="size-4" />
          Add outcome
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save outcomes
        </Button>
      </div>
    </form>
  );
}

function AccessForm({ courseId, access }: { courseId: string; access: BankAccessData }) {
  const save = useSetBankAccess(courseId);
  const faculty = useFacultyOptions(true);
  const [authors, setAuthors] = useState(access.authors.map((member) => member._id));
  const [reviewers, setReviewers] = useState(access.reviewers.map((member) => member._id));
  const [requireReview, setRequireReview] = useState(access.requireReview);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const options = (faculty.data ?? []).map((member) => ({
    value: member.userId._id,
    label: `${fullName(member.personalInfo)} (${member.facultyId})`,
  }));
  // A server error names the list, or one of its members ('authors.0'): shown under the list.
  const errorOf = (list: string) =>
    Object.entries(fieldErrors).find(([field]) => field.split('.')[0] === list)?.[1];

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setFieldErrors({});
        save.mutate(
          { authors, reviewers, requireReview },
          {
            onSuccess: () => toast.success('Access saved'),
            onError: (error) => {
              const errors = getFieldErrors(error);
              setFieldErrors(errors);
              if (Object.keys(errors).length === 0) {
                toast.error(getServerMessage(error) ?? 'The access could not be saved. Try again.');
              }
            },
          },
        );
      }}
    >
      <MultiSelect
        label="Authors"
        options={options}
        loading={faculty.isPending}
        value={authors}
        onChange={setAuthors}
        error={errorOf('authors')}
        hint="They write and edit the course's questions."
      />
      <MultiSelect
        label="Reviewers"
        options={options}
        loading={faculty.isPending}
        value={reviewers}
        onChange={setReviewers}
        error={errorOf('reviewers')}
        hint="They make questions Ready, Draft or Retired."
      />
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-600"
          checked={requireReview}
          onChange={(event) => setRequireReview(event.target.checked)}
        />
        <span>
          Require review
          <span className="block text-xs text-slate-500">
            A question becomes Ready only through a reviewer other than its last author.
          </span>
        </span>
      </label>
      <Button type="submit" loading={save.isPending}>
        Save access
      </Button>
    </form>
  );
}

/** A course's bank settings, the admin's: its outcomes, and who may write and review. */
export default function CourseBankSettingsPage() {
  const { courseId = '' } = useParams();
  const courses = useBankCourses('admin');
  const outcomes = useCourseOutcomes('admin', courseId);
  const access = useBankAccess(courseId);
  const course = courses.data?.find((each) => each._id === courseId);
  const failed = [outcomes, access].find((query) => query.isError);

  return (
    <>
      <BackLink to={`/admin/question-bank?course=${courseId}`}>Question bank</BackLink>
      <PageHeader
        title="Outcomes and Access"
        description={
          course
            ? `${course.name} (${course.batchName}): its course outcomes, and who writes and reviews its questions.`
            : "A course's outcomes, and who writes and reviews its questions."
        }
        actions={
          <ButtonLink to="attainment" variant="secondary">
            <Target aria-hidden="true" className="size-4" />
            CO attainment report
          </ButtonLink>
        }
      />
      {failed && (
        <ErrorBanner
          title="The course's bank could not be loaded"
          message={getServerMessage(failed.error)}
          onRetry={() => void failed.refetch()}
        />
      )}
      {(outcomes.isPending || access.isPending) && !failed && <CardSkeletons />}
      {outcomes.data && access.data && (
        <div className="grid gap-6 xl:grid-cols-2">
          <Card
            title="Course outcomes"
            description="CO1 to CO20, each with what a student can do and the target share of marks."
          >
            <OutcomesForm
              courseId={courseId}
              outcomes={outcomes.data.outcomes}
              levels={outcomes.data.levels}
            />
          </Card>
          <Card
            title="Access"
            description="The faculty members who work in this course's question bank."
          >
            <AccessForm courseId={courseId} access={access.data} />
          </Card>
        </div>
      )}
    </>
  );
}
