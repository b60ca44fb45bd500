import {
  ACTIVE_STATUS,
  type CreateExamPayload,
  durationLimitError,
  EXAM_MESSAGES,
} from '@examiq/contracts';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { batches, branches, courses, faculty, sections, users } from '../../db/schema';
import { SINGLE_ROW } from '../../db/single-row';
import { FieldErrors } from '../../errors';
import { maxExamDuration } from '../settings/settings.service';

/** The messages of an id that is well formed but names no record, as the form words them. */
export const UNKNOWN_AUDIENCE = {
  batch: 'Please select a valid batch',
  course: 'Please select a valid course',
  branch: 'Please select a valid branch',
  section: 'Please select a valid section',
} as const;

/**
 * Ids as the database writes them. A uuid may arrive in upper case, and the ids the lookups
 * return must compare equal to the ones sent.
 */
export function withCanonicalIds(exam: CreateExamPayload): CreateExamPayload {
  const lower = (ids: string[]) => ids.map((id) => id.toLowerCase());
  return {
    ...exam,
    batchId: exam.batchId.toLowerCase(),
    courseId: exam.courseId.toLowerCase(),
    branchId: exam.branchId.toLowerCase(),
    sectionIds: lower(exam.sectionIds),
    additionalAudiences: exam.additionalAudiences.map((group) => ({
      courseId: group.courseId.toLowerCase(),
      branchId: group.branchId.toLowerCase(),
      sectionIds: lower(group.sectionIds),
    })),
    assignedFacultyIds: lower(exam.assignedFacultyIds),
  };
}

/** Every section that sits the exam, of the first group and the added ones. */
export function allSectionIdsOf(exam: CreateExamPayload): string[] {
  return [exam.sectionIds, ...exam.additionalAudiences.map((group) => group.sectionIds)].flat();
}

/** What an exam's audience names, found in one statement. */
const audienceOf = perDatabase((db) =>
  db
    .select({
      batchId: batches.id,
      courseBatchId: courses.batchId,
      branchCourseId: branches.courseId,
      foundCourses: sql<
        { id: string; batchId: string }[]
      >`(select coalesce(json_agg(json_build_object('id', ${courses.id}, 'batchId', ${courses.batchId})), '[]'::json) from ${courses} where ${courses.id} = any(${sql.placeholder('groupCourseIds')}::uuid[]))`,
      foundBranches: sql<
        { id: string; courseId: string }[]
      >`(select coalesce(json_agg(json_build_object('id', ${branches.id}, 'courseId', ${branches.courseId})), '[]'::json) from ${branches} where ${branches.id} = any(${sql.placeholder('groupBranchIds')}::uuid[]))`,
      foundSections: sql<
        { id: string; branchId: string }[]
      >`(select coalesce(json_agg(json_build_object('id', ${sections.id}, 'branchId', ${sections.branchId})), '[]'::json) from ${sections} where ${sections.id} = any(${sql.placeholder('sectionIds')}::uuid[]))`,
      foundFaculty: sql<
        { userId: string; active: boolean }[]
      >`(select coalesce(json_agg(json_build_object('userId', ${faculty.userId}, 'active', ${faculty.status} = ${ACTIVE_STATUS} and ${users.isActive})), '[]'::json) from ${faculty} join ${users} on ${users.id} = ${faculty.userId} where ${faculty.userId} = any(${sql.placeholder('facultyUserIds')}::uuid[]))`,
    })
    .from(SINGLE_ROW)
    .leftJoin(batches, sql`${batches.id} = ${sql.placeholder('batchId')}`)
    .leftJoin(courses, sql`${courses.id} = ${sql.placeholder('courseId')}`)
    .leftJoin(branches, sql`${branches.id} = ${sql.placeholder('branchId')}`)
    .prepare('exam_audience'),
);

