import {
  BANK_LIMITS,
  BANK_QUESTION_STATUS_LABELS,
  BANK_QUESTION_STATUSES,
  type BankCategory,
  type BankQuestionListItem,
  BLOOM_LEVEL_LABELS,
  BLOOM_LEVELS,
  LIST_PAGE_SIZE,
  PAGE_SIZES,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  SEARCH_MAX_LENGTH,
} from '@examiq/contracts';
import { Download, Eye, FolderTree, Plus, Settings2, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, ButtonLink } from '@/components/button';
import { Content } from '@/components/content/content';
import { Dropdown } from '@/components/dropdown';
import { EmptyState } from '@/components/empty-state';
import { ErrorBanner } from '@/components/error-banner';
import { PageHeader } from '@/components/page-header';
import { PageSizeSelect } from '@/components/page-size-select';
import {
  BankStatusBadge,
  Chips,
  DIFFICULTY_OPTIONS,
  difficultyLabel,
} from '@/components/question-bank/bank-labels';
import { courseLabel } from '@/components/question-bank/bank-labels-fields';
import { SearchBox } from '@/components/search-box';
import { Skeleton } from '@/components/skeleton';
import { Table, type TableColumn } from '@/components/table';
import { TextField } from '@/components/text-field';
import { TwoLines } from '@/components/two-lines';
import { getServerMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatIndex, formatPercent } from '@/lib/figures';
import { plural } from '@/lib/plural';
import {
  type BankArea,
  useBankCategories,
  useBankCourses,
  useBankQuestions,
  useCourseOutcomes,
} from '@/lib/question-bank/bank-api';
import { useListParams } from '@/lib/use-list-params';
import { usePageParam } from '@/lib/use-page-param';
import { BankBulkBar } from './bank-bulk-bar';
import { BankExportDialog } from './bank-export-dialog';
import { BankImportDialog } from './bank-import-dialog';
import { selectionColumn, useBankSelection } from './bank-selection';
import {
  STATISTIC_FILTERS,
  STATISTIC_SORTS,
  type StatisticFilter,
  StatisticWarnings,
} from './bank-statistics';

/** The address's names: the course, the category, the search and each filter. */
const PARAMS = [
  'course',
  'category',
  'subcategories',
  'search',
  'questionType',
  'difficulty',
  'bloomLevel',
  'courseOutcome',
  'tag',
  'status',
  'statistics',
  'sort',
  'limit',
] as const;
const FILTERS = [
  'questionType',
  'difficulty',
  'bloomLevel',
  'courseOutcome',
  'tag',
  'status',
] as const;

const TYPE_OPTIONS = QUESTION_TYPES.map((type) => ({
  value: type,
  label: QUESTION_TYPE_LABELS[type],
}));
const BLOOM_OPTIONS = BLOOM_LEVELS.map((level) => ({
  value: level,
  label: BLOOM_LEVEL_LABELS[level],
}));
const STATUS_OPTIONS = BANK_QUESTION_STATUSES.map((status) => ({
  value: status,
  label: BANK_QUESTION_STATUS_LABELS[status],
}));

const STATISTIC_FILTER_OPTIONS = Object.entries(STATISTIC_FILTERS).map(([value, filter]) => ({
  value,
  label: filter.label,
}));
const SORT_OPTIONS = Object.entries(STATISTIC_SORTS).map(([value, sort]) => ({
  value,
  label: sort.label,
}));

