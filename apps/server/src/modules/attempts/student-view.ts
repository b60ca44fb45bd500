import {
  ATTEMPT_MESSAGES,
  type AttemptSummary,
  type AttemptView,
  type ExamPreviewData,
  type LobbyData,
  type MyExam,
  type StudentQuestion,
} from '@examiq/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import {
  type attemptAnswers,
  examAttempts,
  exams,
  examTargetSections,
  type QuestionPart,
  students,
} from '../../db/schema';
import { ApiError } from '../../errors';
import { examHeaderWithMarksOf, scheduleDetailsOf } from '../exams/exam-header';
import { type MediaLinks, mediaIdsOf, mediaUrlsFor, type SignedLinks } from '../media/media-links';
import { answerFileOf, filesOfAttempt } from './answer-files';
import {
  type AttemptRow,
  type ExamRow,
  examById,
  notFound,
  ownAttempt,
  remainingMs,
  savedAnswers,
  sectionDeadline,
  visibleExam,
} from './attempt-records';
import { drawPaper, newDrawSeed } from './drawn-paper';
import {
  type ExamPaper,
  examPaper,
  hasDrawnSections,
  type PaperSection,
  questionsOfAttempt,
} from './exam-paper';
import { availabilityAt, type SittingWindow, sittingWindow } from './exam-window';

/** The published exams of the student's section, each with the student's attempt. */
const examsOfStudent = perDatabase((db) =>
  db
    .select({ exam: exams, attempt: examAttempts })
    .from(students)
    .innerJoin(examTargetSections, eq(examTargetSections.sectionId, students.sectionId))
    .innerJoin(
      exams,
      and(eq(exams.id, examTargetSections.examId), sql`${exams.status} = 'PUBLISH'`),
    )
    .leftJoin(
      examAttempts,
      and(eq(examAttempts.examId, exams.id), eq(examAttempts.studentUserId, students.userId)),
    )
    .where(eq(students.userId, sql.placeholder('userId')))
    .orderBy(asc(exams.windowStart), asc(exams.id))
    .prepare('exams_of_student'),
);

export function attemptSummary(attempt: AttemptRow): AttemptSummary {
  return {
    _id: attempt.id,
    status: attempt.status,
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt.toISOString(),
    submittedAt: attempt.submittedAt?.toISOString() ?? null,
    submitTrigger: attempt.submitTrigger ?? null,
    lastSeq: attempt.lastSeq,
  };
}

function myExamOf(exam: ExamRow, window: SittingWindow, attempt: AttemptRow | null, now: Date) {
  return examHeaderWithMarksOf(exam, {
    duration: exam.durationMinutes,
    // Published results end the exam for whoever has not started it.
    availability:
      exam.resultsPublishedAt !== null && attempt === null ? 'CLOSED' : availabilityAt(window, now),
    lobbyOpensAt: window.lobbyOpensAt.toISOString(),
    startsAt: window.startsAt.toISOString(),
    endsAt: window.endsAt.toISOString(),
    attempt: attempt && {
      _id: attempt.id,
      status: attempt.status,
      deadlineAt: attempt.deadlineAt.toISOString(),
      submittedAt: attempt.submittedAt?.toISOString() ?? null,
      submitTrigger: attempt.submitTrigger ?? null,
    },
    resultsPublished: exam.resultsPublishedAt !== null,
  }) satisfies MyExam;
}

export async function myExams(db: AppDatabase, userId: string, now: Date) {
  const rows = await examsOfStudent(db).execute({ userId });
  return {
    exams: rows.map(({ exam, attempt }) =>
      myExamOf(exam, sittingWindow(scheduleDetailsOf(exam)), attempt, now),
    ),
    serverNow: now.toISOString(),
  };
}

export async function lobby(
  db: AppDatabase,
  userId: string,
  examId: string,
  now: Date,
  links: MediaLinks,
): Promise<LobbyData> {
  const { exam, attempt } = await visibleExam(db, userId, examId);
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  // The lobby shows the instructions, never a question, whether the exam has opened or not.
  const shown = mediaIdsOf(exam.generalInstructions);
  for (const section of paper.sections) for (const id of section.mediaIds) shown.add(id);
  return {
    exam: {
      ...myExamOf(exam, sittingWindow(scheduleDetailsOf(exam)), attempt, now),
      examDescription: exam.description,
      generalInstructions: exam.generalInstructions,
      sections: paper.sections.map(({ id, questions: _questions, pools: _pools, ...section }) => ({
        _id: id,
        ...section,
      })),
    },
    serverNow: now.toISOString(),
    ...mediaUrlsFor(links, shown, exam.id, now),
  };
}

