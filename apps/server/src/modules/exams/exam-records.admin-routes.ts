import {
  createExamDataSchema,
  createExamSchema,
  EXAM_RECORD_MESSAGES,
  type ExamDetail,
  examDetailDataSchema,
  idParamSchema,
  messageResponseSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { done, ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { withBankQuestions } from '../banks/exam-questions';
import { mediaIdsOf, mediaUrlsFor } from '../media/media-links';
import { deleteExam } from './delete-exam';
import { duplicateExam } from './duplicate-exam';
import { getExam } from './exam-view';
import { updateExam } from './update-exam';

const TAGS = ['exams'];

/** Every text of the exam an image may be in: its instructions, questions, options and keys. */
function contentOf(exam: ExamDetail) {
  return [
    ...exam.generalInstructions,
    ...exam.examSections.flatMap((section) => section.instructions),
    ...exam.questions
      .flat()
      .flatMap((question) => [
        question.questionText,
        question.explanation,
        ...('options' in question ? question.options.map((option) => option.text) : []),
        'sampleAnswer' in question ? question.sampleAnswer : undefined,
        'modelAnswer' in question ? question.modelAnswer : undefined,
      ]),
  ];
}

/**
 * One exam after its creation: read back, saved again, deleted, copied. Registered inside the
 * admin scope, which guards it.
 */
export const examRecordsAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db, now }) => {
  app.get(
    '/get-exam/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'One exam with its audience, schedule, sections, questions and answer key, and what may change in it now',
        params: idParamSchema,
        response: {
          200: successResponse(examDetailDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const at = now();
      const exam = await getExam(db, request.params.id, at);
      return ok({
        exam,
        ...mediaUrlsFor(app.mediaLinks, mediaIdsOf(contentOf(exam)), exam._id, at),
      });
    },
  );

  app.put(
    '/update-exam/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Saves an exam again with the rules of create: all of it while a draft or before its window opens, then only the end of its schedule and its buffers; a draft published here is announced to its students by email in the background',
        params: idParamSchema,
        body: createExamSchema,
        response: {
          200: successResponse(examDetailDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const admin = { userId: request.auth.userId, role: 'admin' as const };
      const exam = await updateExam(
        db,
        app.jobs,
        request.auth.userId,
        request.params.id,
        await withBankQuestions(db, admin, request.body),
        now(),
      );
      // Its proctors, audience or mode may have changed.
      app.liveRightsChanged({ examId: request.params.id });
      return ok(
        {
          exam,
          ...mediaUrlsFor(app.mediaLinks, mediaIdsOf(contentOf(exam)), exam._id, now()),
        },
        EXAM_RECORD_MESSAGES.updated,
      );
    },
  );

  app.delete(
    '/delete-exam/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Deletes an exam nobody has started; 409 once anyone has',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteExam(db, request.auth.userId, request.params.id);
      app.liveRightsChanged({ examId: request.params.id });
      return done(EXAM_RECORD_MESSAGES.deleted);
    },
  );

  app.post(
    '/duplicate-exam/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Copies an exam into a new draft, without its sittings and results',
        params: idParamSchema,
        response: {
          201: successResponse(createExamDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const exam = await duplicateExam(db, request.auth.userId, request.params.id, now());
      return reply.code(201).send(ok({ exam }, EXAM_RECORD_MESSAGES.duplicated));
    },
  );
};