/** The field errors of one added group: its course in the batch, its branch and sections nested. */
function groupErrors(
  exam: CreateExamPayload,
  placement: {
    foundCourses: { id: string; batchId: string }[];
    foundBranches: { id: string; courseId: string }[];
  },
  branchOfSection: Map<string, string>,
): Record<string, string> {
  const batchOfCourse = new Map(
    placement.foundCourses.map((course) => [course.id, course.batchId]),
  );
  const courseOfBranch = new Map(
    placement.foundBranches.map((branch) => [branch.id, branch.courseId]),
  );
  const errors: Record<string, string> = {};
  exam.additionalAudiences.forEach((group, index) => {
    const path = `additionalAudiences.${index}`;
    const batchId = batchOfCourse.get(group.courseId);
    if (batchId === undefined) errors[`${path}.courseId`] = UNKNOWN_AUDIENCE.course;
    else if (batchId !== exam.batchId) errors[`${path}.courseId`] = EXAM_MESSAGES.courseNotInBatch;
    const courseId = courseOfBranch.get(group.branchId);
    if (courseId === undefined) errors[`${path}.branchId`] = UNKNOWN_AUDIENCE.branch;
    else if (courseId !== group.courseId) {
      errors[`${path}.branchId`] = EXAM_MESSAGES.branchNotInCourse;
    }
    group.sectionIds.forEach((id, position) => {
      const branchId = branchOfSection.get(id);
      if (branchId === undefined)
        errors[`${path}.sectionIds.${position}`] = UNKNOWN_AUDIENCE.section;
      else if (branchId !== group.branchId) {
        errors[`${path}.sectionIds.${position}`] = EXAM_MESSAGES.sectionNotInBranch;
      }
    });
  });
  return errors;
}

/**
 * Checks that the batch, course and branch exist and nest, that each section is one of the
 * branch's, that each added group nests the same way in the exam's batch, and that each faculty
 * id is an active faculty member's account (a deactivated one cannot sign in to proctor),
 * reporting every mismatch on its own field at once.
 */
export async function checkAudience(db: AppDatabase, exam: CreateExamPayload): Promise<void> {
  // One statement, so the checks cost one round trip.
  const [placement] = await audienceOf(db).execute({
    batchId: exam.batchId,
    courseId: exam.courseId,
    branchId: exam.branchId,
    groupCourseIds: exam.additionalAudiences.map((group) => group.courseId),
    groupBranchIds: exam.additionalAudiences.map((group) => group.branchId),
    sectionIds: allSectionIdsOf(exam),
    facultyUserIds: exam.assignedFacultyIds,
  });

  const errors: Record<string, string> = {};
  if (!placement?.batchId) errors.batchId = UNKNOWN_AUDIENCE.batch;
  if (!placement?.courseBatchId) errors.courseId = UNKNOWN_AUDIENCE.course;
  else if (placement.courseBatchId !== exam.batchId) {
    errors.courseId = EXAM_MESSAGES.courseNotInBatch;
  }
  if (!placement?.branchCourseId) errors.branchId = UNKNOWN_AUDIENCE.branch;
  else if (placement.branchCourseId !== exam.courseId) {
    errors.branchId = EXAM_MESSAGES.branchNotInCourse;
  }
  const branchOfSection = new Map(
    placement?.foundSections.map((section) => [section.id, section.branchId]),
  );
  exam.sectionIds.forEach((id, index) => {
    const branchId = branchOfSection.get(id);
    if (branchId === undefined) errors[`sectionIds.${index}`] = UNKNOWN_AUDIENCE.section;
    else if (branchId !== exam.branchId) {
      errors[`sectionIds.${index}`] = EXAM_MESSAGES.sectionNotInBranch;
    }
  });
  if (placement) Object.assign(errors, groupErrors(exam, placement, branchOfSection));
  const facultyIsActive = new Map(
    placement?.foundFaculty.map((member) => [member.userId, member.active]),
  );
  exam.assignedFacultyIds.forEach((id, index) => {
    const active = facultyIsActive.get(id);
    if (active === undefined) errors[`assignedFacultyIds.${index}`] = EXAM_MESSAGES.facultyNotFound;
    else if (!active) errors[`assignedFacultyIds.${index}`] = EXAM_MESSAGES.facultyInactive;
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

/** The institution's maximum duration, refused on the duration field as the schema's rules are. */
export async function checkDuration(db: AppDatabase, exam: CreateExamPayload): Promise<void> {
  const error = durationLimitError(exam.duration, await maxExamDuration(db));
  if (error) throw new FieldErrors({ duration: error });
}
