import {
  BANK_LIMITS,
  type BankCourse,
  BLOOM_LEVEL_LABELS,
  BLOOM_LEVELS,
  CATEGORY_SEPARATOR,
} from '@examiq/contracts';
import { useId } from 'react';
import { Controller, get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Dropdown } from '@/components/dropdown';
import { MultiSelect } from '@/components/multi-select';
import { TextField } from '@/components/text-field';
import {
  type BankArea,
  useBankCategories,
  useBankCourses,
  useCourseOutcomes,
} from '@/lib/question-bank/bank-api';
import type { BankLabelValues } from './bank-labels-form';

const BLOOM_OPTIONS = BLOOM_LEVELS.map((level) => ({
  value: level,
  label: BLOOM_LEVEL_LABELS[level],
}));

/** Courses are per batch: the batch tells two courses of one name apart. */
export const courseLabel = (course: BankCourse) => `${course.name} (${course.batchName})`;

interface BankLabelsFieldsProps {
  area: BankArea;
  /** Offer the courses whose banks the user writes in; else the form's course is fixed. */
  chooseCourse?: boolean;
}

/**
 * Where a question goes in a course's bank and how it is labelled: the course, a category chosen
 * from the bank's tree or typed as a new path, tags, Bloom's level and the course's outcomes.
 * Registered in the surrounding form, whose values hold BankLabelValues at the top.
 */
export function BankLabelsFields({ area, chooseCourse = false }: BankLabelsFieldsProps) {
  const { control, register, setValue } = useFormContext<BankLabelValues>();
  const { errors } = useFormState({ control });
  const messageOf = (name: keyof BankLabelValues): string | undefined =>
    (get(errors, name) as { message?: string } | undefined)?.message;
  const courseId = useWatch({ control, name: 'courseId' });
  const courses = useBankCourses(area);
  const categories = useBankCategories(area, courseId);
  const outcomes = useCourseOutcomes(area, courseId);
  const categoryListId = useId();
  const writable = (courses.data ?? []).filter(
    (course) => course.roles.includes('AUTHOR') || area === 'admin',
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {chooseCourse && (
        <Dropdown
          label="Course"
          placeholder="Select a course"
          className="sm:col-span-2"
          loading={courses.isPending}
          options={writable.map((course) => ({ value: course._id, label: courseLabel(course) }))}
          error={messageOf('courseId')}
          {...register('courseId', {
            // The category and outcomes belong to the course left behind.
            onChange: () => {
              setValue('category', '');
              setValue('courseOutcomes', []);
            },
          })}
        />
      )}
      <div>
        <TextField
          label="Category"
          placeholder="Top of the bank"
          list={categoryListId}
          autoComplete="off"
          maxLength={600}
          hint={`Choose one of the bank's, or type a new path such as Unit 3${CATEGORY_SEPARATOR}Kirchhoff.`}
          error={messageOf('category')}
          {...register('category')}
        />
        <datalist id={categoryListId}>
          {(categories.data ?? [])
            .filter((category) => category.path !== '')
            .map((category) => (
              <option key={category.path} value={category.path} />
            ))}
        </datalist>
      </div>
      <Dropdown
        label="Bloom's level"
        placeholder="Select a Bloom's level"
        options={BLOOM_OPTIONS}
        error={messageOf('bloomLevel')}
        {...register('bloomLevel')}
      />
      <TextField
        label="Tags"
        placeholder="e.g. circuits, loops"
        autoComplete="off"
        hint={`Separated by commas; up to ${BANK_LIMITS.tags}.`}
        error={messageOf('tags')}
        {...register('tags')}
      />
      <Controller
        control={control}
        name="courseOutcomes"
        render={({ field }) => (
          <MultiSelect
            label="Course outcomes"
            options={(outcomes.data?.outcomes ?? []).map((outcome) => ({
              value: outcome.code,
              label: `${outcome.code}: ${outcome.description}`,
            }))}
            loading={courseId !== '' && outcomes.isPending}
            disabled={courseId === ''}
            placeholder="Select a course first"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            error={messageOf('courseOutcomes')}
            hint={
              outcomes.data?.outcomes.length === 0
                ? 'This course has no outcomes yet: an admin defines them.'
                : undefined
            }
          />
        )}
      />
    </div>
  );
}
