import {
  createStudentBodySchema,
  createStudentDataSchema,
  idParamSchema,
  messageResponseSchema,
  PEOPLE_MESSAGES,
  studentDetailDataSchema,
  studentListDataSchema,
  studentListQuerySchema,
  successResponse,
  updateStudentDataSchema,
  updateStudentSchema,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailSettings } from '../../config';
import type { AppDatabase } from '../../db/client';
import { done, ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { createPerson, deletePerson, getPerson, updatePerson } from '../people/person-kind';
import { personBodyOptions } from '../people/profile-body';
import { listStudents, STUDENT_KIND } from './students.service';

const TAGS = ['students'];

/** Student records and their accounts. Registered inside the admin scope, which guards it. */
export const studentsAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  mail: MailSettings;
}> = async (app, { db, mail }) => {
  app.post(
    '/create-student',
    {
      ...personBodyOptions(db, 'students', { create: true }),
      schema: {
        tags: TAGS,
        summary:
          'Creates a student and their account; the default password is returned only here, or with `invite: true` none (null) and a set-password link is mailed (400 on `invite` while invitations are switched off in the settings)',
        body: createStudentBodySchema,
        response: {
          201: successResponse(createStudentDataSchema),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const { person, defaultPassword } = await createPerson(
        STUDENT_KIND,
        db,
        request.auth.userId,
        request.body,
        request.body.invite ? { jobs: app.jobs, mail } : undefined,
      );
      return reply
        .code(201)
        .send(ok({ student: person, defaultPassword }, PEOPLE_MESSAGES.studentCreated));
    },
  );

  app.get(
    '/get-all-student',
    {
      schema: {
        tags: TAGS,
        summary:
          'Lists one page of the students a search and filters find, newest first unless sorted',
        querystring: studentListQuerySchema,
        response: {
          200: successResponse(studentListDataSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listStudents(db, request.query)),
  );

  app.get(
    '/get-student/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Returns one student, as a list of one',
        params: idParamSchema,
        response: {
          200: successResponse(studentDetailDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok({ students: [await getPerson(STUDENT_KIND, db, request.params.id)] }),
  );

  app.put(
    '/update-student/:id',
    {
      ...personBodyOptions(db, 'students'),
      schema: {
        tags: TAGS,
        summary: 'Edits a student with the create form, their account email included',
        params: idParamSchema,
        body: updateStudentSchema,
        response: {
          200: successResponse(updateStudentDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const student = await updatePerson(
        STUDENT_KIND,
        db,
        request.auth.userId,
        request.params.id,
        request.body,
      );
      // A student moved to another section may have left an exam's audience.
      app.liveRightsChanged({ userId: student.userId._id });
      return ok({ student }, PEOPLE_MESSAGES.studentUpdated);
    },
  );

  app.delete(
    '/delete-student/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Deletes a student with their account and sessions',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await deletePerson(STUDENT_KIND, db, request.auth.userId, request.params.id);
      // The account is gone with its id: every socket checks whether it was one of its sessions.
      app.liveRightsChanged({ everyone: true });
      return done(PEOPLE_MESSAGES.studentDeleted);
    },
  );
};
