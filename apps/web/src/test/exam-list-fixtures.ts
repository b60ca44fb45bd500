import type { ExamListItem } from '@examiq/contracts';
import { examListItemOf, validExamPayload } from '@examiq/contracts/test-support';
import { makePagination } from './people-fixtures';

const payload = validExamPayload({
  batchId: 'batch-1',
  courseId: 'course-1',
  branchId: 'branch-1',
  sectionIds: ['section-1'],
  assignedFacultyIds: ['faculty-1', 'faculty-2'],
});

// A list row built from the contract's valid create payload, so a test renders what the wizard
// would have saved.
const exam = examListItemOf(payload, {
  _id: '30000000-0000-4000-8000-000000000001',
  examId: 'EXM-0001',
  createdAt: '2025-01-01T00:00:00.000Z',
});

export function makeExam(overrides: Partial<ExamListItem> = {}): ExamListItem {
  return { ...exam, ...overrides };
}

/** A successful GET /admin/get-all-exam answer: `exams` as page `page` of `total` exams. */
export function examListData(exams: ExamListItem[], page = 1, total = exams.length) {
  return { exams, pagination: makePagination(page, total) };
}