/**
 * A section's questions in the attempt's order, without the answer key. None while the attempt is
 * in progress and the section is timed but its clock has not started: whatever shows a section's
 * questions starts its clock, so no read shows them first.
 */
export function studentQuestions(
  paper: ExamPaper,
  attempt: Pick<AttemptRow, 'layout' | 'status' | 'sectionDeadlines'>,
  section: PaperSection,
): StudentQuestion[] {
  if (
    attempt.status === 'IN_PROGRESS' &&
    section.timeLimit > 0 &&
    !attempt.sectionDeadlines[section.id]
  ) {
    return [];
  }
  const layout = attempt.layout;
  const order = layout?.questionOrder[section.id];
  const sectionQuestions = order
    ? order.flatMap((id) => paper.questionById.get(id) ?? [])
    : questionsOfAttempt(paper, layout, section);
  return sectionQuestions.map((question) => {
    const base = {
      _id: question.id,
      questionText: question.questionText,
      questionType: question.questionType,
      marks: question.marks,
    };
    if (question.options) {
      const positions =
        layout?.optionOrder[question.id] ?? question.options.map((_text, index) => index);
      return Object.assign(base, {
        options: positions.map((position) => ({
          _id: String(position),
          text: question.options?.[position] ?? '',
        })),
      });
    }
    if (question.units) return Object.assign(base, { units: question.units });
    if (question.blankCount !== null)
      return Object.assign(base, { blankCount: question.blankCount });
    const shown = (parts: QuestionPart[]) =>
      (layout?.optionOrder[question.id] ?? parts.map((_part, index) => index)).flatMap(
        (position) => {
          const part = parts[position];
          return part ? [{ _id: part.id, text: part.text }] : [];
        },
      );
    if (question.prompts && question.matches) {
      return Object.assign(base, {
        prompts: question.prompts.map((prompt) => ({ _id: prompt.id, text: prompt.text })),
        matches: shown(question.matches),
      });
    }
    if (question.items) return Object.assign(base, { items: shown(question.items) });
    if (question.upload) return Object.assign(base, question.upload);
    if (question.questionType === 'LONG_ANSWER') {
      return Object.assign(base, {
        minWordCount: question.minWordCount ?? undefined,
        maxWordCount: question.maxWordCount ?? undefined,
      });
    }
    return base;
  });
}

/** The images sections show: their instructions' and those of the questions shown in them. */
function mediaOfSections(paper: ExamPaper, sections: AttemptView['sections']): Set<string> {
  const ids = new Set<string>();
  for (const section of sections) {
    for (const id of paper.sectionById.get(section._id)?.mediaIds ?? []) ids.add(id);
    for (const question of section.questions) {
      for (const id of paper.questionById.get(question._id)?.mediaIds ?? []) ids.add(id);
    }
  }
  return ids;
}

/** The images of the questions shown, for a view of one section's questions. */
export function mediaOfQuestions(paper: ExamPaper, questions: StudentQuestion[]): Set<string> {
  const ids = new Set<string>();
  for (const question of questions) {
    for (const id of paper.questionById.get(question._id)?.mediaIds ?? []) ids.add(id);
  }
  return ids;
}

function studentSections(paper: ExamPaper, attempt: AttemptRow): AttemptView['sections'] {
  return paper.sections.map((section) => ({
    _id: section.id,
    name: section.name,
    instructions: section.instructions,
    timeLimit: section.timeLimit,
    isOptional: section.isOptional,
    deadlineAt: sectionDeadline(attempt, section.id)?.toISOString() ?? null,
    totalQuestions: questionsOfAttempt(paper, attempt.layout, section).length,
    answerAny: section.answerAny,
    questions: studentQuestions(paper, attempt, section),
  }));
}

