import { randomBytes } from 'node:crypto';
import type { CreateExamPayload, ExamQuestion, Question } from '@examiq/contracts';
import { v7 as timeOrderedId } from 'uuid';
import type { examSections, QuestionPart, questions } from '../../db/schema';
import { allSectionIdsOf } from './check-exam';

/**
 * The type-specific columns of a question: its choices, and its answer key in columns kept apart
 * from what students see.
 */
function answerKeyOf(question: Question) {
  switch (question.questionType) {
    case 'MCQ':
    case 'TRUE_FALSE':
      return {
        options: question.options.map((option) => option.text),
        correctOption: question.options.findIndex((option) => option.isCorrect),
      };
    case 'SHORT_ANSWER':
      return { sampleAnswer: question.sampleAnswer, keywords: question.keywords };
    case 'LONG_ANSWER':
      return {
        modelAnswer: question.modelAnswer,
        minWordCount: question.minWordCount,
        maxWordCount: question.maxWordCount,
        keywords: question.keywords,
      };
    case 'MULTI_SELECT':
      return {
        options: question.options.map((option) => option.text),
        settings: { scoring: question.scoring },
        answerKey: {
          correctOptions: question.options.flatMap((option, index) =>
            option.isCorrect ? [index] : [],
          ),
        },
      };
    case 'NUMERICAL':
      return {
        settings: { units: question.units, unitPenalty: question.unitPenalty },
        answerKey: { numericAnswers: question.numericAnswers },
      };
    case 'FILL_IN_BLANKS':
      return { answerKey: { blanks: question.blanks } };
    case 'MATCHING': {
      const prompts = question.pairs.map((pair) => part(pair.prompt));
      const matches = [...question.pairs.map((pair) => pair.match), ...question.distractors].map(
        part,
      );
      return {
        settings: { prompts, matches },
        answerKey: {
          pairs: prompts.map((prompt, index) => ({
            prompt: prompt.id,
            match: (matches[index] as QuestionPart).id,
          })),
        },
      };
    }
    case 'ORDERING': {
      const items = question.items.map(part);
      return {
        settings: { items, scoring: question.scoring },
        answerKey: { order: items.map((item) => item.id) },
      };
    }
    case 'FILE_UPLOAD':
      return {
        settings: {
          fileTypes: question.fileTypes,
          maxFiles: question.maxFiles,
          maxFileMb: question.maxFileMb,
        },
      };
  }
}

/** The bank question and version a question was copied from: nulls for one written here. */
function originOf(question: ExamQuestion) {
  return {
    bankQuestionId: question.bankQuestionId ?? null,
    bankVersion: question.bankVersion ?? null,
  };
}

/**
 * A prompt, match or item with an id drawn at random: ids in the order written, or derived from
 * it, would tell a student the key.
 */
function part(text: string): QuestionPart {
  return { id: randomBytes(6).toString('base64url'), text };
}

function scheduleColumnsOf(schedule: CreateExamPayload['scheduleDetails']) {
  const buffers = {
    bufferBeforeMinutes: schedule.bufferTime.beforeExam,
    bufferAfterMinutes: schedule.bufferTime.afterExam,
  };
  // The other mode's columns are given too, empty: the insert is one prepared statement.
  const none = { examDate: null, startTime: null, endTime: null, startDate: null, endDate: null };
  return 'examDate' in schedule
    ? {
        ...none,
        examDate: schedule.examDate,
        startTime: schedule.startTime,
        endTime: schedule.endTime,
        ...buffers,
      }
    : {
        ...none,
        startDate: schedule.startDate,
        endDate: schedule.endDate,
        startTime: schedule.startTime ?? null,
        endTime: schedule.endTime ?? null,
        ...buffers,
      };
}

/** The time and sequence number of the last id made: each id sorts after the one before. */
const idClock = { msecs: 0, seq: 0 };