/** A question's first words, naming its link: questions have no title. */
const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 60).trimEnd()}…` : text);

const COLUMNS: TableColumn<BankQuestionListItem>[] = [
  {
    key: 'question',
    header: 'Question',
    width: '230px',
    cell: (question) => (
      <TwoLines
        main={
          <span className="line-clamp-2 wrap-anywhere text-slate-900">
            <Content source={question.questionText} inline />
          </span>
        }
        detail={question.category || 'Top of the bank'}
      />
    ),
  },
  {
    key: 'type',
    header: 'Type',
    width: '120px',
    cell: (question) => (
      <TwoLines
        main={QUESTION_TYPE_LABELS[question.questionType]}
        detail={plural(question.marks, 'mark')}
      />
    ),
  },
  {
    key: 'level',
    header: "Difficulty · Bloom's",
    width: '110px',
    cell: (question) => (
      <TwoLines
        main={difficultyLabel(question.difficulty)}
        detail={BLOOM_LEVEL_LABELS[question.bloomLevel]}
      />
    ),
  },
  {
    key: 'statistics',
    header: 'Facility · Discrimination',
    width: '150px',
    cell: ({ statistics }) =>
      statistics ? (
        <TwoLines
          main={
            <span className="tabular-nums">
              {formatPercent(statistics.facility)} · {formatIndex(statistics.discrimination)}
            </span>
          }
          detail={
            <span className="flex flex-wrap items-center gap-1">
              {`Used ${plural(statistics.timesUsed, 'time')}`}
              <StatisticWarnings statistics={statistics} />
            </span>
          }
        />
      ) : (
        <span className="text-slate-500">Not sat yet</span>
      ),
  },
  {
    key: 'outcomes',
    header: 'Outcomes',
    width: '90px',
    cell: (question) => <Chips values={question.courseOutcomes} />,
  },
  {
    key: 'tags',
    header: 'Tags',
    width: '160px',
    wideOnly: true,
    cell: (question) => <Chips values={question.tags} />,
  },
  {
    key: 'status',
    header: 'Status',
    width: '110px',
    cell: (question) => (
      <TwoLines
        main={<BankStatusBadge status={question.status} />}
        detail={`Revision ${question.revision}`}
      />
    ),
  },
  {
    key: 'actions',
    header: <span className="sr-only">Actions</span>,
    width: '60px',
    align: 'right',
    cell: (question) => (
      <Link
        to={question._id}
        aria-label={`View ${excerpt(question.questionText)}`}
        title="View"
        className="ml-auto flex size-9 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-brand-50 hover:text-brand-700"
      >
        <Eye aria-hidden="true" className="size-4" />
      </Link>
    ),
  },
];

/**
 * A tag to filter by, applied when the field is left or Enter pressed: a whole tag, not each
 * letter typed. The key resets it when the address's tag changes elsewhere (Back).
 */
function TagFilter({ value, onChange }: { value: string; onChange: (tag: string) => void }) {
  const apply = (input: HTMLInputElement) => {
    if (input.value.trim() !== value) onChange(input.value.trim());
  };
  return (
    <TextField
      key={value}
      label="Tag"
      placeholder="Any tag"
      defaultValue={value}
      maxLength={BANK_LIMITS.tagLength}
      onBlur={(event) => apply(event.currentTarget)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply(event.currentTarget);
      }}
    />
  );
}

interface CategoryTreeProps {
  categories: readonly BankCategory[] | undefined;
  loading: boolean;
  chosen: string;
  onChoose: (path: string) => void;
}

/** The bank's categories, depth first and indented, each with its questions and subcategories'. */
function CategoryTree({ categories, loading, chosen, onChoose }: CategoryTreeProps) {
  return (
    <nav
      aria-label="Categories"
      className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:sticky lg:top-20"
    >
      <h2 className="mb-2 flex items-center gap-2 px-2 text-sm font-semibold text-slate-900">
        <FolderTree aria-hidden="true" className="size-4 text-slate-500" />
        Categories
      </h2>
      {loading ? (
        <div className="space-y-2 px-2">
          <Skeleton className="h-6" />
          <Skeleton className="h-6" />
          <Skeleton className="h-6" />
        </div>
      ) : (
        <ul className="space-y-0.5">
          {(categories ?? []).map((category) => (
            <li key={category.path}>
              <button
                type="button"
                aria-current={category.path === chosen ? 'true' : undefined}
                onClick={() => onChoose(category.path)}
                // Each level indents by a step, so the tree reads without lines drawn.
                style={{ paddingLeft: `${0.5 + category.depth * 0.875}rem` }}
                className={cn(
                  'flex w-full items-center justify-between gap-2 rounded-lg py-1.5 pr-2 text-left text-sm transition-colors',
                  category.path === chosen
                    ? 'bg-brand-50 font-medium text-brand-700'
                    : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                <span className="min-w-0 truncate">{category.name || 'All categories'}</span>{' '}
                <span
                  className="shrink-0 text-xs text-slate-500 tabular-nums"
                  title={`${category.questionCount} here, ${category.totalCount} with subcategories`}
                >
                  <span aria-hidden="true">{category.totalCount}</span>
                  <span className="sr-only">{plural(category.totalCount, 'question')}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/**
 * A course's question bank: its category tree beside the questions found by search and filters,
 * all kept in the address, so Back and a shared link show the same view.
 */
export default function QuestionBankPage({ area }: { area: BankArea }) {
  const [values, setValues] = useListParams(PARAMS);
  const [page, setPage] = usePageParam();
  const limit = PAGE_SIZES.find((size) => String(size) === values.limit) ?? LIST_PAGE_SIZE;
  const courses = useBankCourses(area);
  const courseId = courses.data?.some((course) => course._id === values.course)
    ? values.course
    : '';
  const course = courses.data?.find((candidate) => candidate._id === courseId);
  const writes = area === 'admin' || Boolean(course?.roles.includes('AUTHOR'));
  const categories = useBankCategories(area, courseId);
  const outcomes = useCourseOutcomes(area, courseId);
  const query = {
    courseId,
    page,
    limit,
    ...(values.category ? { category: values.category } : {}),
    ...(values.subcategories === 'no' ? { includeSubcategories: 'false' } : {}),
    ...Object.fromEntries(
      (['search', ...FILTERS] as const).flatMap((name) =>
        values[name] ? [[name, values[name]]] : [],
      ),
    ),
    ...(values.statistics in STATISTIC_FILTERS
      ? STATISTIC_FILTERS[values.statistics as StatisticFilter].query
      : {}),
    ...(values.sort in STATISTIC_SORTS
      ? STATISTIC_SORTS[values.sort as keyof typeof STATISTIC_SORTS].query
      : {}),
  };
  const questions = useBankQuestions(area, query);
  const selection = useBankSelection(courseId);
  const [fileDialog, setFileDialog] = useState<'import' | 'export' | null>(null);
  const rows = questions.data?.questions ?? [];
  const filtered = (['search', 'category', 'statistics', ...FILTERS] as const).some(
    (name) => values[name],
  );
  const outcomeOptions = (outcomes.data?.outcomes ?? []).map((outcome) => ({
    value: outcome.code,
    label: `${outcome.code}: ${outcome.description}`,
  }));

  return (
    <>
      <PageHeader
        title="Question Bank"
        description={
          area === 'admin'
            ? "Every course's questions, by category, to reuse in exams every term."
            : 'The questions of the courses granted to you, by category, to reuse in exams.'
        }
        actions={
          courseId && (
            <div className="flex flex-wrap gap-2">
              {writes && (
                <Button variant="secondary" onClick={() => setFileDialog('import')}>
                  <Upload aria-hidden="true" className="size-4" />
                  Import
                </Button>
              )}
              <Button variant="secondary" onClick={() => setFileDialog('export')}>
                <Download aria-hidden="true" className="size-4" />
                Export
              </Button>
              {area === 'admin' && (
                <ButtonLink to={`course/${courseId}`} variant="secondary">
                  <Settings2 aria-hidden="true" className="size-4" />
                  Outcomes and access
                </ButtonLink>
              )}
              {writes && (
                <ButtonLink to={`new?course=${courseId}`}>
                  <Plus aria-hidden="true" className="size-4" />
                  New question
                </ButtonLink>
              )}
            </div>
          )
        }
      />
      {courses.isError && (
        <ErrorBanner
          title="Courses could not be loaded"
          message={getServerMessage(courses.error)}
          onRetry={() => void courses.refetch()}
        />
      )}
      <div className="mb-6 max-w-md">
        <Dropdown
          label="Course"
          placeholder="Select a course"
          options={(courses.data ?? []).map((course) => ({
            value: course._id,
            label: courseLabel(course),
          }))}
          loading={courses.isPending}
          value={courseId}
          // Categories and outcomes belong to a course: another course starts without them.
          onChange={(event) =>
            setValues({ course: event.target.value, category: '', courseOutcome: '' })
          }
        />
      </div>
      {courseId === '' ? (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <EmptyState
            title={courses.data?.length === 0 ? 'No question bank yet' : 'Choose a course'}
            description={
              courses.data?.length === 0
                ? area === 'admin'
                  ? 'Add a course in Master Data to start its question bank.'
                  : 'An admin grants each course’s question bank to its authors and reviewers.'
                : 'Each course keeps its own questions: choose one to see them.'
            }
          />
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
          <div>
            {categories.isError && (
              <ErrorBanner
                title="Categories could not be loaded"
                message={getServerMessage(categories.error)}
                onRetry={() => void categories.refetch()}
              />
            )}
            <CategoryTree
              categories={categories.data}
              loading={categories.isPending}
              chosen={values.category}
              onChoose={(category) => setValues({ category })}
            />
          </div>
          <div className="min-w-0">
            {questions.isError && (
              <ErrorBanner
                title="Questions could not be loaded"
                message={getServerMessage(questions.error)}
                onRetry={() => void questions.refetch()}
              />
            )}
            <SearchBox
              label="Search questions"
              placeholder="Search the text, options and answers"
              value={values.search}
              onSearch={(search) => setValues({ search })}
              maxLength={SEARCH_MAX_LENGTH}
            />
            <fieldset className="mb-4 grid grid-cols-2 gap-3 xl:grid-cols-3">
              <legend className="sr-only">Filter questions</legend>
              <Dropdown
                label="Type"
                placeholder="All"
                options={TYPE_OPTIONS}
                value={values.questionType}
                onChange={(event) => setValues({ questionType: event.target.value })}
              />
              <Dropdown
                label="Difficulty"
                placeholder="All"
                options={DIFFICULTY_OPTIONS}
                value={values.difficulty}
                onChange={(event) => setValues({ difficulty: event.target.value })}
              />
              <Dropdown
                label="Bloom's level"
                placeholder="All"
                options={BLOOM_OPTIONS}
                value={values.bloomLevel}
                onChange={(event) => setValues({ bloomLevel: event.target.value })}
              />
              <Dropdown
                label="Outcome"
                placeholder="All"
                options={outcomeOptions}
                loading={outcomes.isPending}
                value={values.courseOutcome}
                onChange={(event) => setValues({ courseOutcome: event.target.value })}
              />
              <Dropdown
                label="Status"
                placeholder="All"
                options={STATUS_OPTIONS}
                value={values.status}
                onChange={(event) => setValues({ status: event.target.value })}
              />
              <TagFilter value={values.tag} onChange={(tag) => setValues({ tag })} />
              <Dropdown
                label="Statistics"
                placeholder="Any"
                options={STATISTIC_FILTER_OPTIONS}
                value={values.statistics}
                onChange={(event) => setValues({ statistics: event.target.value })}
              />
              <Dropdown
                label="Order"
                placeholder="Newest first"
                options={SORT_OPTIONS}
                value={values.sort}
                onChange={(event) => setValues({ sort: event.target.value })}
              />
            </fieldset>
            <label className="mb-4 flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300 text-brand-600 focus-visible:ring-brand-500"
                checked={values.subcategories !== 'no'}
                onChange={(event) => setValues({ subcategories: event.target.checked ? '' : 'no' })}
              />
              Include subcategories
            </label>
            <BankBulkBar
              area={area}
              courseId={courseId}
              selection={selection}
              categories={categories.data ?? []}
              author={writes}
              onExport={() => setFileDialog('export')}
            />
            <Table
              caption="Questions"
              columns={[selectionColumn(selection, rows), ...COLUMNS]}
              rows={rows}
              rowKey={(question) => question._id}
              loading={questions.isPending}
              emptyTitle={
                questions.isError
                  ? 'Questions could not be loaded'
                  : filtered
                    ? 'No questions found'
                    : 'No questions yet'
              }
              emptyDescription={
                questions.isError
                  ? 'Try again in a moment.'
                  : filtered
                    ? 'No question matches this category, search and these filters.'
                    : 'Questions written for this course will show here.'
              }
              label="questions"
              pagination={questions.data?.pagination}
              pageSize={limit}
              onPageChange={setPage}
            />
            <div className="mt-3 flex justify-end">
              <PageSizeSelect
                value={limit}
                onChange={(size) =>
                  setValues({ limit: size === LIST_PAGE_SIZE ? '' : String(size) })
                }
              />
            </div>
          </div>
        </div>
      )}
      {fileDialog === 'import' && (
        <BankImportDialog
          area={area}
          courseId={courseId}
          category={values.category}
          onClose={() => setFileDialog(null)}
        />
      )}
      {fileDialog === 'export' && course && (
        <BankExportDialog
          area={area}
          courseId={courseId}
          fileName={`${course.name} question bank`}
          category={values.category}
          selected={[...selection.selected]}
          onClose={() => setFileDialog(null)}
        />
      )}
    </>
  );
}
