import {
  ATTEMPT_MESSAGES,
  type AudienceGroupNames,
  type CreateExamPayload,
  DEFAULT_PROCTORING_THRESHOLDS,
  type ExamChangeScope,
  type ExamDetail,
  type ExamQuestion,
  type Question,
} from '@examiq/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import {
  blanksOf,
  correctOptionsOf,
  itemsOf,
  matchingPartsOf,
  numericAnswersOf,
  orderOf,
  pairsOf,
  scoringRuleOf,
  unitsOf,
  uploadSettingsOf,
} from '../../db/question-columns';
import {
  batches,
  branches,
  courses,
  examAttempts,
  examFaculty,
  examSections,
  exams,
  examTargetSections,
  faculty,
  questions,
  sections,
} from '../../db/schema';
import { ApiError } from '../../errors';
import { endNowRefusal } from '../attempts/end-exam-now';
import { availabilityAt, sittingWindow } from '../attempts/exam-window';
import { listColumns, scheduleDetailsOf, toExamListItem } from './exam-header';

type Reader = Pick<AppDatabase, 'select'>;
type ExamRow = Awaited<ReturnType<typeof examRow>>[number];

function examRow(db: Reader, id: string) {
  return db
    .select({
      ...listColumns,
      description: exams.description,
      generalInstructions: exams.generalInstructions,
      batchId: exams.batchId,
      courseId: exams.courseId,
      branchId: exams.branchId,
      proctoringThresholds: exams.proctoringThresholds,
      resultsPublishedAt: exams.resultsPublishedAt,
      startedCount: sql<number>`(select count(*)::int from ${examAttempts} where ${examAttempts.examId} = ${id})`,
      inProgressCount: sql<number>`(select count(*)::int from ${examAttempts} where ${examAttempts.examId} = ${id} and ${examAttempts.status} = 'IN_PROGRESS')`,
    })
    .from(exams)
    .where(eq(exams.id, id));
}

function changeScopeOf(row: ExamRow, now: Date): ExamChangeScope {
  if (row.resultsPublishedAt) return 'NONE';
  if (row.status === 'DRAFT') return 'FULL';
  const notOpened = availabilityAt(sittingWindow(scheduleDetailsOf(row)), now) === 'UPCOMING';
  return notOpened && row.startedCount === 0 ? 'FULL' : 'SCHEDULE_END';
}

/** The bank question and version a stored question was copied from, when it was. */
function bankOriginOf(row: typeof questions.$inferSelect) {
  return row.bankQuestionId === null || row.bankVersion === null
    ? {}
    : { bankQuestionId: row.bankQuestionId, bankVersion: row.bankVersion };
}