/**
 * No attempt behind a preview: the exam's own order, every section's questions shown, and a drawn
 * section's questions as a student might draw them.
 */
function previewSitting(paper: ExamPaper) {
  const layout = hasDrawnSections(paper)
    ? {
        questionOrder: {},
        optionOrder: {},
        drawn: drawPaper(newDrawSeed(), paper.sections, new Set()),
      }
    : null;
  return { layout, status: 'SUBMITTED', sectionDeadlines: {} } as const;
}

/**
 * The paper as a student is shown it, from the same projection as an attempt's (never a key),
 * without starting one: for the admin to check the exam, draft or published.
 */
export async function examPreview(
  db: AppDatabase,
  examId: string,
  now: Date,
  links: MediaLinks,
): Promise<ExamPreviewData> {
  const [exam] = await examById(db).execute({ examId });
  if (!exam) throw new ApiError(404, ATTEMPT_MESSAGES.examNotFound);
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  const sitting = previewSitting(paper);
  const sections = paper.sections.map((section) => {
    const questions = studentQuestions(paper, sitting, section);
    return {
      _id: section.id,
      name: section.name,
      instructions: section.instructions,
      timeLimit: section.timeLimit,
      isOptional: section.isOptional,
      deadlineAt: null,
      totalQuestions: questions.length,
      answerAny: section.answerAny,
      questions,
    };
  });
  const shown = mediaOfSections(paper, sections);
  for (const id of mediaIdsOf(exam.generalInstructions)) shown.add(id);
  return {
    exam: {
      _id: exam.id,
      examTitle: exam.title,
      subject: exam.subject,
      examMode: exam.mode,
      examStatus: exam.status,
      duration: exam.durationMinutes,
      totalMarks: exam.totalMarks,
      examDescription: exam.description,
      generalInstructions: exam.generalInstructions,
      shuffleQuestions: exam.shuffleQuestions,
      shuffleOptions: exam.shuffleOptions,
    },
    sections,
    ...mediaUrlsFor(links, shown, exam.id, now),
  };
}

export async function attemptView(
  db: AppDatabase,
  exam: ExamRow,
  attempt: AttemptRow,
  now: Date,
  answers: (typeof attemptAnswers.$inferSelect)[],
  links: { media: MediaLinks; answerFiles: SignedLinks },
): Promise<AttemptView> {
  const paper = await examPaper(db, exam.id, exam.paperVersion);
  const sections = studentSections(paper, attempt);
  // Only a paper with a file upload question has files to read.
  const files = [...paper.questionById.values()].some((question) => question.upload)
    ? await filesOfAttempt(db, attempt.id)
    : [];
  return {
    attempt: attemptSummary(attempt),
    exam: {
      _id: exam.id,
      examTitle: exam.title,
      subject: exam.subject,
      examMode: exam.mode,
      duration: exam.durationMinutes,
      totalMarks: exam.totalMarks,
    },
    serverNow: now.toISOString(),
    remainingMs: attempt.status === 'IN_PROGRESS' ? remainingMs(attempt.deadlineAt, now) : 0,
    sections,
    answers: answers.map((answer) =>
      Object.assign(
        {
          questionId: answer.questionId,
          selectedOptionId: answer.selectedOption === null ? null : String(answer.selectedOption),
          text: answer.text,
          markedForReview: answer.markedForReview,
          seq: answer.seq,
          savedAt: answer.savedAt.toISOString(),
        },
        answer.response,
      ),
    ),
    files: files.map((file) => answerFileOf(links.answerFiles, file, now)),
    ...mediaUrlsFor(links.media, mediaOfSections(paper, sections), exam.id, now),
  };
}

export async function getAttempt(
  db: AppDatabase,
  userId: string,
  attemptId: string,
  now: Date,
  links: { media: MediaLinks; answerFiles: SignedLinks },
): Promise<AttemptView> {
  const attempt = await ownAttempt(db, userId, attemptId);
  const [[exam], answers] = await Promise.all([
    examById(db).execute({ examId: attempt.examId }),
    savedAnswers(db).execute({ attemptId }),
  ]);
  if (!exam) throw notFound(ATTEMPT_MESSAGES.attemptNotFound);
  return attemptView(db, exam, attempt, now, answers, links);
}
