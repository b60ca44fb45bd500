import {
  bankCategoriesDataSchema,
  bankCoursesDataSchema,
  bankQuestionDataSchema,
  bankQuestionListDataSchema,
  bankQuestionListQuerySchema,
  bankQuestionSavedSchema,
  bankQuestionSchema,
  courseIdParamSchema,
  courseOutcomesDataSchema,
  idParamSchema,
  previewDrawDataSchema,
  previewDrawSchema,
  restoreBankQuestionSchema,
  setBankQuestionStatusSchema,
  successResponse,
  updateBankQuestionSchema,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { type BankUser, listBankCourses } from './bank-access';
import { listBankCategories, listBankQuestions } from './bank-question-list';
import {
  createBankQuestion,
  getBankQuestion,
  restoreBankQuestion,
  setBankQuestionStatus,
  updateBankQuestion,
} from './bank-questions';
import { getCourseOutcomes } from './course-outcomes';
import { previewDraw } from './draw-pools';

/** Each area's OpenAPI tag of the bank routes. */
export const BANK_TAGS = { admin: ['question banks'], faculty: ['question bank'] } as const;

/**
 * A course's bank questions. Registered inside the admin scope, where any admin works in every
 * course, and inside the faculty scope, where each route checks the faculty member was granted the
 * question's course (403 otherwise) and, to change content, as an author.
 */
export const bankQuestionsRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  role: BankUser['role'];
}> = async (app, { db, role }) => {
  const tags = [...BANK_TAGS[role]];
  const userOf = (request: { auth: { userId: string } }): BankUser => ({
    userId: request.auth.userId,
    role,
  });

  app.get(
    '/get-bank-courses',
    {
      schema: {
        tags,
        summary:
          'The courses whose bank the user works in: every course for an admin, the granted ones for faculty',
        response: { 200: successResponse(bankCoursesDataSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok({ courses: await listBankCourses(db, userOf(request)) }),
  );

  app.get(
    '/get-course-outcomes/:courseId',
    {
      schema: {
        tags,
        summary: "A course's outcomes in order",
        params: courseIdParamSchema,
        response: {
          200: successResponse(courseOutcomesDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await getCourseOutcomes(db, userOf(request), request.params.courseId)),
  );

  app.post(
    '/create-bank-question',
    {
      schema: {
        tags,
        summary:
          "Adds a question to a course's bank: its category, tags, Bloom's level, course outcomes and status beside the exam payload's question fields",
        body: bankQuestionSchema,
        response: {
          201: successResponse(bankQuestionSavedSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(await createBankQuestion(db, userOf(request), request.body), 'Bank question created'),
        ),
  );

  app.put(
    '/update-bank-question/:id',
    {
      schema: {
        tags,
        summary:
          'Edits a bank question as a new revision in its history; its version stays while no exam uses it',
        params: idParamSchema,
        body: updateBankQuestionSchema,
        response: {
          200: successResponse(bankQuestionSavedSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await updateBankQuestion(db, userOf(request), request.params.id, request.body),
        'Bank question saved',
      ),
  );

  app.get(
    '/get-bank-question/:id',
    {
      schema: {
        tags,
        summary: 'A bank question with its fields and its history: who changed what, and when',
        params: idParamSchema,
        response: {
          200: successResponse(bankQuestionDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await getBankQuestion(db, userOf(request), request.params.id)),
  );

  app.post(
    '/restore-bank-question/:id',
    {
      schema: {
        tags,
        summary:
          "Makes an earlier revision's fields and labels the question's next revision; its status stays",
        params: idParamSchema,
        body: restoreBankQuestionSchema,
        response: {
          200: successResponse(bankQuestionSavedSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await restoreBankQuestion(db, userOf(request), request.params.id, request.body.revision),
        'Revision restored',
      ),
  );

  app.post(
    '/set-bank-question-status/:id',
    {
      schema: {
        tags,
        summary:
          'Moves a bank question between Draft, Ready and Retired; where the course requires review, only a reviewer other than its last author makes it Ready',
        params: idParamSchema,
        body: setBankQuestionStatusSchema,
        response: {
          200: successResponse(bankQuestionSavedSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await setBankQuestionStatus(db, userOf(request), request.params.id, request.body.status),
        'Status saved',
      ),
  );

  app.get(
    '/get-bank-questions',
    {
      schema: {
        tags,
        summary:
          "One page of a course's bank questions, newest first, by text, category (with or without its subcategories), type, difficulty, Bloom's level, course outcome, tag and status",
        querystring: bankQuestionListQuerySchema,
        response: {
          200: successResponse(bankQuestionListDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await listBankQuestions(db, userOf(request), request.query)),
  );

  app.get(
    '/get-bank-categories/:courseId',
    {
      schema: {
        tags,
        summary:
          "A course's category tree, depth first, with each category's own questions and its total with its subcategories",
        params: courseIdParamSchema,
        response: {
          200: successResponse(bankCategoriesDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await listBankCategories(db, userOf(request), request.params.courseId)),
  );

  app.post(
    '/preview-draw',
    {
      schema: {
        tags,
        summary:
          'For a drawn section being built: how many bank questions each draw rule can draw from (after the rules before it took theirs), why a rule cannot be saved, and how many different papers the rules allow',
        body: previewDrawSchema,
        response: {
          200: successResponse(previewDrawDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(await previewDraw(db, userOf(request), request.body)),
  );
};
