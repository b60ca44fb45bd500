import {
  answersToGradeDataSchema,
  answersToGradeQuerySchema,
  answerToGradeSchema,
  examIdParamSchema,
  facultyExamsDataSchema,
  gradeAnswerSchema,
  RESULT_MESSAGES,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import type { BlindCodes } from '../results/blind-codes';
import { gradeAnswer } from './grade-answer';
import { answersToGrade, myGradingExams } from './grading.service';

const TAGS = ['grading'];

/** Marking written answers. Registered inside the faculty scope; each route checks the faculty member evaluates the exam. */
export const gradingFacultyRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
  codes: BlindCodes;
}> = async (app, { db, now, codes }) => {
  app.get(
    '/get-my-exams',
    {
      schema: {
        tags: TAGS,
        summary:
          'The published exams the faculty member proctors or evaluates, with their result status and marking progress',
        response: { 200: successResponse(facultyExamsDataSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await myGradingExams(db, request.auth.userId, now())),
  );

  app.get(
    '/get-answers-to-grade/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "An exam's written questions with their keys, its scripts by anonymous code, and one page of answers to mark, of one question or one script; an answer to a file upload question gives its files (signed URLs) in the student's order",
        params: examIdParamSchema,
        querystring: answersToGradeQuerySchema,
        response: {
          200: successResponse(answersToGradeDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await answersToGrade(
          db,
          { userId: request.auth.userId, codes },
          request.params.examId,
          request.query,
          now(),
          { media: app.mediaLinks, answerFiles: app.answerFileLinks },
        ),
      ),
  );

  app.post(
    '/grade-answer',
    {
      schema: {
        tags: TAGS,
        summary:
          "Marks a written answer of a submitted attempt, from 0 to the question's marks in steps of 0.5, with an optional comment; or changes the marks the server gave an answer it scored, with the reason",
        body: gradeAnswerSchema,
        response: {
          200: successResponse(answerToGradeSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const graded = await gradeAnswer(
        db,
        { userId: request.auth.userId, codes },
        request.body,
        now(),
        app.answerFileLinks,
        app.jobs,
      );
      app.jobs.wake();
      return ok(graded, RESULT_MESSAGES.graded);
    },
  );
};
