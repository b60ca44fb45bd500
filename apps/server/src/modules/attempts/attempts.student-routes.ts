import {
  attemptIdParamSchema,
  attemptViewSchema,
  examIdParamSchema,
  lobbyDataSchema,
  myExamsDataSchema,
  openSectionResultSchema,
  openSectionSchema,
  saveAnswersResultSchema,
  saveAnswersSchema,
  startExamSchema,
  submitExamSchema,
  submitResultSchema,
  successResponse,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDatabase } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { announceSubmitted } from '../proctoring/monitor';
import { recordSystemCheck } from '../proctoring/student-signals';
import { openSection } from './open-section';
import { saveAnswers } from './save-answers';
import { startExam } from './start-exam';
import { getAttempt, lobby, myExams } from './student-view';
import { submitExam } from './submit-exam';

const TAGS = ['sitting an exam'];

/**
 * What a student does to sit an exam. Registered inside the student scope, which guards it; each
 * route also checks the exam is for the student's section and the attempt is the student's own.
 */
export const attemptsStudentRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
}> = async (app, { db, now }) => {
  app.get(
    '/get-my-exams',
    {
      schema: {
        tags: TAGS,
        summary: "The published exams of the student's section, each with the student's attempt",
        response: { 200: successResponse(myExamsDataSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await myExams(db, request.auth.userId, now())),
  );

  app.get(
    '/get-exam/:examId',
    {
      schema: {
        tags: TAGS,
        summary: "An exam's lobby: its details, instructions, sections and window",
        params: examIdParamSchema,
        response: { 200: successResponse(lobbyDataSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(await lobby(db, request.auth.userId, request.params.examId, now(), app.mediaLinks)),
  );

  app.post(
    '/start-exam/:examId',
    {
      schema: {
        tags: TAGS,
        summary:
          "Starts the exam inside its window, or resumes the attempt already started; a proctored exam's start carries the lobby's system check (never required, but its absence or failure is flagged)",
        params: examIdParamSchema,
        body: startExamSchema,
        response: {
          200: successResponse(attemptViewSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const at = now();
      const data = await startExam(db, request.auth.userId, request.params.examId, at, {
        media: app.mediaLinks,
        answerFiles: app.answerFileLinks,
      });
      if (data.exam.examMode === 'PROCTORING' && data.attempt.status === 'IN_PROGRESS') {
        await recordSystemCheck(
          db,
          app.proctoring,
          request.auth.userId,
          data.attempt._id,
          request.body?.systemCheck,
          at,
        );
      }
      return ok(data);
    },
  );

  app.get(
    '/get-attempt/:attemptId',
    {
      schema: {
        tags: TAGS,
        summary:
          'The attempt with its questions (never the answer key), the answers saved and the files uploaded',
        params: attemptIdParamSchema,
        response: {
          200: successResponse(attemptViewSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(
        await getAttempt(db, request.auth.userId, request.params.attemptId, now(), {
          media: app.mediaLinks,
          answerFiles: app.answerFileLinks,
        }),
      ),
  );

  app.put(
    '/save-answers/:attemptId',
    {
      schema: {
        tags: TAGS,
        summary:
          'Saves answers (an answer is written only over an older seq) and answers the time left',
        params: attemptIdParamSchema,
        body: saveAnswersSchema,
        response: {
          200: successResponse(saveAnswersResultSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const started = performance.now();
      const data = await saveAnswers(
        db,
        request.auth.userId,
        request.params.attemptId,
        request.body,
        now(),
      );
      app.metrics.saved((performance.now() - started) / 1000);
      return ok(data);
    },
  );

  app.post(
    '/open-section/:attemptId',
    {
      schema: {
        tags: TAGS,
        summary: "Opens a section: a timed section's own clock starts the first time",
        params: attemptIdParamSchema,
        body: openSectionSchema,
        response: {
          200: successResponse(openSectionResultSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        await openSection(
          db,
          request.auth.userId,
          request.params.attemptId,
          request.body.sectionId,
          now(),
          app.mediaLinks,
        ),
      ),
  );

  app.post(
    '/submit-exam/:attemptId',
    {
      schema: {
        tags: TAGS,
        summary: 'Submits the attempt, with a last save if given; only one submission ever counts',
        params: attemptIdParamSchema,
        body: submitExamSchema,
        response: {
          200: successResponse(submitResultSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const at = now();
      const { message, proctored, ...data } = await submitExam(
        db,
        request.auth.userId,
        request.params.attemptId,
        request.body,
        at,
      );
      // The submit is stored: a monitor that misses it catches up at its next read.
      if (proctored) {
        await announceSubmitted(db, app.proctoring, [data.attempt._id], at).catch(
          (error: unknown) =>
            request.log.error({ err: error }, 'The submission could not be shown on the monitor'),
        );
      }
      return ok(data, message);
    },
  );
};
