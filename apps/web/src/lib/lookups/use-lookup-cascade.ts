import type { DropdownOption } from '@/components/dropdown';
import { useBatches } from './get-batches';
import { useBranchesByCourse } from './get-branches-by-course';
import { useCoursesByBatch } from './get-courses-by-batch';
import { useSectionsByBranch } from './get-sections-by-branch';
import type { LookupFailure } from './keys';
import { batchOptions, branchOptions, courseOptions, sectionOptions } from './lookup-options';

const LEVELS = ['batch', 'course', 'branch', 'section'] as const;
export type CascadeLevel = (typeof LEVELS)[number];

interface LookupCascadeOptions {
  /**
   * The chosen batch, by id, or by name for a form whose payload carries the name ('2024-2028');
   * names are unique, so the name finds the id.
   */
  batch: { id: string } | { name: string };
  /** The chosen ids below the batch; '' (or left out) for a level not chosen yet. */
  courseId?: string;
  branchId?: string;
  failure?: LookupFailure;
  /** Empties one level's choice; a form may hold each level in a field or in its own state. */
  clear: (level: CascadeLevel) => void;
}

/** The props of one level's Dropdown; the form adds its value and change handling. */
export interface CascadeDropdownProps {
  label: string;
  placeholder: string;
  options: DropdownOption[];
  loading: boolean;
  disabled: boolean;
}

/**
 * The Batch → Course → Branch → Section dropdowns (spec section 4): each level loads the children
 * of its parent's choice and waits, disabled, until that choice is made. A form calls
 * `clearBelow(level)` when a level's choice changes, so nothing stays chosen under a parent it
 * does not belong to.
 */
export function useLookupCascade({
  batch,
  courseId = '',
  branchId = '',
  failure = 'toast',
  clear,
}: LookupCascadeOptions) {
  const batches = useBatches(failure);
  const batchId =
    'id' in batch
      ? batch.id
      : (batches.data?.find((candidate) => candidate.name === batch.name)?._id ?? '');
  const courses = useCoursesByBatch(batchId, failure);
  const branches = useBranchesByCourse(courseId, failure);
  const sections = useSectionsByBranch(branchId, failure);

  const props: Record<CascadeLevel, CascadeDropdownProps> = {
    // The root waits for nothing; its query runs at once, so pending means loading.
    batch: {
      label: 'Batch',
      placeholder: 'Select a batch',
      options: batchOptions(batches.data),
      loading: batches.isPending,
      disabled: false,
    },
    course: {
      label: 'Course',
      placeholder: batchId ? 'Select a course' : 'Select a batch first',
      options: courseOptions(courses.data),
      loading: courses.isLoading,
      disabled: !batchId,
    },
    branch: {
      label: 'Branch',
      placeholder: courseId ? 'Select a branch' : 'Select a course first',
      options: branchOptions(branches.data),
      loading: branches.isLoading,
      disabled: !courseId,
    },
    section: {
      label: 'Section',
      placeholder: branchId ? 'Select a section' : 'Select a branch first',
      options: sectionOptions(sections.data),
      loading: sections.isLoading,
      disabled: !branchId,
    },
  };

  function clearBelow(level: CascadeLevel) {
    for (const below of LEVELS.slice(LEVELS.indexOf(level) + 1)) clear(below);
  }

  return { ...props, batchId, batches: batches.data, clearBelow };
}