/** A stored question as the wizard writes it, with its answer key. */
function questionOf(row: typeof questions.$inferSelect): Question {
  const base = {
    id: row.id,
    questionText: row.questionText,
    marks: row.marks,
    order: row.questionOrder,
    difficulty: row.difficulty,
    explanation: row.explanation,
  };
  switch (row.questionType) {
    case 'MCQ':
    case 'TRUE_FALSE':
      return {
        ...base,
        questionType: row.questionType,
        options: (row.options ?? []).map((text, index) => ({
          text,
          isCorrect: index === row.correctOption,
        })),
      };
    case 'SHORT_ANSWER':
      return {
        ...base,
        questionType: 'SHORT_ANSWER',
        sampleAnswer: row.sampleAnswer ?? '',
        keywords: row.keywords ?? [],
      };
    case 'LONG_ANSWER':
      return {
        ...base,
        questionType: 'LONG_ANSWER',
        modelAnswer: row.modelAnswer ?? '',
        minWordCount: row.minWordCount ?? 0,
        maxWordCount: row.maxWordCount ?? 0,
        keywords: row.keywords ?? [],
      };
    case 'MULTI_SELECT': {
      const correct = new Set(correctOptionsOf(row.answerKey));
      return {
        ...base,
        questionType: 'MULTI_SELECT',
        options: (row.options ?? []).map((text, index) => ({
          text,
          isCorrect: correct.has(index),
        })),
        scoring: scoringRuleOf(row.settings),
      };
    }
    case 'NUMERICAL':
      return {
        ...base,
        questionType: 'NUMERICAL',
        numericAnswers: numericAnswersOf(row.answerKey),
        ...unitsOf(row.settings),
      };
    case 'FILL_IN_BLANKS':
      return { ...base, questionType: 'FILL_IN_BLANKS', blanks: blanksOf(row.answerKey) };
    case 'MATCHING': {
      const { prompts, matches } = matchingPartsOf(row.settings);
      const matchOf = new Map(pairsOf(row.answerKey).map((pair) => [pair.prompt, pair.match]));
      const textOf = new Map(matches.map((match) => [match.id, match.text]));
      const paired = new Set(matchOf.values());
      return {
        ...base,
        questionType: 'MATCHING',
        pairs: prompts.map((prompt) => ({
          prompt: prompt.text,
          match: textOf.get(matchOf.get(prompt.id) ?? '') ?? '',
        })),
        distractors: matches.filter((match) => !paired.has(match.id)).map((match) => match.text),
      };
    }
    case 'ORDERING': {
      const textOf = new Map(itemsOf(row.settings).map((item) => [item.id, item.text]));
      return {
        ...base,
        questionType: 'ORDERING',
        items: orderOf(row.answerKey).map((id) => textOf.get(id) ?? ''),
        scoring: scoringRuleOf(row.settings),
      };
    }
    case 'FILE_UPLOAD':
      return { ...base, questionType: 'FILE_UPLOAD', ...uploadSettingsOf(row.settings) };
  }
}

interface TargetRow {
  id: string;
  name: string;
  branchId: string;
  branch: string;
  code: string;
  courseId: string;
  course: string;
}

/**
 * The audience's groups rebuilt from its sections, one per branch, in the order the rows come:
 * a section's branch and course never change, so the sections say which groups were chosen.
 */
function groupsOf(targets: TargetRow[]) {
  const groups = new Map<
    string,
    { courseId: string; branchId: string; sectionIds: string[]; names: AudienceGroupNames }
  >();
  for (const target of targets) {
    let group = groups.get(target.branchId);
    if (!group) {
      group = {
        courseId: target.courseId,
        branchId: target.branchId,
        sectionIds: [],
        names: { course: target.course, branch: `${target.branch} (${target.code})`, sections: [] },
      };
      groups.set(target.branchId, group);
    }
    group.sectionIds.push(target.id);
    group.names.sections.push(target.name);
  }
  return [...groups.values()];
}

