import {
  createExamDataSchema,
  createExamSchema,
  EXAM_MESSAGES,
  examListDataSchema,
  examListQuerySchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { drawPoolsOf, withBankQuestions } from '../banks/exam-questions';
import { queueExamMessages } from '../mail/exam-messages';
import { createExam } from './create-exam';
import { listExams } from './exam-list';

const TAGS = ['exams'];

/** Whole exams and the exam list. Registered inside the admin scope, which guards it. */
export const examsAdminRoutes: FastifyPluginAsyncZod<{ db: AppDatabase }> = async (app, { db }) => {
  app.post(
    '/create-exam',
    {
      schema: {
        tags: TAGS,
        summary:
          'Creates an exam with its audience, schedule, sections, questions and answer key, all at once; a published exam is announced to its students by email in the background (unless the admin switched that message off)',
        body: createExamSchema,
        response: {
          201: successResponse(createExamDataSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const admin = { userId: request.auth.userId, role: 'admin' as const };
      const written = await withBankQuestions(db, admin, request.body);
      const exam = await createExam(
        db,
        written,
        await drawPoolsOf(db, admin, written),
        request.auth.userId,
      );
      if (exam.examStatus === 'PUBLISH') {
        await queueExamMessages(db, app.jobs, exam._id, 'exam-scheduled');
        app.jobs.wake();
      }
      return reply.code(201).send(ok({ exam }, EXAM_MESSAGES.created));
    },
  );

  app.get(
    '/get-all-exam',
    {
      schema: {
        tags: TAGS,
        summary:
          'Lists one page of the exams a search and filters find, newest first unless sorted',
        querystring: examListQuerySchema,
        response: {
          200: successResponse(examListDataSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listExams(db, request.query)),
  );
};
