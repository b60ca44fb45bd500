import {
  type BankQuestionListItem,
  BLOOM_LEVEL_LABELS,
  QUESTION_TYPE_LABELS,
  SEARCH_MAX_LENGTH,
} from '@examiq/contracts';
import { useContext, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/button';
import { Content } from '@/components/content/content';
import { ImageUploadsContext } from '@/components/content-editor/image-uploads';
import { Dropdown } from '@/components/dropdown';
import { Modal } from '@/components/modal';
import { Chips, difficultyLabel } from '@/components/question-bank/bank-labels';
import { courseLabel } from '@/components/question-bank/bank-labels-fields';
import type { QuestionValues } from '@/components/question-editor/question-values';
import { SearchBox } from '@/components/search-box';
import { Skeleton } from '@/components/skeleton';
import { getServerMessage } from '@/lib/api-client';
import { pageOfText, totalCountText } from '@/lib/figures';
import { getMediaUrls, mediaIdsWithoutUrls } from '@/lib/get-media-urls';
import { plural } from '@/lib/plural';
import {
  getBankQuestion,
  useBankCategories,
  useBankCourses,
  useBankQuestions,
} from '@/lib/question-bank/bank-api';
import type { ImportTarget } from './import-questions-dialog';

/** Enough to choose from at a glance; the search and the category narrow a larger bank. */
const PAGE_SIZE = 10;

interface PickFromBankDialogProps {
  target: ImportTarget;
  /** The exam's course, whose bank opens first. */
  courseId: string;
  /** Appends the picked questions to the section, each linked to its bank question. */
  onAdd: (questions: Omit<QuestionValues, 'id'>[]) => void;
  onClose: () => void;
}

/**
 * Searches the course banks for Ready questions of the section's type and adds the chosen ones
 * to the section as fixed questions: each stays the bank's (sent as `{ bankQuestionId }`) until
 * the author edits a copy of it.
 */
export function PickFromBankDialog({ target, courseId, onAdd, onClose }: PickFromBankDialogProps) {
  const courses = useBankCourses('admin');
  const images = useContext(ImageUploadsContext);
  const [course, setCourse] = useState(courseId);
  const shownCourse = courses.data?.some((option) => option._id === course)
    ? course
    : (courses.data?.[0]?._id ?? '');
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ReadonlyMap<string, BankQuestionListItem>>(new Map());
  const [adding, setAdding] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const categories = useBankCategories('admin', shownCourse);
  const questions = useBankQuestions('admin', {
    courseId: shownCourse,
    questionType: target.questionType,
    status: 'READY',
    page,
    limit: PAGE_SIZE,
    ...(category ? { category } : {}),
    ...(search ? { search } : {}),
  });
  const listId = useId();
  const label = target.name.trim() || `Section ${target.number}`;
  const fits = chosen.size > 0 && chosen.size <= target.room;
  const pagination = questions.data?.pagination;

  function toggle(question: BankQuestionListItem, on: boolean) {
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(question._id, question);
      else next.delete(question._id);
      return next;
    });
  }

  async function add() {
    if (!fits) return;
    setAdding(true);
    setRefusal(null);
    try {
      const picked = await Promise.all(
        [...chosen.keys()].map((id) => getBankQuestion('admin', id)),
      );
      const place = (item: (typeof picked)[number]) => {
        const owner = courses.data?.find((option) => option._id === item.courseId);
        return [owner && courseLabel(owner), item.category].filter(Boolean).join(' › ');
      };
      const added = picked.map((item) => ({
        ...(item.question as Omit<QuestionValues, 'id'>),
        bloomLevel: item.bloomLevel,
        fromBank: { bankQuestionId: item._id, version: item.version, place: place(item) },
      }));
      const missing = mediaIdsWithoutUrls(added, {});
      if (missing.length > 0 && images) images.adopt(await getMediaUrls('admin', missing));
      onAdd(added);
      toast.success(`${plural(added.length, 'question')} added to ${label}`);
      onClose();
    } catch (error) {
      setRefusal(getServerMessage(error) ?? 'The questions could not be read. Try again.');
    } finally {
      setAdding(false);
    }
  }

  return (
    <Modal
      open
      onClose={adding ? () => {} : onClose}
      title={`Pick from the bank for Section ${target.number}`}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={adding}>
            Cancel
          </Button>
          <Button onClick={add} disabled={!fits} loading={adding}>
            {chosen.size === 0
              ? 'Choose questions to add'
              : `Add ${plural(chosen.size, 'question')} to ${label}`}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm">
        <p className="text-slate-600">
          {`Ready ${QUESTION_TYPE_LABELS[target.questionType]} questions of a course's bank. Each is added as the bank holds it; its card can make it the exam's own copy to edit.`}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Dropdown
            label="Course"
            placeholder="Select a course"
            loading={courses.isPending}
            options={(courses.data ?? []).map((option) => ({
              value: option._id,
              label: courseLabel(option),
            }))}
            value={shownCourse}
            onChange={(event) => {
              setCourse(event.target.value);
              setCategory('');
              setPage(1);
            }}
          />
          <Dropdown
            label="Category"
            placeholder="All categories"
            loading={shownCourse !== '' && categories.isPending}
            options={(categories.data ?? [])
              .filter((option) => option.path !== '')
              .map((option) => ({
                value: option.path,
                label: `${'\u2002'.repeat(option.depth)}${option.name} (${option.totalCount})`,
              }))}
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <SearchBox
          label="Search the bank"
          placeholder="Search the text, options and answers"
          value={search}
          maxLength={SEARCH_MAX_LENGTH}
          onSearch={(next) => {
            setSearch(next);
            setPage(1);
          }}
        />
        {chosen.size > target.room && (
          <p role="alert" className="font-medium text-red-700">
            {`This section has room for ${plural(target.room, 'more question')}.`}
          </p>
        )}
        {refusal && (
          <p role="alert" className="font-medium text-red-700">
            {refusal}
          </p>
        )}
        <fieldset aria-describedby={listId}>
          <legend className="mb-2 font-semibold text-slate-900">
            {`Questions${pagination ? ` (${totalCountText(pagination)})` : ''}`}
          </legend>
          <p id={listId} className="sr-only" aria-live="polite">
            {`${plural(chosen.size, 'question')} chosen`}
          </p>
          {questions.isPending && shownCourse !== '' ? (
            <div className="space-y-2">
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          ) : (questions.data?.questions.length ?? 0) === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-slate-600">
              {questions.isError
                ? 'The bank could not be searched. Try again.'
                : 'No Ready question of this type matches.'}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {questions.data?.questions.map((question) => (
                <li key={question._id}>
                  <label className="flex cursor-pointer gap-3 px-3 py-3 hover:bg-slate-50 has-[:checked]:bg-brand-50">
                    <input
                      type="checkbox"
                      className="mt-1 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
                      checked={chosen.has(question._id)}
                      onChange={(event) => toggle(question, event.target.checked)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="line-clamp-2 wrap-anywhere text-slate-900">
                        <Content source={question.questionText} inline />
                      </span>
                      <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                        <span>{question.category || 'Top of the bank'}</span>
                        <span>{plural(question.marks, 'mark')}</span>
                        <span>{difficultyLabel(question.difficulty)}</span>
                        <span>{BLOOM_LEVEL_LABELS[question.bloomLevel]}</span>
                        <Chips values={question.courseOutcomes} />
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {pagination && pagination.totalPages > 1 && (
          <div className="flex items-center justify-between gap-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage((current) => current - 1)}
            >
              Previous
            </Button>
            <span className="text-slate-600">{pageOfText(pagination)}</span>
            <Button
              variant="secondary"
              size="sm"
              disabled={!pagination.hasNextPage}
              onClick={() => setPage((current) => current + 1)}
            >
              Next
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
