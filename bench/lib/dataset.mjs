// The shape of the seeded data set, shared by the seeder (which writes it) and the scenarios
// (which address its rows without querying: every id is derived from a kind and an index).
import { createHash } from 'node:crypto';

/** Institutional scale (the figures) and a tiny one for smoke runs. */
export const SCALES = {
  full: {
    batches: 4,
    coursesPerBatch: 10,
    branchesPerCourse: 5,
    sectionsPerBranch: 5,
    students: 100_000,
    faculty: 2_000,
    exams: 10_000,
    examSections: 5,
    questionsPerSection: 10,
  },
  quick: {
    batches: 2,
    coursesPerBatch: 2,
    branchesPerCourse: 2,
    sectionsPerBranch: 2,
    students: 2_000,
    faculty: 40,
    exams: 200,
    examSections: 5,
    questionsPerSection: 10,
  },
};

export const ADMIN = { email: 'admin@bench.examiq.test', password: 'Bench#Admin-Password1' };
/** Every seeded student and faculty account shares this password (and one hash of it). */
export const PERSON_PASSWORD = 'Bench#Person-Password1';
export const studentEmail = (index) => `student${index}@bench.examiq.test`;
export const facultyEmail = (index) => `faculty${index}@bench.examiq.test`;

/** Seeded batches start here, each four years long; create-batch picks pairs around them. */
export const FIRST_BATCH_YEAR = 2021;
export const BATCH_YEARS = 4;

/**
 * The id of the index-th row of a kind: an md5 made a version 4 uuid (the API validates ids as
 * such), which the seeder's SQL computes the same way, so no list of ids has to travel.
 */
export function benchId(kind, index) {
  const hex = createHash('md5').update(`examiq-bench:${kind}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

export function totals(scale) {
  const courses = scale.batches * scale.coursesPerBatch;
  const branches = courses * scale.branchesPerCourse;
  const sections = branches * scale.sectionsPerBranch;
  return { courses, branches, sections };
}

/** Where the index-th section sits: its branch, course and batch indexes. */
function placementOfSection(scale, section) {
  const branch = Math.floor(section / scale.sectionsPerBranch);
  const course = Math.floor(branch / scale.branchesPerCourse);
  const batch = Math.floor(course / scale.coursesPerBatch);
  return { section, branch, course, batch };
}

/** The ids of a random seeded section's placement, as an exam payload names them. */
export function randomPlacement(scale) {
  const { sections } = totals(scale);
  const at = placementOfSection(scale, Math.floor(Math.random() * sections));
  return {
    batchId: benchId('batch', at.batch),
    courseId: benchId('course', at.course),
    branchId: benchId('branch', at.branch),
    sectionIds: [benchId('section', at.section)],
  };
}

export const randomIndex = (count) => Math.floor(Math.random() * count);

/** '4 batches, 40 courses, … 10,000 exams of 5 sections × 10 questions'. */
export function describeScale(scale) {
  const { courses, branches, sections } = totals(scale);
  const n = (count) => count.toLocaleString('en-US');
  return [
    `${n(scale.batches)} batches, ${n(courses)} courses, ${n(branches)} branches`,
    `${n(sections)} sections, ${n(scale.students)} students, ${n(scale.faculty)} faculty`,
    `${n(scale.exams)} exams of ${scale.examSections} sections × ${scale.questionsPerSection} questions`,
  ].join(', ');
}