/**
 * A source of `count` time-ordered ids, each after the one before as the library's own are (a new
 * millisecond starts the sequence at a random 31-bit number, the next id of the same one takes
 * the next number). Their random bits are drawn at once: the library draws them id by id, which
 * cost the largest exam (256 ids) more than building its rows.
 */
function timeOrderedIds(count: number): () => string {
  const random = randomBytes(16 * count);
  let drawn = 0;
  return () => {
    const bytes = random.subarray(16 * drawn, 16 * ++drawn);
    const now = Date.now();
    if (now > idClock.msecs) {
      idClock.msecs = now;
      idClock.seq = bytes.readUInt32BE(6) & 0x7fffffff;
    } else {
      idClock.seq = (idClock.seq + 1) | 0;
      if (idClock.seq === 0) idClock.msecs += 1;
    }
    return timeOrderedId({ msecs: idClock.msecs, seq: idClock.seq, random: bytes });
  };
}

/**
 * Every row of the exam. The ids are made here so children can name their parents without a round
 * trip; an id chosen twice (a section or faculty member picked twice) is stored once. They are
 * time-ordered (version 7): each new exam's keys then go at the end of the indexes that lead with
 * them, where random ones would each land on a page of their own, to be read in and, the first
 * time after each checkpoint, written whole to the write-ahead log.
 */
export function rowsOf(exam: CreateExamPayload, createdBy: string, examId?: string) {
  const questionCount = exam.questions.reduce((count, section) => count + section.length, 0);
  const newId = timeOrderedIds(1 + exam.examSections.length + questionCount);
  // An edit keeps the exam's id; its sections and questions are written anew.
  const id = examId ?? newId();
  const sectionRows: (typeof examSections.$inferInsert)[] = [];
  const questionRows: (typeof questions.$inferInsert)[] = [];
  exam.examSections.forEach((section, sectionIndex) => {
    const sectionId = newId();
    sectionRows.push({
      id: sectionId,
      examId: id,
      position: sectionIndex,
      name: section.name,
      orderLabel: section.order,
      marks: section.marks,
      questionType: section.questionType,
      totalQuestions: section.totalQuestions,
      timeLimitMinutes: section.timeLimit,
      isOptional: section.isOptional,
      instructions: section.instructions,
      answerAny: section.answerAny ?? null,
    });
    // The schema matched each section with its list of questions at the same index.
    (exam.questions[sectionIndex] ?? []).forEach((question, position) => {
      questionRows.push({
        id: newId(),
        sectionId,
        position,
        questionText: question.questionText,
        questionType: question.questionType,
        marks: question.marks,
        questionOrder: question.order,
        difficulty: question.difficulty,
        explanation: question.explanation,
        ...answerKeyOf(question),
        ...originOf(question),
      });
    });
  });
  return {
    exam: {
      id,
      title: exam.examTitle,
      description: exam.examDescription,
      subject: exam.subject,
      totalMarks: exam.totalMarks,
      passingMarks: exam.passingMarks,
      durationMinutes: exam.duration,
      mode: exam.examMode,
      status: exam.examStatus,
      generalInstructions: exam.generalInstructions,
      shuffleQuestions: exam.shuffleQuestions,
      shuffleOptions: exam.shuffleOptions,
      showAnswersAfterPublish: exam.showAnswersAfterPublish,
      proctoringThresholds: exam.proctoringThresholds,
      batchId: exam.batchId,
      courseId: exam.courseId,
      branchId: exam.branchId,
      ...scheduleColumnsOf(exam.scheduleDetails),
      createdBy,
    },
    targetSections: [...new Set(allSectionIdsOf(exam))].map((sectionId) => ({
      examId: id,
      sectionId,
    })),
    faculty: [...new Set(exam.assignedFacultyIds)].map((facultyUserId, position) => ({
      examId: id,
      facultyUserId,
      position,
    })),
    sections: sectionRows,
    questions: questionRows,
  };
}
