import type { Batch, Branch, Course, Section } from '@examiq/contracts';
import type { DropdownOption } from '@/components/dropdown';

/** Dropdown choices of the lookups, labelled as spec section 3 says. */
export function batchOptions(batches: readonly Batch[] = []): DropdownOption[] {
  return batches.map((batch) => ({ value: batch._id, label: batch.name }));
}

export function courseOptions(courses: readonly Course[] = []): DropdownOption[] {
  return courses.map((course) => ({ value: course._id, label: course.fullName || course.name }));
}

export function branchOptions(branches: readonly Branch[] = []): DropdownOption[] {
  return branches.map((branch) => ({
    value: branch._id,
    label: `${branch.name} (${branch.code})`,
  }));
}

export function sectionOptions(sections: readonly Section[] = []): DropdownOption[] {
  return sections.map((section) => ({ value: section._id, label: `Section ${section.name}` }));
}