export async function readDetail(db: Reader, id: string, now: Date): Promise<ExamDetail> {
  const [row] = await examRow(db, id);
  if (!row) throw new ApiError(404, ATTEMPT_MESSAGES.examNotFound);
  const [placement] = await db
    .select({
      batch: batches.name,
      course: courses.fullName,
      branch: branches.name,
      code: branches.code,
    })
    .from(batches)
    .innerJoin(courses, eq(courses.id, row.courseId))
    .innerJoin(branches, eq(branches.id, row.branchId))
    .where(eq(batches.id, row.batchId));
  const targets = await db
    .select({
      id: sections.id,
      name: sections.name,
      branchId: branches.id,
      branch: branches.name,
      code: branches.code,
      courseId: courses.id,
      course: courses.fullName,
    })
    .from(examTargetSections)
    .innerJoin(sections, eq(sections.id, examTargetSections.sectionId))
    .innerJoin(branches, eq(branches.id, sections.branchId))
    .innerJoin(courses, eq(courses.id, branches.courseId))
    .where(eq(examTargetSections.examId, id))
    .orderBy(
      sql`${branches.id} <> ${row.branchId}`,
      sql`lower(${courses.fullName})`,
      sql`lower(${branches.name})`,
      branches.id,
      sql`lower(${sections.name})`,
    );
  const groups = groupsOf(targets);
  const first = groups.find((group) => group.branchId === row.branchId);
  const added = groups.filter((group) => group !== first);
  const proctors = await db
    .select({ userId: faculty.userId, firstName: faculty.firstName, lastName: faculty.lastName })
    .from(examFaculty)
    .innerJoin(faculty, eq(faculty.userId, examFaculty.facultyUserId))
    .where(eq(examFaculty.examId, id))
    .orderBy(asc(examFaculty.position));
  const parts = await db
    .select({ section: examSections, question: questions })
    .from(examSections)
    .leftJoin(questions, eq(questions.sectionId, examSections.id))
    .where(eq(examSections.examId, id))
    .orderBy(asc(examSections.position), asc(questions.position));

  const examSectionsById = new Map<
    string,
    { section: ExamDetail['examSections'][number]; questions: ExamQuestion[] }
  >();
  for (const { section, question } of parts) {
    let entry = examSectionsById.get(section.id);
    if (!entry) {
      entry = {
        section: {
          id: section.id,
          name: section.name,
          order: section.orderLabel,
          marks: section.marks,
          questionType: section.questionType,
          totalQuestions: section.totalQuestions,
          timeLimit: section.timeLimitMinutes,
          isOptional: section.isOptional,
          instructions: section.instructions,
          ...(section.answerAny !== null && { answerAny: section.answerAny }),
        },
        questions: [],
      };
      examSectionsById.set(section.id, entry);
    }
    if (question) entry.questions.push({ ...questionOf(question), ...bankOriginOf(question) });
  }
  const entries = [...examSectionsById.values()];
  return {
    ...toExamListItem(
      row,
      proctors.map((proctor) => proctor.userId),
    ),
    examDescription: row.description,
    generalInstructions: row.generalInstructions,
    batchId: row.batchId,
    courseId: row.courseId,
    branchId: row.branchId,
    sectionIds: first?.sectionIds ?? [],
    additionalAudiences: added.map(({ courseId, branchId, sectionIds }) => ({
      courseId,
      branchId,
      sectionIds,
    })),
    audience: {
      batch: placement?.batch ?? '',
      course: placement?.course ?? '',
      branch: placement ? `${placement.branch} (${placement.code})` : '',
      sections: first?.names.sections ?? [],
      groups: groups.map((group) => group.names),
      faculty: proctors.map((proctor) => ({
        userId: proctor.userId,
        name: `${proctor.firstName} ${proctor.lastName}`,
      })),
    },
    // An exam stored before it chose its own thresholds (null) applies the defaults.
    proctoringThresholds:
      row.mode === 'PROCTORING'
        ? (row.proctoringThresholds ?? DEFAULT_PROCTORING_THRESHOLDS)
        : null,
    examSections: entries.map((entry) => entry.section),
    questions: entries.map((entry) => entry.questions),
    startedCount: row.startedCount,
    inProgressCount: row.inProgressCount,
    canEndNow:
      endNowRefusal(
        { ...row, scheduleDetails: scheduleDetailsOf(row) },
        row.inProgressCount,
        now,
      ) === null,
    resultsPublished: row.resultsPublishedAt !== null,
    changeScope: changeScopeOf(row, now),
  };
}

export function getExam(db: AppDatabase, id: string, now: Date): Promise<ExamDetail> {
  return readDetail(db, id, now);
}

/** The exam as a create payload would give it again. */
export function payloadOf(detail: ExamDetail): CreateExamPayload {
  return {
    examStatus: detail.examStatus,
    examTitle: detail.examTitle,
    examDescription: detail.examDescription,
    subject: detail.subject,
    totalMarks: detail.totalMarks,
    passingMarks: detail.passingMarks,
    duration: detail.duration,
    examMode: detail.examMode,
    generalInstructions: detail.generalInstructions,
    shuffleQuestions: detail.shuffleQuestions,
    shuffleOptions: detail.shuffleOptions,
    showAnswersAfterPublish: detail.showAnswersAfterPublish,
    batchId: detail.batchId,
    courseId: detail.courseId,
    branchId: detail.branchId,
    sectionIds: detail.sectionIds,
    additionalAudiences: detail.additionalAudiences,
    assignedFacultyIds: detail.assignedFacultyIds,
    proctoringThresholds: detail.proctoringThresholds,
    scheduleDetails: detail.scheduleDetails as CreateExamPayload['scheduleDetails'],
    examSections: detail.examSections,
    questions: detail.questions,
  };
}
