import {
  createFacultyBodySchema,
  createFacultyDataSchema,
  facultyDetailDataSchema,
  facultyFindDataSchema,
  facultyListQuerySchema,
  facultyOptionsDataSchema,
  idParamSchema,
  messageResponseSchema,
  PEOPLE_MESSAGES,
  successResponse,
  updateFacultyDataSchema,
  updateFacultySchema,
} from '@examiq/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailSettings } from '../../config';
import type { AppDatabase } from '../../db/client';
import { done, ok } from '../../plugins/envelope';
import { errorResponses } from '../../plugins/error-handler';
import { createPerson, getPerson, updatePerson } from '../people/person-kind';
import { personBodyOptions } from '../people/profile-body';
import { deleteFaculty, FACULTY_KIND, listFaculty, listFacultyOptions } from './faculty.service';

const TAGS = ['faculty'];

/** Faculty records and their accounts. Registered inside the admin scope, which guards it. */
export const facultyAdminRoutes: FastifyPluginAsyncZod<{
  db: AppDatabase;
  now: () => Date;
  mail: MailSettings;
}> = async (app, { db, now, mail }) => {
  app.post(
    '/create-faculty',
    {
      ...personBodyOptions(db, 'faculty', { create: true }),
      schema: {
        tags: TAGS,
        summary:
          'Creates a faculty member and their account; the default password is returned only here, or with `invite: true` none (null) and a set-password link is mailed (400 on `invite` while invitations are switched off in the settings)',
        body: createFacultyBodySchema,
        response: {
          201: successResponse(createFacultyDataSchema),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const { person, defaultPassword } = await createPerson(
        FACULTY_KIND,
        db,
        request.auth.userId,
        request.body,
        request.body.invite ? { jobs: app.jobs, mail } : undefined,
      );
      return reply
        .code(201)
        .send(ok({ faculty: person, defaultPassword }, PEOPLE_MESSAGES.facultyCreated));
    },
  );

  app.get(
    '/get-all-faculty',
    {
      schema: {
        tags: TAGS,
        summary:
          'Lists one page of the faculty a search and filters find, newest first unless sorted, with the departments and designations to filter by',
        querystring: facultyListQuerySchema,
        response: {
          200: successResponse(facultyFindDataSchema),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(await listFaculty(db, request.query)),
  );

  app.get(
    '/get-faculty/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Returns one faculty member, as a list of one',
        params: idParamSchema,
        response: {
          200: successResponse(facultyDetailDataSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok({ faculty: [await getPerson(FACULTY_KIND, db, request.params.id)] }),
  );

  app.put(
    '/update-faculty/:id',
    {
      ...personBodyOptions(db, 'faculty'),
      schema: {
        tags: TAGS,
        summary: 'Edits a faculty member with the create form, their account email included',
        params: idParamSchema,
        body: updateFacultySchema,
        response: {
          200: successResponse(updateFacultyDataSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(
        {
          faculty: await updatePerson(
            FACULTY_KIND,
            db,
            request.auth.userId,
            request.params.id,
            request.body,
          ),
        },
        PEOPLE_MESSAGES.facultyUpdated,
      ),
  );

  app.delete(
    '/delete-faculty/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Deletes a faculty member with their account and sessions; refused (409) while they are the only proctor of a proctoring exam that has not ended',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteFaculty(db, request.auth.userId, request.params.id, now());
      // The account is gone with its id: every socket checks whether it was one of its sessions.
      app.liveRightsChanged({ everyone: true });
      return done(PEOPLE_MESSAGES.facultyDeleted);
    },
  );

  app.get(
    '/get-faculty-options',
    {
      schema: {
        tags: TAGS,
        summary: "Lists every active faculty member by name, for the exam wizard's lookup",
        response: {
          200: successResponse(facultyOptionsDataSchema),
          ...errorResponses(401, 403),
        },
      },
    },
    async () => ok({ faculty: await listFacultyOptions(db) }),
  );
};
